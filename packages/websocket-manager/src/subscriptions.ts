import {
  MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS,
  MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE,
  MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS,
  SUBSCRIBE_TOPIC,
  TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS,
} from './constants';
import type { ManagerEvents } from './manager-events';
import type { ManagerLog } from './manager-log';
import { MSG_CLOSING_PRIMARY, MSG_SUBSCRIBE_EXHAUSTED, MSG_SUBSCRIBE_NOT_OPEN } from './messages';
import { closeSocket, isOpen, type SocketPair } from './socket-pair';
import type { SubscriptionResponse, WebSocketManagerTimers } from './types';

/** A parsed frame of the socket. @internal */
export type Frame = Record<string, unknown> & { content?: { status?: unknown; topics?: unknown } };

/** `{topic, content}` as the socket carries it. @internal */
export const frame = (topic: string, content?: unknown): string =>
  JSON.stringify({ topic, content });

/**
 * Topic subscriptions: topics asked for (pending), confirmed (subscribed), and those to move to the
 * secondary socket during a handover (history). A request without an answer is sent again every
 * few seconds, up to a limit (then `subscriptionFailure` with the pending topics); a failure
 * answer is retried on an interval, up to a limit of consecutive failures.
 * @internal
 */
export class TopicSubscriptions {
  readonly subscribed = new Set<string>();
  readonly pending = new Set<string>();
  /** Topics subscribed on the old primary and not yet confirmed on the secondary. */
  readonly history = new Set<string>();
  private responseCheckTimer: unknown;
  private requestCompleted = true;
  private resubscribeTimer: unknown;
  private failedAttempts = 0;
  private noResponseCount = 0;

  constructor(
    private readonly sockets: SocketPair,
    private readonly events: ManagerEvents,
    private readonly timers: WebSocketManagerTimers,
    private readonly log: ManagerLog,
  ) {}

  /** Asks for `topics` (those not subscribed yet) on the default socket. */
  request(topics: readonly string[]): void {
    for (const topic of topics) if (!this.subscribed.has(topic)) this.pending.add(topic);
    this.noResponseCount = 0;
    this.subscribePending();
  }

  /** A socket opened: every subscribed topic goes back to pending and is asked for again. */
  resubscribe(): void {
    if (this.subscribed.size === 0 && this.pending.size === 0) return;
    for (const topic of this.subscribed) {
      this.history.add(topic);
      this.pending.add(topic);
    }
    this.subscribed.clear();
    this.subscribePending();
  }

  /** Stops the retry timers and forgets the retry counts. */
  reset(): void {
    this.failedAttempts = 0;
    this.noResponseCount = 0;
    this.timers.clearInterval(this.responseCheckTimer);
    this.timers.clearInterval(this.resubscribeTimer);
  }

  /** Sends the pending topics, and checks for an answer after a while. */
  readonly subscribePending = (): void => {
    if (this.noResponseCount > MAX_CONSECUTIVE_SUB_REQUEST_WITH_NO_RESPONSE) {
      this.log.warn(MSG_SUBSCRIBE_EXHAUSTED);
      this.timers.clearInterval(this.responseCheckTimer);
      const failure: SubscriptionResponse = {
        topic: SUBSCRIBE_TOPIC,
        content: { status: 'failure', topics: [...this.pending] },
      };
      this.events.emit('subscriptionFailure', failure);
      return;
    }
    const ws = this.sockets.default;
    if (!ws || !isOpen(ws)) {
      this.log.warn(MSG_SUBSCRIBE_NOT_OPEN);
      return;
    }
    if (this.pending.size === 0) return;
    this.timers.clearInterval(this.responseCheckTimer);
    ws.send(frame(SUBSCRIBE_TOPIC, { topics: [...this.pending] }));
    this.requestCompleted = false;
    this.responseCheckTimer = this.timers.setInterval(() => {
      if (!this.requestCompleted) {
        this.noResponseCount++;
        this.subscribePending();
      }
    }, MAX_WAIT_TIME_SUB_REQUEST_WITH_NO_RESPONSE_MS);
  };

  /** The server answered a subscribe request. */
  onResponse(message: Frame): void {
    this.requestCompleted = true;
    this.noResponseCount = 0;
    const content = message.content;
    const topics = Array.isArray(content?.topics) ? (content.topics as string[]) : [];
    if (content?.status === 'success') {
      this.succeeded(topics);
      this.events.emit('subscriptionUpdate', message as unknown as SubscriptionResponse);
      return;
    }
    this.timers.clearInterval(this.resubscribeTimer);
    if (++this.failedAttempts === MAX_CONSECUTIVE_FAILED_SUB_ATTEMPTS) {
      this.failedAttempts = 0;
      this.events.emit('subscriptionFailure', message as unknown as SubscriptionResponse);
      return;
    }
    this.resubscribeTimer = this.timers.setInterval(
      this.subscribePending,
      TOPIC_SUBSCRIPTION_RETRY_INTERVAL_MS,
    );
  }

  private succeeded(topics: readonly string[]): void {
    this.failedAttempts = 0;
    this.timers.clearInterval(this.resubscribeTimer);
    for (const topic of topics) {
      this.history.delete(topic);
      this.pending.delete(topic);
      this.subscribed.add(topic);
    }
    if (this.history.size === 0) {
      // Handover complete: the secondary has every topic; close the old primary.
      if (isOpen(this.sockets.secondary)) closeSocket(this.sockets.primary, MSG_CLOSING_PRIMARY);
    } else this.subscribePending();
  }
}
