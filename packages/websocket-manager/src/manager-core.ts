import {
  DEEP_HEARTBEAT_TOPIC,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_TOPIC,
  NETWORK_CONN_CHECK_INTERVAL_MS,
  SUBSCRIBE_TOPIC,
  WEBSOCKET_INIT_CHECK_MS,
  WEBSOCKET_REINIT_BASE_BACKOFF_MS,
  WEBSOCKET_REINIT_JITTER,
  WEBSOCKET_URL_VALID_TIME_MS,
} from './constants';
import { lifecycleRow, mayConnect, type LifecycleDuty, type LifecycleEvent } from './lifecycle';
import { ManagerEvents } from './manager-events';
import { createManagerLog, type ManagerLog } from './manager-log';
import * as M from './messages';
import { RetryProvider } from './retry-provider';
import { CLOSED, CLOSING, CONNECTING, SocketPair, closeSocket, is, isOpen } from './socket-pair';
import { TopicSubscriptions, frame, type Frame } from './subscriptions';
import type {
  ConnectionClosePayload,
  InitFailurePayload,
  WebSocketConnectionConfig,
  WebSocketConstructor,
  WebSocketInitResult,
  WebSocketLike,
  WebSocketManagerOptions,
  WebSocketManagerState,
  WebSocketManagerTimers,
  WebSocketTopicMessage,
  WebSocketTransportFunction,
} from './types';
import { isNetworkFailure, isValidWebSocketConnectionConfig } from './validate';

export const FAILED: WebSocketInitResult = { webSocketConnectionFailed: true };
const STARTED: WebSocketInitResult = { webSocketConnectionFailed: false };

/**
 * The working part of a web-socket manager: fetching the connection configuration, opening the
 * sockets (with back-off, handover and heartbeat), reading their frames, and the lifecycle, which
 * moves only through the table in lifecycle.ts.
 * @internal
 */
export class ManagerCore {
  state: WebSocketManagerState = 'idle';
  readonly log: ManagerLog;
  readonly events: ManagerEvents;
  readonly sockets = new SocketPair();
  readonly subscriptions: TopicSubscriptions;
  /** Whether the link was last seen up or down (replayed to late `onConnectionLost` handlers). */
  link: 'connected' | 'disconnected' | null = null;
  lastInitFailure: InitFailurePayload | undefined;
  lastLost: ConnectionClosePayload | undefined;
  transport: WebSocketTransportFunction | null = null;
  online = true;

  private readonly timers: WebSocketManagerTimers;
  private readonly now: () => number;
  private readonly random: () => number;
  readonly isOnline: () => boolean;
  private readonly retryProvider: RetryProvider;
  private backoff = WEBSOCKET_REINIT_BASE_BACKOFF_MS;
  private backoffTimer: unknown;
  private lifetimeTimer: unknown;
  private initCheckTimer: unknown;
  private networkTimer: unknown;
  private heartbeatPending = false;
  private heartbeatTimer: unknown;
  private config: (WebSocketConnectionConfig & { urlConnValidTime: number }) | null = null;
  private fetchCompleted = true;
  /** The promise of the fetch a lifecycle duty started last (`init` answers it). */
  private lastFetch: Promise<WebSocketInitResult> | undefined;
  private terminateReason = '';
  // Metrics of the current connection attempt.
  private retryCount = 0;
  private attemptStart: number | null = null;
  private noOpenSince: number | null = null;

  constructor(private readonly options: WebSocketManagerOptions) {
    this.timers = options.timers ?? globalThis;
    this.now = options.now ?? (() => Date.now());
    this.random = options.random ?? Math.random;
    this.isOnline =
      options.isOnline ??
      (() =>
        typeof navigator === 'undefined' || (navigator as { onLine?: boolean }).onLine !== false);
    this.log = createManagerLog(options);
    this.events = new ManagerEvents(this.log);
    this.subscriptions = new TopicSubscriptions(this.sockets, this.events, this.timers, this.log);
    this.retryProvider = new RetryProvider(() => void this.fetchConfig(), this.timers);
  }

  /** Takes `event` through the lifecycle table: the new state (announced), then the row's duties. */
  move(event: LifecycleEvent): boolean {
    const row = lifecycleRow(this.state, event);
    if (!row) return false;
    if (row.to !== this.state) {
      this.state = row.to;
      this.events.emit('stateChange', row.to);
    }
    for (const duty of row.duties) this.perform(duty);
    return true;
  }

