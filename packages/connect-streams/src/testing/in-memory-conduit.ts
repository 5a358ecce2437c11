import type { Conduit } from '../conduit/conduit';
import type { ConduitMessage, WireEventName } from '../protocol';

/**
 * A pair of connected in-memory conduit ends. Messages are delivered asynchronously (as a microtask,
 * like `postMessage`) and structured-cloned, so Dates survive and functions do not.
 * @public
 */
export class InMemoryConduitEnd implements Conduit {
  /** @internal */
  peer: InMemoryConduitEnd | undefined;
  private readonly handlers = new Set<(message: ConduitMessage) => void>();
  private disposed = false;

  /** Sends an envelope to the other end. */
  send(event: WireEventName, data?: unknown): void {
    if (this.disposed) return;
    const peer = this.peer;
    const message: ConduitMessage =
      data === undefined ? { event, data: undefined } : { event, data: clone(data) };
    queueMicrotask(() => peer?.deliver(message));
  }

  /** Calls `handler` for every envelope from the other end; returns the unsubscribe function. */
  onMessage(handler: (message: ConduitMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Stops delivering. */
  dispose(): void {
    this.disposed = true;
    this.handlers.clear();
  }

  /** Whether this end was disposed. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  private deliver(message: ConduitMessage): void {
    if (this.disposed) return;
    for (const h of [...this.handlers]) h(message);
  }
}

function clone<T>(value: T): T {
  return typeof structuredClone === 'function' ? structuredClone(value) : value;
}

/** Creates two connected conduit ends: `[host, panel]`. @public */
export function createConduitPair(): [host: InMemoryConduitEnd, panel: InMemoryConduitEnd] {
  const host = new InMemoryConduitEnd();
  const panel = new InMemoryConduitEnd();
  host.peer = panel;
  panel.peer = host;
  return [host, panel];
}
