import { MAX_WEBSOCKET_RETRY_RATE_MS, WEBSOCKET_RETRY_RATE_MS } from './constants';
import type { WebSocketManagerTimers } from './types';

/**
 * Retries an executor after `min(2^attempts × 2000, 30000)` ms, no jitter, one attempt pending at
 * a time.
 * @internal
 */
export class RetryProvider {
  /** Attempts executed since the last `connected()`. */
  numAttempts = 0;
  private pending = false;

  constructor(
    private readonly executor: () => void,
    private readonly timers: WebSocketManagerTimers,
  ) {}

  /** Schedules one attempt unless one is pending. */
  retry(): void {
    if (this.pending) return;
    this.pending = true;
    this.timers.setTimeout(() => {
      this.pending = false;
      this.executor();
      this.numAttempts++;
    }, this.delay());
  }

  /** A connection opened: the next retry starts from the base delay. */
  connected(): void {
    this.numAttempts = 0;
  }

  /** The delay of the next attempt. */
  delay(): number {
    return Math.min(2 ** this.numAttempts * WEBSOCKET_RETRY_RATE_MS, MAX_WEBSOCKET_RETRY_RATE_MS);
  }
}
