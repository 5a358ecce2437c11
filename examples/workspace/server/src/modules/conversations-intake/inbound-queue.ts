// The durable inbound queue and its drainer. A provider's webhook (or a mail the SMTP listener
// took) is ONE idempotent insert into inbound_queue, keyed by workspace and the provider's
// namespaced message id, so a replay is a no-op; the row is durable before the provider is
// answered, so a crash between accept and drain loses nothing (the next server drains it).
//
// The drainer takes the due rows in batches, in the order they came, holding a transaction-level
// advisory lock so one drainer at a time applies them (per-conversation order is the queue's order,
// and two processes never create two conversations for one new sender). A batch is applied with
// set-based statements: the senders' contacts found and created in one statement each, their open
// conversations found (and locked) in one, the new ones created in one, the messages inserted in
// one, the conversations' last message set in one, the queue rows deleted in one. A message that
// needs more than that (an email thread, a survey answer, an SMS keyword) goes through the intake's
// own per-message step inside the same transaction, in its place in the order. Campaign replies are
// looked up for the whole batch at once and linked per message only where one matches.
//
// A batch that fails is rolled back to a savepoint and applied row by row; a row that fails is
// retried with backoff and, after INBOUND_QUEUE.maxAttempts, kept in state 'failed' with the reason
// (logged). A row with files is kept in state 'media' (with its stored message) until its files are
// fetched and stored, so a crash there resumes them too. The events go out after each commit.
//
// While the drainer keeps up, a webhook waits for its row to be applied (at most
// INBOUND_QUEUE.answerWaitMs) before it answers, so the answer means "stored" in the common case;
// in a burst (INBOUND_QUEUE.maxWaiting webhooks already waiting) it answers as soon as its row is
// queued, and the drainer takes the backlog in large batches.
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../lib/context';
import { WorkerLoop } from '../../lib/worker-loop';
import type { LiveEvent } from '../live/bus';
import { storeInboundAttachments } from './attachments';
import { INBOUND_QUEUE } from './constants';
import { applyItems } from './inbound-batch';
import {
  claimDue,
  deleteRow,
  finishRows,
  insertQueued,
  leaseStaleMedia,
  locked,
  queuedId,
  recordFailure,
  stillQueued,
  toItem,
  type Item,
  type PassOutput,
  type QueueOutcome,
  type QueueRow,
  type QueuedInbound,
  type Trx,
} from './inbound-rows';
import { queuedAttachments } from './media';
import { ConversationIntake, DuplicateInbound } from './service';

export type { QueueOutcome, QueuedInbound } from './inbound-rows';

export class InboundQueue {
  private readonly intake: ConversationIntake;
  private readonly waiters = new Map<string, { seq: number; done: (o: QueueOutcome) => void }[]>();
  private seq = 0;
  /** Webhooks waiting for their rows now. */
  private waiting = 0;
  private readonly loop = new WorkerLoop(() => this.run());
  private readonly mediaTasks = new Set<Promise<void>>();
  /** Queue rows whose files are being stored here (their webhooks wait for them). */
  private readonly mediaRows = new Set<string>();
  private drain: { db: Kysely<Database>; close(): Promise<void> } | undefined;

  constructor(
    private readonly services: Services,
    private readonly options: { readonly batchSize?: number; readonly backoffBaseMs?: number } = {},
  ) {
    this.intake = new ConversationIntake(services);
  }

  /** Starts draining (a pass at once: rows a stopped server left are applied now). */
  start(): void {
    this.loop.start();
  }

  /** Stops after the current pass; waits for file fetches under way. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.allSettled([...this.mediaTasks]);
    const drain = this.drain;
    this.drain = undefined;
    await drain?.close();
    for (const list of this.waiters.values()) for (const w of list) w.done('queued');
    this.waiters.clear();
  }

  /** Ends the idle pause early. */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Queues a message (one idempotent insert; a replay of a queued one is a no-op); answers the
   * queue row's id, or null when a replay finds the message already applied.
   */
  async enqueue(message: QueuedInbound): Promise<string | null> {
    const id = await insertQueued(this.services.db, message);
    // A replay: the first copy is still queued (wait for it) or already applied.
    return id ?? (await queuedId(this.services.db, message));
  }

