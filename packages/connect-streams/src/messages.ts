// Exact user-facing and thrown strings of @x/connect-streams, in the spec's words.

// ── Message-port provider ──

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

// ── Services: task templates, quick responses, screen sharing, sessions, storage access, custom views ──

/** Unknown client method. @public */
export const noSuchMethodOnClientMessage = (method: string): string =>
  `No such method exists on AWS client: ${method}`;
/** @public */
export const MSG_TEMPLATE_ID_REQUIRED = 'params.templateParams.id must be provided';
/** @public */
export const MSG_TASK_TEMPLATES_ENDPOINT_REQUIRED = 'taskTemplatesEndpoint must be provided';
/** @public */
export const MSG_SCREEN_SHARING_WEBRTC_ONLY =
  'Screen sharing is only supported for WebRTC contacts.';
/** `Contact %s is not connected.`. @public */
export const contactNotConnectedMessage = (contactId: string): string =>
  `Contact ${contactId} is not connected.`;
/** @public */
export const MSG_STORAGE_ACCESS_INVALID_URL =
  '[StorageAccess] [getRequestStorageAccessUrl] Invalid Connect instance/CCP URL provided, please pass the valid Connect CCP URL or in case CCP URL is configured to be the SSO URL then use storageAccess.instanceUrl and pass the Connect CCP URL';
/** @public */
export const MSG_CUSTOM_VIEWS_DUPLICATE =
  '[CustomViews]: Custom views application with the same name already exists. Please provide a different iframeSuffix for the custom views application.';
/** @public */
export const MSG_CUSTOM_VIEWS_NO_CONTACT_FLOW_ID =
  '[CustomViews]: Need to provide a contactFlowId when defining contact parameter for initalizing customviews application';
/** @public */
export const MSG_CUSTOM_VIEWS_IFRAME_NOT_FOUND =
  '[CustomViews] terminateCustomView operation failed due to iframe not found';
/** The message for an app without its iframe (the app name appended). @public */
export const customViewsNoIframeMessage = (appName: string): string =>
  `[CustomViews]: No iframe found for the app: ${appName}`;
/**
 * User-facing strings of the host client, verbatim from the softphone-sdk spec.
 * `%s` marks a substituted value, as in the spec.
 * @public
 */
export const MESSAGES = Object.freeze({
  clientTimeout: 'Client Timeout',
  containerRequired: 'A container element is required',
  ccpUrlRequired: 'ccpUrl is required',
  ringtoneSettings:
    'ringtoneSettings.voice.ringtoneUrl must be provided or ringtoneSettings.voice.disabled must be true',
  ringtoneUrlRequired: 'ringtoneUrl is required',
  grSecondaryMissing:
    'enableGlobalResiliency flag was enabled, but secondaryCCPUrl was not provided. Global Resiliency will not be enabled',
  grLoginUrlMissing:
    'enableGlobalResiliency flag was enabled, but loginUrl was not provided. Global Resiliency will not be enabled',
  notInitialized: 'The connect core has not been initialized!',
  noUpstream: 'There is no upstream conduit!',
  agentNotInitialized: 'The agent is not yet initialized!',
  noAgentData: 'No agent data is available yet!',
  contactGone: 'Contact %s no longer exists.',
  connectionGone: 'Connection %s for contact %s no longer exists.',
  invalidContactEvent: '%s is not a valid contact event.',
  contactNotConnected: 'Contact %s is not connected.',
  screenShareWebRtcOnly: 'Screen sharing is only supported for WebRTC contacts.',
  voiceIdConference: 'VoiceId is not supported for conference calls',
  tooManyDimensions: 'Cannot add more than 30 dimensions to a metric',
  noNavigator: 'No navigator or navigator.mediaDevices object found',
  timeoutExceeded: 'Timeout exceeded',
  mediaControllerGone: 'Media Controller is no longer available for this connection',
  noSuchMethod: 'No such method exists on AWS client: %s',
  invalidLogLevel: 'Invalid log level: %s',
  invalidTargetState: 'invalid_target_state',
  invalidLocale: 'InvalidLocale',
  alreadyInitialized: 'An iframe for the CCP already exists in this container',
});

/** Softphone error messages, verbatim (note the trailing spaces). @public */
export const SOFTPHONE_ERROR_MESSAGES = Object.freeze({
  microphone_not_shared: 'Your microphone is not enabled in your browser. ',
  unsupported_browser: 'Connect does not support this browser. Some functionality may not work. ',
  ice_collection_timeout: 'Ice collection timedout. ',
  user_busy_error: 'Softphone call UserBusy error. ',
  signalling_handshake_failure: 'Handshaking with Signalling Server %s failed. ',
  signalling_connection_failure: 'URL %s cannot be reached. ',
  webrtc_error: 'webrtc system error. ',
  realtime_communication_error: 'Number of active sessions are more then allowed limit.',
  duplicate_session: 'duplicate session detected, refusing to setup new connection',
});

/** Replaces each `%s` in `template` with the next value. @public */
export function format(template: string, ...values: readonly unknown[]): string {
  let i = 0;
  return template.replace(/%s/g, () => String(values[i++]));
}

// Compat-layer strings (`@x/connect-streams/compat`), separate exports so that other entries do
// not bundle them.
/** ChatConnection.getAuthenticationDetails on the agent's own connection (streams 2.18). @public */
export const MSG_AUTH_DETAILS_CUSTOMER_ONLY =
  'Authentication details are available only for customer connection';
/** contact.destroy() only logs this (deprecated in streams 2.18). @public */
export const MSG_CONTACT_DESTROY_DEPRECATED = 'contact.destroy() has been deprecated.';
/** core.getSDKClientConfig without a provider (streams 2.18). @public */
export const MSG_PROVIDER_NOT_INITIALIZED = 'Provider is not initialized';
/** `connect.core.initSoftphoneManager()` before the host-side softphone is installed. */
export const MSG_SOFTPHONE_NOT_INSTALLED =
  'The host-side softphone is not installed: call installCompatSoftphone() of @x/connect-streams/softphone first.';
/** getMediaController of a connection without media info (streams 2.18). @public */
export const MSG_MEDIA_INFO_MISSING = 'Media info does not exist for this connection';
/** getMediaController of a chat connection without amazon-connect-chatjs loaded. @public */
export const MSG_CHAT_SESSION_MISSING =
  'connect.ChatSession is not available: load amazon-connect-chatjs first';
/** getMediaController of a task connection without amazon-connect-chatjs loaded. @public */
export const MSG_TASK_SESSION_MISSING =
  'connect.TaskSession is not available: load amazon-connect-chatjs first';
/** getMediaController of a connection whose media type has no controller. @public */
export const MSG_UNKNOWN_MEDIA_TYPE = 'Unrecognized media type';
/** `connect.storageAccess` methods that need `init` (which initCCP runs). @public */
export const MSG_STORAGE_ACCESS_NOT_INITIALIZED = 'connect.storageAccess.init has not been called';
/** The compat Voice ID methods without `@x/voice-id/compat`. @public */
export const MSG_VOICE_ID_NOT_INSTALLED =
  "Voice ID is not installed: import '@x/voice-id/compat' instead of '@x/connect-streams/compat'";
