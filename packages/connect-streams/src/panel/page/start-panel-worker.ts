// The SharedWorker side of a panel: runs the worker engine and gives every connecting page a port.
import type { PanelPort } from '../worker/panel-port';
import { PanelWorkerEngine } from '../worker/worker-engine';

/**
 * The global scope of a SharedWorker, as far as {@link startPanelWorker} needs it.
 * @public
 */
export interface SharedWorkerScopeLike {
  /** Set to receive connecting pages. */
  onconnect: ((event: { readonly ports: readonly PanelPort[] }) => void) | null;
  /** The worker script's URL, for the default CTI endpoint. */
  readonly location: { readonly href: string };
}

/**
 * Runs the worker engine in a SharedWorker script: every page that connects gets a port on it.
 *
 * @example
 * ```ts
 * // worker.ts, bundled as a classic script
 * import { startPanelWorker } from '@x/connect-streams/panel';
 * startPanelWorker(self as unknown as SharedWorkerScopeLike);
 * ```
 * @public
 */
export function startPanelWorker(
  scope: SharedWorkerScopeLike,
  options: ConstructorParameters<typeof PanelWorkerEngine>[0] = {},
): PanelWorkerEngine {
  const engine = new PanelWorkerEngine({ baseUrl: scope.location.href, ...options });
  scope.onconnect = (event) => {
    const [port] = event.ports;
    if (port) engine.connect(port);
  };
  return engine;
}
