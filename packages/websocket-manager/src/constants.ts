// Every number and wire string of the web-socket manager, named as amazon-connect-streams'
// web-socket manager names them (topics, heartbeats, reconnection back-off).

/**
 * Heartbeat interval; the first heartbeat is sent when the socket opens.
 * @public
 */
export const HEARTBEAT_INTERVAL_MS = 10000;

/**
 * Shortest transport lifetime a web-socket configuration may declare.
 * @public
 */
export const MIN_WEBSOCKET_LIFETIME_MS = 300000;

/**
 * How long a fetched web-socket URL may be reused for reconnection attempts.
 * @public
 */
export const WEBSOCKET_URL_VALID_TIME_MS = 85000;

/**
 * Interval between re-sends of pending topics after a `failure` subscribe response.
 * @public
 */
export const TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS = 500;

/**
 * Consecutive `failure` subscribe responses that fire a subscription failure.
 * @public
 */
export const MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS = 5;

/**
 * Interval of the subscribe-response check; each tick without a response re-sends.
 * @public
 */
export const MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS = 1000;

/**
 * Subscribe sends without a response tolerated; once the counter is greater, a
 * (synthetic) subscription failure fires instead of another send.
 * @public
 */
export const MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE = 3;

/**
 * Interval of the network (online/offline) check.
 * @public
 */
export const NETWORK_CONN_CHECK_INTERVAL_MS = 250;

/**
 * Jitter fraction of the socket re-init backoff (±30%).
 * @public
 */
export const WEBSOCKET_REINIT_JITTER = 0.3;

/**
 * First delay of the socket re-init backoff; doubles on each retry, reset on open.
 * @public
 */
export const WEBSOCKET_REINIT_BASE_BACKOFF_MS = 1000;

/**
 * Wait after creating a socket before judging the attempt failed (connection-attempt check).
 * @public
 */
export const WEBSOCKET_INIT_CHECK_MS = 1000;

/**
 * Base delay of the retry provider (config-fetch network failures, socket errors); doubles per attempt.
 * @public
 */
export const WEBSOCKET_RETRY_RATE_MS = 2000;

/**
 * Cap of the retry provider's delay.
 * @public
 */
export const MAX_WEBSOCKET_RETRY_RATE_MS = 30000;

/**
 * Close code used for every close the manager initiates.
 * @public
 */
export const NORMAL_CLOSURE_CODE = 1000;

/**
 * Prefix of every log line.
 * @public
 */
export const LOG_PREFIX = 'AMZ_WEB_SOCKET_MANAGER:';

/**
 * Reserved topic: subscribe request and response.
 * @public
 */
export const SUBSCRIBE_TOPIC = 'aws/subscribe';

/**
 * Reserved topic: unsubscribe (never sent; refused by `sendMessage`).
 * @public
 */
export const UNSUBSCRIBE_TOPIC = 'aws/unsubscribe';

/**
 * Reserved topic: heartbeat request and response.
 * @public
 */
export const HEARTBEAT_TOPIC = 'aws/heartbeat';

/**
 * Reserved topic: deep heartbeat (sent in the same tick as each heartbeat).
 * @public
 */
export const DEEP_HEARTBEAT_TOPIC = 'aws/ping';

/**
 * Log levels of the reference logger (`connect.WebSocketManager.LogLevel`).
 * @public
 */
export const LogLevel = {
  DEBUG: 10,
  INFO: 20,
  WARN: 30,
  ERROR: 40,
  ADVANCED_LOG: 50,
} as const;

/**
 * A log level value.
 * @public
 */
export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];

/**
 * Conduit event names of the Streams web-socket bridge,
 * keyed by the manager event each one forwards; `send` and `subscribe` travel upstream (page → panel).
 * @public
 */
export const WEBSOCKET_CONDUIT_EVENTS = {
  initFailure: 'webSocket::init_failure',
  connectionOpen: 'webSocket::connection_open',
  connectionClose: 'webSocket::connection_close',
  connectionGain: 'webSocket::connection_gain',
  connectionLost: 'webSocket::connection_lost',
  subscriptionUpdate: 'webSocket::subscription_update',
  subscriptionFailure: 'webSocket::subscription_failure',
  allMessage: 'webSocket::all_message',
  send: 'webSocket::send',
  subscribe: 'webSocket::subscribe',
} as const;

/**
 * Agent events the Streams worker sends alongside `webSocket::connection_gain` / `_lost`.
 * @public
 */
export const AGENT_WEBSOCKET_EVENTS = {
  connectionGain: 'agent::websocket_connection_gained',
  connectionLost: 'agent::websocket_connection_lost',
} as const;
