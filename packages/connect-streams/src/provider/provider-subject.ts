import { EventEmitter } from 'eventemitter3';
import { CROSS_DOMAIN_ADAPTER_INIT, CROSS_DOMAIN_SITE_READY } from '../constants';
import { MSG_NO_HANDLER_FOR_COMMAND } from '../messages';
import { ConnectError } from './connect-error';
import {
  upstreamMessageSchema,
  type DownstreamMessage,
  type LogMessage,
  type MetricMessage,
  type SubscriptionTopic,
  type UpstreamMessage,
} from './messages';

/**
 * Handles one command on the subject side; the value it returns (or resolves) is the response
 * data; a thrown {@link ConnectError} becomes an error response with its key.
 * @public
 */
export type SubjectCommandHandler = (data: unknown) => unknown;

/**
 * Options of a {@link ProviderSubject}.
 * @public
 */
export interface ProviderSubjectOptions {
  /** Connection id sent in `acknowledge` (default a random id). */
  connectionId?: string;
  /** Health-check interval sent in `acknowledge` (default 0: disabled). */
  healthCheckInterval?: number;
  /** Command handlers by namespace, then by command. */
  handlers?: Record<string, Record<string, SubjectCommandHandler>>;
}

/** The events of a {@link ProviderSubject}. @public */
export interface SubjectEvents {
  /** A provider connected. */
  connected: [{ providerId: string }];
  /** A provider subscribed to a topic. */
  subscribe: [SubscriptionTopic];
  /** A provider unsubscribed from a topic. */
  unsubscribe: [SubscriptionTopic];
  /** A provider logged a line. */
  log: [LogMessage];
  /** A provider published a metric. */
  metric: [MetricMessage];
  /** Any upstream message. */
  message: [UpstreamMessage];
}

function topicKey(t: SubscriptionTopic): string {
  return JSON.stringify([t.namespace, t.key, t.parameter ?? null]);
}

/**
 * The subject (CCP) side of the message-port protocol, for a panel page or a test: it offers a
 * port to the host (`cross-domain-adapter-init`), acknowledges `cross-domain-site-ready`, answers
 * requests from its handlers, tracks subscriptions, publishes to them, answers health checks and
 * reports logs and metrics.
 * @public
 */
export class ProviderSubject {
  private readonly events = new EventEmitter<SubjectEvents>();
  private readonly subscriptions = new Map<
    string,
    { topic: SubscriptionTopic; handlerIds: Set<string> }
  >();
  private readonly handlers: Record<string, Record<string, SubjectCommandHandler>>;
  private port: MessagePort | undefined;
  private healthCheckCounter = 0;
  private providerId: string | undefined;
  /** The connection id the subject gives in its acknowledgement. */
  readonly connectionId: string;

  /** A subject with these options. */
  constructor(private readonly options: ProviderSubjectOptions = {}) {
    this.connectionId =
      options.connectionId ?? `connection-${Math.random().toString(36).slice(2, 10)}`;
    this.handlers = { ...options.handlers };
  }

  /**
   * Offers a new port to the host window (from inside the CCP iframe). Any previous port is
   * closed; the host resets and re-subscribes.
   */
  offerPort(
    hostWindow: {
      postMessage(message: unknown, targetOrigin: string, transfer: Transferable[]): void;
    },
    targetOrigin = '*',
  ): void {
    const channel = new MessageChannel();
    this.attach(channel.port1);
    hostWindow.postMessage({ type: CROSS_DOMAIN_ADAPTER_INIT }, targetOrigin, [channel.port2]);
  }

  /** Uses `port` as the link to the host (the other end must reach the host proxy). */
  attach(port: MessagePort): void {
    this.detach();
    this.port = port;
    port.onmessage = (evt: MessageEvent) => this.handle(evt.data);
  }

  /** Closes the link. */
  detach(): void {
    if (!this.port) return;
    this.port.onmessage = null;
    this.port.close();
    this.port = undefined;
    this.subscriptions.clear();
  }

