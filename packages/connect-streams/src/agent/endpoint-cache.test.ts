import { describe, expect, it } from 'vitest';
import { EndpointCache } from './endpoint-cache';

describe('endpoint cache (spec §9: max 1000 entries, default period 1 minute)', () => {
  it('expires an entry after one minute', () => {
    let t = 0;
    const cache = new EndpointCache<number>(undefined, undefined, () => t);
    cache.set('q', 1);
    t = 59_999;
    expect(cache.get('q')).toBe(1);
    t = 60_000;
    expect(cache.get('q')).toBeUndefined();
  });
  it('holds at most 1000 entries, evicting the oldest', () => {
    const cache = new EndpointCache<number>();
    for (let i = 0; i < 1001; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(1000);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k1000')).toBe(1000);
  });
  it('the pool size must be a positive number', () => {
    expect(() => new EndpointCache(0)).toThrow(
      'The endpoint-cache pool size must be a positive number',
    );
  });
});
