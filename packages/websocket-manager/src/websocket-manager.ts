import {
  DEEP_HEARTBEAT_TOPIC,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_TOPIC,
  LOG_PREFIX,
  LogLevel,
  MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS,
  MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE,
  MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS,
  NETWORK_CONN_CHECK_INTERVAL_MS,
  NORMAL_CLOSURE_CODE,
  SUBSCRIBE_TOPIC,
  TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS,
  UNSUBSCRIBE_TOPIC,
  WEBSOCKET_INIT_CHECK_MS,
  WEBSOCKET_REINIT_BASE_BACKOFF_MS,
  WEBSOCKET_REINIT_JITTER,
  WEBSOCKET_URL_VALID_TIME_MS,
} from './constants';
import {
  MSG_ALREADY_INITIALIZED,
  MSG_CALLBACK_ERROR,
  MSG_CB_MUST_BE_FUNCTION,
  MSG_CLOSED,
  MSG_CLOSING_PRIMARY,
  MSG_DUPLICATE,
  MSG_ERROR_EVENT,
  MSG_ESTABLISHED,
  MSG_FETCHING,
  MSG_FETCH_FAILED,
  MSG_FETCH_IN_FLIGHT,
  MSG_HEARTBEAT_MISSED,
  MSG_HEARTBEAT_NOT_OPEN,
  MSG_INIT_ABORTED_FAILED,
  MSG_INIT_ABORTED_OFFLINE,
  MSG_INIT_FAILED_IGNORING_FETCH,
  MSG_INIT_SOCKET_FAILED,
  MSG_INVALID_CONFIG,
  MSG_INVALID_MESSAGE,
  MSG_INVALID_TOPIC,
  MSG_LOST_IGNORED,
  MSG_MESSAGE_ERROR,
  MSG_NEITHER_OPEN,
  MSG_NETWORK_OFFLINE,
  MSG_NETWORK_ONLINE,
  MSG_NOT_OPEN,
  MSG_NO_LISTENER,
  MSG_OFFLINE_IGNORING_FETCH,
  MSG_PAYLOAD_NOT_OBJECT,
  MSG_SCHEDULING,
  MSG_SUBSCRIBE_EXHAUSTED,
  MSG_SUBSCRIBE_NOT_OPEN,
  MSG_TERMINATE_REASON,
  MSG_TERMINATING,
  MSG_TOPICS_MUST_BE_ARRAY,
  MSG_TRANSPORT_MUST_BE_FUNCTION,
  MSG_URL_EXPIRED,
  MSG_USER_CLOSE,
} from './messages';
import { RetryProvider } from './retry-provider';
import type {
  ConnectionClosePayload,
  InitFailurePayload,
  SubscriptionResponse,
  WebSocketConnectionConfig,
  WebSocketConstructor,
  WebSocketInitResult,
  WebSocketLike,
  WebSocketManager,
  WebSocketManagerEventMap,
  WebSocketManagerEventName,
  WebSocketManagerOptions,
  WebSocketManagerState,
  WebSocketManagerTimers,
  WebSocketTopicMessage,
  WebSocketTransportFunction,
} from './types';
import { isNetworkFailure, isValidWebSocketConnectionConfig } from './validate';

// readyState values (the constructor's statics are not relied on: injected ones may lack them).
const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

const RESERVED_TOPICS = new Set([
  SUBSCRIBE_TOPIC,
  UNSUBSCRIBE_TOPIC,
  HEARTBEAT_TOPIC,
  DEEP_HEARTBEAT_TOPIC,
]);

type Socket = WebSocketLike | null;
type Frame = Record<string, unknown> & { content?: { status?: unknown; topics?: unknown } };

/**
 * The handlers of one event or topic. Calls go over the list as it was when the call began (a
 * handler may subscribe or unsubscribe others while being called, and that takes effect from the
 * next message), as a copy per call would give, but the copy is made once per change instead of
 * once per message.
 */
