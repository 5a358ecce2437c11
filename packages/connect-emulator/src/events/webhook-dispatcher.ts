import type { PublishedContactEvent } from './contact-events';
import { WEBHOOK_HEADERS } from '../constants';

/** Retry policy of webhook deliveries. */
export interface WebhookRetryPolicy {
  /** Delay before the first retry (ms). */
  initialDelayMs: number;
  /** Multiplier per further retry. */
  factor: number;
  /** Largest delay (ms). */
  maxDelayMs: number;
  /** Attempts per event before it is given up (recorded as failed). */
  maxAttempts: number;
  /** Per-attempt timeout (ms). */
  timeoutMs: number;
}

/** Default retry policy: 500 ms doubling to 30 s, 12 attempts, 10 s per attempt. */
export const DEFAULT_WEBHOOK_RETRY: WebhookRetryPolicy = {
  initialDelayMs: 500,
  factor: 2,
  maxDelayMs: 30_000,
  maxAttempts: 12,
  timeoutMs: 10_000,
};

/** The delay before retry number `retry` (1-based). */
export function retryDelay(policy: WebhookRetryPolicy, retry: number): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.factor ** (retry - 1));
}

/** A configured webhook. */
export interface Webhook {
  id: string;
  url: string;
}

/**
 * One event to POST, as the dispatcher sees it: its id, the lane it keeps order in (a contact, an
 * agent) and its JSON body.
 */
export interface WebhookDelivery {
  id: string;
  /** Events of one lane are delivered in order (a contact's id, an agent's ARN). */
  lane: string;
  eventType: string;
  body: unknown;
}

/** One delivery attempt, for the control API. */
export interface WebhookAttempt {
  webhookId: string;
  eventId: string;
  /** The lane of the event: the contact's id (contact events) or the agent's ARN (agent events). */
  contactId: string;
  eventType: string;
  attempt: number;
  /** HTTP status, or undefined on a network error or timeout. */
  status?: number;
  error?: string;
  ok: boolean;
  /** Delay before the next attempt (ms), when one follows. */
  retryInMs?: number;
  /** True when the event was given up after maxAttempts. */
  gaveUp?: boolean;
}

/** Options of {@link WebhookDispatcher}. */
export interface WebhookDispatcherOptions {
  retry?: Partial<WebhookRetryPolicy>;
  /** Waits between attempts (setTimeout by default). */
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  /** Attempts kept for the control API. */
  logSize?: number;
}

interface Lane {
  queue: WebhookDelivery[];
  running: boolean;
}

/**
 * POSTs contact events to webhooks: at least once, retried with exponential backoff on a
 * network error or a non-2xx answer, strictly in order per contact and webhook (a failing
 * event holds back the later events of the same contact), contacts in parallel.
 */
export class WebhookDispatcher {
  private readonly hooks = new Map<string, Webhook>();
  private readonly lanes = new Map<string, Lane>();
  private readonly policy: WebhookRetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly doFetch: typeof fetch;
  private readonly logSize: number;
  private readonly idle = new Set<() => void>();
  private nextId = 1;
  private stopped = false;
  /** Recent delivery attempts. */
  readonly attempts: WebhookAttempt[] = [];

  constructor(options: WebhookDispatcherOptions = {}) {
    this.policy = { ...DEFAULT_WEBHOOK_RETRY, ...options.retry };
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.doFetch = options.fetch ?? fetch;
    this.logSize = options.logSize ?? 1_000;
  }

  /** Adds a webhook; returns it. */
  add(url: string, id?: string): Webhook {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new TypeError(`Not an http(s) URL: ${url}`);
    const hook = { id: id ?? `webhook-${this.nextId++}`, url: parsed.toString() };
    this.hooks.set(hook.id, hook);
    return hook;
  }

  /** Removes a webhook (pending deliveries to it are dropped). */
  remove(id: string): boolean {
    for (const key of [...this.lanes.keys()])
      if (key.startsWith(`${id}\n`)) this.lanes.get(key)!.queue.length = 0;
    return this.hooks.delete(id);
  }

  /** The configured webhooks. */
  list(): Webhook[] {
    return [...this.hooks.values()];
  }

  /** Queues a contact event for every webhook. */
  enqueue(published: PublishedContactEvent): void {
    const { event } = published;
    this.enqueueDelivery({
      id: event.id,
      lane: event.detail.contactId,
      eventType: event.detail.eventType,
      body: event,
    });
  }

  /** Queues any event for every webhook, in order within its lane. */
  enqueueDelivery(delivery: WebhookDelivery): void {
    if (this.stopped) return;
    for (const hook of this.hooks.values()) {
      const key = `${hook.id}\n${delivery.lane}`;
      let lane = this.lanes.get(key);
      if (lane === undefined) {
        lane = { queue: [], running: false };
        this.lanes.set(key, lane);
      }
      lane.queue.push(delivery);
      if (!lane.running) void this.run(hook, key, lane);
    }
  }

  /** Resolves when no delivery is pending. */
  whenIdle(): Promise<void> {
    if (![...this.lanes.values()].some((l) => l.running)) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  /** Stops delivering (pending events are dropped). */
  stop(): void {
    this.stopped = true;
    for (const lane of this.lanes.values()) lane.queue.length = 0;
  }

  private record(attempt: WebhookAttempt): void {
    this.attempts.push(attempt);
    if (this.attempts.length > this.logSize) this.attempts.shift();
  }

  private async run(hook: Webhook, key: string, lane: Lane): Promise<void> {
    lane.running = true;
    while (lane.queue.length > 0 && !this.stopped && this.hooks.has(hook.id)) {
      const event = lane.queue[0]!;
      for (let attempt = 1; ; attempt++) {
        const base = {
          webhookId: hook.id,
          eventId: event.id,
          contactId: event.lane,
          eventType: event.eventType,
          attempt,
        };
        let status: number | undefined;
        let error: string | undefined;
        try {
          const res = await this.doFetch(hook.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              [WEBHOOK_HEADERS.eventId]: event.id,
              [WEBHOOK_HEADERS.attempt]: String(attempt),
            },
            body: JSON.stringify(event.body),
            signal: AbortSignal.timeout(this.policy.timeoutMs),
          });
          status = res.status;
          await res.arrayBuffer().catch(() => undefined);
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
        const ok = status !== undefined && status >= 200 && status < 300;
        if (ok) {
          this.record({ ...base, status: status!, ok });
          break;
        }
        if (attempt >= this.policy.maxAttempts || this.stopped || !this.hooks.has(hook.id)) {
          this.record({
            ...base,
            ...(status === undefined ? {} : { status }),
            ...(error === undefined ? {} : { error }),
            ok,
            gaveUp: true,
          });
          break;
        }
        const delay = retryDelay(this.policy, attempt);
        this.record({
          ...base,
          ...(status === undefined ? {} : { status }),
          ...(error === undefined ? {} : { error }),
          ok,
          retryInMs: delay,
        });
        await this.sleep(delay);
      }
      lane.queue.shift();
    }
    lane.running = false;
    this.lanes.delete(key);
    if (![...this.lanes.values()].some((l) => l.running)) {
      for (const resolve of this.idle) resolve();
      this.idle.clear();
    }
  }
}
