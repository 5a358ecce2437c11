// A panel page's link to the worker engine: the port it talks through, and where the engine runs
// (a SharedWorker, or this page when none could be started).
import type { PanelPort } from '../worker/panel-port';
import { PanelWorkerEngine } from '../worker/worker-engine';

/** The port to the engine, whichever way the engine runs. */
export class WorkerLink {
  private port: PanelPort & { close?(): void } = {
    postMessage: () => undefined,
    addEventListener: () => undefined,
  };
  private engine: PanelWorkerEngine | undefined;
  private runsIn: 'shared-worker' | 'in-page' = 'shared-worker';
  private readonly onMessage: (message: { readonly data: unknown }) => void;

  /** Delivers every message from the engine to `onMessage`. */
  constructor(onMessage: (message: { readonly data: unknown }) => void) {
    this.onMessage = onMessage;
  }

  /** Where the engine runs. */
  get transport(): 'shared-worker' | 'in-page' {
    return this.runsIn;
  }

  /** Whether the engine was started in this page. */
  get inPageEngine(): boolean {
    return this.engine !== undefined;
  }

  /** Sends one message to the engine. */
  post(message: unknown): void {
    this.port.postMessage(message);
  }

  /** Talks to the engine through `next` from now on (e.g. a SharedWorker's port). */
  attach(next: PanelPort & { close?(): void }): void {
    this.port = next;
    this.port.addEventListener('message', this.onMessage);
    this.port.start?.();
  }

  /** Runs the engine in this page, over a `MessageChannel`. */
  startInPage(engineOptions: ConstructorParameters<typeof PanelWorkerEngine>[0]): void {
    this.runsIn = 'in-page';
    const channel = new MessageChannel();
    this.engine = new PanelWorkerEngine(engineOptions);
    this.engine.connect(channel.port2);
    this.attach(channel.port1);
  }

  /** Closes the port and stops an in-page engine. */
  close(): void {
    this.port.close?.();
    this.engine?.dispose();
  }
}
