import { EventEmitter } from 'eventemitter3';
import { CONNECTION_ID_TIMEOUT_MS } from '../constants';
import { MSG_CONNECTION_ID_TIMEOUT, MSG_PROXY_ALREADY_INITIALIZED } from '../messages';
import {
  ChannelManager,
  type ChildComponentChannelParams,
  type ChildIframeChannelParams,
} from './channel-manager';
import {
  HealthCheckManager,
  type HealthCheckStatus,
  type HealthCheckStatusChanged,
} from './health-check-manager';
import { generateUUID } from './ids';
import {
  downstreamMessageSchema,
  type AcknowledgeMessage,
  type DownstreamMessage,
  type ErrorMessage,
  type LogMessage,
  type MetricMessage,
  type RequestMessage,
  type SubscriptionTopic,
  type UpstreamMessage,
  type UpstreamMessageOrigin,
} from './messages';
import { isProxyTransition } from './proxy-lifecycle';
import { logMessage, metricMessage } from './upstream-messages';
import {
  type AmazonConnectError,
  type MetricData,
  type ProxyConnectionChangedEvent,
  type ProxyConnectionStatus,
  type ProxyProvider,
  type RequestOptions,
} from './proxy-types';
import { ProviderLogger, type ProxyLogData } from './provider-logger';
import { RequestManager } from './request-manager';
import { SubscriptionManager, type SubscriptionHandler } from './subscription-manager';

export { checkDimensionLength } from './proxy-types';
export type {
  AmazonConnectError,
  MetricData,
  ProxyConnectionChangedEvent,
  ProxyConnectionStatus,
  ProxyProvider,
  RequestOptions,
} from './proxy-types';

interface ProxyEvents {
  status: [ProxyConnectionChangedEvent];
  error: [AmazonConnectError];
}

/**
 * The host side of the message-port protocol, independent of how the port is obtained:
 * statuses, the upstream queue (flushed in order on `acknowledge`), request/response,
 * subscriptions, log and metric forwarding, health check, subject errors and child channels.
 * Subclasses supply the transport ({@link StreamsSiteProxy} takes it from the CCP iframe).
 * @public
 */
export abstract class Proxy {
  /** The proxy's own logger (its entries go upstream through this proxy). */
  protected readonly logger: ProviderLogger;
  private readonly events = new EventEmitter<ProxyEvents>();
  private readonly requests: RequestManager;
  private readonly subscriptions = new SubscriptionManager();
  private readonly healthCheck: HealthCheckManager;
  private readonly channels: ChannelManager;
  private readonly queue: UpstreamMessage[] = [];
  /** The link's status; it moves only along the table in proxy-lifecycle.ts. */
  private _status: ProxyConnectionStatus = 'notConnected';
  /** Whether upstream messages go out at once (from `acknowledge` until a reset), else queue. */
  private connectionEstablished = false;
  private _connectionId: string | null = null;

  /** A proxy for `provider`. */
  constructor(
    /** The provider this proxy belongs to. */
    protected readonly provider: ProxyProvider,
  ) {
    this.logger = this.createLogger('core.proxy', () => ({
      proxyType: this.proxyType,
      connectionId: this._connectionId,
    }));
    this.requests = new RequestManager(this.createLogger('core.requestManager'));
    this.healthCheck = new HealthCheckManager(
      (msg) => this.sendOrQueueMessageToSubject(msg),
      () => this.getUpstreamMessageOrigin(),
      this.createLogger('core.proxy.health-check'),
    );
    this.channels = new ChannelManager(
      () => this.provider.id,
      (msg) => this.sendOrQueueMessageToSubject(msg),
      this.createLogger('childConnectionManager'),
    );
  }

