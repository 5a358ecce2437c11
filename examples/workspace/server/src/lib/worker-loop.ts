// The life of a background worker's loop (the campaign sender, the outbox worker, the inbound
// queue's drainer): started once, stopped after the pass under way, and paused between passes
// for a while that wake() ends early.

/** A background loop: runs `body` once started; `body` loops while `active` and pauses between passes. */
export class WorkerLoop {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** wake() came while no pause was under way: the next pause returns at once. */
  private woken = false;

  constructor(private readonly body: () => Promise<void>) {}

  /** Whether the loop should go on (false once stop() is called). */
  get active(): boolean {
    return this.running;
  }

  /** Starts the loop (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.body();
  }

  /** Stops the loop after the current pass and waits for it. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  /** Ends the pause under way, or skips the next one when a pass is under way. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Waits `ms` between passes, less when wake() or stop() comes first; never when stopped. */
  async pause(ms: number): Promise<void> {
    if (this.woken || !this.running) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref?.();
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeUp = undefined;
    this.woken = false;
  }
}

/**
 * A loop of passes: the next pass at once after a busy one, after `idleMs` (or a wake) after an
 * idle one; a failed pass is reported to `failed` and the loop goes on.
 */
export function passLoop(
  pass: () => Promise<boolean>,
  idleMs: number,
  failed: (error: unknown) => void,
): WorkerLoop {
  const loop = new WorkerLoop(async () => {
    while (loop.active) {
      let busy = false;
      try {
        busy = await pass();
      } catch (error) {
        if (!loop.active) break;
        failed(error);
      }
      if (!busy) await loop.pause(idleMs);
    }
  });
  return loop;
}

/** A background worker driven by a loop: started, stopped and woken through it. */
export abstract class LoopWorker {
  protected abstract readonly loop: WorkerLoop;

  /** Starts the loop (idempotent). */
  start(): void {
    this.loop.start();
  }

  /** Stops the loop after the current pass. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Ends the idle pause early (work was queued or scheduled for now). */
  wake(): void {
    this.loop.wake();
  }
}
