// The sandbox channel provider: stands for the WhatsApp, email and SMS gateways without any
// network. It records every accepted message in its own table (as an external service would
// keep its log), deduplicates by idempotency key, and simulates receipts deterministically per
// address: most messages are delivered, some fail, some delivered ones get a reply.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SANDBOX } from '../../modules/campaigns/constants';
import type { Insertable } from 'kysely';
import type { SandboxChannelDeliveriesTable } from '../../modules/campaigns/tables';
import type { ChannelProvider, OutboundMessage, SendOutcome } from './types';

const E164 = /^\+[1-9]\d{1,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A number in [0, 1) from the address (the same address always gets the same fate). */
function fate(address: string, salt: string): number {
  const h = createHash('sha256').update(`${salt}:${address}`).digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

const between = (x: number, [lo, hi]: readonly [number, number]) => lo + Math.round(x * (hi - lo));

/** Options of the sandbox: artificial latency to mimic a gateway's round trip. */
export interface SandboxOptions {
  /** Milliseconds spent before the provider records a batch (request on the wire). */
  readonly requestLatencyMs?: number;
  /** Milliseconds spent after recording, before answering (the answer on the wire). */
  readonly responseLatencyMs?: number;
}

interface DeliveryRow {
  idempotency_key: string;
  provider_message_id: string;
  outcome: string;
  error: string | null;
  accepted_at: Date;
  delivered_at: Date | null;
  failed_at: Date | null;
  replied_at: Date | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SandboxChannelProvider implements ChannelProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Kysely<{ sandbox_channel_deliveries: SandboxChannelDeliveriesTable }>,
    private readonly options: SandboxOptions = {},
  ) {}

  /** The simulated fate of one message accepted at `now`. */
  static simulate(message: Pick<OutboundMessage, 'channel' | 'address'>, now: Date) {
    const valid =
      message.channel === 'email' ? EMAIL.test(message.address) : E164.test(message.address);
    if (!valid) return { valid: false as const };
    const f = fate(message.address, 'fail');
    const t = fate(message.address, 'time');
    if (f < SANDBOX.failRate)
      return {
        valid: true as const,
        outcome: 'failed' as const,
        error: SANDBOX.errors.undeliverable,
        deliveredAt: null,
        failedAt: new Date(now.getTime() + between(t, SANDBOX.deliveredAfterMs)),
        repliedAt: null,
      };
    const delivered = new Date(now.getTime() + between(t, SANDBOX.deliveredAfterMs));
    const replies = fate(message.address, 'reply') < SANDBOX.replyRate;
    return {
      valid: true as const,
      outcome: 'delivered' as const,
      error: null,
      deliveredAt: delivered,
      failedAt: null,
      repliedAt: replies
        ? new Date(delivered.getTime() + between(t, SANDBOX.repliedAfterMs))
        : null,
    };
  }

  async send(messages: readonly OutboundMessage[]): Promise<SendOutcome[]> {
    if (messages.length === 0) return [];
    if (this.options.requestLatencyMs) await sleep(this.options.requestLatencyMs);
    const now = new Date();
    const outcomes = new Map<string, SendOutcome>();
    const rows: Insertable<SandboxChannelDeliveriesTable>[] = [];
    for (const m of messages) {
      const sim = SandboxChannelProvider.simulate(m, now);
      if (!sim.valid) {
        outcomes.set(m.idempotencyKey, {
          idempotencyKey: m.idempotencyKey,
          accepted: false,
          error: SANDBOX.errors.invalidAddress,
        });
        continue;
      }
      rows.push({
        idempotency_key: m.idempotencyKey,
        provider_message_id: `sbx_${createHash('sha256').update(m.idempotencyKey).digest('base64url').slice(0, 22)}`,
        workspace_id: m.workspaceId,
        channel: m.channel,
        address: m.address,
        subject: m.subject,
        body: m.body,
        outcome: sim.outcome,
        error: sim.error,
        accepted_at: now,
        delivered_at: sim.deliveredAt,
        failed_at: sim.failedAt,
        replied_at: sim.repliedAt,
      });
    }
    if (rows.length > 0) {
      // A repeated key keeps its first record (and outcome) and counts the attempt.
      const recorded: DeliveryRow[] = await this.db
        .insertInto('sandbox_channel_deliveries')
        .values(rows)
        .onConflict((oc) =>
          oc.column('idempotency_key').doUpdateSet({
            attempts: sql`sandbox_channel_deliveries.attempts + 1`,
          }),
        )
        .returning([
          'idempotency_key',
          'provider_message_id',
          'outcome',
          'error',
          'accepted_at',
          'delivered_at',
          'failed_at',
          'replied_at',
        ])
        .execute();
      for (const r of recorded)
        outcomes.set(r.idempotency_key, {
          idempotencyKey: r.idempotency_key,
          accepted: true,
          providerMessageId: r.provider_message_id,
          acceptedAt: new Date(r.accepted_at),
          deliveredAt: r.delivered_at ? new Date(r.delivered_at) : null,
          failedAt: r.failed_at ? new Date(r.failed_at) : null,
          repliedAt: r.replied_at ? new Date(r.replied_at) : null,
          error: r.error,
        });
    }
    if (this.options.responseLatencyMs) await sleep(this.options.responseLatencyMs);
    return messages.map((m) => outcomes.get(m.idempotencyKey)!);
  }
}
