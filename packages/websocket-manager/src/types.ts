import type { LogLevel } from './constants';

/**
 * What the transport function resolves to (the `CreateTransport` web-socket answer).
 * @public
 */
export interface WebSocketConnectionConfig {
  /** The socket to open. */
  readonly webSocketTransport: {
    /** `wss://…`; `ws://127.0.0.1:…` and `ws://localhost:…` are accepted for local development. */
    readonly url: string;
    /** Lifetime of the URL's connection; at least 300 s. A handover starts when it ends. */
    readonly transportLifeTimeInSeconds: number;
    /** Expiry as sent by the service (informational). */
    readonly expiry?: string;
  };
}

/**
 * Fetches a fresh connection configuration. Reject with `{ _debug: { type: 'NetworkingError' } }`
 * (or a fetch `TypeError`) to have it retried; any other rejection terminates the manager.
 * @public
 */
export type WebSocketTransportFunction = () => Promise<WebSocketConnectionConfig>;

/**
 * What `init` resolves to.
 * @public
 */
export interface WebSocketInitResult {
  /** True when the first attempt could not start a socket (invalid config, failed fetch, offline). */
  readonly webSocketConnectionFailed: boolean;
}

/**
 * A server frame on an application topic (any topic other than the reserved ones).
 * @public
 */
export interface WebSocketTopicMessage {
  /** The topic, e.g. `aws/chat`. */
  readonly topic: string;
  /** Content type, when the server sends one. */
  readonly contentType?: string;
  /** The content (often a JSON string). */
  readonly content?: unknown;
  /** Any other fields of the frame. */
  readonly [key: string]: unknown;
}

/**
 * A subscribe response (from the server, or synthesised by the manager on no response).
 * @public
 */
export interface SubscriptionResponse {
  /** Always `aws/subscribe`. */
  readonly topic: 'aws/subscribe';
  /** Result and topics. */
  readonly content: {
    readonly status: 'success' | 'failure';
    readonly topics: readonly string[];
  };
}

/**
 * Payload of `connectionOpen` (metrics of the attempt).
 * @public
 */
export interface ConnectionOpenPayload {
  readonly connectWebSocketRetryCount: number;
  readonly connectionAttemptStartTime: number | null;
  readonly noOpenConnectionsTimestamp: number | null;
  readonly connectionEstablishedTime: number;
  readonly timeToConnect: number;
  readonly timeWithoutConnection: number | null;
}

/**
 * Payload of `connectionClose` and `connectionLost`.
 * @public
 */
export interface ConnectionClosePayload {
  readonly openTimestamp: number | undefined;
  readonly closeTimestamp: number;
  readonly connectionDuration: number;
  readonly code: number;
  readonly reason: string;
  readonly wasClean: boolean;
}

/**
 * Payload of `initFailure`.
 * @public
 */
export interface InitFailurePayload {
  readonly connectWebSocketRetryCount: number;
  readonly connectionAttemptStartTime: number | null;
  readonly reason: string;
}

/**
 * Payload of `deepHeartbeatSuccess`.
 * @public
 */
export interface DeepHeartbeatSuccessPayload {
  readonly timestamp: number;
}

/**
 * Payload of `deepHeartbeatFailure`.
 * @public
 */
export interface DeepHeartbeatFailurePayload {
  readonly timestamp: number;
  readonly statusCode: unknown;
  readonly statusContent: unknown;
}

/**
 * Payload of `topicFailure` (a frame with a `message` but no `topic`, e.g. `Forbidden`).
 * @public
 */
export interface TopicFailurePayload {
  readonly timestamp: number;
  readonly errorMessage: unknown;
  readonly connectionId: unknown;
  readonly requestId: unknown;
}

/**
 * Lifecycle of a manager.
 *
 * | from | to | when |
 * |---|---|---|
 * | `idle` | `connecting` | `init` |
 * | `connecting`, `lost` | `open` | a socket opens |
 * | `connecting`, `open` | `lost` | no socket is open after a close (recovery starts) |
 * | any but `terminated` | `closed` | `closeWebSocket()` |
 * | any | `terminated` | `terminate(reason)`, invalid config, fatal fetch failure |
 * @public
 */
export type WebSocketManagerState =
  'idle' | 'connecting' | 'open' | 'lost' | 'closed' | 'terminated';

/**
 * Every event of the manager with its payload.
 * @public
 */
export interface WebSocketManagerEventMap {
  initFailure: InitFailurePayload;
  connectionOpen: ConnectionOpenPayload;
  connectionClose: ConnectionClosePayload;
  connectionGain: undefined;
  connectionLost: ConnectionClosePayload | undefined;
  subscriptionUpdate: SubscriptionResponse;
  subscriptionFailure: SubscriptionResponse;
  allMessage: WebSocketTopicMessage;
  deepHeartbeatSuccess: DeepHeartbeatSuccessPayload;
  deepHeartbeatFailure: DeepHeartbeatFailurePayload;
  topicFailure: TopicFailurePayload;
  stateChange: WebSocketManagerState;
}

/**
 * Name of a manager event.
 * @public
 */
export type WebSocketManagerEventName = keyof WebSocketManagerEventMap;

/**
 * Handler of a manager event.
 * @public
 */
export type WebSocketManagerHandler<K extends WebSocketManagerEventName> = (
  payload: WebSocketManagerEventMap[K],
) => void;

/**
 * Removes the handler it was returned for.
 * @public
 */
export type Unsubscribe = () => void;

