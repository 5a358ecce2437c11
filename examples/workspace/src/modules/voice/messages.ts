/** User-facing texts of the app's voice add-on (the voice screens' own texts are `@x/react-voice`'s). */
export const VOICE_APP_MESSAGES = {
  /** The team list's 'Request info': the prewritten message went to the support team. */
  requestInfoSent: 'Request sent to the support team',
  /** Screen-pop offered (Settings → Your preferences: offer): who is calling. */
  screenPopTitle: (number: string) => `Call from ${number}`,
  screenPopBody: 'Their conversation is ready, with their contact and past conversations.',
  screenPopOpen: 'Open conversation',
} as const;
