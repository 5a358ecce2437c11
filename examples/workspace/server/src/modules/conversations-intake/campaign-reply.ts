// A customer's reply to a campaign: an inbound message on a channel from an address that was sent
// a campaign message on that channel within the reply window (REPLY_WINDOW_DAYS) links its
// conversation to the latest such campaign (the inbox says "Reply to campaign …") and marks that
// campaign message replied, once: the report's "Replied" counts these. An SMS keyword (STOP,
// START, HELP) is not a reply: opting out is counted apart.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { smsKeyword } from '../../integrations/channels/sms/keywords';
import { REPLY_WINDOW_DAYS } from '../campaigns/constants';
import { withCampaignTables } from '../campaigns/tables';
import { normaliseEmail, normalisePhone } from './address';

/** Links a just-stored inbound message's conversation to the campaign it answers, if any. */
export async function linkCampaignReply(
  trx: Transaction<Database>,
  reply: {
    readonly workspaceId: string;
    readonly channel: string;
    /** The customer's normalised address (E.164 number, lower-case email); null for web chat. */
    readonly address: string | null;
    readonly conversationId: string;
    readonly body: string;
    readonly at: Date;
  },
): Promise<string | null> {
  if (!reply.address || reply.channel === 'chat') return null;
  if ((reply.channel === 'sms' || reply.channel === 'whatsapp') && smsKeyword(reply.body))
    return null;
  const db = withCampaignTables(trx);
  const since = new Date(reply.at.getTime() - REPLY_WINDOW_DAYS * 86_400_000);
  const sent = await db
    .selectFrom('campaign_messages as m')
    .innerJoin('campaigns as c', 'c.id', 'm.campaign_id')
    .select(['m.id', 'm.campaign_id', 'm.replied_at'])
    .where('m.workspace_id', '=', reply.workspaceId)
    .where('m.address', '=', reply.address)
    .where('m.sent_at', '>=', since)
    .where('m.sent_at', '<=', reply.at)
    .where('c.channel', '=', reply.channel)
    .where('m.status', '=', 'sent')
    .orderBy('m.sent_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!sent) return null;
  if (!sent.replied_at)
    await db
      .updateTable('campaign_messages')
      .set({ replied_at: reply.at })
      .where('id', '=', sent.id)
      .where('replied_at', 'is', null)
      .execute();
  await trx
    .updateTable('conversations')
    .set({ campaign_id: sql`coalesce(campaign_id, ${sent.campaign_id})` })
    .where('id', '=', reply.conversationId)
    .execute();
  return sent.campaign_id;
}

/** The normalised address of who wrote (null for a contact the channel already knows). */
export function inboundAddress(
  from:
    | { readonly kind: 'phone'; readonly phone: string }
    | { readonly kind: 'email'; readonly email: string }
    | { readonly kind: 'contact' },
): string | null {
  if (from.kind === 'phone') return normalisePhone(from.phone);
  if (from.kind === 'email') return normaliseEmail(from.email);
  return null;
}
