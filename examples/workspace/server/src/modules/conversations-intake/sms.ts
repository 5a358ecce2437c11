// The SMS channel joined to the intake and the outbox: a customer's SMS to a workspace's number
// becomes a message of their conversation through the inbound queue (a replay is stored once); STOP (and the other opt-out
// keywords) records the number as opted out of SMS, START lifts it, each with a line in the
// conversation (sms-keyword.ts, applied by the queue's drainer); status callbacks move replies forward (or fail them with Twilio's reason).
import type { Services } from '../../lib/context';
import type { InboundSms } from '../../integrations/channels/sms/webhook';
import type { Receipt } from '../../integrations/channels/types';
import { applyCampaignReceipt, campaignMessageIdOf } from '../campaigns/receipts';
import { OutboxService } from '../outbox/service';
import { normalisePhone } from './address';
import { workspaceOfAddress } from './channel-address';
import { inboundQueue, type QueueOutcome } from './inbound-queue';
import { InboundAddressError } from './service';

/** What happened to an inbound SMS. */
export type SmsOutcome = QueueOutcome | 'channel-off' | 'unknown-number';

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

export class SmsIntake {
  private readonly outbox: OutboxService;

  constructor(private readonly services: Services) {
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
    // Through the inbound queue: stored once (a replay is a no-op), its media fetched after.
    const outcome = await inboundQueue(this.services).submit({
      workspaceId: target.workspaceId,
      channel: 'sms',
      from: { kind: 'phone', phone: from },
      body: sms.body,
      externalId: sms.externalId,
      media: sms.media.map((m) => ({ source: 'twilio', url: m.url, contentType: m.contentType })),
    });
    return outcome;
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