  /** The kind of proxy, e.g. `streams-site`. */
  abstract get proxyType(): string;
  /** Starts listening for the subject (called once by {@link Proxy.init}, once `connecting`). */
  protected abstract initProxy(): void;
  /** Posts one message to the subject; only called once the link is established. */
  protected abstract sendMessageToSubject(message: UpstreamMessage): void;
  /** Identifies this side on every upstream message. */
  protected abstract getUpstreamMessageOrigin(): UpstreamMessageOrigin;
  /** Context added to every forwarded log entry. */
  protected addContextToLogger(): Record<string, unknown> {
    return {};
  }

  /**
   * Starts the proxy. Throws `Proxy already initialized` on a second call.
   */
  init(): void {
    if (this._status !== 'notConnected') throw new Error(MSG_PROXY_ALREADY_INITIALIZED);
    this.updateStatus({ status: 'connecting' });
    this.initProxy();
  }

  /** Current status of the link. */
  get connectionStatus(): ProxyConnectionStatus {
    return this._status;
  }

  /** The connection id from the last `acknowledge`, if any. */
  get connectionId(): string | null {
    return this._connectionId;
  }

  /** Current health-check status. */
  get healthCheckStatus(): HealthCheckStatus {
    return this.healthCheck.status;
  }

  /**
   * Sends a request and resolves with the response data. An `isError` response rejects with a
   * {@link ConnectError}; no response within the timeout rejects with the `clientTimeout` object.
   */
  request<T = unknown>(
    namespace: string,
    command: string,
    data?: unknown,
    options?: RequestOptions & { origin?: UpstreamMessageOrigin },
  ): Promise<T> {
    const msg: RequestMessage = {
      type: 'request',
      namespace,
      command,
      requestId: generateUUID(),
      data,
      messageOrigin: options?.origin ?? this.getUpstreamMessageOrigin(),
    };
    const response = this.requests.processRequest(msg, options?.timeoutMs) as Promise<T>;
    this.sendOrQueueMessageToSubject(msg);
    return response;
  }

  /** Adds a handler for a topic and sends `subscribe` with its handler id. */
  subscribe<T = unknown>(topic: SubscriptionTopic, handler: SubscriptionHandler<T>): void {
    const { handlerId } = this.subscriptions.add(topic, handler as SubscriptionHandler);
    this.sendOrQueueMessageToSubject({
      type: 'subscribe',
      topic,
      handlerId,
      messageOrigin: this.getUpstreamMessageOrigin(),
    });
  }

  /** Removes a handler; `unsubscribe` is sent only when the topic's last handler goes. */
  unsubscribe<T = unknown>(topic: SubscriptionTopic, handler: SubscriptionHandler<T>): void {
    this.subscriptions.delete(topic, handler as SubscriptionHandler);
    if (this.subscriptions.isEmpty(topic)) {
      this.sendOrQueueMessageToSubject({
        type: 'unsubscribe',
        topic,
        messageOrigin: this.getUpstreamMessageOrigin(),
      });
    }
  }

  /** Forwards a log entry upstream as a `log` message. */
  log(entry: ProxyLogData): void {
    this.sendOrQueueMessageToSubject(
      logMessage(entry, this.addContextToLogger(), this.getUpstreamMessageOrigin()),
    );
  }

  /** Relays an already built `log` message (e.g. from a child), adding this proxy's context. */
  sendLogMessage(message: LogMessage): void {
    if ((message as { type: unknown }).type !== 'log') {
      this.logger.error('Attempted to send invalid log message', { message });
      return;
    }
    this.sendOrQueueMessageToSubject({
      ...message,
      context: { ...message.context, ...this.addContextToLogger() },
    });
  }

  /**
   * Sends a metric upstream. Throws `Cannot add more than 30 dimensions to a metric` when
   * dimensions plus optional dimensions exceed 30.
   */
  sendMetric(namespace: string, metric: MetricData, time: Date = new Date()): void {
    this.sendOrQueueMessageToSubject(
      metricMessage(namespace, metric, time, this.getUpstreamMessageOrigin()),
    );
  }

