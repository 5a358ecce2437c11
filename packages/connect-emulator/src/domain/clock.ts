/**
 * A timer handle returned by {@link Clock.setTimer}.
 * @public
 */
export interface TimerHandle {
  /** The timer's number (unique per clock). */
  readonly id: number;
}

/**
 * The time source of the emulator. The system clock follows real time; {@link ManualClock} only
 * moves when told, which makes tests exact.
 * @public
 */
export interface Clock {
  /** Current time, epoch ms. */
  now(): number;
  /** Runs `fn` after `ms`. */
  setTimer(ms: number, fn: () => void): TimerHandle;
  /** Cancels a timer (no-op when it already ran). */
  clearTimer(handle: TimerHandle | undefined): void;
}

/**
 * Real time.
 * @public
 */
export class SystemClock implements Clock {
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private nextId = 1;

  /** {@inheritDoc Clock.now} */
  now(): number {
    return Date.now();
  }

  /** {@inheritDoc Clock.setTimer} */
  setTimer(ms: number, fn: () => void): TimerHandle {
    const id = this.nextId++;
    const timer = setTimeout(() => {
      this.timers.delete(id);
      fn();
    }, ms);
    timer.unref?.();
    this.timers.set(id, timer);
    return { id };
  }

  /** {@inheritDoc Clock.clearTimer} */
  clearTimer(handle: TimerHandle | undefined): void {
    if (!handle) return;
    const timer = this.timers.get(handle.id);
    if (timer) clearTimeout(timer);
    this.timers.delete(handle.id);
  }
}

/**
 * A deterministic clock: time stands still until {@link ManualClock.advance} moves it, running due
 * timers in order.
 * @public
 */
export class ManualClock implements Clock {
  private current: number;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;

  /** A clock at `start` (epoch ms; default 2026-01-01 09:00 UTC). */
  constructor(start = Date.UTC(2026, 0, 1, 9, 0, 0)) {
    this.current = start;
  }

  /** {@inheritDoc Clock.now} */
  now(): number {
    return this.current;
  }

  /** {@inheritDoc Clock.setTimer} */
  setTimer(ms: number, fn: () => void): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { at: this.current + Math.max(0, ms), fn });
    return { id };
  }

  /** {@inheritDoc Clock.clearTimer} */
  clearTimer(handle: TimerHandle | undefined): void {
    if (handle) this.timers.delete(handle.id);
  }

  /** Moves time forward by `ms`, running every timer that falls due, earliest first. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      let dueId: number | undefined;
      let due: { at: number; fn: () => void } | undefined;
      for (const [id, timer] of this.timers) {
        if (
          timer.at <= target &&
          (!due || timer.at < due.at || (timer.at === due.at && id < dueId!))
        ) {
          dueId = id;
          due = timer;
        }
      }
      if (!due || dueId === undefined) break;
      this.timers.delete(dueId);
      this.current = due.at;
      due.fn();
    }
    this.current = target;
  }

  /** Number of pending timers. */
  get pending(): number {
    return this.timers.size;
  }
}
