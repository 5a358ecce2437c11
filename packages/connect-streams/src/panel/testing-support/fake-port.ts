import type { PanelPort } from '../worker/panel-port';

/** A synchronous in-memory port for engine tests: records what the engine sends. */
export class FakePort implements PanelPort {
  readonly sent: { event: string; data?: unknown }[] = [];
  private listener: ((event: { readonly data: unknown }) => void) | undefined;

  postMessage(message: unknown): void {
    this.sent.push(message as { event: string; data?: unknown });
  }

  addEventListener(_type: 'message', listener: (event: { readonly data: unknown }) => void): void {
    this.listener = listener;
  }

  /** The page sends `{event, data}` to the engine. */
  emit(event: string, data?: unknown): void {
    this.listener?.({ data: data === undefined ? { event } : { event, data } });
  }

  /** The events received so far, by name. */
  events(name?: string): { event: string; data?: unknown }[] {
    return name === undefined ? this.sent : this.sent.filter((m) => m.event === name);
  }

  clear(): void {
    this.sent.length = 0;
  }
}
