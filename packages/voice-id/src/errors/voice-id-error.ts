import type { VoiceIdErrorType } from '../constants';

/**
 * A failed Voice ID operation. `type` is one of the 19 `VoiceIdErrorType` values; `err` (and the
 * standard `cause`) hold the original failure, e.g. the {@link AgentAppFailure} the service returned.
 *
 * @example
 * ```ts
 * try {
 *   await voiceId.evaluateSpeaker(true);
 * } catch (error) {
 *   if (isVoiceIdError(error) && error.type === 'session_not_exists') await voiceId.startSession();
 * }
 * ```
 * @public
 */
export class VoiceIdError extends Error {
  /** The error type, as named by the spec. */
  readonly type: VoiceIdErrorType;
  /** The original failure (a service error with its `status`, a thrown value, or a status string). */
  readonly err: unknown;

  /** An error of `type` with `message`; `err` is the underlying failure. */
  constructor(type: VoiceIdErrorType, message: string, err?: unknown) {
    super(message, err === undefined ? undefined : { cause: err });
    this.name = 'VoiceIdError';
    this.type = type;
    this.err = err;
  }
}

/**
 * Whether a value is a {@link VoiceIdError}.
 * @public
 */
export function isVoiceIdError(value: unknown): value is VoiceIdError {
  return value instanceof VoiceIdError;
}
