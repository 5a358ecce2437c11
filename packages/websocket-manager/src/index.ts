/**
 * `@x/websocket-manager`: typed topic subscriptions over an Amazon Connect-compatible web socket,
 * with heartbeat, handover, backoff and offline handling.
 * @packageDocumentation
 */
export {
  DEEP_HEARTBEAT_TOPIC,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_TOPIC,
  LOG_PREFIX,
  LogLevel,
  MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS,
  MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE,
  MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS,
  MAX_WEBSOCKET_RETRY_RATE_MS,
  MIN_WEBSOCKET_LIFETIME_MS,
  NETWORK_CONN_CHECK_INTERVAL_MS,
  NORMAL_CLOSURE_CODE,
  SUBSCRIBE_TOPIC,
  TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS,
  UNSUBSCRIBE_TOPIC,
  WEBSOCKET_INIT_CHECK_MS,
  WEBSOCKET_REINIT_BASE_BACKOFF_MS,
  WEBSOCKET_REINIT_JITTER,
  WEBSOCKET_RETRY_RATE_MS,
  WEBSOCKET_URL_VALID_TIME_MS,
} from './constants';
export { createWebSocketManager } from './websocket-manager';
export {
  isNetworkFailure,
  isValidWebSocketConnectionConfig,
  isValidWebSocketUrl,
} from './validate';
export type {
  ConnectionClosePayload,
  ConnectionOpenPayload,
  DeepHeartbeatFailurePayload,
  DeepHeartbeatSuccessPayload,
  InitFailurePayload,
  SubscriptionResponse,
  TopicFailurePayload,
  Unsubscribe,
  WebSocketConnectionConfig,
  WebSocketConstructor,
  WebSocketInitResult,
  WebSocketLike,
  WebSocketManager,
  WebSocketManagerEventMap,
  WebSocketManagerEventName,
  WebSocketManagerHandler,
  WebSocketManagerLogger,
  WebSocketManagerOptions,
  WebSocketManagerState,
  WebSocketManagerTimers,
  WebSocketTopicMessage,
  WebSocketTransportFunction,
} from './types';
