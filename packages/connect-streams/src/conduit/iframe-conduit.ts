import type { ConduitMessage, WireEventName } from '@x/connect-streams/protocol';
import type { Conduit } from './conduit';

/** The part of `Window` the conduit listens on. @public */
export interface MessageSource {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Something a message can be posted to (an iframe's `contentWindow`). @public */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/**
 * The conduit over `window.postMessage` to the panel iframe. Stricter than the original while still
 * compatible: it sends with the ccpUrl's origin as the target origin (never `'*'`), and accepts only
 * messages whose `source` is the current iframe window and whose `origin` is the ccpUrl's origin.
 * @public
 */
export class IframeConduit implements Conduit {
  private readonly handlers = new Set<(message: ConduitMessage) => void>();
  private readonly listener = (event: MessageEvent): void => this.receive(event);
  private disposed = false;

  /**
   * @param host - the window the panel posts to (the host page's `window`)
   * @param origin - the panel's origin (`new URL(ccpUrl).origin`)
   * @param target - returns the current panel window; it changes when the iframe is refreshed
   */
  constructor(
    private readonly host: MessageSource,
    private readonly origin: string,
    private readonly target: () => MessageTarget | null | undefined,
  ) {
    host.addEventListener('message', this.listener);
  }

  send(event: WireEventName, data?: unknown): void {
    if (this.disposed) return;
    const output = this.target();
    if (!output) return;
    output.postMessage(data === undefined ? { event } : { event, data }, this.origin);
  }

  onMessage(handler: (message: ConduitMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  dispose(): void {
    this.disposed = true;
    this.host.removeEventListener('message', this.listener);
    this.handlers.clear();
  }

  private receive(event: MessageEvent): void {
    const output = this.target();
    if (!output || event.source !== (output as unknown) || event.origin !== this.origin) return;
    const raw: unknown = event.data;
    if (typeof raw !== 'object' || raw === null) return;
    const name = (raw as { event?: unknown }).event;
    if (typeof name !== 'string' || name.length === 0) return;
    const message: ConduitMessage = { event: name, data: (raw as { data?: unknown }).data };
    for (const handler of [...this.handlers]) handler(message);
  }
}
