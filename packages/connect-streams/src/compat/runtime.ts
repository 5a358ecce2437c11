// What the compat classes need from the `connect` object they belong to, and the Voice ID flows
// `@x/voice-id/compat` installs behind the `VoiceConnection` Voice ID methods.
import type { Ccp } from '../ccp/ccp';
import type { CompatEventBus } from './event-bus';

/** What the compat classes need from the `connect` object they belong to. */
export interface CompatRuntime {
  /** The event bus of the `connect` object. */
  bus(): CompatEventBus;
  /** The panel of the `connect` object (throws before `initCCP`). */
  ccp(): Ccp;
  /** The media controller of a connection (memoised per connection), as `getMediaController`. */
  mediaController(connection: {
    getConnectionId(): string;
    getMediaType(): string;
  }): Promise<unknown>;
  /** Voice ID for a contact; rejects when `@x/voice-id/compat` did not install it. */
  voiceId(contactId: string): CompatVoiceIdFlows;
  /** Writes to `connect.getLog()`. */
  log(level: 'warn' | 'error', message: string): void;
}

/**
 * The Voice ID flows behind the `VoiceConnection` Voice ID methods (an `@x/voice-id` `VoiceId`
 * fits; `@x/voice-id/compat` installs it).
 * @public
 */
export interface CompatVoiceIdFlows {
  /** Resolves the contact's speaker id. */
  getSpeakerId(): Promise<unknown>;
  /** Resolves the speaker's enrollment status. */
  getSpeakerStatus(): Promise<unknown>;
  /** Opts the speaker out of Voice ID. */
  optOutSpeaker(): Promise<unknown>;
  /** Deletes the speaker. */
  deleteSpeaker(): Promise<unknown>;
  /** Evaluates the speaker (a new session when `startNew`). */
  evaluateSpeaker(startNew?: boolean): Promise<unknown>;
  /** Enrolls the speaker, calling back once the audio is collected. */
  enrollSpeaker(callbackOnAudioCollectionComplete?: (session: unknown) => void): Promise<unknown>;
  /** Sets the contact's speaker id. */
  updateSpeakerId(speakerId: string): Promise<unknown>;
}
