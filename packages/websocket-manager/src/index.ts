/**
 * `@x/websocket-manager`: typed topic subscriptions over an Amazon Connect-compatible web socket,
 * with heartbeat, handover, backoff and offline handling.
 * @packageDocumentation
 */
// The reserved topics of the wire and the log levels; timings and limits stay inside.
export {
  DEEP_HEARTBEAT_TOPIC,
  HEARTBEAT_TOPIC,
  LogLevel,
  SUBSCRIBE_TOPIC,
  UNSUBSCRIBE_TOPIC,
} from './constants';
export { createWebSocketManager } from './websocket-manager';
export { isValidWebSocketConnectionConfig, isValidWebSocketUrl } from './validate';
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
