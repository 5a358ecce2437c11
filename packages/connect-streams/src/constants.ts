import { SUPPORTED_LOCALES as LOCALES } from './protocol/names';

/**
 * The CCP wire-protocol version this client speaks, sent as `streamsVersion` in `outer_context_info`.
 * @public
 */
export const STREAMS_VERSION = '2.18.4';

/**
 * The region used when init parameters name none.
 * @public
 */
export const DEFAULT_REGION = 'us-west-2';

// ── Message-port provider (the port the Streams worker hands its providers) ──

/**
 * Default time a message-port request waits for its response before rejecting with the
 * `clientTimeout` object.
 * @public
 */
export const PROVIDER_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Smallest health-check interval the proxy runs; smaller positive values are refused and
 * 0 or less disables the check.
 * @public
 */
export const HEALTH_CHECK_MIN_INTERVAL_MS = 1_000;

/**
 * The connection is unhealthy after this many intervals without a health-check response.
 * @public
 */
export const HEALTH_CHECK_UNHEALTHY_AFTER_INTERVALS = 3;

/**
 * How long `Proxy.getConnectionId` (in `@x/connect-streams/provider`) waits for the `ready` status.
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
 * Base path of the task-templates service on the instance.
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
 * Methods the CCP page answers itself through its API proxy.
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
 * Path of the storage-access request page on the instance origin.
 * @public
 */
export const REQUEST_STORAGE_ACCESS_PATH = '/request-storage-access';

/**
 * Landing path after storage access when the panel URL is not on a recognised domain.
 * @public
 */
export const STORAGE_ACCESS_DEFAULT_LANDING_PATH = '/connect/ccp-v2';

/**
 * Storage-access events exchanged with the panel.
 * @public
 */
export const STORAGE_ACCESS_EVENTS = {
  INIT: 'storageAccess::init',
  GRANTED: 'storageAccess::granted',
  DENIED: 'storageAccess::denied',
  REQUEST: 'storageAccess::request',
} as const;

/**
 * App name (and iframe id prefix) of the custom-views (guides) application.
 * @public
 */
export const CUSTOM_VIEWS_APP_NAME = 'customviews';

/**
 * Delay before a terminated custom view is stopped.
 * @public
 */
export const CUSTOM_VIEW_TERMINATION_DELAY_MS = 5_000;
/**
 * Panel timing defaults of the host (`initCCP`) as the 2.18.4 host applies them:
 * sync 1000 ms, acknowledge 3000 ms, load 5000 ms (10000 ms with disaster recovery).
 * @public
 */
export const HOST_TIMEOUTS = Object.freeze({
  ccpSynTimeout: 1000,
  ccpAckTimeout: 3000,
  ccpLoadTimeout: 5000,
  ccpLoadTimeoutDisasterRecovery: 10000,
});

/**
 * The other default set of the original library (sync 3000 ms, acknowledge 5000 ms, load 10000 ms: the
 * panel's own defaults). Pass these values as init parameters to use them.
 * @public
 */
export const PANEL_TIMEOUTS = Object.freeze({
  ccpSynTimeout: 3000,
  ccpAckTimeout: 5000,
  ccpLoadTimeout: 10000,
  ccpLoadTimeoutDisasterRecovery: 10000,
});

/** Request timeout. @public */
export const REQUEST_TIMEOUT_MS = 30000;
/** Maximum iframe refresh attempts. @public */
export const CCP_IFRAME_REFRESH_LIMIT = 10;
/**
 * How long the reachability check of the panel URL may take (a `no-cors` GET, made when the panel
 * has not acknowledged within its load timeout); no answer within it counts as unreachable.
 * @public
 */
export const PANEL_PROBE_TIMEOUT_MS = 3000;
/** Iframe style report delay after the iframe is created. @public */
export const IFRAME_STYLE_REPORT_DELAY_MS = 10000;
/** Unauthorized retry limit. @public */
export const MAX_UNAUTHORIZED_RETRY_COUNT = 20;
/** Access-denied retry limit. @public */
export const MAX_ACCESS_DENIED_RETRY_COUNT = 10;
/** Login popup check interval. @public */
export const LOGIN_POPUP_CHECK_INTERVAL_MS = 1000;
/** Default login popup width. @public */
export const LOGIN_POPUP_WIDTH = 578;
/** Default login popup height. @public */
export const LOGIN_POPUP_HEIGHT = 433;
/** Name of the `navigator.locks` lock taken around opening the login popup. @public */
export const LOGIN_POPUP_LOCK_PREFIX = 'connect-login-popup-lock';
/** Window name of the login popup. @public */
export const LOGIN_POPUP_NAME = 'connect::loginPopup';
/** Endpoint cache capacity. @public */
export const ENDPOINT_CACHE_MAX_ENTRIES = 1000;
/** Endpoint cache period. @public */
export const ENDPOINT_CACHE_PERIOD_MS = 60000;
/** Most dimensions a metric may carry. @public */
export const MAX_METRIC_DIMENSIONS = 30;
/** Media device enumeration timeout. @public */
export const MEDIA_DEVICE_TIMEOUT_MS = 1000;
/** Ringtone and softphone refresh fallback. @public */
export const RINGTONE_FALLBACK_MS = 100;
/** The ringtone load proceeds after this long even without a load event. @public */
export const RINGTONE_LOAD_TIMEOUT_MS = 1000;
/**
 * Modules whose params a panel keeps in localStorage (`<module>ParamsStorage::<origin>`) for a
 * refresh without `configure`; `initCCP` clears them unless `disableStoringParamsInLocalStorage`.
 * @public
 */
