// The campaign send worker. Every server process runs one; they share the work through the
// database: due campaigns are started by whichever process claims them first, and their
// messages are claimed in batches (FOR UPDATE SKIP LOCKED, under a lease) and sent one by one
// through the channel's adapter (the same adapters as the reply outbox: Twilio, the WhatsApp
// Cloud API, SMTP), with `campaign-<row id>` as idempotency key: the email Message-ID is made
// from it (a resend after a crash is the same mail), and SMS status callbacks name it.
// Recipients opted out of the channel (STOP) are skipped and counted as opted out. A provider's
// 429/5xx/network error puts the message back with exponential backoff (the lease keeps every
// other worker off it meanwhile: never two sends at once); a refusal fails it with the
// provider's reason; a channel not connected on this server fails it with that reason. A message
// whose send a stopped worker had started (marked just before the provider calls) is not sent
// again on SMS or WhatsApp, whose providers cannot tell a repeat: it fails, saying so.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { CampaignContent } from '../../contract/campaigns';
import type { Database } from '../../db/schema';
import type { ChannelAdapters } from '../../integrations/channels/registry';
import { attemptSend } from '../../integrations/channels/registry';
import type { SendResult, TemplateSend } from '../../integrations/channels/types';
import { NO_PROVIDER_DEDUPE } from '../outbox/constants';
import { backoffMs } from '../outbox/worker';
import {
  CAMPAIGN_KEY_PREFIX,
  CAMPAIGN_MESSAGES,
  RETRY_BACKOFF,
  WORKER_DEFAULTS,
} from './constants';
import {
  SendQueueRepository,
  type ClaimedMessage,
  type MessageResult,
} from './send-queue-repository';
import { TemplateRepository } from './template-repository';
import type { TemplateSnapshot } from './tables';
import {
  personalize,
  placeholdersOf,
  renderTemplate,
  type RecipientFields,
} from '../../contract/campaign-text';
import { LoopWorker, passLoop, type WorkerLoop } from '../../lib/worker-loop';

/** Settings of a worker. */
export interface SenderOptions {
  readonly batchSize?: number;
  readonly leaseMs?: number;
  readonly idleMs?: number;
  readonly maxAttempts?: number;
  /** Backoff of retryable errors (tests set 0). */
  readonly backoffBaseMs?: number;
  readonly backoffMaxMs?: number;
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

type CampaignChannel = 'whatsapp' | 'email' | 'sms';

interface Rendered {
  readonly subject: string | null;
  readonly body: string;
  readonly template: TemplateSend | null;
}

interface Renderer {
  readonly channel: CampaignChannel;
  render(r: RecipientFields): Rendered;
}

/** The idempotency key of a campaign message (its Message-ID, its status callback's `m`). */
export const campaignMessageKey = (id: number): string => `${CAMPAIGN_KEY_PREFIX}${id}`;

function rendererOf(
  channel: string,
  contentJson: unknown,
  snapshot: TemplateSnapshot | null,
): Renderer {
  const content = contentJson as CampaignContent;
  switch (content.channel) {
    case 'whatsapp': {
      const body = snapshot?.body ?? '';
      // The template's positional variables {{1}}, {{2}}… in order, each value personalised.
      const count = Math.max(0, ...placeholdersOf(body).map(Number).filter(Number.isInteger));
      return {
        channel: 'whatsapp',
        render: (r) => ({
          subject: null,
          body: renderTemplate(body, content.variables, r),
          template: snapshot
            ? {
                name: snapshot.name,
                language: snapshot.language,
                parameters: Array.from({ length: count }, (_, i) =>
                  personalize(content.variables[String(i + 1)] ?? '', r),
                ),
              }
            : null,
        }),
      };
    }
    case 'email':
      return {
        channel: 'email',
        render: (r) => ({
          subject: personalize(content.subject, r),
          body: personalize(content.body, r),
          template: null,
        }),
      };
    default:
      return {
        channel: channel as 'sms',
        render: (r) => ({ subject: null, body: personalize(content.body, r), template: null }),
      };
  }
}

export class CampaignSender extends LoopWorker {
  readonly workerId: string;
  private readonly repo: SendQueueRepository;
  private readonly templates: TemplateRepository;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly idleMs: number;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  protected readonly loop: WorkerLoop;

  constructor(
    db: Kysely<Database>,
    private readonly adapters: ChannelAdapters,
    private readonly log: Logger,
    options: SenderOptions = {},
  ) {
    super();
    this.repo = new SendQueueRepository(db);
    this.templates = new TemplateRepository(db);
    this.batchSize = options.batchSize ?? WORKER_DEFAULTS.batchSize;
    this.leaseMs = options.leaseMs ?? WORKER_DEFAULTS.leaseMs;
    this.idleMs = options.idleMs ?? WORKER_DEFAULTS.idleMs;
    this.maxAttempts = options.maxAttempts ?? WORKER_DEFAULTS.maxAttempts;
    this.backoffBaseMs = options.backoffBaseMs ?? RETRY_BACKOFF.baseMs;
    this.backoffMaxMs = options.backoffMaxMs ?? RETRY_BACKOFF.maxMs;
    this.workerId =
      options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.loop = passLoop(
      async () => {
        const r = await this.tick();
        return r.claimed > 0 || r.started > 0;
      },
      this.idleMs,
      (error) => this.log.error({ err: error, worker: this.workerId }, 'campaign send pass failed'),
    );
  }

