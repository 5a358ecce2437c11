// A workspace's channel found by the address a provider names (the number an SMS or a WhatsApp
// message was sent to): Settings → Channels keeps each workspace's number per channel. The answer
// is cached per database for CHANNEL_ADDRESS_CACHE_MS (every webhook asks it): a change saved in
// this process clears the cache at once (channelAddressesChanged), one saved by another server
// process is seen within that time.
import type { Services } from '../../lib/context';
import { settingsDb } from '../settings/tables';
import { CHANNEL_ADDRESS_CACHE_MS } from './constants';

type Target = { workspaceId: string; enabled: boolean } | null;

let epoch = 0;
const caches = new WeakMap<object, Map<string, { until: number; epoch: number; value: Target }>>();

/** Forgets every cached channel address (Settings → Channels saved a change). */
export function channelAddressesChanged(): void {
  epoch++;
}

/** The workspace whose `channel` has `address` (E.164), and whether the channel is on. */
export async function workspaceOfAddress(
  services: Services,
  channel: 'sms' | 'whatsapp',
  address: string,
): Promise<Target> {
  let cache = caches.get(services.db);
  if (!cache) {
    cache = new Map();
    caches.set(services.db, cache);
  }
  const key = `${channel}\u0000${address}`;
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && hit.epoch === epoch && hit.until > now) return hit.value;
  const asked = epoch;
  const rows = await settingsDb(services.db)
    .selectFrom('workspace_channels')
    .select(['workspace_id', 'enabled'])
    .where('channel', '=', channel)
    .where('address', '=', address)
    .orderBy('enabled', 'desc')
    .orderBy('workspace_id')
    .limit(1)
    .execute();
  const row = rows[0];
  const value = row ? { workspaceId: row.workspace_id, enabled: row.enabled } : null;
  // A change saved while this was asked is not cached over.
  if (asked === epoch) {
    if (cache.size > 1_000) cache.clear();
    cache.set(key, { until: now + CHANNEL_ADDRESS_CACHE_MS, epoch: asked, value });
  }
  return value;
}
