// An accelerated clock for integration tests over real sockets: the manager's timers and clock run
// `speed` times faster than real time, so its 10 s heartbeat and 300 s lifetime take milliseconds
// while the sockets, the server and the network stay real.
import type { WebSocketManagerTimers } from '../src/types';

/** Timers and a clock running `speed` times faster than real time. */
export function acceleratedClock(speed: number): {
  timers: WebSocketManagerTimers;
  now: () => number;
  dispose: () => void;
} {
  const start = Date.now();
  const handles = new Set<ReturnType<typeof setTimeout>>();
  const scaled = (ms: number) => Math.max(1, Math.round(ms / speed));
  return {
    now: () => start + (Date.now() - start) * speed,
    timers: {
      setTimeout: (fn, ms) => {
        const handle = setTimeout(() => {
          handles.delete(handle);
          fn();
        }, scaled(ms));
        handles.add(handle);
        return handle;
      },
      setInterval: (fn, ms) => {
        const handle = setInterval(fn, scaled(ms));
        handles.add(handle);
        return handle;
      },
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    /** Clears every timer still pending (the manager under test may leave some after a close). */
    dispose: () => handles.forEach((h) => clearTimeout(h)),
  };
}

/** Resolves when `predicate` holds, polling on real time; rejects after `limitMs`. */
export async function until(predicate: () => boolean, what: string, limitMs = 8000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
