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
import {
  Kysely,
  PostgresDialect,
  sql,
  type ColumnType,
  type Generated,
  type Transaction,
} from 'kysely';
import type { Channel } from '../../contract/inbox';
import type { Database } from '../../db/schema';
import type { Services } from '../../lib/context';
import { newId } from '../../lib/ids';
import { visitorName } from '../../lib/links';
import { SURVEY_REPLY_PATTERN } from '../csat/constants';
import { REPLY_WINDOW_DAYS } from '../campaigns/constants';
import type { LiveEvent } from '../live/bus';
import { backoffMs } from '../outbox/worker';
import { assigneesByRules } from '../settings/assignment';
import { storeInboundAttachments } from './attachments';
import { inboundAddress, linkCampaignReply } from './campaign-reply';
import { INBOUND_QUEUE, MAX_INBOUND_BODY, PREVIEW_LENGTH, REOPENABLE_STATUSES } from './constants';
import { queuedAttachments, type QueuedMedia } from './media';
import { applySmsKeyword, isOptKeyword } from './sms-keyword';
import { holdsPhone } from '../contacts/matching';
import {
  ConversationIntake,
  DuplicateInbound,
  firstLine,
  type InboundFrom,
  type InboundMessage,
} from './service';

type Trx = Transaction<Database>;

/**
 * A customer's message as the queue keeps it: the intake's message (a phone sender's number
 * already in E.164, as normalisePhone gives it), files by reference.
 */
export interface QueuedInbound extends Omit<InboundMessage, 'attachments'> {
  readonly media?: readonly QueuedMedia[];
  /** An email's attached bytes (kept in inbound_queue_files, referenced from `media`). */
  readonly files?: readonly {
    readonly filename: string | null;
    readonly contentType: string | null;
    readonly content: Uint8Array;
  }[];
}

/** What became of a submitted message by the time the webhook answers. */
export type QueueOutcome = 'stored' | 'duplicate' | 'queued';

interface Payload {
  readonly from: InboundFrom;
  readonly body: string;
  readonly subject?: string | null;
  readonly at: string;
  readonly inReplyTo?: readonly string[];
  readonly media?: readonly QueuedMedia[];
}

interface QueueRow {
  id: string;
  workspace_id: string;
  channel: string;
  external_id: string | null;
  payload: Payload;
  attempts: number;
}

// A type alias (withTables wants an index signature, which an interface has not).
type QueueTables = {
  inbound_queue: {
    id: Generated<string>;
    workspace_id: string;
    channel: string;
    external_id: string | null;
    payload: ColumnType<Payload | string, string, string>;
    received_at: Date;
    state: Generated<string>;
    attempts: Generated<number>;
    next_attempt_at: Generated<Date>;
    last_error: string | null;
    message_id: string | null;
    conversation_id: string | null;
    contact_id: string | null;
    leased_until: Date | null;
  };
  inbound_queue_files: {
    queue_id: string;
    position: number;
    filename: string | null;
    content_type: string | null;
    content: Uint8Array;
  };
};

/** One row's message, parsed, with what applying it gave. */
interface Item {
  readonly row: QueueRow;
  readonly message: InboundMessage;
  at: Date;
  readonly body: string;
  outcome?: { duplicate: boolean; messageId: string; conversationId: string; contactId: string };
}

const queueDb = (db: Services['db'] | Trx) => db.withTables<QueueTables>();

/** What a pass publishes and answers once committed. */
interface PassOutput {
  events: LiveEvent[];
  settled: [string, QueueOutcome][];
  media: Item[];
}

/** Takes the drain lock for the transaction; answers false when another drainer holds it. */
async function locked(trx: Trx): Promise<boolean> {
  const lock = await sql<{
    ok: boolean;
  }>`SELECT pg_try_advisory_xact_lock(${INBOUND_QUEUE.lockKey}) AS ok`.execute(trx);
  return lock.rows[0]?.ok === true;
}

/** Whether a message can take the set-based path (else the intake's per-message step). */
function simple(message: InboundMessage, body: string): boolean {
  if (message.from.kind !== 'phone') return false;
  if (message.inReplyTo?.length) return false;
  if (message.channel !== 'sms' && message.channel !== 'whatsapp') return false;
  if (SURVEY_REPLY_PATTERN.test(body)) return false;
  return !isOptKeyword(body);
}

