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

// ── Services: task templates, quick responses, screen sharing, sessions, storage access, custom views ──

/** Unknown client method (spec §5). @public */
export const noSuchMethodOnClientMessage = (method: string): string =>
  `No such method exists on AWS client: ${method}`;
/** @public */
export const MSG_TEMPLATE_ID_REQUIRED = 'params.templateParams.id must be provided';
/** @public */
export const MSG_TASK_TEMPLATES_ENDPOINT_REQUIRED = 'taskTemplatesEndpoint must be provided';
/** @public */
export const MSG_SCREEN_SHARING_WEBRTC_ONLY =
  'Screen sharing is only supported for WebRTC contacts.';
/** `Contact %s is not connected.` (spec §8). @public */
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
/** `[CustomViews]: No iframe found for the app: {name}`. @public */
export const customViewsNoIframeMessage = (appName: string): string =>
  `[CustomViews]: No iframe found for the app: ${appName}`;
