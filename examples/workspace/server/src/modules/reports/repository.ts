// SQL of the reports. Each figure is one aggregate over index ranges of the rows it describes:
// conversations by their start (`created_at`) and close (`closed_at`), calls by their start,
// survey answers by their time. Days are the workspace's calendar days: the range's bounds are the
// midnights of its first day and of the day after its last, in the workspace's time zone.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/** A report's range: days `from`..`to` (included) in the time zone `tz`. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
  readonly tz: string;
}

export type ConversationGroup = 'channel' | 'team' | 'agent';
export type CallGroup = 'agent' | 'queue';

/** The conversation figures of a group (or of all, `key` then null). */
export interface ConversationFiguresRow {
  key: string | null;
  opened: number;
  closed: number;
  frt_count: number;
  frt_median: number | null;
  frt_p90: number | null;
  res_count: number;
  res_median: number | null;
  res_p90: number | null;
}

export interface CallFiguresRow {
  key: string | null;
  inbound: number;
  outbound: number;
  answered: number;
  missed: number;
  aht: number | null;
  acw: number | null;
}

const lo = (r: DayRange) => sql`(${r.from}::date::timestamp AT TIME ZONE ${r.tz})`;
const hi = (r: DayRange) => sql`((${r.to}::date + 1)::timestamp AT TIME ZONE ${r.tz})`;
const dayOf = (column: RawBuilder<unknown>, r: DayRange) =>
  sql<string>`to_char((${column} AT TIME ZONE ${r.tz})::date, 'YYYY-MM-DD')`;

/** What conversation figures are grouped by: nothing (the totals), or a key of `c` (or `tm`). */
type ConversationKey = ConversationGroup | 'total';

const conversationKey = (group: ConversationKey) =>
  group === 'total'
    ? sql`NULL::text`
    : group === 'channel'
      ? sql`c.channel`
      : group === 'agent'
        ? sql`c.assignee_agent_id`
        : sql`tm.team_id`;

/**
 * The conversation figures by `group`: what started in the range (opened, first response) and what
 * closed in it (closed, resolution), each one range of its own covering index (an index-only scan
 * where the table is vacuumed), joined by key. A team counts each conversation of its members.
 */
function conversationFigures(workspaceId: string, r: DayRange, group: ConversationKey) {
  const key = conversationKey(group);
  const teams =
    group === 'team' ? sql`LEFT JOIN team_members tm ON tm.agent_id = c.assignee_agent_id` : sql``;
  const groupBy = group === 'total' ? sql`` : sql`GROUP BY 1`;
  const responded = sql`c.first_response_at >= c.first_inbound_at`;
  const frt = sql`extract(epoch FROM c.first_response_at - c.first_inbound_at)`;
  const res = sql`extract(epoch FROM c.closed_at - c.created_at)`;
  return sql`
    WITH o AS (
      SELECT ${key} AS key, count(*) AS opened,
        count(*) FILTER (WHERE ${responded}) AS frt_count,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ${frt}) FILTER (WHERE ${responded}) AS frt_median,
        percentile_cont(0.9) WITHIN GROUP (ORDER BY ${frt}) FILTER (WHERE ${responded}) AS frt_p90
      FROM conversations c ${teams}
      WHERE c.workspace_id = ${workspaceId} AND c.created_at >= ${lo(r)} AND c.created_at < ${hi(r)}
      ${groupBy}
    ), k AS (
      SELECT ${key} AS key, count(*) AS closed,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ${res}) AS res_median,
        percentile_cont(0.9) WITHIN GROUP (ORDER BY ${res}) AS res_p90
      FROM conversations c ${teams}
      WHERE c.workspace_id = ${workspaceId} AND c.closed_at >= ${lo(r)} AND c.closed_at < ${hi(r)}
      ${groupBy}
    )
    SELECT coalesce(o.key, k.key) AS key,
      coalesce(o.opened, 0)::int AS opened, coalesce(k.closed, 0)::int AS closed,
      coalesce(o.frt_count, 0)::int AS frt_count, o.frt_median, o.frt_p90,
      coalesce(k.closed, 0)::int AS res_count, k.res_median, k.res_p90
    FROM o FULL JOIN k ON coalesce(o.key, '') = coalesce(k.key, '')
    ORDER BY 2 DESC, 3 DESC, 1`;
}

/** The call figures' aggregates over connections `k`. */
const callFigures = sql`
  count(*) FILTER (WHERE k.communication_type = 'inbound')::int AS inbound,
  count(*) FILTER (WHERE k.communication_type = 'outbound')::int AS outbound,
  count(*) FILTER (WHERE k.answered)::int AS answered,
  count(*) FILTER (WHERE k.communication_type = 'inbound' AND NOT k.answered
                     AND k.ended_at IS NOT NULL)::int AS missed,
  avg(extract(epoch FROM coalesce(k.completed_at, k.ended_at) - k.connected_at))
    FILTER (WHERE k.answered AND k.ended_at IS NOT NULL AND k.connected_at IS NOT NULL) AS aht,
  avg(extract(epoch FROM k.completed_at - k.ended_at))
    FILTER (WHERE k.answered AND k.completed_at IS NOT NULL AND k.ended_at IS NOT NULL) AS acw`;

