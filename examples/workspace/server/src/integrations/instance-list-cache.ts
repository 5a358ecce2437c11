// A per-instance list cache for what the contact centre changes rarely (quick connects, queues).
import type { InstanceRef } from './contact-centre';

/**
 * Per-instance lists the contact centre is asked for again only after `ttlMs` (the pending answer
 * is shared; a failed one is forgotten at once, so the next caller asks again).
 */
export class InstanceListCache<T> {
  private readonly entries = new Map<string, { at: number; list: Promise<T> }>();
  constructor(private readonly ttlMs: number) {}

  get(ref: InstanceRef, load: () => Promise<T>): Promise<T> {
    const key = `${ref.region}/${ref.instanceId}`;
    const cached = this.entries.get(key);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.list;
    const list = load();
    this.entries.set(key, { at: Date.now(), list });
    list.catch(() => this.entries.delete(key));
    return list;
  }
}