class HandlerList<T> {
  private readonly members = new Set<(payload: T) => void>();
  /** Frozen copy of `members`, replaced (never changed) on each change. */
  calls: readonly ((payload: T) => void)[] = [];
  get size(): number {
    return this.members.size;
  }
  add(handler: (payload: T) => void): void {
    if (this.members.has(handler)) return;
    this.members.add(handler);
    this.calls = [...this.members];
  }
  delete(handler: (payload: T) => void): void {
    if (this.members.delete(handler)) this.calls = [...this.members];
  }
}

const FAILED: WebSocketInitResult = { webSocketConnectionFailed: true };
const STARTED: WebSocketInitResult = { webSocketConnectionFailed: false };

const assertFunction = (value: unknown, message: string = MSG_CB_MUST_BE_FUNCTION): void => {
  if (typeof value !== 'function') throw new TypeError(message);
};

const frame = (topic: string, content?: unknown): string => JSON.stringify({ topic, content });

/**
 * Creates a web-socket manager. Nothing
 * starts before `init`; every dependency (WebSocket, clock, timers, network check, logger) can be
 * injected.
 *
 * @example
 * ```ts
 * const manager = createWebSocketManager({ logger: console });
 * manager.onMessage('aws/chat', (message) => render(message.content));
 * manager.subscribeTopics(['aws/chat']);
 * await manager.init(() => fetchTransport());
 * ```
 * @public
 */
