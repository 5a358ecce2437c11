import { voiceBridgeActions } from './voice-bridge';

/** What the voice add-on does before sign-out (an active call is ended, the agent set Offline). */
export function voiceSignOut(): Promise<void> {
  return voiceBridgeActions()?.logout() ?? Promise.resolve();
}