  /** `init(transport)`: the first fetch; its promise is the one `init` answers. */
  init(transport: WebSocketTransportFunction): Promise<WebSocketInitResult> {
    this.transport = transport;
    this.online = this.isOnline();
    this.lastFetch = undefined;
    if (this.move('init') && this.lastFetch) return this.lastFetch;
    return this.fetchConfig();
  }

  /** `terminate(reason)`: stops for good and reports the failure. */
  terminate(reason: string): void {
    this.log.advanced(M.MSG_TERMINATING, reason);
    this.terminateReason = reason;
    this.move('terminate');
  }

  private perform(duty: LifecycleDuty): void {
    switch (duty) {
      case 'watchNetwork':
        this.networkTimer = this.timers.setInterval(
          this.checkNetwork,
          NETWORK_CONN_CHECK_INTERVAL_MS,
        );
        return;
      case 'fetchConfig':
        this.lastFetch = this.fetchConfig();
        return;
      case 'reportOpen':
        return this.reportOpen();
      case 'settle':
        return this.settle();
      case 'resubscribe':
        return this.subscriptions.resubscribe();
      case 'startHeartbeat':
        this.sendHeartbeat();
        this.heartbeatTimer = this.timers.setInterval(this.sendHeartbeat, HEARTBEAT_INTERVAL_MS);
        return;
      case 'scheduleRefresh':
        if (this.config)
          this.lifetimeTimer = this.timers.setTimeout(
            () => void this.fetchConfig(),
            this.config.webSocketTransport.transportLifeTimeInSeconds * 1000,
          );
        return;
      case 'stopTimers':
        this.resetTimers();
        this.subscriptions.reset();
        return;
      case 'stopNetworkWatch':
        this.timers.clearInterval(this.networkTimer);
        return;
      case 'closeSockets':
        this.sockets.closeBoth(
          this.state === 'terminated' ? M.MSG_TERMINATE_REASON : M.MSG_USER_CLOSE,
        );
        return;
      case 'reportInitFailure':
        return this.reportInitFailure();
    }
  }

  private reportOpen(): void {
    const established = this.now();
    this.events.emit('connectionOpen', {
      connectWebSocketRetryCount: this.retryCount,
      connectionAttemptStartTime: this.attemptStart,
      noOpenConnectionsTimestamp: this.noOpenSince,
      connectionEstablishedTime: established,
      timeToConnect: established - (this.attemptStart ?? established),
      timeWithoutConnection: this.noOpenSince === null ? null : established - this.noOpenSince,
    });
    this.resetMetrics();
  }

  private settle(): void {
    this.resetTimers();
    const ws = this.sockets.default;
    if (ws) this.sockets.openedAt.set(ws, this.now());
    if (this.subscriptions.subscribed.size === 0 && isOpen(this.sockets.secondary))
      closeSocket(this.sockets.primary, M.MSG_CLOSING_PRIMARY);
  }

  private reportInitFailure(): void {
    this.lastInitFailure = {
      connectWebSocketRetryCount: this.retryCount,
      connectionAttemptStartTime: this.attemptStart,
      reason: this.terminateReason,
    };
    this.events.emit('initFailure', this.lastInitFailure);
    this.resetMetrics();
  }

  private resetTimers(): void {
    this.backoff = WEBSOCKET_REINIT_BASE_BACKOFF_MS;
    this.heartbeatPending = false;
    this.timers.clearTimeout(this.lifetimeTimer);
    this.timers.clearInterval(this.heartbeatTimer);
    this.timers.clearTimeout(this.backoffTimer);
    this.timers.clearTimeout(this.initCheckTimer);
  }

  private resetMetrics(): void {
    this.retryCount = 0;
    this.attemptStart = null;
    this.noOpenSince = null;
  }

  private readonly sendHeartbeat = (): void => {
    if (this.heartbeatPending) {
      // Missed heartbeat: reconnect.
      this.log.advanced(M.MSG_HEARTBEAT_MISSED);
      this.timers.clearInterval(this.heartbeatTimer);
      this.heartbeatPending = false;
      void this.fetchConfig();
      return;
    }
    const ws = this.sockets.default;
    if (ws && isOpen(ws)) {
      ws.send(frame(HEARTBEAT_TOPIC));
      if (this.options.deepHeartbeat !== false) ws.send(frame(DEEP_HEARTBEAT_TOPIC));
      this.heartbeatPending = true;
    } else {
      this.log.warn(M.MSG_HEARTBEAT_NOT_OPEN);
      void this.fetchConfig();
    }
  };

