// The inbound queue's rows: their tables and shapes, the idempotent insert a webhook makes, the
// drain lock, and the row updates of a pass (a failed attempt, an applied row deleted or kept for
// its files, the leases of rows whose files a stopped server was fetching).
import { sql, type ColumnType, type Generated, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../lib/context';
import type { LiveEvent } from '../live/bus';
import { backoffMs } from '../outbox/worker';
import { INBOUND_QUEUE, MAX_INBOUND_BODY } from './constants';
import type { QueuedMedia } from './media';
import type { InboundFrom, InboundMessage } from './service';

export type Trx = Transaction<Database>;

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

export interface QueueRow {
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

/** What applying a row's message gave. */
export interface ItemOutcome {
  duplicate: boolean;
  messageId: string;
  conversationId: string;
  contactId: string;
}

/** One row's message, parsed, with what applying it gave. */
export interface Item {
  readonly row: QueueRow;
  readonly message: InboundMessage;
  at: Date;
  readonly body: string;
  outcome?: ItemOutcome;
}

/** What a pass publishes and answers once committed. */
export interface PassOutput {
  events: LiveEvent[];
  settled: [string, QueueOutcome][];
  media: Item[];
}

export const queueDb = (db: Services['db'] | Trx) => db.withTables<QueueTables>();

/** Takes the drain lock for the transaction; answers false when another drainer holds it. */
export async function locked(trx: Trx): Promise<boolean> {
  const lock = await sql<{
    ok: boolean;
  }>`SELECT pg_try_advisory_xact_lock(${INBOUND_QUEUE.lockKey}) AS ok`.execute(trx);
  return lock.rows[0]?.ok === true;
}

/**
 * Inserts a message's row (and its files) once; answers the row's id, or null when the message
 * is already queued under its provider id (a replay).
 */
export async function insertQueued(
  db: Services['db'],
  message: QueuedInbound,
): Promise<string | null> {
  const payload: Payload = {
    from: message.from,
    body: message.body.slice(0, MAX_INBOUND_BODY),
    subject: message.subject ?? null,
    at: (message.at ?? new Date()).toISOString(),
    ...(message.inReplyTo?.length ? { inReplyTo: message.inReplyTo.slice(0, 50) } : {}),
    ...(message.media?.length ? { media: message.media } : {}),
  };
  const insert = (into: Services['db'] | Trx) =>
    queueDb(into)
      .insertInto('inbound_queue')
      .values({
        workspace_id: message.workspaceId,
        channel: message.channel,
        external_id: message.externalId ?? null,
        payload: JSON.stringify(payload),
        received_at: new Date(payload.at),
        // Due by this process's clock, which `claimDue` compares with (the database default has
        // microseconds, a Date milliseconds: a pass kicked at once could miss the row).
        next_attempt_at: new Date(),
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
      ? await insert(db)
      : await db.transaction().execute(async (trx) => {
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
  return row ? String(row.id) : null;
}

/** The id of the row still queued for this provider message, if any. */
export async function queuedId(db: Services['db'], message: QueuedInbound): Promise<string | null> {
  const queued = await queueDb(db)
    .selectFrom('inbound_queue')
    .select('id')
    .where('workspace_id', '=', message.workspaceId)
    .where('external_id', '=', message.externalId ?? null)
    .executeTakeFirst();
  return queued ? String(queued.id) : null;
}

/** Claims the due rows of a pass, oldest first, skipping rows another transaction holds. */
export async function claimDue(trx: Trx, limit: number): Promise<QueueRow[]> {
  return (await queueDb(trx)
    .selectFrom('inbound_queue')
    .select(['id', 'workspace_id', 'channel', 'external_id', 'payload', 'attempts'])
    .where('state', '=', 'queued')
    .where('next_attempt_at', '<=', new Date())
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute()) as unknown as QueueRow[];
}

/** Locks a row for a retry on its own; answers false when it is no longer queued. */
export async function stillQueued(trx: Trx, id: string): Promise<boolean> {
  const still = await queueDb(trx)
    .selectFrom('inbound_queue')
    .select('id')
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .forUpdate()
    .executeTakeFirst();
  return still !== undefined;
}

/** Deletes one row (applied, or a duplicate of a stored message). */
export async function deleteRow(db: Services['db'] | Trx, id: string): Promise<void> {
  await queueDb(db).deleteFrom('inbound_queue').where('id', '=', id).execute();
}

/** Records a row's failed attempt: retried with backoff, or kept as failed at the last. */
export async function recordFailure(
  trx: Trx,
  log: Services['log'],
  row: QueueRow,
  error: unknown,
  backoffBaseMs: number,
): Promise<void> {
  const attempts = row.attempts + 1;
  const reason = error instanceof Error ? error.message : String(error);
  const last = attempts >= INBOUND_QUEUE.maxAttempts;
  log[last ? 'error' : 'warn'](
    { queueId: row.id, externalId: row.external_id, attempts, reason },
    last ? 'inbound message failed; kept in the queue as failed' : 'inbound message: retrying',
  );
  await queueDb(trx)
    .updateTable('inbound_queue')
    .set({
      attempts,
      last_error: reason.slice(0, 1000),
      ...(last
        ? { state: 'failed' }
        : {
            next_attempt_at: new Date(
              Date.now() + backoffMs(attempts, backoffBaseMs, INBOUND_QUEUE.backoffMaxMs),
            ),
          }),
    })
    .where('id', '=', row.id)
    .execute();
}

/** Deletes applied rows; keeps those with files (state 'media') until the files are stored. */
export async function finishRows(
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

/** Leases the rows whose files a stopped server was fetching (their lease ran out), as items. */
export async function leaseStaleMedia(db: Services['db']): Promise<Item[]> {
  const rows = await db.transaction().execute(async (trx) => {
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
  return rows.map((row) => {
    const item = toItem(row as unknown as QueueRow);
    item.outcome = {
      duplicate: false,
      messageId: row.message_id!,
      conversationId: row.conversation_id!,
      contactId: row.contact_id!,
    };
    return item;
  });
}

/** A queue row as the intake's message (files are stored apart, after the commit). */
export function toItem(row: QueueRow): Item {
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