  /** Relays an already built `metric` message. */
  sendMetricMessage(message: MetricMessage): void {
    if ((message as { type: unknown }).type !== 'metric') {
      this.logger.error('Attempted to send invalid metric message', { message });
      return;
    }
    this.sendOrQueueMessageToSubject(message);
  }

  /** Runs `handler` on every status change; returns its unsubscribe function. */
  onConnectionStatusChange(handler: (evt: ProxyConnectionChangedEvent) => void): () => void {
    this.events.on('status', handler);
    return () => this.offConnectionStatusChange(handler);
  }

  /** Removes a status handler. */
  offConnectionStatusChange(handler: (evt: ProxyConnectionChangedEvent) => void): void {
    this.events.off('status', handler);
  }

  /** Runs `handler` on every error message from the subject; returns its unsubscribe function. */
  onError(handler: (error: AmazonConnectError) => void): () => void {
    this.events.on('error', handler);
    return () => this.offError(handler);
  }

  /** Removes an error handler. */
  offError(handler: (error: AmazonConnectError) => void): void {
    this.events.off('error', handler);
  }

  /** Runs `handler` when the health-check status changes; returns its unsubscribe function. */
  onHealthCheckStatusChanged(handler: (evt: HealthCheckStatusChanged) => void): () => void {
    return this.healthCheck.onStatusChanged(handler);
  }

  /** Removes a health-check handler. */
  offHealthCheckStatusChanged(handler: (evt: HealthCheckStatusChanged) => void): void {
    this.healthCheck.offStatusChanged(handler);
  }

  /** Relays a child iframe's port through this connection. */
  addChildIframeChannel(params: ChildIframeChannelParams): void {
    this.channels.addChildIframeChannel(params);
  }

  /** Relays a same-window child component through this connection. */
  addChildComponentChannel(params: ChildComponentChannelParams): void {
    this.channels.addChildComponentChannel(params);
  }

  /** Replaces the port of an existing child iframe channel. */
  updateChildIframeChannelPort(params: ChildIframeChannelParams): void {
    this.channels.updateChildIframeChannelPort(params);
  }

  /**
   * Resolves with the connection id at once when known, otherwise on `ready`; rejects with
   * `Timeout getting connectionId` after 10 s.
   */
  getConnectionId(): Promise<string> {
    if (this._connectionId) return Promise.resolve(this._connectionId);
    return new Promise((resolve, reject) => {
      const off = this.onConnectionStatusChange((evt) => {
        if (evt.status === 'ready') {
          off();
          clearTimeout(timer);
          resolve(evt.connectionId);
        }
      });
      const timer = setTimeout(() => {
        off();
        this.logger.error('Timeout getting connection id');
        reject(new Error(MSG_CONNECTION_ID_TIMEOUT));
      }, CONNECTION_ID_TIMEOUT_MS);
    });
  }

  /** Stops the health check, closes child channels and drops pending upstream messages. */
  dispose(): void {
    this.healthCheck.stop();
    this.channels.closeAll();
    this.queue.length = 0;
    this.connectionEstablished = false;
    this.events.removeAllListeners();
  }

  /** Handles a message received from the subject (validated, then dispatched). */
  protected consumerMessageHandler(evt: { data: unknown }): void {
    if (this._status === 'notConnected') {
      this.logger.error(
        'Attempted to process message from subject prior to proxy being initializing. Message not processed',
      );
      return;
    }
    const parsed = downstreamMessageSchema.safeParse(evt.data);
    if (!parsed.success) {
      this.logger.error('Unknown inbound message', {
        type: (evt.data as { type?: unknown } | null)?.type,
      });
      return;
    }
    this.handleMessageFromSubject(parsed.data);
  }

