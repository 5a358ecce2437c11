import { formatVoiceMessage, voiceMessage } from './messages';
import type { VoiceMessage, VoiceMessageKey } from './messages';

/**
 * A voice rule refused an action, or an action failed: `voiceMessage` is the specification's
 * message (key and params, so a UI can translate it); `message` is its English text.
 * @public
 */
export class VoiceError extends Error {
  /** The message as data. */
  readonly voiceMessage: VoiceMessage;

  constructor(message: VoiceMessage, options?: { cause?: unknown }) {
    super(formatVoiceMessage(message), options);
    this.name = 'VoiceError';
    this.voiceMessage = message;
  }

  /** The message key. */
  get key(): VoiceMessageKey {
    return this.voiceMessage.key;
  }
}

/** A VoiceError for `key` with `params`. */
export function voiceError(
  key: VoiceMessageKey,
  params?: Readonly<Record<string, string | number>>,
  cause?: unknown,
): VoiceError {
  return new VoiceError(voiceMessage(key, params), cause === undefined ? undefined : { cause });
}

/** The message of any error, as a VoiceMessage (a VoiceError's own, else its text). */
export function messageOf(error: unknown): VoiceMessage {
  if (error instanceof VoiceError) return error.voiceMessage;
  const text = error instanceof Error ? error.message : String(error);
  return voiceMessage('unexpectedError', { message: text });
}