/** Customer calls (not transfers' legs, not monitoring) of the workspace started in the range. */
function callsInRange(workspaceId: string, r: DayRange) {
  return sql`k.workspace_id = ${workspaceId} AND k.communication_type IN ('inbound', 'outbound')
    AND k.created_at >= ${lo(r)} AND k.created_at < ${hi(r)}`;
}

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function figuresRow<T extends object>(row: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row as Record<string, unknown>))
    out[k] = k === 'key' || k === 'date' ? v : numberOrNull(v);
  return out as T;
}

export class ReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The figures of all the range's conversations. */
  async conversationTotals(workspaceId: string, r: DayRange): Promise<ConversationFiguresRow> {
    const { rows } = await conversationFigures(workspaceId, r, 'total').execute(this.db);
    return figuresRow(rows[0] as ConversationFiguresRow);
  }

  /**
   * The figures by channel, by assignee, or by the assignee's teams (a conversation counts in
   * each team of its assignee; one without an assignee or team has the key null).
   */
  async conversationGroups(
    workspaceId: string,
    r: DayRange,
    group: ConversationGroup,
  ): Promise<ConversationFiguresRow[]> {
    const { rows } = await conversationFigures(workspaceId, r, group).execute(this.db);
    return (rows as ConversationFiguresRow[]).map(figuresRow);
  }

  /** Conversations opened and closed on each day that had any. */
  async conversationDays(
    workspaceId: string,
    r: DayRange,
  ): Promise<{ date: string; opened: number; closed: number }[]> {
    const { rows } = await sql<{ date: string; opened: number; closed: number }>`
      SELECT date, sum(opened)::int AS opened, sum(closed)::int AS closed FROM (
        SELECT ${dayOf(sql`c.created_at`, r)} AS date, count(*) AS opened, 0 AS closed
        FROM conversations c
        WHERE c.workspace_id = ${workspaceId} AND c.created_at >= ${lo(r)} AND c.created_at < ${hi(r)}
        GROUP BY 1
        UNION ALL
        SELECT ${dayOf(sql`c.closed_at`, r)} AS date, 0 AS opened, count(*) AS closed
        FROM conversations c
        WHERE c.workspace_id = ${workspaceId} AND c.closed_at >= ${lo(r)} AND c.closed_at < ${hi(r)}
        GROUP BY 1
      ) d GROUP BY date`.execute(this.db);
    return rows.map(figuresRow);
  }

  /** The call figures of the range: all (key null) first, then each agent's or queue's. */
  async callFigures(workspaceId: string, r: DayRange, group: CallGroup): Promise<CallFiguresRow[]> {
    const key = group === 'agent' ? sql`k.agent_id` : sql`k.queue_id`;
    const { rows } = await sql<CallFiguresRow & { total: number }>`
      SELECT ${key} AS key, GROUPING(${key}) AS total, ${callFigures}
      FROM connections k WHERE ${callsInRange(workspaceId, r)}
      GROUP BY GROUPING SETS ((${key}), ())
      ORDER BY 2 DESC, 3 DESC, 1`.execute(this.db);
    return rows.map(figuresRow);
  }

  /** Calls in, out and missed on each day that had any. */
  async callDays(
    workspaceId: string,
    r: DayRange,
  ): Promise<{ date: string; inbound: number; outbound: number; missed: number }[]> {
    const { rows } = await sql<{ date: string; inbound: number; outbound: number; missed: number }>`
      SELECT ${dayOf(sql`k.created_at`, r)} AS date,
        count(*) FILTER (WHERE k.communication_type = 'inbound')::int AS inbound,
        count(*) FILTER (WHERE k.communication_type = 'outbound')::int AS outbound,
        count(*) FILTER (WHERE k.communication_type = 'inbound' AND NOT k.answered
                           AND k.ended_at IS NOT NULL)::int AS missed
      FROM connections k WHERE ${callsInRange(workspaceId, r)}
      GROUP BY 1`.execute(this.db);
    return rows.map(figuresRow);
  }

  /** Survey answers on each day that had any (answers of the settings' demo left out). */
  async csatDays(
    workspaceId: string,
    r: DayRange,
  ): Promise<{ date: string; responses: number; satisfied: number; share_sum: number }[]> {
    const { rows } = await sql<{
      date: string;
      responses: number;
      satisfied: number;
      share_sum: number;
    }>`
      SELECT ${dayOf(sql`s.created_at`, r)} AS date,
        count(*)::int AS responses,
        count(*) FILTER (WHERE s.score * 5 >= s.scale * 4)::int AS satisfied,
        sum(s.score::float8 / s.scale) AS share_sum
      FROM csat_responses s
      WHERE s.workspace_id = ${workspaceId} AND NOT s.demo
        AND s.created_at >= ${lo(r)} AND s.created_at < ${hi(r)}
      GROUP BY 1`.execute(this.db);
    return rows.map(figuresRow);
  }

  /** Names of the workspace's agents and teams, by id. */
  async names(workspaceId: string, of: 'agents' | 'teams'): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom(of)
      .select(['id', 'name'])
      .where('workspace_id', '=', workspaceId)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Teams mapped to a contact-centre queue: the team's name by queue id. */
  async queueTeams(workspaceId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('teams')
      .select(['name', 'connect_queue_id'])
      .where('workspace_id', '=', workspaceId)
      .where('connect_queue_id', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [r.connect_queue_id!, r.name]));
  }
}
