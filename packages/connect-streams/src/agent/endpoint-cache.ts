import { ENDPOINT_CACHE_MAX_ENTRIES, ENDPOINT_CACHE_PERIOD_MS } from '../constants';

/**
 * A small time-bounded cache.
 * The oldest entry is evicted when full; an entry expires after the period.
 * @public
 */
export class EndpointCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();

  constructor(
    private readonly maxEntries = ENDPOINT_CACHE_MAX_ENTRIES,
    private readonly periodMs = ENDPOINT_CACHE_PERIOD_MS,
    private readonly now: () => number = Date.now,
  ) {
    if (!(maxEntries > 0))
      throw new RangeError('The endpoint-cache pool size must be a positive number');
  }

  /** The cached value, unless missing or older than the period. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.periodMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Caches a value, evicting the oldest entry when full. */
  set(key: string, value: T): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, at: this.now() });
  }

  /** Number of entries. */
  get size(): number {
    return this.entries.size;
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
  }
}
