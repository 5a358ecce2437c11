// The SMS channel joined to the intake and the outbox: a customer's SMS to a workspace's number
// becomes a message of their conversation (a replay is stored once); STOP (and the other opt-out
// keywords) records the number as opted out of SMS, START lifts it, each with a line in the
// conversation; status callbacks move replies forward (or fail them with Twilio's reason).
import type { Services } from '../../lib/context';
import { newId } from '../../lib/ids';
import { smsKeyword } from '../../integrations/channels/sms/keywords';
import type { InboundSms } from '../../integrations/channels/sms/webhook';
import type { Receipt } from '../../integrations/channels/types';
import { applyCampaignReceipt, campaignMessageIdOf } from '../campaigns/receipts';
import { OutboxService } from '../outbox/service';
import { normalisePhone } from './address';
import { workspaceOfAddress } from './channel-address';
import { fetchMedia, type InboundAttachment } from './attachments';
import { INTAKE_MESSAGES } from './messages';
import { ConversationIntake, InboundAddressError } from './service';

/** What happened to an inbound SMS. */
export type SmsOutcome = 'stored' | 'duplicate' | 'channel-off' | 'unknown-number';

/** Whether a customer's number is opted out of SMS in a workspace (campaigns read this). */
export async function smsOptedOut(
  services: Services,
  workspaceId: string,
  phone: string,
): Promise<boolean> {
  const row = await services.db
    .selectFrom('channel_opt_outs')
    .select('address')
    .where('workspace_id', '=', workspaceId)
    .where('channel', '=', 'sms')
    .where('address', '=', phone)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An MMS's media: each `MediaUrl{N}` fetched with the account's Basic auth (as Twilio requires when
 * media authentication is on), only from the Twilio API's own origin.
 */
function smsAttachments(services: Services, sms: InboundSms): InboundAttachment[] {
  const twilio = services.config.twilio;
  return sms.media.map((m, i) => ({
    filename: null,
    contentType: m.contentType,
    content: async () => {
      if (!twilio || new URL(m.url).origin !== new URL(twilio.apiBaseUrl).origin)
        throw new Error(`not a Twilio media URL (${new URL(m.url).origin})`);
      const basic = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
      const media = await fetchMedia(m.url, { authorization: `Basic ${basic}`, name: `MMS ${i}` });
      return media.body;
    },
  }));
}

export class SmsIntake {
  private readonly intake: ConversationIntake;
  private readonly outbox: OutboxService;

  constructor(private readonly services: Services) {
    this.intake = new ConversationIntake(services);
    this.outbox = new OutboxService(services);
  }

  /** Stores a customer's SMS (throws InboundAddressError when From is not a phone number). */
  async receive(sms: InboundSms): Promise<SmsOutcome> {
    const to = normalisePhone(sms.to);
    const from = normalisePhone(sms.from);
    if (!from) throw new InboundAddressError(`Not a phone number: ${sms.from}`);
    const target = to ? await workspaceOfAddress(this.services, 'sms', to) : null;
    if (!target) return 'unknown-number';
    if (!target.enabled) return 'channel-off';
    const result = await this.intake.receive({
      workspaceId: target.workspaceId,
      channel: 'sms',
      from: { kind: 'phone', phone: from },
      body: sms.body,
      externalId: sms.externalId,
      attachments: smsAttachments(this.services, sms),
    });
    if (result.duplicate) return 'duplicate';
    const keyword = smsKeyword(sms.body);
    if (keyword === 'opt-out' || keyword === 'opt-in') {
      const word = sms.body.trim().toUpperCase();
      await this.services.db.transaction().execute(async (trx) => {
        if (keyword === 'opt-out')
          await trx
            .insertInto('channel_opt_outs')
            .values({
              workspace_id: target.workspaceId,
              channel: 'sms',
              address: from,
              keyword: word,
            })
            .onConflict((oc) =>
              oc
                .columns(['workspace_id', 'channel', 'address'])
                .doUpdateSet({ keyword: word, opted_out_at: new Date() }),
            )
            .execute();
        else
          await trx
            .deleteFrom('channel_opt_outs')
            .where('workspace_id', '=', target.workspaceId)
            .where('channel', '=', 'sms')
            .where('address', '=', from)
            .execute();
        await trx
          .insertInto('messages')
          .values({
            id: newId(),
            workspace_id: target.workspaceId,
            conversation_id: result.conversationId,
            kind: 'system',
            direction: null,
            author_agent_id: null,
            body:
              keyword === 'opt-out'
                ? INTAKE_MESSAGES.optedOut(word)
                : INTAKE_MESSAGES.optedIn(word),
            created_at: new Date(),
          })
          .execute();
      });
      this.services.bus.publish({
        type: 'message.created',
        workspaceId: target.workspaceId,
        id: result.messageId,
        conversationId: result.conversationId,
      });
    }
    return 'stored';
  }

  /**
   * Applies a status callback to our message (by its id from the callback URL, else the SID); a
   * campaign message's when no reply has it.
   */
  async status(receipt: Receipt, messageId: string | undefined): Promise<boolean> {
    const campaign = campaignMessageIdOf(messageId) !== undefined;
    if (!campaign) {
      const changed = await this.outbox.applyStatus(
        messageId ? { messageId } : { externalId: receipt.providerMessageId },
        {
          status: receipt.status,
          reason: receipt.reason,
          at: receipt.at,
          externalId: receipt.providerMessageId,
        },
      );
      if (changed || messageId) return changed;
    }
    return (await applyCampaignReceipt(this.services.db, receipt, messageId)).changed;
  }
}
