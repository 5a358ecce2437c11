/**
 * Timing constants and limits of the CCP side.
 * Each name follows the spec's wording so it can be checked against it.
 */

/** Long-poll `timeout` sent with `getAgentSnapshot`. @public */
export const AGENT_POLL_TIMEOUT_MS = 30_000;
/** Delay before the next long poll after a successful one. @public */
export const AGENT_POLL_SUCCESS_DELAY_MS = 100;
/** Delay before the next long poll after a failed one. @public */
export const AGENT_POLL_FAILURE_DELAY_MS = 5_000;
/** Configuration poll period. @public */
export const CONFIG_POLL_INTERVAL_MS = 30_000;
/** Page size of the paged configuration lists. @public */
export const CONFIG_LIST_PAGE_SIZE = 500;
/** Auth token check period. @public */
export const AUTH_TOKEN_CHECK_INTERVAL_MS = 300_000;
/** The token is refreshed when it expires within this window. @public */
export const AUTH_TOKEN_REFRESH_WINDOW_MS = 1_800_000;
/** Base interval of the token-refresh backoff. @public */
export const AUTH_TOKEN_REFRESH_BACKOFF_MS = 10_000;
/** Retries of the token-refresh backoff. @public */
export const AUTH_TOKEN_REFRESH_MAX_RETRIES = 4;
/** CTI request timeout. @public */
export const CTI_REQUEST_TIMEOUT_MS = 30_000;
/** Extra time a long poll may take beyond its `timeout` before the client gives up. @public */
export const LONG_POLL_GRACE_MS = 5_000;
/** Unauthorized retries of a retryable CTI method. @public */
export const MAX_UNAUTHORIZED_RETRY_COUNT = 20;
/** Access-denied retries of a retryable CTI method. @public */
export const MAX_ACCESS_DENIED_RETRY_COUNT = 10;
/** Fetch retry default attempts. @public */
export const FETCH_RETRY_MAX_ATTEMPTS = 5;
/** Fetch retry default interval. @public */
export const FETCH_RETRY_INTERVAL_MS = 1_000;
/** Authorize and whitelisted-origins fetch timeout. @public */
export const AUTHORIZE_TIMEOUT_MS = 2_000;
/** Authorize and whitelisted-origins retry interval. @public */
export const AUTHORIZE_RETRY_INTERVAL_MS = 2_000;
/** Authorize and whitelisted-origins attempts. @public */
export const AUTHORIZE_MAX_ATTEMPTS = 5;
/** Default authorize path. @public */
export const AUTHORIZE_ENDPOINT = '/auth/authorize';
/** Authorize path on legacy hosted domains. @public */
export const LEGACY_AUTHORIZE_ENDPOINT = '/connect/auth/authorize';
/** Default whitelisted-origins path. @public */
export const WHITELISTED_ORIGINS_ENDPOINT = '/whitelisted-origins';
/** Whitelisted-origins path on legacy hosted domains. @public */
export const LEGACY_WHITELISTED_ORIGINS_ENDPOINT = '/connect/whitelisted-origins';
/** The log buffer is sent with `sendClientLogs` when it holds more than this many entries. @public */
export const LOG_BUFFER_CAP_SIZE = 400;
/** Softphone statistics sampling period. @public */
export const SOFTPHONE_STATS_INTERVAL_MS = 1_000;
/** Maximum kept softphone statistics samples. @public */
export const SOFTPHONE_STATS_MAX_SAMPLES = 10_800;
/** Softphone metrics flush period. @public */
export const SOFTPHONE_METRICS_FLUSH_INTERVAL_MS = 30_000;
/** The CTI service's JSON target prefix. @public */
export const CTI_TARGET_PREFIX = 'AmazonConnectCTIService';
/** The CTI service's content type. @public */
export const CTI_CONTENT_TYPE = 'application/x-amz-json-1.0';
/** The user agent the real worker's SDK sends. @public */
export const CTI_USER_AGENT = 'aws-sdk-js/2.1589.0 callback';
/** The SharedWorker name the real CCP page uses. @public */
export const SHARED_WORKER_NAME = 'ConnectSharedWorker';
/** Softphone logs are sent up to the worker (`send_logs`) this often, by the master. @public */
export const SOFTPHONE_LOG_PUSH_INTERVAL_MS = 5_000;
/**
 * A framed panel that has not received `configure` this long after its worker acknowledged asks
 * the embedding page for it.
 * @public
 */
export const REQUEST_CONFIGURE_DELAY_MS = 1_000;
/** Authorize failures redirect to sign-in at most this often per session. @public */
export const MAX_AUTHORIZE_RETRY_COUNT_FOR_SESSION = 3;
/** CTI 401s re-authorize at most this often until the page is refreshed. @public */
export const MAX_CTI_AUTH_RETRY_COUNT = 10;
/** Backoff base of the sign-in redirect after an authorize failure. @public */
export const AUTHORIZE_RETRY_BACKOFF_BASE_MS = 2_000;
/** Backoff base of the re-authorization after a CTI 401. @public */
export const CTI_AUTH_RETRY_BACKOFF_BASE_MS = 500;
/** The sessionStorage key of the authorize retry count (the real `SessionStorageKeys.AUTHORIZE_RETRY_COUNT`). @public */
export const AUTHORIZE_RETRY_COUNT_KEY = 'authorize_retry_count';
/** Softphone signalling: how long the media server has to answer an invite. @public */
export const SOFTPHONE_INVITE_TIMEOUT_MS = 5_000;
/** Softphone signalling: how long the socket may take to open. @public */
export const SOFTPHONE_SIGNALLING_CONNECT_TIMEOUT_MS = 10_000;
/**
 * Softphone signalling: how long a call whose socket dropped while talking tries to reconnect
 * with its client token (the media goes on meanwhile). @public
 */
export const SOFTPHONE_RECONNECT_WINDOW_MS = 10_000;
/** Softphone signalling: how many sockets a reconnect opens at most within its window. @public */
export const SOFTPHONE_RECONNECT_ATTEMPTS = 3;
/** Softphone: how long the browser gathers ICE candidates before the invite. @public */
export const SOFTPHONE_ICE_GATHERING_TIMEOUT_MS = 8_000;
