// The WhatsApp channel joined to the intake and the outbox: a customer's message to a
// workspace's WhatsApp number becomes a message of their conversation (a replay is stored once);
// statuses move replies forward (sent → delivered → read) or fail them with the Graph error
// (131047 outside the 24-hour window). A status may overtake the send's answer (the message's
// wamid is not stored yet): it is tried again for a moment.
import type { Services } from '../../lib/context';
import type { InboundWhatsapp } from '../../integrations/channels/whatsapp/webhook';
import type { Receipt } from '../../integrations/channels/types';
import { applyCampaignReceipt } from '../campaigns/receipts';
import { OutboxService } from '../outbox/service';
import { normalisePhone } from './address';
import { workspaceOfAddress } from './channel-address';
import { inboundQueue, type QueueOutcome } from './inbound-queue';
import { InboundAddressError } from './service';

/** What happened to an inbound WhatsApp message. */
export type WhatsappOutcome = QueueOutcome | 'channel-off' | 'unknown-number';

/** How often, and how far apart, a status of a message not yet known is tried again. */
const STATUS_RETRIES = 8;
const STATUS_RETRY_MS = 250;

export class WhatsappIntake {
  private readonly outbox: OutboxService;

  constructor(private readonly services: Services) {
    this.outbox = new OutboxService(services);
  }

  /** The E.164 business number of a notification (configured ids first, else the display number). */
  private businessNumber(business: InboundWhatsapp['business']): string | null {
    const ids = this.services.config.whatsapp?.phoneNumberIds ?? {};
    const configured = Object.entries(ids).find(([, id]) => id === business.phoneNumberId)?.[0];
    return configured ?? normalisePhone(business.display);
  }

  async receive(message: InboundWhatsapp): Promise<WhatsappOutcome> {
    const from = normalisePhone(message.from);
    if (!from) throw new InboundAddressError(`Not a phone number: ${message.from}`);
    const number = this.businessNumber(message.business);
    const target = number ? await workspaceOfAddress(this.services, 'whatsapp', number) : null;
    if (!target) return 'unknown-number';
    if (!target.enabled) return 'channel-off';
    // Through the inbound queue: stored once (a replay is a no-op), its media fetched after.
    return inboundQueue(this.services).submit({
      workspaceId: target.workspaceId,
      channel: 'whatsapp',
      from: { kind: 'phone', phone: from, name: message.name },
      body: message.body,
      externalId: message.externalId,
      at: message.at,
      media: message.media ? [{ source: 'whatsapp', ...message.media }] : [],
    });
  }

  /**
   * Applies a status to our message by its wamid (a reply's, else a campaign message's); answers
   * whether the message is known.
   */
  async status(receipt: Receipt): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      const changed = await this.outbox.applyStatus(
        { externalId: receipt.providerMessageId },
        { status: receipt.status, reason: receipt.reason, at: receipt.at },
      );
      if (changed) return true;
      const known = await this.services.db
        .selectFrom('messages')
        .select('id')
        .where('external_id', '=', receipt.providerMessageId)
        .executeTakeFirst();
      if (known) return true;
      const campaign = await applyCampaignReceipt(this.services.db, receipt);
      if (campaign.known) return true;
      if (attempt >= STATUS_RETRIES) return false;
      await new Promise((resolve) => setTimeout(resolve, STATUS_RETRY_MS));
    }
  }
}
