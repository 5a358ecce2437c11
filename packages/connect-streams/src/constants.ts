/**
 * The CCP wire-protocol version this client speaks, sent as `streamsVersion` in `configure`
 * (softphone-sdk spec §1: "Client version: 2.18.4").
 * @public
 */
export const STREAMS_VERSION = '2.18.4';

/**
 * The region used when init parameters name none (spec §1: "Default region: us-west-2").
 * @public
 */
export const DEFAULT_REGION = 'us-west-2';

// ── Message-port provider (connect-sdk-websocket-voiceid.md §1, softphone-sdk spec §9) ──

/**
 * Default time a message-port request waits for its response before rejecting with the
 * `clientTimeout` object (spec §9 "Request timeout 30000 ms").
 * @public
 */
export const PROVIDER_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Smallest health-check interval the proxy runs; smaller positive values are refused and
 * 0 or less disables the check (spec §5).
 * @public
 */
export const HEALTH_CHECK_MIN_INTERVAL_MS = 1_000;

/**
 * The connection is unhealthy after this many intervals without a health-check response (spec §9).
 * @public
 */
export const HEALTH_CHECK_UNHEALTHY_AFTER_INTERVALS = 3;

/**
 * At most this many dimensions (required plus optional) on one metric (spec §5, §9).
 * @public
 */
export const MAX_METRIC_DIMENSIONS = 30;

/**
 * How long {@link Proxy.getConnectionId} waits for the `ready` status.
 * @public
 */
export const CONNECTION_ID_TIMEOUT_MS = 10_000;

/**
 * Message type the CCP iframe posts to the host window, carrying the message port.
 * @public
 */
export const CROSS_DOMAIN_ADAPTER_INIT = 'cross-domain-adapter-init';

/**
 * Message type the host posts on the port after accepting it.
 * @public
 */
export const CROSS_DOMAIN_SITE_READY = 'cross-domain-site-ready';

/**
 * Error key of the object a timed-out request rejects with.
 * @public
 */
export const CLIENT_TIMEOUT_ERROR_KEY = 'clientTimeout';

/**
 * Error key thrown when a second provider is initialised.
 * @public
 */
export const MULTIPLE_PROVIDERS_ERROR_KEY = 'attemptInitializeMultipleProviders';

/**
 * Namespace of the contact module of the message-port protocol.
 * @public
 */
export const CONTACT_NAMESPACE = 'aws.connect.contact';

/**
 * Namespace of the voice module of the message-port protocol.
 * @public
 */
export const VOICE_NAMESPACE = 'aws.connect.voice';

// ── Services ──

/**
 * Base path of the task-templates service on the instance (spec §2).
 * @public
 */
export const TASK_TEMPLATES_BASE_PATH = '/task-templates/api/ccp';

/**
 * Task-templates client methods (reference: streams `TaskTemplatesClientMethods`).
 * @public
 */
export const TASK_TEMPLATES_METHODS = [
  'listTaskTemplates',
  'getTaskTemplate',
  'createTemplatedTask',
  'updateContact',
] as const;

/**
 * Methods the CCP page answers itself through its API proxy (spec §7 "Proxy client").
 * @public
 */
export const API_PROXY_METHODS = {
  QR_INTEGRATION_EXISTS: 'qrIntegrationExists',
  QR_SEARCH_QUICK_RESPONSES: 'qrSearchQuickResponses',
  START_SCREEN_SHARING: 'startScreenSharing',
} as const;

/**
 * Contact subtype for which screen sharing is allowed.
 * @public
 */
export const WEBRTC_CONTACT_SUBTYPE = 'connect:WebRTC';

/**
 * Path of the storage-access request page on the instance origin (spec §2).
 * @public
 */
export const REQUEST_STORAGE_ACCESS_PATH = '/request-storage-access';

/**
 * Landing path after storage access when the panel URL is not on a recognised domain (spec §2).
 * @public
 */
export const STORAGE_ACCESS_DEFAULT_LANDING_PATH = '/connect/ccp-v2';

/**
 * Storage-access events exchanged with the panel (spec §7).
 * @public
 */
export const STORAGE_ACCESS_EVENTS = {
  INIT: 'storageAccess::init',
  GRANTED: 'storageAccess::granted',
  DENIED: 'storageAccess::denied',
  REQUEST: 'storageAccess::request',
} as const;

/**
 * App name (and iframe id prefix) of the custom-views (guides) application (spec §2).
 * @public
 */
export const CUSTOM_VIEWS_APP_NAME = 'customviews';

/**
 * Delay before a terminated custom view is stopped (spec §9 "Custom-view termination 5000 ms").
 * @public
 */
export const CUSTOM_VIEW_TERMINATION_DELAY_MS = 5_000;
