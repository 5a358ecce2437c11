import type { Conduit } from '../conduit/conduit';

/**
 * The synchronize/acknowledge keepalive: sends `synchronize`; on `acknowledge`
 * waits `synTimeout` and sends the next; with no acknowledge within `ackTimeout` calls `onTimeout`
 * and continues the loop.
 * @internal
 */
export class Keepalive {
  private synTimer: ReturnType<typeof setTimeout> | undefined;
  private ackTimer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly conduit: Conduit,
    private readonly synTimeout: number,
    private readonly ackTimeout: number,
    private readonly onTimeout: () => void,
  ) {
    this.unsubscribe = conduit.onMessage((m) => {
      if (m.event === 'acknowledge' && this.running) this.acknowledged();
    });
  }

  start(): void {
    this.running = true;
    this.synchronize();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.synTimer);
    clearTimeout(this.ackTimer);
    this.synTimer = this.ackTimer = undefined;
  }

  dispose(): void {
    this.stop();
    this.unsubscribe();
  }

  private synchronize(): void {
    clearTimeout(this.ackTimer);
    this.conduit.send('synchronize');
    this.ackTimer = setTimeout(() => {
      this.ackTimer = undefined;
      this.onTimeout();
      if (this.running) this.synchronize();
    }, this.ackTimeout);
  }

  private acknowledged(): void {
    if (this.ackTimer === undefined) return;
    clearTimeout(this.ackTimer);
    this.ackTimer = undefined;
    clearTimeout(this.synTimer);
    this.synTimer = setTimeout(() => {
      if (this.running) this.synchronize();
    }, this.synTimeout);
  }
}
