/**
 * What the voice add-on does before sign-out (§4: an active call is ended and the agent set
 * Offline). Returns undefined while voice is not running.
 */
export function useVoiceSignOut(): (() => Promise<void>) | undefined {
  return undefined;
}
