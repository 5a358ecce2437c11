// SQL of campaigns, their audiences' counts and their reports (audience conditions:
// audience-sql.ts; the send queue: send-queue-repository.ts; templates: template-repository.ts).
import { sql } from 'kysely';
import type { Audience, CampaignChannel } from '../../contract/campaigns';
import { likeContains, type Keyset } from '../../lib/paging';
import { addressOf, reachable, segmentWhere } from './audience-sql';
import { CampaignStore, type CampaignDb } from './tables';

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

export class CampaignRepository extends CampaignStore {
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
}
