// Contact-event intake: the contact centre's "Amazon Connect Contact Event" (EventBridge JSON),
// from the emulator's webhook (or an EventBridge API destination in production). Each event is
// recorded once by its id (a duplicate is a no-op) and merged into its communication's
// connection record with order-independent rules (see VoiceRepository.upsertFromEvent), so
// duplicated or reordered deliveries give the history in-order delivery gives; the work of an
// event runs in one transaction, so a failure leaves nothing half-written and the sender retries.
import { z } from 'zod';
import type { Services } from '../lib/context';
import type { LiveEvent } from '../modules/live/bus';
import { CallRecords, PHONE_NUMBER } from '../modules/voice/call-records';
import { VoiceRepository } from '../modules/voice/repository';
import { typeOfInitiation } from '../modules/voice/call-state';

const timestamp = z.iso.datetime({ offset: true });

/** The parts of a contact event the intake reads (other fields are kept in the stored payload). */
export const contactEventSchema = z.object({
  id: z.string().min(1).max(200),
  'detail-type': z.literal('Amazon Connect Contact Event'),
  source: z.literal('aws.connect'),
  time: timestamp,
  detail: z.object({
    eventType: z.enum([
      'INITIATED',
      'QUEUED',
      'CONNECTED_TO_AGENT',
      'CONTACT_DATA_UPDATED',
      'DISCONNECTED',
      'COMPLETED',
    ]),
    contactId: z.string().min(1).max(200),
    initialContactId: z.string().min(1).max(200).optional(),
    previousContactId: z.string().min(1).max(200).optional(),
    relatedContactId: z.string().min(1).max(200).optional(),
    channel: z.string().min(1).max(20),
    instanceArn: z.string().min(1).max(400),
    initiationMethod: z.string().min(1).max(40),
    initiationTimestamp: timestamp,
    disconnectTimestamp: timestamp.optional(),
    agentInfo: z
      .object({
        agentArn: z.string().min(1).max(400),
        connectedToAgentTimestamp: timestamp.optional(),
      })
      .optional(),
    queueInfo: z.object({ queueArn: z.string().min(1).max(400) }).optional(),
    tags: z.record(z.string(), z.string()).optional(),
  }),
});

export type ContactEvent = z.infer<typeof contactEventSchema>;

/** What became of a delivered event. */
export type IntakeOutcome =
  | { readonly outcome: 'processed'; readonly workspaceId: string }
  | { readonly outcome: 'duplicate' }
  | { readonly outcome: 'ignored'; readonly reason: string };

/** The last path segment of an ARN (`…/instance/{id}`, `…/agent/{id}`). */
const arnId = (arn: string) => arn.slice(arn.lastIndexOf('/') + 1);

export class ContactEventIntake {
  private readonly repo: VoiceRepository;
  private readonly records: CallRecords;

  constructor(private readonly services: Services) {
    this.repo = new VoiceRepository(services.db);
    this.records = new CallRecords(this.repo);
  }

  /** Processes one event (validated); safe to call again with the same event. */
  async receive(event: ContactEvent): Promise<IntakeOutcome> {
    const d = event.detail;
    const instanceId = d.tags?.['aws:connect:instanceId'] ?? arnId(d.instanceArn);
    const workspace = await this.repo.workspaceByInstance(instanceId);
    if (!workspace) return { outcome: 'ignored', reason: 'unknown instance' };
    const ws = workspace.id;
    const phone = await this.customerNumber(event, {
      workspaceId: ws,
      instanceId,
      region: workspace.connect_region,
    });
    const type = typeOfInitiation(d.initiationMethod);
    const events: LiveEvent[] = [];
    const outcome = await this.services.db.transaction().execute(async (trx) => {
      const fresh = await this.repo.recordEvent(trx, {
        eventId: event.id,
        workspaceId: ws,
        contactId: d.contactId,
        eventType: d.eventType,
        eventTime: new Date(event.time),
        payload: event,
      });
      if (!fresh) return { outcome: 'duplicate' } as const;
      if (d.channel !== 'VOICE')
        return { outcome: 'ignored', reason: 'not a voice contact' } as const;
      const agent = d.agentInfo
        ? await this.repo.agentByConnectUser(ws, arnId(d.agentInfo.agentArn), trx)
        : undefined;
      const connectedAt = d.agentInfo?.connectedToAgentTimestamp;
      const row = await this.repo.upsertFromEvent(trx, {
        workspaceId: ws,
        idCommunication: d.contactId,
        communicationType: type,
        previousIdCommunication:
          type === 'monitor'
            ? (d.relatedContactId ?? d.previousContactId ?? null)
            : (d.previousContactId ?? null),
        initialIdCommunication: d.initialContactId ?? null,
        contactPhoneNumber: phone,
        agentId: agent?.id ?? null,
        createdAt: new Date(d.initiationTimestamp),
        connectedAt: connectedAt ? new Date(connectedAt) : null,
        endedAt: d.disconnectTimestamp ? new Date(d.disconnectTimestamp) : null,
        completedAt: d.eventType === 'COMPLETED' ? new Date(event.time) : null,
        queueId: d.queueInfo ? arnId(d.queueInfo.queueArn) : null,
      });
      await this.records.settle(trx, row, {
        assignTo: connectedAt ? (agent?.id ?? null) : null,
        events,
      });
      // The agent's status moves with their calls (on call, after call work, available again):
      // the agent list hears of it with the call.
      if (agent) events.push({ type: 'agent.updated', workspaceId: ws, id: agent.id });
      return { outcome: 'processed', workspaceId: ws } as const;
    });
    for (const e of events) this.services.bus.publish(e);
    return outcome;
  }

  /**
   * The customer's number of a voice contact (events do not carry it): the stored one, else
   * DescribeContact's CustomerEndpoint. A failure leaves it unknown (the next event retries).
   */
  private async customerNumber(
    event: ContactEvent,
    where: { workspaceId: string; instanceId: string; region: string },
  ): Promise<string | null> {
    const d = event.detail;
    if (d.channel !== 'VOICE' || typeOfInitiation(d.initiationMethod) === 'monitor') return null;
    const known = await this.repo.findConnection(where.workspaceId, d.contactId);
    if (known?.contact_phone_number) return known.contact_phone_number;
    if (!this.services.contactCentre.configured) return null;
    try {
      const contact = await this.services.contactCentre.describeContact(
        { instanceId: where.instanceId, region: where.region },
        d.contactId,
      );
      const address = contact.CustomerEndpoint?.Address ?? null;
      return address && PHONE_NUMBER.test(address) ? address : null;
    } catch (error) {
      this.services.log.warn(
        { contactId: d.contactId, message: (error as Error).message },
        'contact event: customer number unknown',
      );
      return null;
    }
  }
}
