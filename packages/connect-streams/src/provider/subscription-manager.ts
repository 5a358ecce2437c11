import { generateUUID } from './ids';
import type { PublishMessage, SubscriptionTopic } from './messages';

/**
 * A subscription handler; it may be async. Errors it throws are logged, never rethrown.
 * @public
 */
export type SubscriptionHandler<T = unknown> = (data: T) => void | Promise<void>;

/** A handler with the id it was registered under. */
export interface HandlerIdMapping {
  handlerId: string;
  handler: SubscriptionHandler;
}

function topicKey({ namespace, key, parameter }: SubscriptionTopic): string {
  return JSON.stringify([namespace, key, parameter ?? null]);
}

/**
 * Local handlers per topic (namespace, key, optional parameter), each with a stable handler id.
 */
export class SubscriptionManager {
  private readonly topics = new Map<
    string,
    { topic: SubscriptionTopic; handlers: Map<SubscriptionHandler, string> }
  >();

  /** Adds a handler (the same handler twice keeps its first id). */
  add(topic: SubscriptionTopic, handler: SubscriptionHandler): { handlerId: string } {
    const k = topicKey(topic);
    let entry = this.topics.get(k);
    if (!entry) {
      entry = { topic: { ...topic }, handlers: new Map() };
      this.topics.set(k, entry);
    }
    let handlerId = entry.handlers.get(handler);
    if (!handlerId) {
      handlerId = generateUUID();
      entry.handlers.set(handler, handlerId);
    }
    return { handlerId };
  }

  delete(topic: SubscriptionTopic, handler: SubscriptionHandler): void {
    const k = topicKey(topic);
    const entry = this.topics.get(k);
    if (!entry) return;
    entry.handlers.delete(handler);
    if (entry.handlers.size === 0) this.topics.delete(k);
  }

  get(topic: SubscriptionTopic): HandlerIdMapping[] {
    const entry = this.topics.get(topicKey(topic));
    return entry ? [...entry.handlers].map(([handler, handlerId]) => ({ handler, handlerId })) : [];
  }

  getById(topic: SubscriptionTopic, handlerId: string): SubscriptionHandler | null {
    return this.get(topic).find((m) => m.handlerId === handlerId)?.handler ?? null;
  }

  isEmpty(topic: SubscriptionTopic): boolean {
    return !this.topics.has(topicKey(topic));
  }

  getAllSubscriptionHandlerIds(): { topic: SubscriptionTopic; handlerId: string }[] {
    return [...this.topics.values()].flatMap(({ topic, handlers }) =>
      [...handlers.values()].map((handlerId) => ({ topic, handlerId })),
    );
  }

  /**
   * Delivers a `publish` to the topic's handlers (only the one it names, when it names one). A
   * handler that throws or rejects is reported to `onError` and never stops the others.
   */
  publish(
    { topic, data, handlerId }: PublishMessage,
    onError: (failure: { topic: SubscriptionTopic; handlerId: string; error: string }) => void,
  ): void {
    const targets = handlerId
      ? this.get(topic).filter((m) => m.handlerId === handlerId)
      : this.get(topic);
    for (const { handler, handlerId: id } of targets) {
      void (async () => {
        try {
          await handler(data);
        } catch (error) {
          onError({ topic, handlerId: id, error: String(error) });
        }
      })();
    }
  }
}
