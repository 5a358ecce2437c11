// Delivery receipts of campaign messages: the channels' receipt handlers (Twilio status
// callbacks, WhatsApp statuses) try the reply outbox first and, when no reply has that provider
// id, this. A receipt only moves a message forward (sent → delivered → read) or fails it with the
// provider's reason; a replayed or late receipt changes nothing.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Receipt } from '../../integrations/channels/types';
import { CAMPAIGN_KEY_PREFIX } from './constants';
import { withCampaignTables } from './tables';

/** The campaign message row id of an idempotency key (`campaign-<id>`), or undefined. */
export function campaignMessageIdOf(key: string | undefined): number | undefined {
  if (!key?.startsWith(CAMPAIGN_KEY_PREFIX)) return undefined;
  const id = Number(key.slice(CAMPAIGN_KEY_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Applies a receipt to the campaign message it names (by the key of its status callback, else
 * by the provider's id); answers whether a campaign message has that id (changed or not).
 */
export async function applyCampaignReceipt(
  database: Kysely<Database>,
  receipt: Receipt,
  key?: string,
): Promise<{ known: boolean; changed: boolean }> {
  const db = withCampaignTables(database);
  const id = campaignMessageIdOf(key);
  const row = await db
    .selectFrom('campaign_messages')
    .select(['id', 'provider_message_id'])
    .where((eb) =>
      id !== undefined
        ? eb('id', '=', id)
        : eb('provider_message_id', '=', receipt.providerMessageId),
    )
    .executeTakeFirst();
  if (!row) return { known: false, changed: false };
  // A callback naming the message must be about the message the provider took (when known).
  if (row.provider_message_id && row.provider_message_id !== receipt.providerMessageId)
    return { known: true, changed: false };
  const at = receipt.at;
  let q = db.updateTable('campaign_messages').where('id', '=', row.id);
  switch (receipt.status) {
    case 'sent':
      q = q.set({ sent_at: at }).where('sent_at', 'is', null).where('failed_at', 'is', null);
      break;
    case 'delivered':
      q = q
        .set({ delivered_at: at, sent_at: sql`coalesce(sent_at, ${at})` })
        .where('delivered_at', 'is', null)
        .where('failed_at', 'is', null);
      break;
    case 'read':
      q = q
        .set({
          read_at: at,
          delivered_at: sql`coalesce(delivered_at, ${at})`,
          sent_at: sql`coalesce(sent_at, ${at})`,
        })
        .where('read_at', 'is', null)
        .where('failed_at', 'is', null);
      break;
    case 'failed':
      q = q
        .set({
          failed_at: at,
          error: receipt.reason,
          // A message still held by its worker is failed when the worker writes its answer.
          status: sql`CASE WHEN status = 'sent' THEN 'failed' ELSE status END`,
        })
        .where('failed_at', 'is', null)
        .where('status', 'in', ['queued', 'sent']);
      break;
  }
  const result = await q.executeTakeFirst();
  return { known: true, changed: Number(result.numUpdatedRows) > 0 };
}
