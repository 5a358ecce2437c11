/** User-facing texts of the app's voice add-on (the voice screens' own texts are `@x/react-voice`'s). */
export const VOICE_APP_MESSAGES = {
  /** The team list's 'Request info' (§2): the prewritten message went to the support team. */
  requestInfoSent: 'Request sent to the support team',
} as const;
