// The send worker of replies. Every server process runs one; they share the queue through the
// database: jobs are claimed in batches (FOR UPDATE SKIP LOCKED, under a lease) and handed to the
// conversation channel's adapter with the message id as idempotency key. A retryable answer
// (429, 5xx, network) puts the job back with exponential backoff and jitter; a refusal fails the
// message with the provider's reason. A worker that dies mid-send leaves its job leased; when the
// lease runs out another worker sends it again (the adapters pass the key where the provider
// dedupes by it: email Message-ID), never while the first still holds it. Where the provider
// cannot tell a repeat (SMS, WhatsApp), a job whose send was started and never recorded fails
// instead, saying so, and the agent's Retry sends it again.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { ChannelAdapters } from '../../integrations/channels/registry';
import { attemptSend, isMessagingChannel } from '../../integrations/channels/registry';
import type { SendResult } from '../../integrations/channels/types';
import type { Services } from '../../lib/context';
import { outboundAttachments } from '../attachments/outbound';
import { NO_PROVIDER_DEDUPE, OUTBOX_DEFAULTS, OUTBOX_MESSAGES } from './constants';
import { OutboxRepository, type ClaimedJob } from './repository';
import { OutboxService } from './service';
import { LoopWorker, passLoop, type WorkerLoop } from '../../lib/worker-loop';

/** Settings of a worker. */
export interface OutboxWorkerOptions {
  readonly batchSize?: number;
  readonly leaseMs?: number;
  readonly idleMs?: number;
  readonly maxAttempts?: number;
  readonly backoffBaseMs?: number;
  readonly backoffMaxMs?: number;
  readonly workerId?: string;
}

/** The delay before attempt `attempts + 1`: full jitter over an exponential ceiling. */
export function backoffMs(attempts: number, base: number, max: number, random = Math.random) {
  const ceiling = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export class OutboxWorker extends LoopWorker {
  readonly workerId: string;
  private readonly repo: OutboxRepository;
  private readonly outbox: OutboxService;
  private readonly options: Required<Omit<OutboxWorkerOptions, 'workerId'>>;
  protected readonly loop: WorkerLoop;

  constructor(
    private readonly services: Services,
    private readonly adapters: ChannelAdapters,
    private readonly log: Logger,
    options: OutboxWorkerOptions = {},
  ) {
    super();
    this.repo = new OutboxRepository(services.db);
    this.outbox = new OutboxService(services);
    this.options = {
      batchSize: options.batchSize ?? OUTBOX_DEFAULTS.batchSize,
      leaseMs: options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs,
      idleMs: options.idleMs ?? OUTBOX_DEFAULTS.idleMs,
      maxAttempts: options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts,
      backoffBaseMs: options.backoffBaseMs ?? OUTBOX_DEFAULTS.backoffBaseMs,
      backoffMaxMs: options.backoffMaxMs ?? OUTBOX_DEFAULTS.backoffMaxMs,
    };
    this.workerId =
      options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.loop = passLoop(
      async () => (await this.tick()) > 0,
      this.options.idleMs,
      (error) => this.log.error({ err: error, worker: this.workerId }, 'outbox pass failed'),
    );
  }

  /** One pass: claims a batch and sends it; answers how many jobs it claimed. */
  async tick(): Promise<number> {
    const jobs = await this.repo.claim(this.workerId, this.options.batchSize, this.options.leaseMs);
    await Promise.all(jobs.map((job) => this.sendOne(job)));
    return jobs.length;
  }

  /** Passes until nothing is due (tests). */
  async drain(): Promise<void> {
    while ((await this.tick()) > 0);
  }

  private async sendOne(job: ClaimedJob): Promise<void> {
    const info = await this.repo.sendInfo(job.message_id);
    if (!info || !isMessagingChannel(job.channel)) {
      await this.repo.finish(job.id, this.workerId, 'failed', 'The message is gone.');
      return;
    }
    const adapter = this.adapters[job.channel];
    const setting = await this.repo.channelSetting(job.workspace_id, job.channel);
    const to =
      job.channel === 'email' ? info.email : job.channel === 'chat' ? info.contact_id : info.phone;
    let result: SendResult;
    if (!to) {
      result = {
        ok: false,
        retryable: false,
        reason: `The contact has no ${job.channel} address.`,
      };
    } else if (job.send_started_at && NO_PROVIDER_DEDUPE.has(job.channel)) {
      // An earlier attempt was cut off while the provider had the message: sending it again
      // could reach the customer twice, so the agent decides (Retry).
      result = { ok: false, retryable: false, reason: OUTBOX_MESSAGES.interrupted };
    } else if (!(await this.repo.markSending(job.id, this.workerId))) {
      return;
    } else {
      result = await attemptSend(async () =>
        adapter.send({
          idempotencyKey: info.id,
          workspaceId: job.workspace_id,
          channel: adapter.channel,
          from: setting?.address ?? '',
          to,
          body: info.body,
          subject: info.subject,
          thread: await this.repo.thread(info.conversation_id, info.id),
          threadKey: info.conversation_id,
          template: info.template,
          attachments: await outboundAttachments(this.services, job.workspace_id, info.id),
        }),
      );
    }
    if (result.ok) {
      if (await this.repo.finish(job.id, this.workerId, 'done', null))
        await this.outbox.applyStatus(
          { messageId: info.id },
          {
            status: result.status,
            reason: null,
            at: new Date(),
            externalId: result.providerMessageId,
          },
        );
      return;
    }
    if (result.retryable && job.attempts < this.options.maxAttempts) {
      const delay = Math.max(
        result.retryAfterMs ?? 0,
        backoffMs(job.attempts, this.options.backoffBaseMs, this.options.backoffMaxMs),
      );
      this.log.warn(
        {
          worker: this.workerId,
          messageId: info.id,
          attempts: job.attempts,
          delay,
          reason: result.reason,
        },
        'send failed; retrying later',
      );
      await this.repo.retryLater(job.id, this.workerId, result.reason, delay);
      return;
    }
    const reason = result.retryable ? OUTBOX_MESSAGES.gaveUp(result.reason) : result.reason;
    if (await this.repo.finish(job.id, this.workerId, 'failed', reason))
      await this.outbox.applyStatus(
        { messageId: info.id },
        { status: 'failed', reason, at: new Date() },
      );
  }
}

const workers = new WeakMap<Services, OutboxWorker>();

/** Wakes this process's outbox worker, when one runs. */
export function wakeOutbox(services: Services): void {
  workers.get(services)?.wake();
}

/** Starts this process's outbox worker (unless OUTBOX_WORKER=0); `stop()` waits for its pass. */
export function startOutboxWorker(services: Services): { stop(): Promise<void> } {
  if (process.env.OUTBOX_WORKER === '0') return { stop: () => Promise.resolve() };
  const worker = new OutboxWorker(
    services,
    services.channels,
    services.log.child({ module: 'outbox' }),
  );
  workers.set(services, worker);
  worker.start();
  return {
    async stop() {
      workers.delete(services);
      await worker.stop();
    },
  };
}
