// A workspace's channel found by the address a provider names (the number an SMS or a WhatsApp
// message was sent to): Settings → Channels keeps each workspace's number per channel.
import type { Services } from '../../lib/context';
import { settingsDb } from '../settings/tables';

/** The workspace whose `channel` has `address` (E.164), and whether the channel is on. */
export async function workspaceOfAddress(
  services: Services,
  channel: 'sms' | 'whatsapp',
  address: string,
): Promise<{ workspaceId: string; enabled: boolean } | null> {
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
  return row ? { workspaceId: row.workspace_id, enabled: row.enabled } : null;
}
