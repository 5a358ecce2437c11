/**
 * Voice strings the app shows itself (§5, §8), copied exactly from the spec. The voice screens of
 * `@x/react-voice` carry their own.
 */
export const VOICE_MESSAGES = {
  phoneNumberNotValid: 'Phone number is not valid.',
  callError: 'There was an error calling the contact, check the phone number.',
  transcriptTitle: 'Call transcript',
  transcriptNotReady: 'is not ready, please try again later.',
  microphoneNotShared:
    'Microphone is not shared with the browser. Please allow microphone access and reload the page.',
  statusDisabledNoMicrophone:
    'Cannot change call status if microphone is not shared with the browser.',
} as const;

/** The recording filename (§5): `voice_call_recording-{timestamp}.wav`. */
export const recordingFilename = (timestamp: string) => `voice_call_recording-${timestamp}.wav`;
/** The transcript CSV filename (§7: named with a timestamp). */
export const transcriptFilename = (timestamp: string) => `voice_call_transcript-${timestamp}.csv`;
