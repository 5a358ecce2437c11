/**
 * User-facing and log strings of the CCP side, worded exactly as the spec gives them.
 */

/** Message for a missing required init parameter (the real `assertNotNull` wording). @public */
export const missingParamMessage = (name: string): string => `${name} must be provided`;
/** Unknown CTI method. @public */
export const noSuchMethodMessage = (method: string): string =>
  `No such method exists on AWS client: ${method}`;
/** Client timeout reason. @public */
export const CLIENT_TIMEOUT_MESSAGE = 'Client Timeout';
/** The embedding page's origin is not on the whitelisted-origins list. @public */
export const ORIGIN_NOT_ALLOWED_MESSAGE = 'The embedding origin is not an approved origin.';

/** Softphone error messages. @public */
export const SOFTPHONE_ERROR_MESSAGES = {
  microphone_not_shared: 'Your microphone is not enabled in your browser. ',
  unsupported_browser: 'Connect does not support this browser. Some functionality may not work. ',
  ice_collection_timeout: 'Ice collection timedout. ',
  user_busy_error: 'Softphone call UserBusy error. ',
  signalling_handshake_failure: 'Handshaking with Signalling Server ... failed. ',
  signalling_connection_failure: 'URL ... cannot be reached. ',
  webrtc_error: 'webrtc system error. ',
  realtime_communication_error: 'Number of active sessions are more then allowed limit.',
  other: 'webrtc system error. ',
} as const;
