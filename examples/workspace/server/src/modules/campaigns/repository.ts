// SQL of campaigns, audience segments, the send queue, reports and campaign templates.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Audience, AudienceRule, CampaignChannel } from '../../contract/campaigns';
import type { Database } from '../../db/schema';
import { likeContains, type Keyset } from '../../lib/paging';
import { withCampaignTables, type CampaignDb, type TemplateSnapshot } from './tables';

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** The contact column an attribute rule reads (a fixed map: never a caller's string in SQL). */
const ATTRIBUTE_COLUMNS = {
  name: sql.ref('ct.name'),
  company: sql.ref('ct.company'),
  email: sql.ref('ct.email'),
  phone: sql.ref('ct.phone'),
} as const;

/** The address a channel sends to: the email for email, the phone for WhatsApp and SMS. */
export function addressOf(channel: CampaignChannel): RawBuilder<string | null> {
  return channel === 'email' ? sql`ct.email` : sql`ct.phone`;
}

function ruleSql(rule: AudienceRule): RawBuilder<boolean> {
  switch (rule.kind) {
    case 'tag': {
      const exists = sql`EXISTS (SELECT 1 FROM conversations c JOIN conversation_tags t ON t.conversation_id = c.id
        WHERE c.contact_id = ct.id AND t.tag_id = ${rule.tagId})`;
      return rule.op === 'has' ? sql<boolean>`${exists}` : sql<boolean>`NOT ${exists}`;
    }
    case 'attribute': {
      const col = ATTRIBUTE_COLUMNS[rule.field];
      const text = sql`lower(coalesce(${col}, ''))`;
      switch (rule.op) {
        case 'equals':
          return sql<boolean>`${text} = ${rule.value.trim().toLowerCase()}`;
        case 'contains':
          return sql<boolean>`${text} LIKE ${likeContains(rule.value.trim())}`;
        case 'starts_with':
          return sql<boolean>`${text} LIKE ${`${escapeLike(rule.value.trim())}%`}`;
        case 'is_set':
          return sql<boolean>`coalesce(${col}, '') <> ''`;
        case 'is_not_set':
          return sql<boolean>`coalesce(${col}, '') = ''`;
      }
      break;
    }
    case 'last_activity': {
      const exists = sql`EXISTS (SELECT 1 FROM conversations c WHERE c.contact_id = ct.id
        AND c.last_message_at >= now() - make_interval(days => ${rule.days}))`;
      return rule.op === 'within' ? sql<boolean>`${exists}` : sql<boolean>`NOT ${exists}`;
    }
  }
  return sql<boolean>`false`;
}

/** The WHERE of a segment over `contacts ct` of a workspace. */
export function segmentWhere(workspaceId: string, audience: Audience): RawBuilder<boolean> {
  const base = sql`ct.workspace_id = ${workspaceId}`;
  if (audience.rules.length === 0) return sql<boolean>`${base}`;
  const joiner = audience.match === 'any' ? sql` OR ` : sql` AND `;
  return sql<boolean>`(${base} AND (${sql.join(audience.rules.map(ruleSql), joiner)}))`;
}

const reachable = (channel: CampaignChannel) =>
  sql<boolean>`coalesce(${addressOf(channel)}, '') <> ''`;

/** Counts per campaign of its messages (receipts as the providers reported them). */
export interface StatsRow {
  campaign_id: string;
  total: number;
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  replied: number;
  cancelled: number;
  opted_out: number;
}

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

export class CampaignRepository {
  readonly db: CampaignDb;

  constructor(db: Kysely<Database>) {
    this.db = withCampaignTables(db);
  }

  // ── campaigns ──────────────────────────────────────────────────────────────────────────────

  list(
    workspaceId: string,
    filters: { status?: string; channel?: string; q?: string },
    cursor: Keyset | undefined,
    limit: number,
  ) {
    let q = this.db.selectFrom('campaigns').selectAll().where('workspace_id', '=', workspaceId);
    if (filters.status) q = q.where('status', '=', filters.status);
    if (filters.channel) q = q.where('channel', '=', filters.channel);
    if (filters.q) q = q.where(sql<boolean>`lower(name) LIKE ${likeContains(filters.q)}`);
    if (cursor) q = q.where(sql<boolean>`(created_at, id) < (${cursor.at}, ${cursor.id})`);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  find(workspaceId: string, id: string, db: CampaignDb = this.db) {
    return db
      .selectFrom('campaigns')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Campaigns of a workspace in some states, newest activity first. */
  byStatus(workspaceId: string, statuses: readonly string[], limit: number) {
    return this.db
      .selectFrom('campaigns')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('status', 'in', statuses)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async countsByStatus(workspaceId: string): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('campaigns')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('workspace_id', '=', workspaceId)
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  insert(values: {
    id: string;
    workspaceId: string;
    name: string;
    channel: string;
    audience: unknown;
    content: unknown;
    templateId: string | null;
    createdBy: string | null;
  }) {
    const now = new Date();
    return this.db
      .insertInto('campaigns')
      .values({
        id: values.id,
        workspace_id: values.workspaceId,
        name: values.name,
        channel: values.channel,
        status: 'draft',
        audience: JSON.stringify(values.audience),
        content: JSON.stringify(values.content),
        template_id: values.templateId,
        created_by: values.createdBy,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  /** Updates a draft (only while it is a draft); answers whether it did. */
  async updateDraft(
    workspaceId: string,
    id: string,
    patch: { name?: string; audience?: unknown; content?: unknown; templateId?: string | null },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('campaigns')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.audience !== undefined ? { audience: JSON.stringify(patch.audience) } : {}),
        ...(patch.content !== undefined ? { content: JSON.stringify(patch.content) } : {}),
        ...(patch.templateId !== undefined ? { template_id: patch.templateId } : {}),
        updated_at: new Date(),
      })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Moves a campaign from one of `from` to `to`; answers whether it did. */
  async transition(
    workspaceId: string,
    id: string,
    from: readonly string[],
    to: string,
    extra: { scheduled_at?: Date | null; cancelled_at?: Date; cancel_reason?: string | null } = {},
    db: CampaignDb = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('campaigns')
      .set({ status: to, updated_at: new Date(), ...extra })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Cancels a scheduled or sending campaign and its queued messages not in flight. */
  cancel(workspaceId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const done = await this.transition(
        workspaceId,
        id,
        ['scheduled', 'sending'],
        'cancelled',
        { cancelled_at: new Date() },
        trx,
      );
      if (done)
        await trx
          .updateTable('campaign_messages')
          .set({ status: 'cancelled' })
          .where('campaign_id', '=', id)
          .where('status', '=', 'queued')
          .where((eb) =>
            eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', new Date())]),
          )
          .execute();
      return done;
    });
  }

  async delete(workspaceId: string, id: string): Promise<'deleted' | 'sending' | 'missing'> {
    const result = await this.db
      .deleteFrom('campaigns')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('status', '<>', 'sending')
      .executeTakeFirst();
    if (result.numDeletedRows > 0n) return 'deleted';
    return (await this.find(workspaceId, id)) ? 'sending' : 'missing';
  }

  async stats(campaignIds: readonly string[]): Promise<Map<string, StatsRow>> {
    if (campaignIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('campaign_messages')
      .select([
        'campaign_id',
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) FILTER (WHERE status = 'queued'))::int`.as('queued'),
        sql<number>`(count(*) FILTER (WHERE sent_at IS NOT NULL))::int`.as('sent'),
        sql<number>`(count(*) FILTER (WHERE delivered_at IS NOT NULL))::int`.as('delivered'),
        sql<number>`(count(*) FILTER (WHERE read_at IS NOT NULL))::int`.as('read'),
        sql<number>`(count(*) FILTER (WHERE status = 'failed'))::int`.as('failed'),
        sql<number>`(count(*) FILTER (WHERE replied_at IS NOT NULL))::int`.as('replied'),
        sql<number>`(count(*) FILTER (WHERE status = 'cancelled'))::int`.as('cancelled'),
        sql<number>`(count(*) FILTER (WHERE status = 'opted_out'))::int`.as('opted_out'),
      ])
      .where('campaign_id', 'in', campaignIds)
      .groupBy('campaign_id')
      .execute();
    return new Map(rows.map((r) => [r.campaign_id, r]));
  }

  // ── audience ───────────────────────────────────────────────────────────────────────────────

  async estimate(
    workspaceId: string,
    channel: CampaignChannel,
    audience: Audience,
    sample: number,
  ) {
    const where = segmentWhere(workspaceId, audience);
    const counts = await this.db
      .selectFrom('contacts as ct')
      .select([
        sql<number>`count(*)::int`.as('matched'),
        sql<number>`(count(*) FILTER (WHERE ${reachable(channel)}))::int`.as('reachable'),
      ])
      .where(where)
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('contacts as ct')
      .select(['ct.id', 'ct.name', addressOf(channel).as('address')])
      .where(where)
      .where(reachable(channel))
      .orderBy(sql`lower(ct.name)`)
      .orderBy('ct.id')
      .limit(sample)
      .execute();
    return {
      matched: counts.matched,
      reachable: counts.reachable,
      sample: rows.map((r) => ({ id: r.id, name: r.name, address: r.address ?? '' })),
    };
  }

  tags(workspaceId: string) {
    return this.db
      .selectFrom('tags')
      .select(['id', 'name', 'color'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('name')
      .execute();
  }

  async tagsExist(workspaceId: string, ids: readonly string[]): Promise<boolean> {
    if (ids.length === 0) return true;
    const unique = [...new Set(ids)];
    const row = await this.db
      .selectFrom('tags')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', unique)
      .executeTakeFirstOrThrow();
    return row.n === unique.length;
  }

  // ── the send queue ─────────────────────────────────────────────────────────────────────────

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

  // ── reports ────────────────────────────────────────────────────────────────────────────────

  /** Bounds of a campaign's events that have happened. */
  async eventSpan(campaignId: string) {
    const row = await sql<{ first: Date | null; last: Date | null }>`
      SELECT min(least(sent_at, failed_at)) AS first,
        max(greatest(sent_at, delivered_at, failed_at, replied_at)) AS last
      FROM campaign_messages WHERE campaign_id = ${campaignId}`.execute(this.db);
    return row.rows[0] ?? { first: null, last: null };
  }

  /** Events per bucket (`date_trunc` in the time zone), for one campaign or a workspace since a date. */
  async series(
    scope: { campaignId: string } | { workspaceId: string; since: Date },
    unit: 'minute' | 'hour' | 'day',
    timeZone: string,
  ) {
    const where =
      'campaignId' in scope
        ? sql`campaign_id = ${scope.campaignId}`
        : sql`workspace_id = ${scope.workspaceId} AND coalesce(sent_at, failed_at) >= ${scope.since}`;
    const result = await sql<{ at: Date; kind: string; n: number }>`
      SELECT date_trunc(${unit}, e.t, ${timeZone}) AS at, e.kind, count(*)::int AS n FROM (
        SELECT sent_at AS t, 'sent' AS kind FROM campaign_messages WHERE ${where} AND sent_at IS NOT NULL
        UNION ALL SELECT delivered_at, 'delivered' FROM campaign_messages WHERE ${where} AND delivered_at IS NOT NULL
        UNION ALL SELECT failed_at, 'failed' FROM campaign_messages WHERE ${where} AND failed_at IS NOT NULL
        UNION ALL SELECT replied_at, 'replied' FROM campaign_messages WHERE ${where} AND replied_at IS NOT NULL
      ) e GROUP BY 1, 2 ORDER BY 1`.execute(this.db);
    return result.rows.map((r) => ({ at: new Date(r.at), kind: r.kind, n: r.n }));
  }

  /** A page of a campaign's recipients by id (keyset: the last id). */
  recipients(campaignId: string, status: string | undefined, afterId: number, limit: number) {
    let q = this.db
      .selectFrom('campaign_messages')
      .select([
        'id',
        'contact_id',
        'contact_name',
        'address',
        'status',
        'sent_at',
        'delivered_at',
        'read_at',
        'failed_at',
        'replied_at',
        'error',
      ])
      .where('campaign_id', '=', campaignId)
      .where('id', '>', afterId);
    switch (status) {
      case undefined:
        break;
      case 'delivered':
        q = q.where('delivered_at', 'is not', null);
        break;
      case 'read':
        q = q.where('read_at', 'is not', null);
        break;
      case 'replied':
        q = q.where('replied_at', 'is not', null);
        break;
      case 'sent':
        q = q.where('sent_at', 'is not', null);
        break;
      default:
        q = q.where('status', '=', status);
    }
    return q.orderBy('id').limit(limit).execute();
  }

  // ── templates ──────────────────────────────────────────────────────────────────────────────

  templates(
    workspaceId: string,
    filters: { channel?: string; status?: string; q?: string },
    cursor: { name: string; id: string } | undefined,
    limit: number,
  ) {
    let q = this.db
      .selectFrom('campaign_templates')
      .selectAll()
      .where('workspace_id', '=', workspaceId);
    if (filters.channel) q = q.where('channel', '=', filters.channel);
    if (filters.status) q = q.where('status', '=', filters.status);
    if (filters.q)
      q = q.where(
        sql<boolean>`(lower(name) LIKE ${likeContains(filters.q)} OR lower(body) LIKE ${likeContains(filters.q)})`,
      );
    if (cursor) q = q.where(sql<boolean>`(lower(name), id) > (${cursor.name}, ${cursor.id})`);
    return q
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  findTemplate(workspaceId: string, id: string, db: CampaignDb = this.db) {
    return db
      .selectFrom('campaign_templates')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async hasApprovedTemplate(workspaceId: string, channel: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('campaign_templates')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('channel', '=', channel)
      .where('status', '=', 'approved')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  insertTemplate(t: {
    id: string;
    workspaceId: string;
    name: string;
    channel: string;
    language: string;
    body: string;
    variables: string[];
  }) {
    return this.db
      .insertInto('campaign_templates')
      .values({
        id: t.id,
        workspace_id: t.workspaceId,
        name: t.name,
        channel: t.channel,
        status: 'pending',
        language: t.language,
        body: t.body,
        variables: JSON.stringify(t.variables),
        updated_at: new Date(),
      })
      .execute();
  }

  updateTemplate(
    workspaceId: string,
    id: string,
    set: {
      name?: string;
      language?: string;
      body?: string;
      variables?: string[];
      status?: string;
    },
    onlyStatus?: string,
  ) {
    let q = this.db
      .updateTable('campaign_templates')
      .set({
        ...(set.name !== undefined ? { name: set.name } : {}),
        ...(set.language !== undefined ? { language: set.language } : {}),
        ...(set.body !== undefined ? { body: set.body } : {}),
        ...(set.variables !== undefined ? { variables: JSON.stringify(set.variables) } : {}),
        ...(set.status !== undefined ? { status: set.status } : {}),
        updated_at: new Date(),
      })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id);
    if (onlyStatus) q = q.where('status', '=', onlyStatus);
    return q.executeTakeFirst();
  }

  deleteTemplate(workspaceId: string, id: string) {
    return this.db
      .deleteFrom('campaign_templates')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Campaigns that use a template, by state. */
  async templateUse(templateId: string): Promise<{ active: number; open: number }> {
    const row = await this.db
      .selectFrom('campaigns')
      .select([
        sql<number>`(count(*) FILTER (WHERE status IN ('scheduled', 'sending')))::int`.as('active'),
        sql<number>`(count(*) FILTER (WHERE status IN ('draft', 'scheduled', 'sending')))::int`.as(
          'open',
        ),
      ])
      .where('template_id', '=', templateId)
      .executeTakeFirstOrThrow();
    return row;
  }

  /** The template search: templates of a channel whose name or body contains the text. */
  searchTemplates(workspaceId: string, channel: string, text: string, onlyApproved: boolean) {
    let q = this.db
      .selectFrom('campaign_templates')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('channel', '=', channel);
    if (text.trim())
      q = q.where(
        sql<boolean>`(lower(name) LIKE ${likeContains(text.trim())} OR lower(body) LIKE ${likeContains(text.trim())})`,
      );
    if (onlyApproved) q = q.where('status', '=', 'approved');
    return q
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(100)
      .execute();
  }
}