  /**
   * Queues a message, wakes the drainer and waits (at most INBOUND_QUEUE.answerWaitMs) for it to
   * be applied: the webhook's answer. The row is durable either way.
   */
  async submit(message: QueuedInbound): Promise<QueueOutcome> {
    const id = await this.enqueue(message);
    if (id === null) return 'duplicate';
    // A burst (more webhooks waiting than the drainer takes in a moment): answered once queued.
    if (!this.loop.active || this.waiting >= INBOUND_QUEUE.maxWaiting) {
      this.wake();
      return 'queued';
    }
    this.waiting++;
    const outcome = new Promise<QueueOutcome>((resolve) => {
      const timer = setTimeout(() => resolve('queued'), INBOUND_QUEUE.answerWaitMs);
      // (settled early by stop(), or late by the timer: either way the row is durable)
      timer.unref?.();
      const list = this.waiters.get(id) ?? [];
      list.push({
        seq: ++this.seq,
        done: (o) => {
          clearTimeout(timer);
          resolve(o);
        },
      });
      this.waiters.set(id, list);
    });
    this.wake();
    try {
      return await outcome;
    } finally {
      this.waiting--;
    }
  }

  private settle(id: string, outcome: QueueOutcome): void {
    const list = this.waiters.get(id);
    if (!list) return;
    this.waiters.delete(id);
    for (const w of list) w.done(outcome);
  }

  private async run(): Promise<void> {
    await this.resumeMedia().catch((error: unknown) =>
      this.services.log.error({ err: error }, 'inbound queue: resuming files failed'),
    );
    while (this.loop.active) {
      const seqAtStart = this.seq;
      let claimed = 0;
      try {
        claimed = await this.pass();
      } catch (error) {
        if (!this.loop.active) break;
        this.services.log.error({ err: error }, 'inbound queue pass failed');
      }
      if (claimed > 0) continue;
      if (claimed === 0)
        // Nothing due: rows waited for since before this pass were applied (here or by another
        // process) or wait for a retry.
        for (const [id, list] of this.waiters)
          if (!this.mediaRows.has(id) && list.every((w) => w.seq <= seqAtStart))
            this.settle(id, 'queued');
      // Another process holds the drain lock (-1) and rows are awaited: look again soon.
      await this.loop.pause(
        claimed < 0 && this.waiters.size > 0 ? INBOUND_QUEUE.busyRetryMs : INBOUND_QUEUE.pollMs,
      );
    }
  }

  /** One pass: applies a batch of due rows; answers how many (-1: another drainer holds the lock). */
  async pass(): Promise<number> {
    const db = await this.drainDb();
    const out: PassOutput = { events: [], settled: [], media: [] };
    let rows: QueueRow[] | undefined;
    let claimed: number;
    try {
      claimed = await db.transaction().execute(async (trx) => {
        if (!(await locked(trx))) return -1;
        rows = await claimDue(trx, this.options.batchSize ?? INBOUND_QUEUE.batchSize);
        if (rows.length === 0) return 0;
        await this.applyRows(trx, rows, out);
        return rows.length;
      });
    } catch (error) {
      if (!rows?.length) throw error;
      // The batch is rolled back: each of its rows on its own, a failing one retried later.
      this.services.log.warn({ err: error, rows: rows.length }, 'inbound batch: one by one');
      out.events = [];
      out.settled = [];
      out.media = [];
      for (const row of rows) await this.applyOne(db, row, out);
      claimed = rows.length;
    }
    for (const event of out.events) this.services.bus.publish(event);
    for (const item of out.media) this.storeMedia(item);
    for (const [id, outcome] of out.settled) this.settle(id, outcome);
    return claimed;
  }

