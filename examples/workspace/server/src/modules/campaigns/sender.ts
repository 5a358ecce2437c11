// The campaign send worker. Every server process runs one; they share the work through the
// database: due campaigns are started by whichever process claims them first, and their
// messages are claimed in batches (FOR UPDATE SKIP LOCKED, under a lease) and handed to the
// channel provider with the row id as idempotency key. A worker that dies mid-batch leaves its
// rows leased; when the lease runs out another worker resends them, and the provider answers the
// first outcome instead of delivering twice.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { CampaignContent } from '../../contract/campaigns';
import type { Database } from '../../db/schema';
import type { ChannelProvider, OutboundMessage } from '../../integrations/channels/types';
import { CAMPAIGN_MESSAGES, WORKER_DEFAULTS } from './constants';
import { CampaignRepository, type ClaimedMessage, type MessageResult } from './repository';
import type { TemplateSnapshot } from './tables';
import { personalize, renderTemplate, type RecipientFields } from './text';

/** Settings of a worker. */
export interface SenderOptions {
  readonly batchSize?: number;
  readonly leaseMs?: number;
  readonly idleMs?: number;
  readonly maxAttempts?: number;
  /** A name for logs and the `sent_by` column (default: host, pid and a random suffix). */
  readonly workerId?: string;
}

/** What one pass did. */
export interface TickResult {
  readonly started: number;
  readonly claimed: number;
  readonly finished: number;
  readonly completed: number;
}

interface Renderer {
  readonly channel: OutboundMessage['channel'];
  render(r: RecipientFields): { subject: string | null; body: string };
}

function rendererOf(
  channel: string,
  contentJson: unknown,
  snapshot: TemplateSnapshot | null,
): Renderer {
  const content = contentJson as CampaignContent;
  switch (content.channel) {
    case 'whatsapp':
      return {
        channel: 'whatsapp',
        render: (r) => ({
          subject: null,
          body: renderTemplate(snapshot?.body ?? '', content.variables, r),
        }),
      };
    case 'email':
      return {
        channel: 'email',
        render: (r) => ({
          subject: personalize(content.subject, r),
          body: personalize(content.body, r),
        }),
      };
    default:
      return {
        channel: channel as 'sms',
        render: (r) => ({ subject: null, body: personalize(content.body, r) }),
      };
  }
}

export class CampaignSender {
  readonly workerId: string;
  private readonly repo: CampaignRepository;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly idleMs: number;
  private readonly maxAttempts: number;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(
    db: Kysely<Database>,
    private readonly provider: ChannelProvider,
    private readonly log: Logger,
    options: SenderOptions = {},
  ) {
    this.repo = new CampaignRepository(db);
    this.batchSize = options.batchSize ?? WORKER_DEFAULTS.batchSize;
    this.leaseMs = options.leaseMs ?? WORKER_DEFAULTS.leaseMs;
    this.idleMs = options.idleMs ?? WORKER_DEFAULTS.idleMs;
    this.maxAttempts = options.maxAttempts ?? WORKER_DEFAULTS.maxAttempts;
    this.workerId =
      options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  /** Starts the loop (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops the loop after the current pass. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  /** Ends the idle pause early (a campaign was scheduled for now). */
  wake(): void {
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let busy = false;
      try {
        const r = await this.tick();
        busy = r.claimed > 0 || r.started > 0;
      } catch (error) {
        if (!this.running) break;
        this.log.error({ err: error, worker: this.workerId }, 'campaign send pass failed');
      }
      if (!busy && this.running)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.idleMs);
          timer.unref?.();
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      this.wakeUp = undefined;
    }
  }

  /** One pass: start due campaigns, send one batch, complete finished campaigns. */
  async tick(): Promise<TickResult> {
    const started = await this.repo.startDue(5, async (c, db) => {
      if (c.channel !== 'whatsapp') return { snapshot: null };
      const t = c.template_id
        ? await this.repo.findTemplate(c.workspace_id, c.template_id, db)
        : undefined;
      if (!t || t.status !== 'approved' || t.channel !== 'whatsapp')
        return { cancel: CAMPAIGN_MESSAGES.templateNotApproved };
      return { snapshot: { name: t.name, language: t.language, body: t.body } };
    });
    for (const id of started)
      this.log.info({ campaignId: id, worker: this.workerId }, 'campaign started');
    const claimed = await this.repo.claim(this.workerId, this.batchSize, this.leaseMs);
    const finished = claimed.length > 0 ? await this.send(claimed) : 0;
    const completed = await this.repo.completeFinished();
    for (const c of completed) {
      this.log.info({ campaignId: c.id, worker: this.workerId }, 'campaign sent');
    }
    return {
      started: started.length,
      claimed: claimed.length,
      finished,
      completed: completed.length,
    };
  }

  /** Drains the queue: passes until there is nothing to start or send (tests, benchmarks). */
  async drain(): Promise<void> {
    for (;;) {
      const r = await this.tick();
      if (r.started === 0 && r.claimed === 0) return;
    }
  }

  private async send(claimed: readonly ClaimedMessage[]): Promise<number> {
    const campaignIds = [...new Set(claimed.map((m) => m.campaign_id))];
    const renderers = new Map(
      (await this.repo.renderInfo(campaignIds)).map((c) => [
        c.id,
        rendererOf(c.channel, c.content, c.template_snapshot),
      ]),
    );
    const outbound: OutboundMessage[] = claimed.map((m) => {
      const renderer = renderers.get(m.campaign_id)!;
      const { subject, body } = renderer.render({
        name: m.contact_name,
        company: m.contact_company,
        email: m.contact_email,
        phone: m.contact_phone,
      });
      return {
        idempotencyKey: String(m.id),
        workspaceId: m.workspace_id,
        channel: renderer.channel,
        address: m.address,
        subject,
        body,
      };
    });
    let outcomes;
    try {
      outcomes = await this.provider.send(outbound);
    } catch (error) {
      this.log.warn(
        { err: error, worker: this.workerId },
        'channel provider failed; retrying later',
      );
      await this.repo.retryLater(
        this.workerId,
        claimed.map((m) => m.id),
        error instanceof Error ? error.message : String(error),
        Math.min(this.leaseMs, 5_000),
        this.maxAttempts,
      );
      return 0;
    }
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const results: MessageResult[] = outcomes.map((o) =>
      o.accepted
        ? {
            id: Number(o.idempotencyKey),
            status: 'sent',
            provider_message_id: o.providerMessageId,
            error: o.error,
            sent_at: iso(o.acceptedAt),
            delivered_at: iso(o.deliveredAt),
            failed_at: iso(o.failedAt),
            replied_at: iso(o.repliedAt),
          }
        : {
            id: Number(o.idempotencyKey),
            status: 'failed',
            provider_message_id: null,
            error: o.error,
            sent_at: null,
            delivered_at: null,
            failed_at: new Date().toISOString(),
            replied_at: null,
          },
    );
    return this.repo.finish(this.workerId, results);
  }
}