  private retryInitialization(): void {
    this.retryCount++;
    const sign = this.random() > 0.5 ? 1 : -1;
    const wait = Math.floor(
      this.backoff + sign * this.backoff * this.random() * WEBSOCKET_REINIT_JITTER,
    );
    if (this.config && this.now() + wait <= this.config.urlConnValidTime) {
      this.log.debug(M.MSG_SCHEDULING + wait + ' ms');
      this.backoffTimer = this.timers.setTimeout(this.initWebSocket, wait);
      this.backoff *= 2;
    } else {
      this.log.warn(M.MSG_URL_EXPIRED);
      void this.fetchConfig();
    }
  }

  /** Fetches a fresh configuration, then opens a socket; refused offline, in flight or stopped. */
  fetchConfig = (): Promise<WebSocketInitResult> => {
    if (!this.isOnline()) {
      this.log.info(M.MSG_OFFLINE_IGNORING_FETCH);
      return Promise.resolve(FAILED);
    }
    if (!mayConnect(this.state) || !this.transport) {
      this.log.debug(M.MSG_INIT_FAILED_IGNORING_FETCH);
      return Promise.resolve(FAILED);
    }
    if (!this.fetchCompleted) {
      this.log.debug(M.MSG_FETCH_IN_FLIGHT);
      return Promise.resolve(FAILED);
    }
    this.resetTimers();
    this.log.info(M.MSG_FETCHING);
    this.attemptStart = this.attemptStart ?? this.now();
    this.fetchCompleted = false;
    const fetch = this.transport;
    return new Promise<unknown>((resolve) => resolve(fetch())).then(
      (answer) => this.configured(answer),
      (error: unknown) => {
        this.fetchCompleted = true;
        this.log.error(M.MSG_FETCH_FAILED, error);
        if (isNetworkFailure(error)) this.retryProvider.retry();
        else this.terminate(`${M.MSG_FETCH_FAILED}: ${JSON.stringify(error)}`);
        return FAILED;
      },
    );
  };

  private configured(answer: unknown): WebSocketInitResult {
    this.fetchCompleted = true;
    if (!mayConnect(this.state)) return FAILED;
    if (!isValidWebSocketConnectionConfig(answer)) {
      this.log.error(M.MSG_INVALID_CONFIG, answer);
      this.terminate(M.MSG_INVALID_CONFIG + JSON.stringify(answer));
      return FAILED;
    }
    this.config = { ...answer, urlConnValidTime: this.now() + WEBSOCKET_URL_VALID_TIME_MS };
    return this.initWebSocket();
  }

  private readonly initWebSocket = (): WebSocketInitResult => {
    if (!mayConnect(this.state)) {
      this.log.info(M.MSG_INIT_ABORTED_FAILED);
      return FAILED;
    }
    if (!this.isOnline()) {
      this.log.warn(M.MSG_INIT_ABORTED_OFFLINE);
      return FAILED;
    }
    if (!this.config) return FAILED;
    try {
      const ws = this.openOrHandOver(this.config.webSocketTransport.url);
      this.initCheckTimer = this.timers.setTimeout(() => {
        if (!isOpen(ws)) this.retryInitialization();
      }, WEBSOCKET_INIT_CHECK_MS);
      return STARTED;
    } catch (error) {
      this.terminate(
        M.MSG_INIT_SOCKET_FAILED + (error instanceof Error ? error.message : String(error)),
      );
      return FAILED;
    }
  };

  /** The socket being opened: a secondary beside an open primary (handover), else the primary. */
  private openOrHandOver(url: string): WebSocketLike {
    const sockets = this.sockets;
    if (isOpen(sockets.primary)) {
      if (!sockets.secondary || !is(sockets.secondary, CONNECTING)) {
        this.retryProvider.numAttempts = 0;
        sockets.secondary = this.openSocket(url);
      }
      return sockets.secondary;
    }
    if (!sockets.primary || !is(sockets.primary, CONNECTING))
      sockets.primary = this.openSocket(url);
    return sockets.primary;
  }