  /** Dispatches one validated downstream message. */
  protected handleMessageFromSubject(msg: DownstreamMessage): void {
    switch (msg.type) {
      case 'acknowledge':
        this.handleAcknowledge(msg);
        break;
      case 'response':
        this.requests.processResponse(msg);
        break;
      case 'publish':
        this.subscriptions.publish(msg, (failure) =>
          this.logger.error('An error occurred when handling subscription', failure),
        );
        break;
      case 'error':
        this.handleError(msg);
        break;
      case 'healthCheckResponse':
        this.healthCheck.handleResponse(msg);
        break;
      case 'childDownstreamMessage':
        this.channels.handleDownstreamMessage(msg);
        break;
      case 'childConnectionClose':
        this.channels.handleCloseMessage(msg);
        break;
    }
  }

  /** Sends at once when established, else queues (FIFO) until `acknowledge`. */
  protected sendOrQueueMessageToSubject(message: UpstreamMessage): void {
    if (this.connectionEstablished) this.sendMessageToSubject(message);
    else this.queue.push(message);
  }

  /**
   * Moves the status along the lifecycle table and tells the handlers (each isolated in
   * try/catch); a move the table does not have is logged and ignored.
   */
  protected updateStatus(evt: ProxyConnectionChangedEvent): void {
    if (!isProxyTransition(this._status, evt.status)) {
      this.logger.warn('Ignored a connection status change', {
        from: this._status,
        to: evt.status,
      });
      return;
    }
    this._status = evt.status;
    for (const listener of this.events.listeners('status')) {
      try {
        listener(evt);
      } catch (error) {
        this.logger.error('Connection status handler failed', { error: String(error) });
      }
    }
  }

  /**
   * Marks the link as not established, emits `reset` and re-queues a `subscribe` for every
   * existing handler id, so a new port gets every subscription back.
   */
  protected resetConnection(reason: string): void {
    // A link that was never started has nothing to reset (its subscriptions are queued already).
    if (this._status === 'notConnected') return;
    this.connectionEstablished = false;
    this.healthCheck.stop();
    this.updateStatus({ status: 'reset', reason });
    const all = this.subscriptions.getAllSubscriptionHandlerIds();
    this.logger.info('Resetting proxy', { reason, subscriptionHandlerCount: all.length });
    for (const { topic, handlerId } of all) {
      this.sendOrQueueMessageToSubject({
        type: 'subscribe',
        topic,
        handlerId,
        messageOrigin: this.getUpstreamMessageOrigin(),
      });
    }
  }

  /** A logger whose entries are forwarded through this proxy. */
  protected createLogger(source: string, mixin?: () => Record<string, unknown>): ProviderLogger {
    return new ProviderLogger(source, () => (entry) => this.log(entry), mixin);
  }

  /** Publishes an error to the `onError` handlers. */
  protected publishError(error: Omit<AmazonConnectError, 'connectionStatus'>): void {
    const full: AmazonConnectError = { ...error, connectionStatus: this._status };
    this.logger.error(
      error.message,
      { key: error.key, isFatal: error.isFatal },
      {
        duplicateMessageToConsole: true,
      },
    );
    for (const listener of this.events.listeners('error')) {
      try {
        listener(full);
      } catch (err) {
        this.logger.error('Error handler failed', { error: String(err) });
      }
    }
  }

  private handleAcknowledge(msg: AcknowledgeMessage): void {
    this._connectionId = msg.connectionId;
    this.updateStatus({ status: 'ready', connectionId: msg.connectionId });
    this.connectionEstablished = true;
    while (this.queue.length) this.sendMessageToSubject(this.queue.shift()!);
    this.healthCheck.start(msg.healthCheckInterval);
  }

  private handleError(msg: ErrorMessage): void {
    if (msg.isFatal) {
      const { message: reason, type: _type, ...details } = msg;
      this.updateStatus({ status: 'error', reason, details });
    }
    this.publishError({
      message: msg.message,
      key: msg.key,
      isFatal: msg.isFatal,
      proxyStatus: msg.status,
      ...(msg.details ? { details: msg.details } : {}),
    });
  }
}
