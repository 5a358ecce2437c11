import { SOFTPHONE_ERROR_MESSAGES } from '../messages';

/**
 * Softphone error types (spec §8 "Softphone error types").
 * @public
 */
export const SoftphoneErrorTypes = {
  UNSUPPORTED_BROWSER: 'unsupported_browser',
  MICROPHONE_NOT_SHARED: 'microphone_not_shared',
  SIGNALLING_HANDSHAKE_FAILURE: 'signalling_handshake_failure',
  SIGNALLING_CONNECTION_FAILURE: 'signalling_connection_failure',
  ICE_COLLECTION_TIMEOUT: 'ice_collection_timeout',
  USER_BUSY_ERROR: 'user_busy_error',
  WEBRTC_ERROR: 'webrtc_error',
  REALTIME_COMMUNICATION_ERROR: 'realtime_communication_error',
  VDI_STRATEGY_NOT_SUPPORTED: 'vdi_strategy_not_supported',
  VDI_REDIR_NOT_SUPPORTED: 'vdi_redir_not_supported',
  OTHER: 'other',
} as const;

/**
 * One softphone error type.
 * @public
 */
export type SoftphoneErrorType = (typeof SoftphoneErrorTypes)[keyof typeof SoftphoneErrorTypes];

/**
 * A softphone error as it is published to hosts (`agent::softphone_error` data:
 * `{errorType, errorMessage, endPointUrl}`, the real `connect.SoftphoneError`).
 * @public
 */
export class SoftphoneError extends Error {
  /** The error type. */
  readonly errorType: SoftphoneErrorType;
  /** The message shown (spec §8). */
  readonly errorMessage: string;
  /** The endpoint involved, if any. */
  readonly endPointUrl: string;

  constructor(errorType: SoftphoneErrorType, errorMessage?: string, endPointUrl = '') {
    const message =
      errorMessage ??
      (errorType in SOFTPHONE_ERROR_MESSAGES
        ? SOFTPHONE_ERROR_MESSAGES[errorType as keyof typeof SOFTPHONE_ERROR_MESSAGES]
        : SOFTPHONE_ERROR_MESSAGES.other);
    super(message);
    this.name = 'SoftphoneError';
    this.errorType = errorType;
    this.errorMessage = message;
    this.endPointUrl = endPointUrl;
  }

  /** The plain object sent over the wire. */
  toWire(): { errorType: SoftphoneErrorType; errorMessage: string; endPointUrl: string } {
    return {
      errorType: this.errorType,
      errorMessage: this.errorMessage,
      endPointUrl: this.endPointUrl,
    };
  }
}

/**
 * Maps a `getUserMedia` failure to a softphone error: a missing `mediaDevices` is
 * `unsupported_browser`; any refusal or failure to open the microphone (`NotAllowedError`,
 * `NotFoundError`, `NotReadableError`, …) is `microphone_not_shared`.
 * @public
 */
export function softphoneErrorFromMediaError(error: unknown): SoftphoneError {
  if (error instanceof SoftphoneError) return error;
  if (error instanceof TypeError && /mediaDevices|getUserMedia/.test(error.message)) {
    return new SoftphoneError(SoftphoneErrorTypes.UNSUPPORTED_BROWSER);
  }
  return new SoftphoneError(SoftphoneErrorTypes.MICROPHONE_NOT_SHARED);
}
