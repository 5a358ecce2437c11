// Live agent data shared between requests: one snapshot per instance and set of users, read again
// when it is older than its time to live, kept while the next one is read, and forgotten when a
// contact event says it changed.
import type { UserData } from '@aws-sdk/client-connect';
import type { InstanceRef } from './contact-centre';

type Read = (ref: InstanceRef, userIds: readonly string[]) => Promise<Map<string, UserData>>;

/** The shared snapshots of live user data. */
export class SharedUserData {
  private readonly liveCache = new Map<
    string,
    {
      at: number;
      data: Promise<Map<string, UserData>>;
      /** Whether `data` has its answer (a request may then be given it while `next` is read). */
      settled: boolean;
      next?: Promise<Map<string, UserData>> | undefined;
    }
  >();

  /** Counts {@link SharedUserData.forget} calls (reads begun before one are not kept). */
  private liveGeneration = 0;

  /** `read` asks the contact centre; `ttlMs` 0 shares nothing. */
  constructor(
    private readonly read: Read,
    private readonly ttlMs: number,
  ) {}

  /**
   * Live data of the given users, shared between requests: one snapshot per instance and set of
   * users, read again when it is older than `liveDataTtlMs`. Concurrent requests wait for the
   * same calls; once a snapshot exists, requests get it while the next one is read (up to five
   * times the time to live), so that no request waits for the contact centre in steady state.
   * For screens that list agents; a decision about one agent reads the contact centre directly.
   */
  get(ref: InstanceRef, userIds: readonly string[]): Promise<Map<string, UserData>> {
    const ttl = this.ttlMs;
    if (ttl === 0) return this.read(ref, userIds);
    const key = `${ref.region}/${ref.instanceId}/${[...userIds].sort().join(',')}`;
    const now = Date.now();
    const entry = this.liveCache.get(key);
    if (entry && now - entry.at < ttl) return entry.data;
    if (entry && now - entry.at < ttl * 5) {
      if (entry.settled) entry.next ??= this.readShared(key, ref, userIds);
      return entry.data;
    }
    for (const [k, v] of this.liveCache) if (now - v.at >= ttl * 5) this.liveCache.delete(k);
    const data = this.readShared(key, ref, userIds);
    this.liveCache.set(key, { at: now, data, settled: false });
    return data;
  }

  /**
   * Forgets the shared live data (every instance's): a contact event says it changed, so the
   * next request reads the contact centre instead of a snapshot from before the change.
   */
  forget(): void {
    this.liveGeneration++;
    this.liveCache.clear();
  }

  private readShared(
    key: string,
    ref: InstanceRef,
    userIds: readonly string[],
  ): Promise<Map<string, UserData>> {
    const data = this.read(ref, userIds);
    const generation = this.liveGeneration;
    data.then(
      () => {
        // A read begun before a change was announced is not kept as the answer after it.
        if (generation === this.liveGeneration)
          this.liveCache.set(key, { at: Date.now(), data, settled: true });
        else if (this.liveCache.get(key)?.data === data) this.liveCache.delete(key);
      },
      () => {
        const entry = this.liveCache.get(key);
        if (entry?.data === data) this.liveCache.delete(key);
        else if (entry) entry.next = undefined;
      },
    );
    return data;
  }
}
