// SQL of the campaign send queue: due campaigns started (their audience snapshot queued), messages
// claimed under a lease by one worker, their outcomes written, retries, opt-outs, and finished
// campaigns completed.
import { sql } from 'kysely';
import type { Audience, CampaignChannel } from '../../contract/campaigns';
import { addressOf, reachable, segmentWhere } from './audience-sql';
import { CampaignStore, type CampaignDb, type TemplateSnapshot } from './tables';

/** One claimed message with what rendering it needs. */
export interface ClaimedMessage {
  id: number;
  campaign_id: string;
  workspace_id: string;
  contact_name: string;
  contact_company: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  address: string;
  attempts: number;
  /** Set when an earlier attempt started sending and never recorded its outcome. */
  send_started_at: Date | null;
}

/** The outcome of one message, written after the adapter answered (or it was skipped). */
export interface MessageResult {
  id: number;
  status: 'sent' | 'failed' | 'opted_out';
  provider_message_id: string | null;
  error: string | null;
  sent_at: string | null;
  failed_at: string | null;
}

/** The send queue of every workspace's campaigns. */
export class SendQueueRepository extends CampaignStore {
  /**
   * Starts due scheduled campaigns (one transaction each): the campaign row is claimed with
   * FOR UPDATE SKIP LOCKED, so one process only takes the snapshot of its audience into the queue.
   * `prepare` answers the template snapshot to keep, or a reason to cancel instead.
   */
  async startDue(
    limit: number,
    prepare: (
      campaign: { id: string; workspace_id: string; channel: string; template_id: string | null },
      db: CampaignDb,
    ) => Promise<{ snapshot: TemplateSnapshot | null } | { cancel: string }>,
  ): Promise<string[]> {
    const started: string[] = [];
    for (let i = 0; i < limit; i++) {
      const id = await this.db.transaction().execute(async (trx) => {
        const c = await trx
          .selectFrom('campaigns')
          .select(['id', 'workspace_id', 'channel', 'audience', 'template_id'])
          .where('status', '=', 'scheduled')
          .where('scheduled_at', '<=', new Date())
          .orderBy('scheduled_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!c) return null;
        const prepared = await prepare(c, trx);
        if ('cancel' in prepared) {
          await trx
            .updateTable('campaigns')
            .set({
              status: 'cancelled',
              cancelled_at: new Date(),
              cancel_reason: prepared.cancel,
              updated_at: new Date(),
            })
            .where('id', '=', c.id)
            .execute();
          return c.id;
        }
        const channel = c.channel as CampaignChannel;
        const inserted = await sql<{ n: number }>`
          WITH ins AS (
            INSERT INTO campaign_messages (campaign_id, workspace_id, contact_id, contact_name,
              contact_company, contact_email, contact_phone, address)
            SELECT ${c.id}, ct.workspace_id, ct.id, ct.name, ct.company, ct.email, ct.phone,
              ${channel === 'email' ? sql`lower(trim(ct.email))` : addressOf(channel)}
            FROM contacts ct
            WHERE ${segmentWhere(c.workspace_id, c.audience as Audience)} AND ${reachable(channel)}
            ON CONFLICT (campaign_id, contact_id) DO NOTHING
            RETURNING 1
          ) SELECT count(*)::int AS n FROM ins`.execute(trx);
        // A bulk load: fresh statistics keep the queue's claims and updates on index plans.
        await sql`ANALYZE campaign_messages`.execute(trx);
        const now = new Date();
        await trx
          .updateTable('campaigns')
          .set({
            status: 'sending',
            started_at: now,
            updated_at: now,
            recipients_total: inserted.rows[0]?.n ?? 0,
            template_snapshot: prepared.snapshot ? JSON.stringify(prepared.snapshot) : null,
          })
          .where('id', '=', c.id)
          .execute();
        return c.id;
      });
      if (!id) break;
      started.push(id);
    }
    return started;
  }

  /**
   * Claims up to `limit` queued messages of sending campaigns whose lease is free (never held,
   * or expired: its worker died), with FOR UPDATE SKIP LOCKED so that concurrent workers never
   * take the same rows, and leases them to `worker` for `leaseMs`.
   */
  async claim(worker: string, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
    const result = await sql<ClaimedMessage>`
      UPDATE campaign_messages m
      SET locked_by = ${worker},
          locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
          attempts = m.attempts + 1
      WHERE m.id IN (
        SELECT q.id FROM campaign_messages q
        WHERE q.status = 'queued'
          AND (q.locked_until IS NULL OR q.locked_until < now())
          AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = q.campaign_id AND c.status = 'sending')
        ORDER BY q.id
        LIMIT ${limit}
        FOR UPDATE OF q SKIP LOCKED
      )
      RETURNING m.id, m.campaign_id, m.workspace_id, m.contact_name, m.contact_company,
        m.contact_email, m.contact_phone, m.address, m.attempts, m.send_started_at`.execute(
      this.db,
    );
    return result.rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
  }

  /** What the sender needs to render a campaign's messages. */
  renderInfo(campaignIds: readonly string[]) {
    return this.db
      .selectFrom('campaigns')
      .select(['id', 'channel', 'content', 'template_snapshot'])
      .where('id', 'in', campaignIds)
      .execute();
  }

  /**
   * Writes the adapters' answers for messages this worker still holds. A receipt that overtook
   * the answer (a status callback arrives before the send's response is written) is kept: its
   * dates stay, and a failure it reported stays a failure.
   */
  async finish(worker: string, results: readonly MessageResult[]): Promise<number> {
    if (results.length === 0) return 0;
    const result = await sql`
      UPDATE campaign_messages m
      SET status = CASE WHEN m.failed_at IS NOT NULL AND v.status = 'sent' THEN 'failed' ELSE v.status END,
          provider_message_id = coalesce(v.provider_message_id, m.provider_message_id),
          error = coalesce(v.error, CASE WHEN m.failed_at IS NOT NULL THEN m.error END),
          sent_at = coalesce(m.sent_at, v.sent_at), failed_at = coalesce(m.failed_at, v.failed_at),
          sent_by = ${worker}, locked_until = NULL, send_started_at = NULL
      FROM jsonb_to_recordset(${JSON.stringify(results)}::jsonb) AS v(id bigint, status text,
        provider_message_id text, error text, sent_at timestamptz, failed_at timestamptz)
      WHERE m.id = v.id AND m.status = 'queued' AND m.locked_by = ${worker}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }

  /**
   * Records that this worker is handing these messages to the provider now (committed before the
   * calls, so a worker that dies during them leaves the mark).
   */
  async markSending(worker: string, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('campaign_messages')
      .set({ send_started_at: new Date() })
      .where('id', 'in', ids)
      .where('locked_by', '=', worker)
      .where('status', '=', 'queued')
      .execute();
  }

  /** After a provider's 429/5xx/network error: the message is due again after `backoffMs`. */
  async retryLater(worker: string, id: number, error: string, backoffMs: number) {
    await this.db
      .updateTable('campaign_messages')
      .set({
        send_started_at: null,
        error,
        locked_until: sql`now() + make_interval(secs => ${backoffMs / 1000})`,
      })
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .where('status', '=', 'queued')
      .execute();
  }

  /** Whether any message of a sending campaign is still queued (drain waits for retries). */
  async hasQueued(): Promise<boolean> {
    const row = await this.db
      .selectFrom('campaign_messages as m')
      .innerJoin('campaigns as c', 'c.id', 'm.campaign_id')
      .select('m.id')
      .where('m.status', '=', 'queued')
      .where('c.status', '=', 'sending')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The recipients of a batch who opted out of the channel (STOP on SMS, and WhatsApp where an
   * opt-out is recorded), as `workspace|channel|address` keys.
   */
  async optedOut(
    wanted: readonly { workspaceId: string; channel: string; address: string }[],
  ): Promise<Set<string>> {
    const phones = wanted.filter((w) => w.channel === 'sms' || w.channel === 'whatsapp');
    if (phones.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('channel_opt_outs')
      .select(['workspace_id', 'channel', 'address'])
      .where('workspace_id', 'in', [...new Set(phones.map((w) => w.workspaceId))])
      .where('address', 'in', [...new Set(phones.map((w) => w.address))])
      .execute();
    return new Set(rows.map((r) => `${r.workspace_id}|${r.channel}|${r.address}`));
  }

  /** The workspace's own address on a channel (its number, its email address). */
  async channelAddress(workspaceId: string, channel: string): Promise<string | null> {
    const row = await this.db
      .withTables<{
        workspace_channels: { workspace_id: string; channel: string; address: string };
      }>()
      .selectFrom('workspace_channels')
      .select('address')
      .where('workspace_id', '=', workspaceId)
      .where('channel', '=', channel)
      .executeTakeFirst();
    return row?.address || null;
  }

  /** Marks sending campaigns without queued messages as sent; answers their ids. */
  async completeFinished(): Promise<{ id: string; workspace_id: string }[]> {
    const result = await sql<{ id: string; workspace_id: string }>`
      UPDATE campaigns c SET status = 'sent', completed_at = now(), updated_at = now()
      WHERE c.status = 'sending'
        AND NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id AND m.status = 'queued')
      RETURNING c.id, c.workspace_id`.execute(this.db);
    return result.rows;
  }
}
