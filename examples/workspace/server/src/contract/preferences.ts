// A member's own preferences (values the app needs too: no schema library here, so the browser
// bundle can import them).

/**
 * What the desktop app does when a call rings for the member: `open` the caller's conversation
 * (started if there is none), `offer` it in a notice with a button, or nothing (`off`).
 */
export const SCREEN_POP_MODES = ['open', 'offer', 'off'] as const;
export type ScreenPopMode = (typeof SCREEN_POP_MODES)[number];
/** The mode of a member who has not chosen one. */
export const DEFAULT_SCREEN_POP: ScreenPopMode = 'open';
