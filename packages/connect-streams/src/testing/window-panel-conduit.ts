import type { Conduit } from '../conduit/conduit';
import type { ConduitMessage } from '../protocol';

/**
 * The panel side of the real page ⇄ panel conduit, for a panel page running inside the host's
 * iframe: posts `{event, data}` to the parent window with the host's origin as target, and accepts
 * only messages whose source is the parent window and whose origin is the host's origin.
 * @public
 */
export function createWindowPanelConduit(
  self: Window,
  parent: Window,
  hostOrigin: string,
): Conduit {
  const handlers = new Set<(message: ConduitMessage) => void>();
  const listener = (event: MessageEvent): void => {
    if (event.source !== parent || event.origin !== hostOrigin) return;
    const raw = event.data as { event?: unknown; data?: unknown } | null;
    if (!raw || typeof raw.event !== 'string') return;
    const message: ConduitMessage = { event: raw.event, data: raw.data };
    for (const h of [...handlers]) h(message);
  };
  self.addEventListener('message', listener);
  return {
    send: (event, data) =>
      parent.postMessage(data === undefined ? { event } : { event, data }, hostOrigin),
    onMessage: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    dispose: () => {
      self.removeEventListener('message', listener);
      handlers.clear();
    },
  };
}