  private openSocket(url: string): WebSocketLike {
    const Ctor =
      this.options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
    const ws = new Ctor(url);
    ws.addEventListener('open', () => this.onOpen());
    ws.addEventListener('message', (event: MessageEvent) => this.onFrame(ws, event.data));
    ws.addEventListener('error', (event: Event) => this.onError(event));
    ws.addEventListener('close', (event: CloseEvent) => this.onClose(ws, event));
    return ws;
  }

  private onOpen(): void {
    this.retryProvider.connected();
    this.log.advanced(M.MSG_ESTABLISHED);
    if (this.link !== 'connected') this.events.emit('connectionGain', undefined);
    this.link = 'connected';
    this.move('socketOpen');
  }

  private onError(event: unknown): void {
    this.log.error(M.MSG_ERROR_EVENT, event);
    if (this.retryProvider.numAttempts === 0) void this.fetchConfig();
    else this.retryProvider.retry();
  }

  private onClose(ws: WebSocketLike, event: CloseEvent): void {
    this.log.advanced(M.MSG_CLOSED, event.code, event.reason);
    const closedAt = this.now();
    const openedAt = this.sockets.openedAt.get(ws);
    const payload: ConnectionClosePayload = {
      openTimestamp: openedAt,
      closeTimestamp: closedAt,
      connectionDuration: closedAt - (openedAt ?? NaN),
      code: event.code,
      reason: event.reason,
      wasClean: event.wasClean,
    };
    this.events.emit('connectionClose', payload);
    const sockets = this.sockets;
    sockets.dropClosed();
    if (!mayConnect(this.state)) return;
    if (!isOpen(sockets.primary) && !isOpen(sockets.secondary)) {
      this.log.warn(M.MSG_NEITHER_OPEN);
      if (this.link === 'disconnected') this.log.info(M.MSG_LOST_IGNORED);
      else {
        this.lastLost = payload;
        this.events.emit('connectionLost', payload);
        this.noOpenSince = this.now();
      }
      this.link = 'disconnected';
      this.move('allSocketsClosed');
    } else if (!sockets.primary && isOpen(sockets.secondary)) {
      // The old primary closed after a handover: promote the secondary.
      sockets.primary = sockets.secondary;
      sockets.secondary = null;
    }
  }

  private onFrame(ws: WebSocketLike, data: unknown): void {
    // As browsers do, frames arriving after close() was called are not delivered.
    if (!isOpen(ws)) return;
    let message: Frame;
    try {
      message = JSON.parse(String(data)) as Frame;
      if (typeof message !== 'object' || message === null) throw new TypeError();
    } catch {
      this.log.warn(M.MSG_INVALID_MESSAGE, data);
      return;
    }
    const topic = message.topic;
    if (topic === SUBSCRIBE_TOPIC) this.subscriptions.onResponse(message);
    else if (topic === HEARTBEAT_TOPIC) this.heartbeatPending = false;
    else if (topic === DEEP_HEARTBEAT_TOPIC) this.events.deepHeartbeat(message, this.now());
    else if (typeof topic === 'string' && topic) this.onTopicMessage(ws, topic, message);
    else if (message.message) {
      this.log.warn(M.MSG_MESSAGE_ERROR, message);
      this.events.emit('topicFailure', {
        timestamp: this.now(),
        errorMessage: message.message,
        connectionId: message.connectionId,
        requestId: message.requestId,
      });
    } else this.log.warn(M.MSG_INVALID_MESSAGE, message);
  }

  private onTopicMessage(ws: WebSocketLike, topic: string, message: Frame): void {
    const { primary, secondary } = this.sockets;
    if (
      isOpen(primary) &&
      isOpen(secondary) &&
      this.subscriptions.history.size === 0 &&
      ws === primary
    ) {
      // Both sockets are subscribed during the handover: the secondary's copy is the one kept.
      this.log.warn(M.MSG_DUPLICATE + topic);
      return;
    }
    if (!this.events.deliver(topic, message as WebSocketTopicMessage))
      this.log.warn(M.MSG_NO_LISTENER, topic);
  }

  private readonly checkNetwork = (): void => {
    const current = this.isOnline();
    if (current === this.online) return;
    this.online = current;
    if (!this.online) {
      this.log.advanced(M.MSG_NETWORK_OFFLINE);
      return;
    }
    const ws = this.sockets.default;
    if (!ws || is(ws, CLOSING) || is(ws, CLOSED)) {
      this.log.advanced(M.MSG_NETWORK_ONLINE);
      void this.fetchConfig();
    }
  };
}
