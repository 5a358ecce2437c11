import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WEBSOCKET_RETRY_RATE_MS, WEBSOCKET_RETRY_RATE_MS } from './constants';
import { RetryProvider } from './retry-provider';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('RetryProvider', () => {
  it('waits WEBSOCKET_RETRY_RATE_MS × 2^attempts, capped at MAX_WEBSOCKET_RETRY_RATE_MS, without jitter', () => {
    const executor = vi.fn();
    const retry = new RetryProvider(executor, globalThis);
    const delays: number[] = [];
    for (let n = 0; n < 7; n++) {
      delays.push(retry.delay());
      retry.retry();
      vi.advanceTimersByTime(retry.delay() - 1);
      expect(executor).toHaveBeenCalledTimes(n);
      vi.advanceTimersByTime(1);
      expect(executor).toHaveBeenCalledTimes(n + 1);
    }
    expect(delays).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(WEBSOCKET_RETRY_RATE_MS).toBe(2000);
    expect(MAX_WEBSOCKET_RETRY_RATE_MS).toBe(30000);
  });

  it('keeps one attempt pending at a time, and connected() resets the attempts', () => {
    const executor = vi.fn();
    const retry = new RetryProvider(executor, globalThis);
    retry.retry();
    retry.retry();
    vi.advanceTimersByTime(2000);
    expect(executor).toHaveBeenCalledTimes(1);
    expect(retry.numAttempts).toBe(1);
    retry.connected();
    expect(retry.numAttempts).toBe(0);
    expect(retry.delay()).toBe(2000);
  });
});