  /** Registers (or replaces) a command handler. */
  setHandler(namespace: string, command: string, handler: SubjectCommandHandler): void {
    this.handlers[namespace] = { ...this.handlers[namespace], [command]: handler };
  }

  /** Publishes `data` to every handler subscribed to `topic`; returns how many were targeted. */
  publish(topic: SubscriptionTopic, data: unknown): number {
    const entry = this.subscriptions.get(topic ? topicKey(topic) : '');
    if (!entry) return 0;
    for (const handlerId of entry.handlerIds)
      this.send({ type: 'publish', topic, data, handlerId });
    return entry.handlerIds.size;
  }

  /** True when the host has at least one handler on `topic`. */
  isSubscribed(topic: SubscriptionTopic): boolean {
    return this.subscriptions.has(topicKey(topic));
  }

  /** Sends an error message (fatal ones put the host in the `error` status). */
  sendError(
    message: string,
    key: string,
    isFatal: boolean,
    details?: Record<string, unknown>,
  ): void {
    this.send({
      type: 'error',
      message,
      key,
      isFatal,
      status: { initialized: true },
      ...(details ? { details } : {}),
    });
  }

  /** Sends a raw downstream message. */
  send(message: DownstreamMessage): void {
    this.port?.postMessage(message);
  }

  /** Subscribes to subject-side events; returns the unsubscribe function. */
  on<K extends keyof SubjectEvents>(
    event: K,
    handler: (...args: SubjectEvents[K]) => void,
  ): () => void {
    this.events.on(event, handler);
    return () => this.events.off(event, handler);
  }

  private handle(raw: unknown): void {
    if ((raw as { type?: unknown } | null)?.type === CROSS_DOMAIN_SITE_READY) {
      this.providerId = (raw as { providerId: string }).providerId;
      this.send({
        type: 'acknowledge',
        connectionId: this.connectionId,
        status: { initialized: true, startTime: new Date() },
        healthCheckInterval: this.options.healthCheckInterval ?? 0,
      });
      this.events.emit('connected', { providerId: this.providerId });
      return;
    }
    const parsed = upstreamMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const msg = parsed.data;
    this.events.emit('message', msg);
    switch (msg.type) {
      case 'request':
        void this.answer(msg.namespace, msg.command, msg.requestId, msg.data);
        break;
      case 'subscribe': {
        const k = topicKey(msg.topic);
        const entry = this.subscriptions.get(k) ?? {
          topic: msg.topic,
          handlerIds: new Set<string>(),
        };
        entry.handlerIds.add(msg.handlerId);
        this.subscriptions.set(k, entry);
        this.events.emit('subscribe', msg.topic);
        break;
      }
      case 'unsubscribe':
        this.subscriptions.delete(topicKey(msg.topic));
        this.events.emit('unsubscribe', msg.topic);
        break;
      case 'healthCheck':
        this.send({
          type: 'healthCheckResponse',
          time: Date.now(),
          counter: ++this.healthCheckCounter,
        });
        break;
      case 'log':
        this.events.emit('log', msg);
        break;
      case 'metric':
        this.events.emit('metric', msg);
        break;
      default:
        break;
    }
  }

  private async answer(
    namespace: string,
    command: string,
    requestId: string,
    data: unknown,
  ): Promise<void> {
    const handler = this.handlers[namespace]?.[command];
    if (!handler) {
      this.send({
        type: 'response',
        namespace,
        requestId,
        isError: true,
        errorKey: 'handlerNotFound',
        reason: MSG_NO_HANDLER_FOR_COMMAND,
        details: { command, requestData: data },
      });
      return;
    }
    try {
      const result = await handler(data);
      this.send({ type: 'response', namespace, requestId, isError: false, data: result });
    } catch (error) {
      const e = error instanceof ConnectError ? error : undefined;
      this.send({
        type: 'response',
        namespace,
        requestId,
        isError: true,
        errorKey: e?.errorKey ?? 'unknown',
        reason: e?.reason ?? (error instanceof Error ? error.message : String(error)),
        details: { command, requestData: data, ...e?.details },
      });
    }
  }
}