  /** One pass: start due campaigns, send one batch, complete finished campaigns. */
  async tick(): Promise<TickResult> {
    const started = await this.repo.startDue(5, async (c, db) => {
      if (c.channel !== 'whatsapp') return { snapshot: null };
      const t = c.template_id
        ? await this.templates.findTemplate(c.workspace_id, c.template_id, db)
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

  /**
   * Drains the queue: passes until there is nothing to start or send (tests, benchmarks). A
   * message waiting for its retry is not due yet: the pass after its backoff sends it.
   */
  async drain(): Promise<void> {
    for (;;) {
      const r = await this.tick();
      if (r.started === 0 && r.claimed === 0) {
        if (!(await this.repo.hasQueued())) return;
        await new Promise((resolve) => setTimeout(resolve, Math.max(10, this.backoffBaseMs)));
      }
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
    const channelOf = (m: ClaimedMessage) => renderers.get(m.campaign_id)!.channel;
    const optedOut = await this.repo.optedOut(
      claimed.map((m) => ({
        workspaceId: m.workspace_id,
        channel: channelOf(m),
        address: m.address,
      })),
    );
    const senders = new Map<string, Promise<string>>();
    const fromOf = (workspaceId: string, channel: CampaignChannel) => {
      const key = `${workspaceId}|${channel}`;
      let from = senders.get(key);
      if (!from) {
        from = this.repo.channelAddress(workspaceId, channel).then((a) => a ?? '');
        senders.set(key, from);
      }
      return from;
    };
    const results: MessageResult[] = [];
    let finishedNow = 0;
    // A message whose earlier send was cut off while the provider had it is not sent again on a
    // channel whose provider cannot tell a repeat (it could reach the recipient twice).
    const interrupted = (m: ClaimedMessage) =>
      m.send_started_at !== null && NO_PROVIDER_DEDUPE.has(channelOf(m));
    await this.repo.markSending(
      this.workerId,
      claimed.filter((m) => !interrupted(m)).map((m) => m.id),
    );
    await Promise.all(
      claimed.map(async (m) => {
        const renderer = renderers.get(m.campaign_id)!;
        const now = new Date().toISOString();
        if (interrupted(m)) {
          results.push({
            id: m.id,
            status: 'failed',
            provider_message_id: null,
            error: CAMPAIGN_MESSAGES.interrupted,
            sent_at: null,
            failed_at: now,
          });
          return;
        }
        if (optedOut.has(`${m.workspace_id}|${renderer.channel}|${m.address}`)) {
          results.push({
            id: m.id,
            status: 'opted_out',
            provider_message_id: null,
            error: null,
            sent_at: null,
            failed_at: null,
          });
          return;
        }
        const rendered = renderer.render({
          name: m.contact_name,
          company: m.contact_company,
          email: m.contact_email,
          phone: m.contact_phone,
        });
        const from = await fromOf(m.workspace_id, renderer.channel);
        const adapter = this.adapters[renderer.channel];
        const result: SendResult = await attemptSend(async () =>
          adapter.connected && !from
            ? {
                ok: false,
                retryable: false,
                reason: CAMPAIGN_MESSAGES.noSenderAddress(renderer.channel),
              }
            : await adapter.send({
                idempotencyKey: campaignMessageKey(m.id),
                workspaceId: m.workspace_id,
                channel: renderer.channel,
                from,
                to: m.address,
                body: rendered.body,
                subject: rendered.subject,
                thread: [],
                threadKey: campaignMessageKey(m.id),
                template: rendered.template,
              }),
        );
        if (result.ok) {
          const sent: MessageResult = {
            id: m.id,
            status: 'sent',
            provider_message_id: result.providerMessageId,
            error: null,
            sent_at: now,
            failed_at: null,
          };
          // The Cloud API's statuses name only its message id, and may arrive before a batch's
          // answers are written together: a WhatsApp answer is written at once, so its statuses
          // find it (SMS callbacks carry the row's key in their URL; email has none).
          if (renderer.channel === 'whatsapp') {
            const written = await this.repo.finish(this.workerId, [sent]);
            finishedNow += written;
          } else results.push(sent);
          return;
        }
        if (result.retryable && m.attempts < this.maxAttempts) {
          const delay = Math.max(
            result.retryAfterMs ?? 0,
            backoffMs(m.attempts, this.backoffBaseMs, this.backoffMaxMs),
          );
          this.log.warn(
            { worker: this.workerId, campaignMessage: m.id, delay, reason: result.reason },
            'campaign send failed; retrying later',
          );
          await this.repo.retryLater(this.workerId, m.id, result.reason, delay);
          return;
        }
        results.push({
          id: m.id,
          status: 'failed',
          provider_message_id: null,
          error: result.retryable ? CAMPAIGN_MESSAGES.gaveUp(result.reason) : result.reason,
          sent_at: null,
          failed_at: now,
        });
      }),
    );
    return finishedNow + (await this.repo.finish(this.workerId, results));
  }
}
