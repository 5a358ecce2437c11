import type { SoftphoneErrorTypes as SoftphoneErrorTypeNames } from '@x/connect-streams/protocol';
import { SoftphoneErrorTypes } from '../../protocol';
import { SOFTPHONE_ERROR_MESSAGES } from '../messages';

/**
 * One softphone error type (`SoftphoneErrorTypes` of the protocol).
 * @public
 */
export type SoftphoneErrorType = SoftphoneErrorTypeNames;

/**
 * A softphone error as it is published to hosts (`agent::softphone_error` data:
 * `{errorType, errorMessage, endPointUrl}`, the real `connect.SoftphoneError`).
 * @public
 */
export class SoftphoneError extends Error {
  /** The error type. */
  readonly errorType: SoftphoneErrorType;
  /** The message shown. */
  readonly errorMessage: string;
  /** The endpoint involved, if any. */
  readonly endPointUrl: string;

  /** A softphone error of `errorType`; the message defaults to the documented text for the type. */
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