  /** Applies rows inside `trx` and deletes (or keeps for their files) their queue rows. */
  private async applyRows(trx: Trx, rows: readonly QueueRow[], out: PassOutput): Promise<void> {
    const items = rows.map((row) => toItem(row));
    const events: LiveEvent[] = [];
    await applyItems(trx, this.intake, items, events);
    await finishRows(trx, items, out.settled, out.media);
    out.events.push(...events);
  }

  /** One row in its own transaction; a failure is recorded on the row (retry or failed). */
  private async applyOne(db: Kysely<Database>, row: QueueRow, out: PassOutput): Promise<void> {
    const local: PassOutput = { events: [], settled: [], media: [] };
    try {
      await db.transaction().execute(async (trx) => {
        if (!(await locked(trx))) return;
        if (await stillQueued(trx, row.id)) await this.applyRows(trx, [row], local);
      });
      out.events.push(...local.events);
      out.settled.push(...local.settled);
      out.media.push(...local.media);
    } catch (error) {
      await db.transaction().execute(async (trx) => {
        if (error instanceof DuplicateInbound) {
          await deleteRow(trx, row.id);
          out.settled.push([String(row.id), 'duplicate']);
        } else {
          const base = this.options.backoffBaseMs ?? INBOUND_QUEUE.backoffBaseMs;
          await recordFailure(trx, this.services.log, row, error, base);
          out.settled.push([String(row.id), 'queued']);
        }
      });
    }
  }

  /** The drainer's own connection on PostgreSQL (it never waits behind the webhooks' inserts). */
  private async drainDb(): Promise<Kysely<Database>> {
    if (this.drain) return this.drain.db;
    const database = this.services.config.database;
    if (database.kind !== 'postgres') {
      this.drain = { db: this.services.db, close: () => Promise.resolve() };
      return this.drain.db;
    }
    const pg = await import('pg');
    const pool = new pg.default.Pool({ connectionString: database.url, max: 1 });
    pool.on('error', (error) =>
      this.services.log.warn({ message: error.message }, 'inbound queue connection lost (idle)'),
    );
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    this.drain ??= { db, close: () => db.destroy() };
    if (this.drain.db !== db) await db.destroy();
    return this.drain.db;
  }

  /** Fetches and stores a stored message's files, then deletes its queue row (in the background). */
  private storeMedia(item: Item): void {
    const outcome = item.outcome!;
    const queueId = String(item.row.id);
    this.mediaRows.add(queueId);
    const task = (async () => {
      try {
        await storeInboundAttachments(
          this.services,
          {
            workspaceId: item.row.workspace_id,
            conversationId: outcome.conversationId,
            messageId: outcome.messageId,
          },
          queuedAttachments(this.services, String(item.row.id), item.row.payload.media ?? []),
        );
        await deleteRow(this.services.db, item.row.id);
        this.services.bus.publish({
          type: 'message.updated',
          workspaceId: item.row.workspace_id,
          id: outcome.messageId,
          conversationId: outcome.conversationId,
        });
      } catch (error) {
        this.services.log.error({ err: error, queueId: item.row.id }, 'inbound files not stored');
      } finally {
        this.mediaRows.delete(queueId);
        this.settle(queueId, 'stored');
      }
    })();
    this.mediaTasks.add(task);
    void task.finally(() => this.mediaTasks.delete(task));
  }

  /** Takes over rows whose files a stopped server was fetching (their lease ran out). */
  private async resumeMedia(): Promise<void> {
    for (const item of await leaseStaleMedia(this.services.db)) this.storeMedia(item);
  }
}

const queues = new WeakMap<Services, InboundQueue>();

/** This process's inbound queue (created, not started, on first use). */
export function inboundQueue(services: Services): InboundQueue {
  let queue = queues.get(services);
  if (!queue) {
    queue = new InboundQueue(services);
    queues.set(services, queue);
  }
  return queue;
}

/** Starts this process's drainer (rows left by a stopped server are applied at once). */
export function startInboundQueue(services: Services): { stop(): Promise<void> } {
  const queue = inboundQueue(services);
  queue.start();
  return { stop: () => queue.stop() };
}