export class InboundQueue {
  private readonly intake: ConversationIntake;
  private readonly waiters = new Map<string, { seq: number; done: (o: QueueOutcome) => void }[]>();
  private seq = 0;
  /** Webhooks waiting for their rows now. */
  private waiting = 0;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;
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
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops after the current pass; waits for file fetches under way. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    await Promise.allSettled([...this.mediaTasks]);
    const drain = this.drain;
    this.drain = undefined;
    await drain?.close();
    for (const list of this.waiters.values()) for (const w of list) w.done('queued');
    this.waiters.clear();
  }

  /** Ends the idle pause early. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Queues a message (one idempotent insert; a replay of a queued one is a no-op); answers the
   * queue row's id, or null when a replay finds the message already applied.
   */
  async enqueue(message: QueuedInbound): Promise<string | null> {
    const payload: Payload = {
      from: message.from,
      body: message.body.slice(0, MAX_INBOUND_BODY),
      subject: message.subject ?? null,
      at: (message.at ?? new Date()).toISOString(),
      ...(message.inReplyTo?.length ? { inReplyTo: message.inReplyTo.slice(0, 50) } : {}),
      ...(message.media?.length ? { media: message.media } : {}),
    };
    const insert = (db: Services['db'] | Trx) =>
      queueDb(db)
        .insertInto('inbound_queue')
        .values({
          workspace_id: message.workspaceId,
          channel: message.channel,
          external_id: message.externalId ?? null,
          payload: JSON.stringify(payload),
          received_at: new Date(payload.at),
        })
        .onConflict((oc) =>
          oc
            .columns(['workspace_id', 'external_id'])
            .where('external_id', 'is not', null)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
    const files = message.files ?? [];
    const row =
      files.length === 0
        ? await insert(this.services.db)
        : await this.services.db.transaction().execute(async (trx) => {
            const inserted = await insert(trx);
            if (inserted)
              await queueDb(trx)
                .insertInto('inbound_queue_files')
                .values(
                  files.map((f, position) => ({
                    queue_id: inserted.id,
                    position,
                    filename: f.filename,
                    content_type: f.contentType,
                    content: f.content,
                  })),
                )
                .execute();
            return inserted;
          });
    if (row) return String(row.id);
    // A replay: the first copy is still queued (wait for it) or already applied.
    const queued = await queueDb(this.services.db)
      .selectFrom('inbound_queue')
      .select('id')
      .where('workspace_id', '=', message.workspaceId)
      .where('external_id', '=', message.externalId ?? null)
      .executeTakeFirst();
    return queued ? String(queued.id) : null;
  }

  /**
   * Queues a message, wakes the drainer and waits (at most INBOUND_QUEUE.answerWaitMs) for it to
   * be applied: the webhook's answer. The row is durable either way.
   */
  async submit(message: QueuedInbound): Promise<QueueOutcome> {
    const id = await this.enqueue(message);
    if (id === null) return 'duplicate';
    // A burst (more webhooks waiting than the drainer takes in a moment): answered once queued.
    if (!this.running || this.waiting >= INBOUND_QUEUE.maxWaiting) {
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
    while (this.running) {
      this.woken = false;
      const seqAtStart = this.seq;
      let claimed = 0;
      try {
        claimed = await this.pass();
      } catch (error) {
        if (!this.running) break;
        this.services.log.error({ err: error }, 'inbound queue pass failed');
      }
      if (claimed > 0) continue;
      if (claimed === 0)
        // Nothing due: rows waited for since before this pass were applied (here or by another
        // process) or wait for a retry.
        for (const [id, list] of this.waiters)
          if (!this.mediaRows.has(id) && list.every((w) => w.seq <= seqAtStart))
            this.settle(id, 'queued');
      if (this.woken || !this.running) continue;
      // Another process holds the drain lock (-1) and rows are awaited: look again soon.
      const pause =
        claimed < 0 && this.waiters.size > 0 ? INBOUND_QUEUE.busyRetryMs : INBOUND_QUEUE.pollMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        timer.unref?.();
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
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
        rows = (await queueDb(trx)
          .selectFrom('inbound_queue')
          .select(['id', 'workspace_id', 'channel', 'external_id', 'payload', 'attempts'])
          .where('state', '=', 'queued')
          .where('next_attempt_at', '<=', new Date())
          .orderBy('id')
          .limit(this.options.batchSize ?? INBOUND_QUEUE.batchSize)
          .forUpdate()
          .skipLocked()
          .execute()) as unknown as QueueRow[];
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
    await this.applyItems(trx, items, events);
    await this.finishRows(trx, items, out.settled, out.media);
    out.events.push(...events);
  }

  /** One row in its own transaction; a failure is recorded on the row (retry or failed). */
  private async applyOne(db: Kysely<Database>, row: QueueRow, out: PassOutput): Promise<void> {
    const local: PassOutput = { events: [], settled: [], media: [] };
    try {
      await db.transaction().execute(async (trx) => {
        if (!(await locked(trx))) return;
        const still = await queueDb(trx)
          .selectFrom('inbound_queue')
          .select('id')
          .where('id', '=', row.id)
          .where('state', '=', 'queued')
          .forUpdate()
          .executeTakeFirst();
        if (still) await this.applyRows(trx, [row], local);
      });
      out.events.push(...local.events);
      out.settled.push(...local.settled);
      out.media.push(...local.media);
    } catch (error) {
      await db.transaction().execute(async (trx) => {
        if (error instanceof DuplicateInbound) {
          await queueDb(trx).deleteFrom('inbound_queue').where('id', '=', row.id).execute();
          out.settled.push([String(row.id), 'duplicate']);
        } else {
          await this.failed(trx, row, error);
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

  /** Records a row's failed attempt: retried with backoff, or kept as failed at the last. */
  private async failed(trx: Trx, row: QueueRow, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const reason = error instanceof Error ? error.message : String(error);
    const last = attempts >= INBOUND_QUEUE.maxAttempts;
    this.services.log[last ? 'error' : 'warn'](
      { queueId: row.id, externalId: row.external_id, attempts, reason },
      last ? 'inbound message failed; kept in the queue as failed' : 'inbound message: retrying',
    );
    const base = this.options.backoffBaseMs ?? INBOUND_QUEUE.backoffBaseMs;
    await queueDb(trx)
      .updateTable('inbound_queue')
      .set({
        attempts,
        last_error: reason.slice(0, 1000),
        ...(last
          ? { state: 'failed' }
          : {
              next_attempt_at: new Date(
                Date.now() + backoffMs(attempts, base, INBOUND_QUEUE.backoffMaxMs),
              ),
            }),
      })
      .where('id', '=', row.id)
      .execute();
  }

  /** Deletes applied rows; keeps those with files (state 'media') until the files are stored. */
  private async finishRows(
    trx: Trx,
    items: readonly Item[],
    settled: [string, QueueOutcome][],
    media: Item[],
  ): Promise<void> {
    const done: string[] = [];
    for (const item of items) {
      const outcome = item.outcome!;
      if (!outcome.duplicate && item.row.payload.media?.length) {
        await queueDb(trx)
          .updateTable('inbound_queue')
          .set({
            state: 'media',
            message_id: outcome.messageId,
            conversation_id: outcome.conversationId,
            contact_id: outcome.contactId,
            leased_until: new Date(Date.now() + INBOUND_QUEUE.mediaLeaseMs),
          })
          .where('id', '=', item.row.id)
          .execute();
        media.push(item);
      } else {
        done.push(item.row.id);
        settled.push([String(item.row.id), outcome.duplicate ? 'duplicate' : 'stored']);
      }
    }
    if (done.length > 0)
      await queueDb(trx).deleteFrom('inbound_queue').where('id', 'in', done).execute();
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
        await queueDb(this.services.db)
          .deleteFrom('inbound_queue')
          .where('id', '=', item.row.id)
          .execute();
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
    const rows = await this.services.db.transaction().execute(async (trx) => {
      const found = await queueDb(trx)
        .selectFrom('inbound_queue')
        .select([
          'id',
          'workspace_id',
          'channel',
          'external_id',
          'payload',
          'attempts',
          'message_id',
          'conversation_id',
          'contact_id',
        ])
        .where('state', '=', 'media')
        .where('leased_until', '<', new Date())
        .orderBy('id')
        .forUpdate()
        .skipLocked()
        .execute();
      if (found.length > 0)
        await queueDb(trx)
          .updateTable('inbound_queue')
          .set({ leased_until: new Date(Date.now() + INBOUND_QUEUE.mediaLeaseMs) })
          .where(
            'id',
            'in',
            found.map((r) => r.id),
          )
          .execute();
      return found;
    });
    for (const row of rows) {
      const item = toItem(row as unknown as QueueRow);
      item.outcome = {
        duplicate: false,
        messageId: row.message_id!,
        conversationId: row.conversation_id!,
        contactId: row.contact_id!,
      };
      this.storeMedia(item);
    }
  }

  /** Applies items in their order: runs of simple ones set-based, the others one by one. */
  private async applyItems(trx: Trx, items: readonly Item[], events: LiveEvent[]): Promise<void> {
    const known = await this.stored(trx, items);
    let run: Item[] = [];
    const flush = async () => {
      if (run.length > 0) await this.applySimple(trx, run, events);
      run = [];
    };
    for (const item of items) {
      const first = item.message.externalId
        ? known.get(`${item.row.workspace_id}\u0000${item.message.externalId}`)
        : undefined;
      if (first) {
        item.outcome = first;
        continue;
      }
      if (simple(item.message, item.body)) {
        run.push(item);
        continue;
      }
      await flush();
      const result = await this.intake.storeIn(trx, item.message, events);
      item.outcome = result;
      if (
        !result.duplicate &&
        (item.message.channel === 'sms' || item.message.channel === 'whatsapp') &&
        item.message.from.kind === 'phone'
      )
        events.push(
          ...(await applySmsKeyword(trx, {
            channel: item.message.channel,
            workspaceId: item.row.workspace_id,
            phone: item.message.from.phone,
            body: item.body,
            messageId: result.messageId,
            conversationId: result.conversationId,
          })),
        );
    }
    await flush();
  }

  /** The messages of these items already stored (replays of applied ones), by workspace and id. */
  private async stored(trx: Trx, items: readonly Item[]) {
    const ids = [...new Set(items.map((i) => i.message.externalId).filter((x) => !!x))] as string[];
    const known = new Map<string, NonNullable<Item['outcome']>>();
    if (ids.length === 0) return known;
    const rows = await trx
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'm.workspace_id', 'm.external_id', 'm.conversation_id', 'c.contact_id'])
      .where('m.external_id', 'in', ids)
      .execute();
    for (const r of rows)
      known.set(`${r.workspace_id}\u0000${r.external_id}`, {
        duplicate: true,
        messageId: r.id,
        conversationId: r.conversation_id,
        contactId: r.contact_id,
      });
    return known;
  }

  /** Set-based: phone senders on SMS/WhatsApp with plain messages (no thread, survey, keyword). */
  private async applySimple(trx: Trx, items: Item[], events: LiveEvent[]): Promise<void> {
    const phoneOf = (item: Item) => (item.message.from as { phone: string }).phone;
    const nameOf = (item: Item) => (item.message.from as { name?: string | null }).name;
    const workspaces = [...new Set(items.map((i) => i.row.workspace_id))];

    // Contacts: found by number (their own, else one merged into them: contacts/matching.ts), the
    // missing ones created in one statement.
    const contactKey = (ws: string, phone: string) => `${ws}\u0000${phone}`;
    const contacts = new Map<string, string>();
    const findContacts = async (phones: string[]) => {
      const found = await trx
        .selectFrom('contacts')
        .select(['id', 'workspace_id', 'phone', 'other_phones'])
        .where('workspace_id', 'in', workspaces)
        .where(holdsPhone(phones))
        .orderBy('created_at')
        .execute();
      for (const c of found) if (c.phone) contacts.set(contactKey(c.workspace_id, c.phone), c.id);
      for (const c of found)
        for (const other of c.other_phones) {
          const key = contactKey(c.workspace_id, other);
          if (!contacts.has(key)) contacts.set(key, c.id);
        }
    };
    await findContacts([...new Set(items.map(phoneOf))]);
    const newContacts = new Map<string, Item>();
    for (const item of items) {
      const key = contactKey(item.row.workspace_id, phoneOf(item));
      if (!contacts.has(key) && !newContacts.has(key)) newContacts.set(key, item);
    }
    if (newContacts.size > 0) {
      const now = new Date();
      await trx
        .insertInto('contacts')
        .values(
          [...newContacts.values()].map((item) => ({
            id: newId(),
            workspace_id: item.row.workspace_id,
            name: nameOf(item)?.trim() || visitorName(phoneOf(item)),
            phone: phoneOf(item),
            email: null,
            avatar_url: null,
            company: null,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['workspace_id', 'phone']).where('phone', 'is not', null).doNothing(),
        )
        .execute();
      await findContacts([...new Set([...newContacts.values()].map(phoneOf))]);
    }
    const contactOf = (item: Item) =>
      contacts.get(contactKey(item.row.workspace_id, phoneOf(item)))!;

    // Conversations: each sender's latest open one on the channel (locked), else a new one.
    const conversationKey = (item: Item) => `${contactOf(item)}\u0000${item.message.channel}`;
    const open = await trx
      .selectFrom('conversations')
      .select(['id', 'contact_id', 'channel', 'assignee_agent_id', 'last_message_at'])
      .where('workspace_id', 'in', workspaces)
      .where('contact_id', 'in', [...new Set(items.map(contactOf))])
      .where('status', 'in', [...REOPENABLE_STATUSES])
      .orderBy('last_message_at', 'desc')
      .orderBy('id', 'desc')
      .forUpdate()
      .execute();
    const conversations = new Map<
      string,
      { id: string; assigneeId: string | null; created: boolean; last: Date }
    >();
    for (const c of open) {
      const key = `${c.contact_id}\u0000${c.channel}`;
      if (!conversations.has(key))
        conversations.set(key, {
          id: c.id,
          assigneeId: c.assignee_agent_id,
          created: false,
          last: new Date(0),
        });
    }
    const created: {
      id: string;
      workspace_id: string;
      contact_id: string;
      channel: Channel;
      subject: string;
      status: 'open';
      assignee_agent_id: string | null;
      last_message_at: Date;
      last_message_preview: string;
      created_at: Date;
      updated_at: Date;
    }[] = [];
    const fresh = new Map<string, Item>();
    for (const item of items) {
      const key = conversationKey(item);
      if (!conversations.has(key) && !fresh.has(key)) fresh.set(key, item);
    }
    // Assignment rules once per workspace and channel for all its new conversations.
    const groups = new Map<string, Item[]>();
    for (const item of fresh.values()) {
      const group = `${item.row.workspace_id}\u0000${item.message.channel}`;
      groups.set(group, [...(groups.get(group) ?? []), item]);
    }
    for (const group of groups.values()) {
      const first = group[0]!;
      const assignees = await assigneesByRules(
        trx,
        first.row.workspace_id,
        first.message.channel,
        group.length,
      );
      for (const [i, item] of group.entries()) {
        const id = newId();
        const assigneeId = assignees[i] ?? null;
        conversations.set(conversationKey(item), {
          id,
          assigneeId,
          created: true,
          last: new Date(0),
        });
        created.push({
          id,
          workspace_id: item.row.workspace_id,
          contact_id: contactOf(item),
          channel: item.message.channel,
          subject: firstLine(item.body).slice(0, 200),
          status: 'open',
          assignee_agent_id: assigneeId,
          last_message_at: item.at,
          last_message_preview: '',
          created_at: item.at,
          updated_at: item.at,
        });
      }
    }
    if (created.length > 0) await trx.insertInto('conversations').values(created).execute();

    // Messages, in the queue's order: within a conversation each is after the one before.
    const rows = items.map((item) => {
      const conversation = conversations.get(conversationKey(item))!;
      if (item.at.getTime() <= conversation.last.getTime())
        item.at = new Date(conversation.last.getTime() + 1);
      conversation.last = item.at;
      const messageId = newId();
      item.outcome = {
        duplicate: false,
        messageId,
        conversationId: conversation.id,
        contactId: contactOf(item),
      };
      return {
        id: messageId,
        workspace_id: item.row.workspace_id,
        conversation_id: conversation.id,
        kind: 'message' as const,
        direction: 'inbound' as const,
        author_agent_id: null,
        body: item.body,
        created_at: item.at,
        status: 'received' as const,
        status_at: item.at,
        external_id: item.message.externalId ?? null,
      };
    });
    const inserted = await trx
      .insertInto('messages')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['workspace_id', 'external_id'])
          .where('external_id', 'is not', null)
          .doNothing(),
      )
      .returning('id')
      .execute();
    // Another writer stored one of them first: the batch goes again row by row.
    if (inserted.length !== rows.length) throw new Error('an inbound message was stored twice');

    // Campaign replies: one lookup for the batch, linked per message only where one matches.
    const addresses = [...new Set(items.map((i) => inboundAddress(i.message.from)!))];
    const earliest = Math.min(...items.map((i) => i.at.getTime()));
    const since = new Date(earliest - REPLY_WINDOW_DAYS * 86_400_000);
    const sent = await sql<{ workspace_id: string; address: string; channel: string }>`
      SELECT DISTINCT m.workspace_id, m.address, c.channel
      FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id
      WHERE m.workspace_id IN (${sql.join(workspaces)}) AND m.address IN (${sql.join(addresses)})
        AND m.sent_at >= ${since} AND m.status = 'sent'`.execute(trx);
    const answering = new Set(
      sent.rows.map((r) => `${r.workspace_id}\u0000${r.address}\u0000${r.channel}`),
    );
    for (const item of items)
      if (
        answering.has(`${item.row.workspace_id}\u0000${phoneOf(item)}\u0000${item.message.channel}`)
      )
        await linkCampaignReply(trx, {
          workspaceId: item.row.workspace_id,
          channel: item.message.channel,
          address: phoneOf(item),
          conversationId: item.outcome!.conversationId,
          body: item.body,
          at: item.at,
        });

    // Each conversation's last message, in one statement.
    const latest = new Map<string, Item>();
    for (const item of items) latest.set(item.outcome!.conversationId, item);
    const values = [...latest.entries()].map(
      ([id, item]) =>
        sql`(${id}, ${item.at.toISOString()}::timestamptz, ${item.body.slice(0, PREVIEW_LENGTH)})`,
    );
    await sql`UPDATE conversations c
      SET status = 'open', snoozed_until = NULL, last_message_at = greatest(c.last_message_at, v.at),
        last_message_preview = v.preview, updated_at = now()
      FROM (VALUES ${sql.join(values)}) AS v(id, at, preview)
      WHERE c.id = v.id`.execute(trx);

    for (const c of created)
      events.push({
        type: 'conversation.updated',
        workspaceId: c.workspace_id,
        id: c.id,
        conversationId: c.id,
        assigneeId: c.assignee_agent_id,
      });
    for (const item of items) {
      const conversation = conversations.get(conversationKey(item))!;
      events.push({
        type: 'message.created',
        workspaceId: item.row.workspace_id,
        id: item.outcome!.messageId,
        conversationId: conversation.id,
        assigneeId: conversation.assigneeId,
      });
    }
  }
}

/** A queue row as the intake's message (files are stored apart, after the commit). */
function toItem(row: QueueRow): Item {
  const payload: Payload =
    typeof row.payload === 'string' ? (JSON.parse(row.payload) as Payload) : row.payload;
  row.payload = payload;
  // Phone numbers are queued in E.164 already (the channel's intake normalised them).
  const from: InboundFrom = payload.from;
  const at = new Date(payload.at);
  const message: InboundMessage = {
    workspaceId: row.workspace_id,
    channel: row.channel as InboundMessage['channel'],
    from,
    body: payload.body,
    subject: payload.subject ?? null,
    externalId: row.external_id,
    at,
    ...(payload.inReplyTo ? { inReplyTo: payload.inReplyTo } : {}),
  };
  return { row, message, at, body: payload.body.slice(0, MAX_INBOUND_BODY) };
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