export const PARAMS_STORAGE_MODULES = ['Softphone', 'Ringtone'] as const;
/** Ringtone start retries before reporting exhaustion. @public */
export const RINGTONE_START_RETRIES = 2;

/** Log roll interval. @public */
export const LOG_ROLL_INTERVAL_MS = 1800000;
/** Upstream log push interval. @public */
export const LOG_PUSH_INTERVAL_MS = 1000;
/** Client-log batch interval. @public */
export const CLIENT_LOG_INTERVAL_MS = 5000;
/** Client logs are sent only when at least this many are queued. @public */
export const CLIENT_LOG_MIN_BATCH = 50;
/** Most client logs per batch. @public */
export const CLIENT_LOG_MAX_BATCH = 500;

/** Default channel concurrency when the routing profile gives none. @public */
export const DEFAULT_CHANNEL_CONCURRENCY: Readonly<Record<'VOICE' | 'CHAT', number>> =
  Object.freeze({
    VOICE: 1,
    CHAT: 1,
  });

/** Default iframe title and name. @public */
export const CCP_IFRAME_TITLE = 'Amazon Connect CCP';
/** Default iframe style. @public */
export const CCP_IFRAME_STYLE = 'width: 100%; height: 100%;';
/** Iframe `allow` permissions. @public */
export const CCP_IFRAME_ALLOW =
  'microphone; camera; autoplay; clipboard-write; identity-credentials-get';
/** Iframe sandbox flags. @public */
export const CCP_IFRAME_SANDBOX =
  'allow-forms allow-popups allow-popups-to-escape-sandbox allow-same-origin allow-scripts';

/** Methods whose 401/403 failures are retried. @public */
export const RETRYABLE_CLIENT_METHODS: readonly string[] = Object.freeze([
  'getAgentSnapshot',
  'getAgentConfiguration',
  'getAgentPermissions',
  'getAgentStates',
  'getDialableCountryCodes',
  'getRoutingProfileQueues',
]);

/** Methods whose payload does not carry the auth token. @public */
export const METHODS_WITHOUT_AUTH_PAYLOAD: readonly string[] = Object.freeze([
  'completeContact',
  'clearContact',
  'rejectContact',
  'createTaskContact',
  'updateMonitorParticipantState',
  'pauseContact',
  'resumeContact',
  'addNewConnection',
  'transferContact',
]);

/** Supported agent locales. @public */
export const SUPPORTED_LOCALES: readonly string[] = LOCALES;
/**
 * The `timeout` of a `GetAgentSnapshot` long poll, in ms.
 * @public
 */
export const AGENT_SNAPSHOT_POLL_TIMEOUT_MS = 30_000;

/**
 * The `maxResults` of each `GetEndpoints` page.
 * @public
 */
export const ENDPOINTS_PAGE_SIZE = 500;

/**
 * The `maxResults` the worker asks for on the paged configuration lists.
 * @public
 */
export const CONFIGURATION_LIST_PAGE_SIZE = 500;

/**
 * The shortest web-socket transport lifetime, in seconds, the web-socket manager accepts from
 * `CreateTransport`.
 * @public
 */
export const MIN_WEB_SOCKET_TRANSPORT_LIFETIME_S = 300;

/**
 * The pattern a `CreateTransport` web-socket URL must match.
 * @public
 */
export const WEB_SOCKET_URL_PATTERN = /^(wss:\/\/)\w*/;

/**
 * Disaster-recovery active-region poll: every 60 s, each poll
 * with a 10 s timeout.
 * @public
 */
export const DISASTER_RECOVERY_POLL = Object.freeze({ intervalMs: 60_000, timeoutMs: 10_000 });
