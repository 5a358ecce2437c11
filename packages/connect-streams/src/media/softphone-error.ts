import { format, SOFTPHONE_ERROR_MESSAGES } from '../messages';

/** Softphone error types. @public */
export const SOFTPHONE_ERROR_TYPES = Object.freeze([
  'unsupported_browser',
  'microphone_not_shared',
  'signalling_handshake_failure',
  'signalling_connection_failure',
  'ice_collection_timeout',
  'user_busy_error',
  'webrtc_error',
  'realtime_communication_error',
  'vdi_strategy_not_supported',
  'vdi_redir_not_supported',
  'other',
] as const);

/** A softphone error type. @public */
export type SoftphoneErrorType = (typeof SOFTPHONE_ERROR_TYPES)[number];

/**
 * A softphone error with the spec's message for its type.
 * @public
 */
export class SoftphoneError extends Error {
  /** The softphone error type. */
  readonly errorType: SoftphoneErrorType;
  /** The signalling endpoint involved, if any. */
  readonly endPointUrl: string | undefined;

  /** A softphone error of `errorType`; the message defaults to the documented text for the type. */
  constructor(errorType: SoftphoneErrorType, endPointUrl?: string, message?: string) {
    super(message ?? softphoneErrorMessage(errorType, endPointUrl));
    this.name = 'SoftphoneError';
    this.errorType = errorType;
    this.endPointUrl = endPointUrl;
  }
}

/** The spec's message for a softphone error type ('' for types without one). @public */
export function softphoneErrorMessage(type: SoftphoneErrorType, endPointUrl = ''): string {
  switch (type) {
    case 'signalling_handshake_failure':
      return format(SOFTPHONE_ERROR_MESSAGES.signalling_handshake_failure, endPointUrl);
    case 'signalling_connection_failure':
      return format(SOFTPHONE_ERROR_MESSAGES.signalling_connection_failure, endPointUrl);
    case 'microphone_not_shared':
    case 'unsupported_browser':
    case 'ice_collection_timeout':
    case 'user_busy_error':
    case 'webrtc_error':
    case 'realtime_communication_error':
      return SOFTPHONE_ERROR_MESSAGES[type];
    default:
      return '';
  }
}