export function createWebSocketManager(options: WebSocketManagerOptions = {}): WebSocketManager {
  const timers: WebSocketManagerTimers = options.timers ?? globalThis;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const isOnline =
    options.isOnline ??
    (() =>
      typeof navigator === 'undefined' || (navigator as { onLine?: boolean }).onLine !== false);
  const logger = options.logger;
  const logLevel = options.logLevel ?? LogLevel.INFO;
  const advancedWriter = options.advancedLogWriter ?? 'warn';

  const log = (level: LogLevel, message: string, ...data: unknown[]): void => {
    if (!logger || level < logLevel) return;
    const method =
      level === LogLevel.ADVANCED_LOG
        ? advancedWriter
        : level === LogLevel.ERROR
          ? 'error'
          : level === LogLevel.WARN
            ? 'warn'
            : level === LogLevel.INFO
              ? 'info'
              : 'debug';
    try {
      logger[method](`${LOG_PREFIX} ${message}`, ...data);
    } catch {
      // A broken logger must not break the socket.
    }
  };
  const debug = (message: string, ...data: unknown[]) => log(LogLevel.DEBUG, message, ...data);
  const info = (message: string, ...data: unknown[]) => log(LogLevel.INFO, message, ...data);
  const warn = (message: string, ...data: unknown[]) => log(LogLevel.WARN, message, ...data);
  const advanced = (message: string, ...data: unknown[]) =>
    log(LogLevel.ADVANCED_LOG, message, ...data);

  // Sockets: during a handover the secondary is the default one.
  let primary: Socket = null;
  let secondary: Socket = null;
  const openTimestamps = new WeakMap<WebSocketLike, number>();

  // Reconnect configuration.
  let reconnectWebSocket = true;
  let initFailed = false;
  let backoff = WEBSOCKET_REINIT_BASE_BACKOFF_MS;
  let backoffTimer: unknown;
  let lifetimeTimer: unknown;
  let initCheckTimer: unknown;
  let connState: 'connected' | 'disconnected' | null = null;
  let state: WebSocketManagerState = 'idle';

  // Metrics.
  let retryCount = 0;
  let attemptStart: number | null = null;
  let noOpenSince: number | null = null;

  // Heartbeat.
  let heartbeatPending = false;
  let heartbeatTimer: unknown;

  // Handlers.
  const handlers = new Map<string, HandlerList<unknown>>();
  const topicHandlers = new Map<string, HandlerList<WebSocketTopicMessage>>();
  let lastInitFailure: InitFailurePayload | undefined;
  let lastLost: ConnectionClosePayload | undefined;

  // Configuration fetch.
  let transport: WebSocketTransportFunction | null = null;
  let initPromise: Promise<WebSocketInitResult> | undefined;
  let config: (WebSocketConnectionConfig & { urlConnValidTime: number }) | null = null;
  let fetchCompleted = true;

  // Subscriptions.
  const subscribed = new Set<string>();
  const pending = new Set<string>();
  const history = new Set<string>();
  let responseCheckTimer: unknown;
  let requestCompleted = true;
  let resubscribeTimer: unknown;
  let failedAttempts = 0;
  let noResponseCount = 0;

  // Network.
  let online = true;
  let networkTimer: unknown;

  const retryProvider = new RetryProvider(() => void fetchConfig(), timers);

  const setState = (next: WebSocketManagerState): void => {
    if (state === next || state === 'terminated') return;
    state = next;
    emit('stateChange', next);
  };

  function emit<K extends WebSocketManagerEventName>(
    event: K,
    payload: WebSocketManagerEventMap[K],
  ): void {
    invoke(handlers.get(event) as HandlerList<typeof payload> | undefined, payload);
  }

  function invoke<T>(list: HandlerList<T> | undefined, payload: T): void {
    if (!list) return;
    // The list as it was when this call began (see HandlerList).
    const calls = list.calls;
    for (let i = 0; i < calls.length; i++) {
      try {
        calls[i]!(payload);
      } catch (error) {
        log(LogLevel.ERROR, MSG_CALLBACK_ERROR, error);
      }
    }
  }

  const add = <T>(list: HandlerList<T>, handler: (payload: T) => void): (() => void) => {
    assertFunction(handler);
    list.add(handler);
    return () => list.delete(handler);
  };

  const on = <K extends WebSocketManagerEventName>(
    event: K,
    handler: (payload: WebSocketManagerEventMap[K]) => void,
  ): (() => void) => {
    let list = handlers.get(event);
    if (!list) handlers.set(event, (list = new HandlerList()));
    return add(list as unknown as HandlerList<WebSocketManagerEventMap[K]>, handler);
  };

  const is = (ws: Socket, readyState: number): boolean => !!ws && ws.readyState === readyState;
  const isOpen = (ws: Socket): boolean => is(ws, OPEN);
  const isClosed = (ws: Socket): boolean => !ws || ws.readyState === undefined || is(ws, CLOSED);
  const defaultSocket = (): Socket => secondary ?? primary;
  const isDefaultOpen = (): boolean => isOpen(defaultSocket());

  const closeSocket = (ws: Socket, reason: string): void => {
    if (ws && (is(ws, CONNECTING) || is(ws, OPEN))) ws.close(NORMAL_CLOSURE_CODE, reason);
  };
  const closeBoth = (reason: string): void => {
    closeSocket(primary, `[Primary] WebSocket ${reason}`);
    closeSocket(secondary, `[Secondary] WebSocket ${reason}`);
  };

  const resetState = (): void => {
    backoff = WEBSOCKET_REINIT_BASE_BACKOFF_MS;
    heartbeatPending = false;
    reconnectWebSocket = true;
    timers.clearTimeout(lifetimeTimer);
    timers.clearInterval(heartbeatTimer);
    timers.clearTimeout(backoffTimer);
    timers.clearTimeout(initCheckTimer);
  };

  const resetSubscriptions = (): void => {
    failedAttempts = 0;
    noResponseCount = 0;
    timers.clearInterval(responseCheckTimer);
    timers.clearInterval(resubscribeTimer);
  };

  const resetMetrics = (): void => {
    retryCount = 0;
    attemptStart = null;
    noOpenSince = null;
  };

  const sendHeartbeat = (): void => {
    if (heartbeatPending) {
      // Missed heartbeat: reconnect.
      advanced(MSG_HEARTBEAT_MISSED);
      timers.clearInterval(heartbeatTimer);
      heartbeatPending = false;
      void fetchConfig();
      return;
    }
    const ws = defaultSocket();
    if (ws && isOpen(ws)) {
      ws.send(frame(HEARTBEAT_TOPIC));
      if (options.deepHeartbeat !== false) ws.send(frame(DEEP_HEARTBEAT_TOPIC));
      heartbeatPending = true;
    } else {
      warn(MSG_HEARTBEAT_NOT_OPEN);
      void fetchConfig();
    }
  };

  const subscribePending = (): void => {
    if (noResponseCount > MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE) {
      warn(MSG_SUBSCRIBE_EXHAUSTED);
      timers.clearInterval(responseCheckTimer);
      const failure: SubscriptionResponse = {
        topic: SUBSCRIBE_TOPIC,
        content: { status: 'failure', topics: [...pending] },
      };
      emit('subscriptionFailure', failure);
      return;
    }
    const ws = defaultSocket();
    if (!ws || !isOpen(ws)) {
      warn(MSG_SUBSCRIBE_NOT_OPEN);
      return;
    }
    if (pending.size === 0) return;
    timers.clearInterval(responseCheckTimer);
    ws.send(frame(SUBSCRIBE_TOPIC, { topics: [...pending] }));
    requestCompleted = false;
    responseCheckTimer = timers.setInterval(() => {
      if (!requestCompleted) {
        noResponseCount++;
        subscribePending();
      }
    }, MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS);
  };

  const terminate = (reason: string): void => {
    resetState();
    resetSubscriptions();
    advanced(MSG_TERMINATING, reason);
    initFailed = true;
    closeBoth(MSG_TERMINATE_REASON);
    timers.clearInterval(networkTimer);
    lastInitFailure = {
      connectWebSocketRetryCount: retryCount,
      connectionAttemptStartTime: attemptStart,
      reason,
    };
    setState('terminated');
    emit('initFailure', lastInitFailure);
    resetMetrics();
  };

  const retryInitialization = (): void => {
    retryCount++;
    const sign = random() > 0.5 ? 1 : -1;
    const wait = Math.floor(backoff + sign * backoff * random() * WEBSOCKET_REINIT_JITTER);
    if (config && now() + wait <= config.urlConnValidTime) {
      debug(MSG_SCHEDULING + wait + ' ms');
      backoffTimer = timers.setTimeout(initWebSocket, wait);
      backoff *= 2;
    } else {
      warn(MSG_URL_EXPIRED);
      void fetchConfig();
    }
  };

  function fetchConfig(): Promise<WebSocketInitResult> {
    if (!isOnline()) {
      info(MSG_OFFLINE_IGNORING_FETCH);
      return Promise.resolve(FAILED);
    }
    if (initFailed || !transport) {
      debug(MSG_INIT_FAILED_IGNORING_FETCH);
      return Promise.resolve(FAILED);
    }
    if (!fetchCompleted) {
      debug(MSG_FETCH_IN_FLIGHT);
      return Promise.resolve(FAILED);
    }
    resetState();
    info(MSG_FETCHING);
    attemptStart = attemptStart ?? now();
    fetchCompleted = false;
    const fetch = transport;
    return new Promise<unknown>((resolve) => resolve(fetch())).then(
      (answer) => {
        fetchCompleted = true;
        if (initFailed) return FAILED;
        if (!isValidWebSocketConnectionConfig(answer)) {
          log(LogLevel.ERROR, MSG_INVALID_CONFIG, answer);
          terminate(MSG_INVALID_CONFIG + JSON.stringify(answer));
          return FAILED;
        }
        config = { ...answer, urlConnValidTime: now() + WEBSOCKET_URL_VALID_TIME_MS };
        return initWebSocket();
      },
      (error: unknown) => {
        fetchCompleted = true;
        log(LogLevel.ERROR, MSG_FETCH_FAILED, error);
        if (isNetworkFailure(error)) retryProvider.retry();
        else terminate(`${MSG_FETCH_FAILED}: ${JSON.stringify(error)}`);
        return FAILED;
      },
    );
  }

  function initWebSocket(): WebSocketInitResult {
    if (initFailed) {
      info(MSG_INIT_ABORTED_FAILED);
      return FAILED;
    }
    if (!isOnline()) {
      warn(MSG_INIT_ABORTED_OFFLINE);
      return FAILED;
    }
    if (!config) return FAILED;
    try {
      let ws: WebSocketLike;
      if (isOpen(primary)) {
        // Handover: open a secondary beside the open primary.
        if (!secondary || !is(secondary, CONNECTING)) {
          retryProvider.numAttempts = 0;
          secondary = openSocket(config.webSocketTransport.url);
        }
        ws = secondary;
      } else {
        if (!primary || !is(primary, CONNECTING))
          primary = openSocket(config.webSocketTransport.url);
        ws = primary;
      }
      initCheckTimer = timers.setTimeout(() => {
        if (!isOpen(ws)) retryInitialization();
      }, WEBSOCKET_INIT_CHECK_MS);
      return STARTED;
    } catch (error) {
      terminate(MSG_INIT_SOCKET_FAILED + (error instanceof Error ? error.message : String(error)));
      return FAILED;
    }
  }

  function openSocket(url: string): WebSocketLike {
    const Ctor = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
    const ws = new Ctor(url);
    ws.addEventListener('open', () => onOpen());
    ws.addEventListener('message', (event: MessageEvent) => onFrame(ws, event.data));
    ws.addEventListener('error', (event: Event) => onError(event));
    ws.addEventListener('close', (event: CloseEvent) => onClose(ws, event));
    return ws;
  }

  function onOpen(): void {
    retryProvider.connected();
    advanced(MSG_ESTABLISHED);
    if (connState !== 'connected') emit('connectionGain', undefined);
    connState = 'connected';
    setState('open');
    const established = now();
    emit('connectionOpen', {
      connectWebSocketRetryCount: retryCount,
      connectionAttemptStartTime: attemptStart,
      noOpenConnectionsTimestamp: noOpenSince,
      connectionEstablishedTime: established,
      timeToConnect: established - (attemptStart ?? established),
      timeWithoutConnection: noOpenSince === null ? null : established - noOpenSince,
    });
    resetMetrics();
    resetState();
    const ws = defaultSocket();
    if (ws) openTimestamps.set(ws, now());
    if (subscribed.size === 0 && isOpen(secondary)) closeSocket(primary, MSG_CLOSING_PRIMARY);
    if (subscribed.size > 0 || pending.size > 0) {
      // Move every subscribed topic to pending, and resubscribe on the default socket.
      for (const topic of subscribed) {
        history.add(topic);
        pending.add(topic);
      }
      subscribed.clear();
      subscribePending();
    }
    sendHeartbeat();
    heartbeatTimer = timers.setInterval(sendHeartbeat, HEARTBEAT_INTERVAL_MS);
    if (config)
      lifetimeTimer = timers.setTimeout(
        () => void fetchConfig(),
        config.webSocketTransport.transportLifeTimeInSeconds * 1000,
      );
  }

  function onError(event: unknown): void {
    log(LogLevel.ERROR, MSG_ERROR_EVENT, event);
    if (retryProvider.numAttempts === 0) void fetchConfig();
    else retryProvider.retry();
  }

  function onClose(ws: WebSocketLike, event: CloseEvent): void {
    advanced(MSG_CLOSED, event.code, event.reason);
    const closedAt = now();
    const openedAt = openTimestamps.get(ws);
    const payload: ConnectionClosePayload = {
      openTimestamp: openedAt,
      closeTimestamp: closedAt,
      connectionDuration: closedAt - (openedAt ?? NaN),
      code: event.code,
      reason: event.reason,
      wasClean: event.wasClean,
    };
    emit('connectionClose', payload);
    if (isClosed(primary)) primary = null;
    if (isClosed(secondary)) secondary = null;
    if (!reconnectWebSocket) return;
    if (!isOpen(primary) && !isOpen(secondary)) {
      warn(MSG_NEITHER_OPEN);
      if (connState === 'disconnected') info(MSG_LOST_IGNORED);
      else {
        lastLost = payload;
        emit('connectionLost', payload);
        noOpenSince = now();
      }
      connState = 'disconnected';
      setState('lost');
      void fetchConfig();
    } else if (!primary && isOpen(secondary)) {
      // The old primary closed after a handover: promote the secondary.
      primary = secondary;
      secondary = null;
    }
  }

  function onFrame(ws: WebSocketLike, data: unknown): void {
    // As browsers do, frames arriving after close() was called are not delivered.
    if (!isOpen(ws)) return;
    let message: Frame;
    try {
      message = JSON.parse(String(data)) as Frame;
      if (typeof message !== 'object' || message === null) throw new TypeError();
    } catch {
      warn(MSG_INVALID_MESSAGE, data);
      return;
    }
    const topic = message.topic;
    if (topic === SUBSCRIBE_TOPIC) onSubscribeResponse(message);
    else if (topic === HEARTBEAT_TOPIC) heartbeatPending = false;
    else if (topic === DEEP_HEARTBEAT_TOPIC) {
      const timestamp = now();
      if (message.statusCode === 200) emit('deepHeartbeatSuccess', { timestamp });
      else
        emit('deepHeartbeatFailure', {
          timestamp,
          statusCode: message.statusCode,
          statusContent: message.statusContent,
        });
    } else if (typeof topic === 'string' && topic) {
      if (isOpen(primary) && isOpen(secondary) && history.size === 0 && ws === primary) {
        // Both sockets are subscribed during the handover: the secondary's copy is the one kept.
        warn(MSG_DUPLICATE + topic);
        return;
      }
      const forTopic = topicHandlers.get(topic);
      if (!handlers.get('allMessage')?.size && !forTopic?.size) {
        warn(MSG_NO_LISTENER, topic);
        return;
      }
      const topicMessage = message as WebSocketTopicMessage;
      emit('allMessage', topicMessage);
      invoke(forTopic, topicMessage);
    } else if (message.message) {
      warn(MSG_MESSAGE_ERROR, message);
      emit('topicFailure', {
        timestamp: now(),
        errorMessage: message.message,
        connectionId: message.connectionId,
        requestId: message.requestId,
      });
    } else warn(MSG_INVALID_MESSAGE, message);
  }

  function onSubscribeResponse(message: Frame): void {
    requestCompleted = true;
    noResponseCount = 0;
    const content = message.content;
    const topics = Array.isArray(content?.topics) ? (content.topics as string[]) : [];
    const response: SubscriptionResponse = {
      topic: SUBSCRIBE_TOPIC,
      content: { status: content?.status === 'success' ? 'success' : 'failure', topics },
    };
    if (response.content.status === 'success') {
      failedAttempts = 0;
      timers.clearInterval(resubscribeTimer);
      for (const topic of topics) {
        history.delete(topic);
        pending.delete(topic);
        subscribed.add(topic);
      }
      if (history.size === 0) {
        // Handover complete: the secondary has every topic; close the old primary.
        if (isOpen(secondary)) closeSocket(primary, MSG_CLOSING_PRIMARY);
      } else subscribePending();
      emit('subscriptionUpdate', message as unknown as SubscriptionResponse);
      return;
    }
    timers.clearInterval(resubscribeTimer);
    if (++failedAttempts === MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS) {
      failedAttempts = 0;
      emit('subscriptionFailure', message as unknown as SubscriptionResponse);
      return;
    }
    resubscribeTimer = timers.setInterval(subscribePending, TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS);
  }

  const checkNetwork = (): void => {
    const current = isOnline();
    if (current === online) return;
    online = current;
    if (!online) {
      advanced(MSG_NETWORK_OFFLINE);
      return;
    }
    const ws = defaultSocket();
    if (!ws || is(ws, CLOSING) || is(ws, CLOSED)) {
      advanced(MSG_NETWORK_ONLINE);
      void fetchConfig();
    }
  };

  const manager: WebSocketManager = {
    get state() {
      return state;
    },
    init(handle) {
      assertFunction(handle, MSG_TRANSPORT_MUST_BE_FUNCTION);
      if (initPromise) {
        warn(MSG_ALREADY_INITIALIZED);
        return initPromise;
      }
      transport = handle;
      online = isOnline();
      networkTimer = timers.setInterval(checkNetwork, NETWORK_CONN_CHECK_INTERVAL_MS);
      setState('connecting');
      return (initPromise = fetchConfig());
    },
    subscribeTopics(topics) {
      if (!Array.isArray(topics)) throw new TypeError(MSG_TOPICS_MUST_BE_ARRAY);
      for (const topic of topics as readonly string[])
        if (!subscribed.has(topic)) pending.add(topic);
      noResponseCount = 0;
      subscribePending();
    },
    onMessage(topic, handler) {
      if (typeof topic !== 'string') throw new TypeError('topicName must be provided');
      let list = topicHandlers.get(topic);
      if (!list) topicHandlers.set(topic, (list = new HandlerList()));
      return add(list, handler);
    },
    onAllMessage: (handler) => on('allMessage', handler),
    sendMessage(payload) {
      if (typeof payload !== 'object' || payload === null)
        throw new TypeError(MSG_PAYLOAD_NOT_OBJECT);
      if (typeof payload.topic !== 'string' || RESERVED_TOPICS.has(payload.topic)) {
        warn(MSG_INVALID_TOPIC, payload);
        return false;
      }
      let text: string;
      try {
        text = JSON.stringify(payload);
      } catch {
        warn(MSG_INVALID_TOPIC, payload);
        return false;
      }
      const ws = defaultSocket();
      if (!ws || !isOpen(ws)) {
        warn(MSG_NOT_OPEN);
        return false;
      }
      ws.send(text);
      return true;
    },
    onConnectionGain(handler) {
      const off = on('connectionGain', handler);
      if (isDefaultOpen()) handler(undefined);
      return off;
    },
    onConnectionLost(handler) {
      const off = on('connectionLost', handler);
      if (connState === 'disconnected') handler(lastLost);
      return off;
    },
    onInitFailure(handler) {
      const off = on('initFailure', handler);
      if (lastInitFailure) handler(lastInitFailure);
      return off;
    },
    onConnectionOpen: (handler) => on('connectionOpen', handler),
    onConnectionClose: (handler) => on('connectionClose', handler),
    onSubscriptionUpdate: (handler) => on('subscriptionUpdate', handler),
    onSubscriptionFailure: (handler) => on('subscriptionFailure', handler),
    onDeepHeartbeatSuccess: (handler) => on('deepHeartbeatSuccess', handler),
    onDeepHeartbeatFailure: (handler) => on('deepHeartbeatFailure', handler),
    onTopicFailure: (handler) => on('topicFailure', handler),
    onStateChange: (handler) => on('stateChange', handler),
    on,
    closeWebSocket() {
      resetState();
      resetSubscriptions();
      reconnectWebSocket = false;
      timers.clearInterval(networkTimer);
      setState('closed');
      closeBoth(MSG_USER_CLOSE);
    },
    terminate,
    terminateWebSocketManager: terminate,
  };
  return manager;
}