/**
 * The subset of the DOM `WebSocket` the manager uses (mock-socket and `ws` both fit).
 * @public
 */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(
    type: 'open' | 'message' | 'error' | 'close',
    listener: (event: never) => void,
  ): void;
}

/**
 * A `WebSocket` constructor.
 * @public
 */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/**
 * Timer functions (defaults: the global ones).
 * @public
 */
export interface WebSocketManagerTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * A pluggable logger (e.g. `console`, or Streams' `connect.getLog()`).
 * @public
 */
export interface WebSocketManagerLogger {
  debug(...args: unknown[]): unknown;
  info(...args: unknown[]): unknown;
  warn(...args: unknown[]): unknown;
  error(...args: unknown[]): unknown;
}

/**
 * Options of {@link createWebSocketManager}; every one is optional.
 * @public
 */
export interface WebSocketManagerOptions {
  /** WebSocket constructor. Default: `globalThis.WebSocket`, read when a socket is opened. */
  readonly WebSocket?: WebSocketConstructor;
  /** Clock in ms. Default: `Date.now`. */
  readonly now?: () => number;
  /** Timers. Default: the global ones. */
  readonly timers?: WebSocketManagerTimers;
  /** Random source in [0, 1) for the backoff jitter. Default: `Math.random`. */
  readonly random?: () => number;
  /** Network check polled every 250 ms. Default: `navigator.onLine` (true without a navigator). */
  readonly isOnline?: () => boolean;
  /** Logger. Default: none (silent). */
  readonly logger?: WebSocketManagerLogger;
  /** Lowest level written. Default: `LogLevel.INFO`. */
  readonly logLevel?: LogLevel;
  /** Logger method that receives `ADVANCED_LOG` lines. Default: `'warn'`. */
  readonly advancedLogWriter?: 'debug' | 'info' | 'warn' | 'error';
}

/**
 * A web-socket manager: topic subscriptions with heartbeat, handover, backoff and offline handling.
 * Every `on…` returns an unsubscribe function and throws `TypeError('cb must be a function')`
 * when given something else.
 * @public
 */
export interface WebSocketManager {
  /** Current lifecycle state. */
  readonly state: WebSocketManagerState;
  /**
   * Starts the manager with the function that fetches connection configurations. A second call
   * logs a warning and returns the first call's promise.
   */
  init(transport: WebSocketTransportFunction): Promise<WebSocketInitResult>;
  /** Subscribes to topics (those not yet subscribed are sent in one `aws/subscribe`). */
  subscribeTopics(topics: readonly string[]): void;
  /** Handler for one topic's messages. */
  onMessage(topic: string, handler: (message: WebSocketTopicMessage) => void): Unsubscribe;
  /** Handler for every topic message (called before the per-topic handlers). */
  onAllMessage(handler: WebSocketManagerHandler<'allMessage'>): Unsubscribe;
  /**
   * Sends a payload with a `topic` on the current socket. Reserved topics (`aws/subscribe`,
   * `aws/unsubscribe`, `aws/heartbeat`, `aws/ping`) are refused. Returns whether it was sent.
   */
  sendMessage(payload: { readonly topic: string; readonly [key: string]: unknown }): boolean;
  /** Called when a connection is gained; at once if a socket is already open. */
  onConnectionGain(handler: WebSocketManagerHandler<'connectionGain'>): Unsubscribe;
  /** Called when every socket is lost; at once if already lost. */
  onConnectionLost(handler: WebSocketManagerHandler<'connectionLost'>): Unsubscribe;
  /** Called when the manager terminates; at once if it already has. */
  onInitFailure(handler: WebSocketManagerHandler<'initFailure'>): Unsubscribe;
  /** Metrics of each socket open. */
  onConnectionOpen(handler: WebSocketManagerHandler<'connectionOpen'>): Unsubscribe;
  /** Metrics of each socket close. */
  onConnectionClose(handler: WebSocketManagerHandler<'connectionClose'>): Unsubscribe;
  /** Successful subscribe responses. */
  onSubscriptionUpdate(handler: WebSocketManagerHandler<'subscriptionUpdate'>): Unsubscribe;
  /** Subscription failures (5 failure responses, or no response to more than 3 sends). */
  onSubscriptionFailure(handler: WebSocketManagerHandler<'subscriptionFailure'>): Unsubscribe;
  /** `aws/ping` answered with status 200. */
  onDeepHeartbeatSuccess(handler: WebSocketManagerHandler<'deepHeartbeatSuccess'>): Unsubscribe;
  /** `aws/ping` answered with another status. */
  onDeepHeartbeatFailure(handler: WebSocketManagerHandler<'deepHeartbeatFailure'>): Unsubscribe;
  /** A frame with a `message` and no `topic` (e.g. `Forbidden`). */
  onTopicFailure(handler: WebSocketManagerHandler<'topicFailure'>): Unsubscribe;
  /** State changes (usable with `useSyncExternalStore(m.onStateChange, () => m.state)`). */
  onStateChange(handler: WebSocketManagerHandler<'stateChange'>): Unsubscribe;
  /** Generic form of the `on…` members. */
  on<K extends WebSocketManagerEventName>(
    event: K,
    handler: WebSocketManagerHandler<K>,
  ): Unsubscribe;
  /** Closes both sockets with code 1000 and stops reconnecting. */
  closeWebSocket(): void;
  /** Fatal stop: closes the sockets, fires `initFailure`; every later fetch or init is ignored. */
  terminate(reason: string): void;
  /** The Streams name of {@link WebSocketManager.terminate}. */
  terminateWebSocketManager(reason: string): void;
}
