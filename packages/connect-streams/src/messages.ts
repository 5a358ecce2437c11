// Exact user-facing and thrown strings of @x/connect-streams, in the spec's words.

// ── Message-port provider (connect-sdk-websocket-voiceid.md §1, softphone-sdk spec §8) ──

/** @public */
export const MSG_CLIENT_TIMEOUT = 'Client Timeout';
/** @public */
export const MSG_GLOBAL_PROVIDER_ALREADY_SET = 'Global Provider is already set';
/** @public */
export const MSG_GLOBAL_PROVIDER_NOT_SET =
  'Attempted to get Global AmazonConnectProvider that has not been set.';
/** @public */
export const MSG_PROXY_ALREADY_INITIALIZED = 'Proxy already initialized';
/** @public */
export const MSG_MESSAGE_PORT_NOT_PROVIDED = 'message port not provided by iframe';
/** @public */
export const MSG_TOO_MANY_DIMENSIONS = 'Cannot add more than 30 dimensions to a metric';
/** @public */
export const MSG_MULTIPLE_PROVIDERS = 'Attempted to initialize provider more than one time.';
/** @public */
export const MSG_STREAMS_SITE_NOT_INITIALIZED = 'AmazonConnectStreamsSite has not been initialized';
/** @public */
export const MSG_CONNECTION_ID_TIMEOUT = 'Timeout getting connectionId';
/** @public */
export const MSG_SUBSEQUENT_PORT = 'Subsequent Message Port Detected';
/** @public */
export const MSG_CCP_IFRAME_UPDATED = 'CCP IFrame Updated';
/** @public */
export const MSG_NO_HANDLER_FOR_COMMAND = 'No handler for command';
/** @public */
export const MSG_NO_RESULT = 'No Result Found';
