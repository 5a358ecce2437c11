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
    /** Whether the topics were subscribed. */
    readonly status: 'success' | 'failure';
    /** The topics concerned. */
    readonly topics: readonly string[];
  };
}

/**
 * Payload of `connectionOpen` (metrics of the attempt).
 * @public
 */
export interface ConnectionOpenPayload {
  /** Socket re-init retries since the last open. */
  readonly connectWebSocketRetryCount: number;
  /** When the first config fetch of this attempt started (ms). */
  readonly connectionAttemptStartTime: number | null;
  /** When the last socket was lost (ms), or null. */
  readonly noOpenConnectionsTimestamp: number | null;
  /** When this socket opened (ms). */
  readonly connectionEstablishedTime: number;
  /** Open time minus attempt start (ms). */
  readonly timeToConnect: number;
  /** Open time minus the time the last socket was lost (ms), or null. */
  readonly timeWithoutConnection: number | null;
}

/**
 * Payload of `connectionClose` and `connectionLost`.
 * @public
 */
export interface ConnectionClosePayload {
  /** When the socket opened (ms); undefined if it never did. */
  readonly openTimestamp: number | undefined;
  /** When it closed (ms). */
  readonly closeTimestamp: number;
  /** Close time minus open time (ms; NaN if it never opened). */
  readonly connectionDuration: number;
  /** Close code. */
  readonly code: number;
  /** Close reason. */
  readonly reason: string;
  /** Whether the close was clean. */
  readonly wasClean: boolean;
}

/**
 * Payload of `initFailure`.
 * @public
 */
export interface InitFailurePayload {
  /** Socket re-init retries before the failure. */
  readonly connectWebSocketRetryCount: number;
  /** When the failed attempt started (ms), or null. */
  readonly connectionAttemptStartTime: number | null;
  /** Why the manager terminated. */
  readonly reason: string;
}

/**
 * Payload of `deepHeartbeatSuccess`.
 * @public
 */
export interface DeepHeartbeatSuccessPayload {
  /** When the answer arrived (ms). */
  readonly timestamp: number;
}

/**
 * Payload of `deepHeartbeatFailure`.
 * @public
 */
export interface DeepHeartbeatFailurePayload {
  /** When the answer arrived (ms). */
  readonly timestamp: number;
  /** The answer's `statusCode`. */
  readonly statusCode: unknown;
  /** The answer's `statusContent`. */
  readonly statusContent: unknown;
}

/**
 * Payload of `topicFailure` (a frame with a `message` but no `topic`, e.g. `Forbidden`).
 * @public
 */
export interface TopicFailurePayload {
  /** When the frame arrived (ms). */
  readonly timestamp: number;
  /** The frame's `message`. */
  readonly errorMessage: unknown;
  /** The frame's `connectionId`. */
  readonly connectionId: unknown;
  /** The frame's `requestId`. */
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
 *
 * `closed` and `terminated` are final: nothing reconnects after them (the table is
 * `LIFECYCLE_TABLE` in the package's lifecycle.ts).
 * @public
 */
export type WebSocketManagerState =
  'idle' | 'connecting' | 'open' | 'lost' | 'closed' | 'terminated';

/**
 * Every event of the manager with its payload.
 * @public
 */
export interface WebSocketManagerEventMap {
  /** The manager terminated (invalid config, fatal fetch failure, `terminate`). */
  initFailure: InitFailurePayload;
  /** A socket opened. */
  connectionOpen: ConnectionOpenPayload;
  /** A socket closed. */
  connectionClose: ConnectionClosePayload;
  /** A socket opened while none was (first open, or after a loss). */
  connectionGain: undefined;
  /** No socket is open any more (fired once per outage). */
  connectionLost: ConnectionClosePayload | undefined;
  /** A successful subscribe response. */
  subscriptionUpdate: SubscriptionResponse;
  /** A subscription failure (server or synthetic). */
  subscriptionFailure: SubscriptionResponse;
  /** Any topic message. */
  allMessage: WebSocketTopicMessage;
  /** `aws/ping` answered with 200. */
  deepHeartbeatSuccess: DeepHeartbeatSuccessPayload;
  /** `aws/ping` answered otherwise. */
  deepHeartbeatFailure: DeepHeartbeatFailurePayload;
  /** A frame with a `message` and no `topic`. */
  topicFailure: TopicFailurePayload;
  /** The new state. */
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
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  /** Sends a text frame. */
  send(data: string): void;
  /** Closes the socket. */
  close(code?: number, reason?: string): void;
  /** Listens to `open`, `message` (`event.data`), `error` and `close` (`code`, `reason`, `wasClean`). */
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
  /** Like the global `setTimeout`. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Like the global `clearTimeout`. */
  clearTimeout(handle: unknown): void;
  /** Like the global `setInterval`. */
  setInterval(fn: () => void, ms: number): unknown;
  /** Like the global `clearInterval`. */
  clearInterval(handle: unknown): void;
}

/**
 * A pluggable logger (e.g. `console`, or Streams' `connect.getLog()`).
 * @public
 */
export interface WebSocketManagerLogger {
  /** DEBUG lines. */
  debug(...args: unknown[]): unknown;
  /** INFO lines. */
  info(...args: unknown[]): unknown;
  /** WARN lines. */
  warn(...args: unknown[]): unknown;
  /** ERROR lines. */
  error(...args: unknown[]): unknown;
}

/**
 * Options of `createWebSocketManager`; every one is optional.
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
  /**
   * Whether each heartbeat is followed by the deep heartbeat `aws/ping` (as the chat build of the
   * reference does; the Streams build does not). Default: true.
   */
  readonly deepHeartbeat?: boolean;
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
