/**
 * A subscription as the original library returns it: an object with `unsubscribe()`.
 * @public
 */
export interface Subscription {
  /** Removes the handler. */
  unsubscribe(): void;
}

/**
 * The compat layer's event bus, keyed by the original event names (`init`, `agent::refresh`,
 * `contact::incoming::<contactId>`, …). Handlers run in order; a throwing handler is logged and
 * does not stop the others.
 * @public
 */
export class CompatEventBus {
  private readonly handlers = new Map<string, Set<(data: unknown, event: string) => void>>();
  private readonly allHandlers = new Set<(data: unknown, event: string) => void>();

  /** A bus; `onHandlerError` hears about handlers that throw. */
  constructor(
    private readonly onHandlerError: (event: string, error: unknown) => void = () => undefined,
  ) {}

  /** Subscribes `f` to `event`. */
  subscribe(event: string, f: (data: never, event: string) => void): Subscription {
    const set = this.handlers.get(event) ?? new Set();
    const handler = f as (data: unknown, event: string) => void;
    set.add(handler);
    this.handlers.set(event, set);
    return { unsubscribe: () => void set.delete(handler) };
  }

  /** Subscribes `f` to every event. */
  subscribeAll(f: (data: unknown, event: string) => void): Subscription {
    this.allHandlers.add(f);
    return { unsubscribe: () => void this.allHandlers.delete(f) };
  }

  /** Runs the handlers of `event` (and the all-event handlers) with `data`. */
  trigger(event: string, data?: unknown): void {
    for (const f of [...(this.handlers.get(event) ?? [])]) this.call(f, data, event);
    for (const f of [...this.allHandlers]) this.call(f, data, event);
  }

  /** Drops every subscription. */
  unsubscribeAll(): void {
    this.handlers.clear();
    this.allHandlers.clear();
  }

  /** Drops every subscription whose event name starts with `prefix`. */
  unsubscribeAllWithPrefix(prefix: string): void {
    for (const name of [...this.handlers.keys()])
      if (name.startsWith(prefix)) this.handlers.delete(name);
  }

  /** Drops every subscription whose event name ends with `suffix`. */
  unsubscribeAllWithSuffix(suffix: string): void {
    for (const name of [...this.handlers.keys()])
      if (name.endsWith(suffix)) this.handlers.delete(name);
  }

  /** Number of handlers for `event`. */
  count(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }

  private call(f: (data: unknown, event: string) => void, data: unknown, event: string): void {
    try {
      f(data, event);
    } catch (error) {
      this.onHandlerError(event, error);
    }
  }
}
