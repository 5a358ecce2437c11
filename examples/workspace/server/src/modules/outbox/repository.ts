// SQL of the send queue: jobs claimed with FOR UPDATE SKIP LOCKED under a lease (as the campaign
// queue), and the delivery state of messages moved forward only.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { DELIVERY_RANK } from './constants';

type Db = Kysely<Database> | Transaction<Database>;

/** A claimed job with what sending it needs. */
export interface ClaimedJob {
  id: string;
  workspace_id: string;
  message_id: string;
  channel: string;
  attempts: number;
  /** Set when an earlier attempt started sending and never recorded its outcome. */
  send_started_at: Date | null;
}

export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Queues the send of an outbound message (in the caller's transaction). */
  async enqueue(
    trx: Db,
    job: { workspaceId: string; messageId: string; channel: string },
  ): Promise<void> {
    await trx
      .insertInto('outbox')
      .values({
        id: newId(),
        workspace_id: job.workspaceId,
        message_id: job.messageId,
        channel: job.channel,
      })
      .onConflict((oc) => oc.column('message_id').doNothing())
      .execute();
  }

  /**
   * Claims up to `limit` due jobs whose lease is free (never held, or expired: its worker died),
   * with FOR UPDATE SKIP LOCKED so that concurrent workers never take the same job.
   */
  async claim(worker: string, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
    const result = await sql<ClaimedJob>`
      UPDATE outbox o
      SET locked_by = ${worker},
          locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
          attempts = o.attempts + 1,
          updated_at = now()
      WHERE o.id IN (
        SELECT q.id FROM outbox q
        WHERE q.status = 'queued' AND q.available_at <= now()
          AND (q.locked_until IS NULL OR q.locked_until < now())
        ORDER BY q.available_at, q.id
        LIMIT ${limit}
        FOR UPDATE OF q SKIP LOCKED
      )
      RETURNING o.id, o.workspace_id, o.message_id, o.channel, o.attempts, o.send_started_at`.execute(
      this.db,
    );
    return result.rows;
  }

  /** What an adapter needs to send a message: the message, its conversation and addresses. */
  sendInfo(messageId: string) {
    return this.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .innerJoin('contacts as k', 'k.id', 'c.contact_id')
      .select([
        'm.id',
        'm.body',
        'm.status',
        'm.template',
        'c.id as conversation_id',
        'c.subject',
        'c.channel',
        'c.assignee_agent_id',
        'k.id as contact_id',
        'k.phone',
        'k.email',
      ])
      .where('m.id', '=', messageId)
      .executeTakeFirst();
  }

  /** The workspace's address on a channel (Settings → Channels) and whether the channel is on. */
  channelSetting(workspaceId: string, channel: string) {
    return this.db
      .withTables<{
        workspace_channels: {
          workspace_id: string;
          channel: string;
          enabled: boolean;
          address: string;
        };
      }>()
      .selectFrom('workspace_channels')
      .select(['enabled', 'address'])
      .where('workspace_id', '=', workspaceId)
      .where('channel', '=', channel)
      .executeTakeFirst();
  }

  /** The provider ids of a conversation's earlier messages, oldest first. */
  async thread(conversationId: string, before: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('messages')
      .select('external_id')
      .where('conversation_id', '=', conversationId)
      .where('external_id', 'is not', null)
      .where('id', '!=', before)
      .orderBy('created_at')
      .orderBy('id')
      .limit(50)
      .execute();
    return rows.map((r) => r.external_id!);
  }

  /**
   * Records that this worker is handing the job's message to the provider now (committed before
   * the call, so a worker that dies during it leaves the mark). Answers false when the job is no
   * longer this worker's.
   */
  async markSending(id: string, worker: string): Promise<boolean> {
    const r = await this.db
      .updateTable('outbox')
      .set({ send_started_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Ends a job this worker holds (sent or failed for good). */
  async finish(id: string, worker: string, status: 'done' | 'failed', error: string | null) {
    const r = await this.db
      .updateTable('outbox')
      .set({
        status,
        last_error: error,
        locked_until: null,
        send_started_at: null,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Puts a job back for a later attempt. */
  async retryLater(id: string, worker: string, error: string, delayMs: number) {
    await this.db
      .updateTable('outbox')
      .set({
        last_error: error,
        locked_until: null,
        send_started_at: null,
        available_at: sql`now() + make_interval(secs => ${delayMs / 1000})`,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .where('status', '=', 'queued')
      .execute();
  }

  /** Queues a failed message's job again (the composer's retry). */
  async requeue(trx: Db, messageId: string): Promise<void> {
    await trx
      .updateTable('outbox')
      .set({
        status: 'queued',
        attempts: 0,
        available_at: new Date(),
        locked_by: null,
        locked_until: null,
        last_error: null,
        send_started_at: null,
        updated_at: new Date(),
      })
      .where('message_id', '=', messageId)
      .execute();
  }

  /**
   * Moves a message's delivery state forward (never back: a late "delivered" after "read" is
   * ignored); `failed` replaces any state but read. Answers the message when it changed.
   */
  async setStatus(
    trx: Db,
    where: { messageId: string } | { externalId: string },
    change: { status: string; reason: string | null; at: Date; externalId?: string },
  ) {
    const rank = DELIVERY_RANK[change.status];
    let q = trx
      .updateTable('messages')
      .set({
        status: change.status,
        status_reason: change.reason,
        status_at: change.at,
        ...(change.externalId ? { external_id: change.externalId } : {}),
      })
      .where('direction', '=', 'outbound');
    q =
      'messageId' in where
        ? q.where('id', '=', where.messageId)
        : q.where('external_id', '=', where.externalId);
    if (change.status === 'failed') q = q.where('status', 'in', ['queued', 'sent', 'delivered']);
    else {
      const lower = Object.entries(DELIVERY_RANK)
        .filter(([, r]) => r < rank!)
        .map(([s]) => s);
      q = q.where('status', 'in', lower.length > 0 ? lower : ['-']);
    }
    return q.returning(['id', 'conversation_id', 'workspace_id']).executeTakeFirst();
  }
}
