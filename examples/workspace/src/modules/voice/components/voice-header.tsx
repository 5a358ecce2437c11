/** The voice header chip in the top bar (§2); shown once the voice module is ready. */
export function VoiceHeader() {
  return null;
}
