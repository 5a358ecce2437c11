// SQL of the settings: agents with their memberships and teams, teams and members, assignment
// rules, customer satisfaction, integrations, channels and the import history.
import { channelAddressesChanged } from '../conversations-intake/channel-address';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Permits } from '../../contract/session';
import { SettingsStore, type SettingsDatabase } from './tables';

type Db = Kysely<SettingsDatabase> | Transaction<SettingsDatabase>;

/** Membership permit columns by permit name. */
export const PERMIT_COLUMNS = {
  admin: 'permit_admin',
  flag_campaigns: 'permit_campaigns',
  flag_inbox_shared: 'permit_inbox_shared',
  flag_inbox_views: 'permit_inbox_views',
  flag_permissions: 'permit_permissions',
  flag_inbox_savedReplies: 'permit_inbox_saved_replies',
  flag_addons_voice_live_calls: 'permit_voice_live_calls',
  flag_reports: 'permit_reports',
} as const satisfies Record<keyof Permits, string>;

export type PermitColumn = (typeof PERMIT_COLUMNS)[keyof Permits];

export class SettingsRepository extends SettingsStore {
  // ── Agents ────────────────────────────────────────────────────────────────────────────────

  private agentQuery(db: Db) {
    return db
      .selectFrom('agents as a')
      .leftJoin('memberships as m', (join) =>
        join.onRef('m.workspace_id', '=', 'a.workspace_id').onRef('m.user_id', '=', 'a.user_id'),
      )
      .select([
        'a.id',
        'a.name',
        'a.email',
        'a.avatar_url',
        'a.user_id',
        'a.connect_username',
        'm.role',
        'm.user_id as member_user_id',
        'm.permit_admin',
        'm.permit_campaigns',
        'm.permit_inbox_shared',
        'm.permit_inbox_views',
        'm.permit_permissions',
        'm.permit_inbox_saved_replies',
        'm.permit_voice_live_calls',
        'm.permit_reports',
        'm.deactivated_at',
      ]);
  }

  agents(workspaceId: string) {
    return this.agentQuery(this.db)
      .where('a.workspace_id', '=', workspaceId)
      .orderBy(sql`lower(a.name)`)
      .orderBy('a.id')
      .execute();
  }

  findAgent(workspaceId: string, id: string, db: Db = this.db) {
    return this.agentQuery(db)
      .where('a.workspace_id', '=', workspaceId)
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  /** (agent, team) pairs of the given agents, or of the whole workspace. */
  teamsOfAgents(workspaceId: string, agentIds?: readonly string[]) {
    let q = this.db
      .selectFrom('team_members as tm')
      .innerJoin('teams as t', 't.id', 'tm.team_id')
      .select(['tm.agent_id', 't.id', 't.name', 't.emoji'])
      .where('t.workspace_id', '=', workspaceId);
    if (agentIds) {
      if (agentIds.length === 0) return Promise.resolve([]);
      q = q.where('tm.agent_id', 'in', agentIds);
    }
    return q.orderBy(sql`lower(t.name)`).execute();
  }

  /** The users holding the admin permit in a workspace, locked until the transaction ends. */
  async lockAdmins(trx: Transaction<SettingsDatabase>, workspaceId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('memberships')
      .select('user_id')
      .where('workspace_id', '=', workspaceId)
      .where('permit_admin', '=', true)
      .where('deactivated_at', 'is', null)
      .forUpdate()
      .execute();
    return rows.map((r) => r.user_id);
  }

  async updateMembership(
    trx: Transaction<SettingsDatabase>,
    workspaceId: string,
    userId: string,
    set: Partial<Record<PermitColumn, boolean>> & { role?: string },
  ): Promise<void> {
    if (Object.keys(set).length === 0) return;
    await trx
      .updateTable('memberships')
      .set(set)
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Deactivates (a date) or reactivates (null) a member of the workspace. */
  async setDeactivated(
    workspaceId: string,
    userId: string,
    at: Date | null,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .updateTable('memberships')
      .set({ deactivated_at: at })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Sets or clears an agent's contact-centre username and forgets its linked user id. */
  async setConnectUsername(
    trx: Transaction<SettingsDatabase>,
    id: string,
    username: string | null,
  ): Promise<void> {
    await trx
      .updateTable('agents')
      .set({ connect_username: username, connect_user_id: null })
      .where('id', '=', id)
      .execute();
  }

  async renameAgent(trx: Transaction<SettingsDatabase>, id: string, name: string): Promise<void> {
    await trx.updateTable('agents').set({ name }).where('id', '=', id).execute();
  }

  async replaceAgentTeams(
    trx: Transaction<SettingsDatabase>,
    agentId: string,
    teamIds: readonly string[],
  ): Promise<void> {
    await trx.deleteFrom('team_members').where('agent_id', '=', agentId).execute();
    if (teamIds.length > 0)
      await trx
        .insertInto('team_members')
        .values(teamIds.map((team_id) => ({ team_id, agent_id: agentId })))
        .execute();
  }

  /** How many of `ids` are agents of the workspace. */
  async countAgents(workspaceId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await this.db
      .selectFrom('agents')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** How many of `ids` are teams of the workspace. */
  async countTeams(workspaceId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await this.db
      .selectFrom('teams')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  // ── Teams ─────────────────────────────────────────────────────────────────────────────────

  teams(workspaceId: string) {
    return this.db
      .selectFrom('teams')
      .select(['id', 'name', 'emoji', 'created_at', 'connect_queue_id'])
      .where('workspace_id', '=', workspaceId)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  findTeam(workspaceId: string, id: string, db: Db = this.db) {
    return db
      .selectFrom('teams')
      .select(['id', 'name', 'emoji', 'created_at', 'connect_queue_id'])
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findTeamByName(workspaceId: string, name: string, db: Db = this.db) {
    return db
      .selectFrom('teams')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  }

  /** Members of the given teams, by name. */
  teamMembers(teamIds: readonly string[]) {
    if (teamIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('team_members as tm')
      .innerJoin('agents as a', 'a.id', 'tm.agent_id')
      .select(['tm.team_id', 'a.id', 'a.name', 'a.email', 'a.avatar_url'])
      .where('tm.team_id', 'in', teamIds)
      .orderBy(sql`lower(a.name)`)
      .orderBy('a.id')
      .execute();
  }

  async insertTeam(
    trx: Transaction<SettingsDatabase>,
    team: {
      id: string;
      workspaceId: string;
      name: string;
      emoji: string | null;
      queueId: string | null;
    },
  ): Promise<void> {
    await trx
      .insertInto('teams')
      .values({
        id: team.id,
        workspace_id: team.workspaceId,
        name: team.name,
        emoji: team.emoji,
        connect_queue_id: team.queueId,
      })
      .execute();
  }

  async updateTeam(
    trx: Transaction<SettingsDatabase>,
    id: string,
    set: { name?: string; emoji?: string | null; connect_queue_id?: string | null },
  ): Promise<void> {
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('teams').set(set).where('id', '=', id).execute();
  }

  async replaceTeamMembers(
    trx: Transaction<SettingsDatabase>,
    teamId: string,
    agentIds: readonly string[],
  ): Promise<void> {
    await trx.deleteFrom('team_members').where('team_id', '=', teamId).execute();
    if (agentIds.length > 0)
      await trx
        .insertInto('team_members')
        .values(agentIds.map((agent_id) => ({ team_id: teamId, agent_id })))
        .execute();
  }

  async deleteTeam(workspaceId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('teams')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ── Assignment rules ──────────────────────────────────────────────────────────────────────

  rules(workspaceId: string) {
    return this.db
      .selectFrom('assignment_rules as r')
      .innerJoin('teams as t', 't.id', 'r.team_id')
      .select([
        'r.id',
        'r.team_id',
        't.name as team_name',
        't.emoji as team_emoji',
        'r.strategy',
        'r.channels',
        'r.enabled',
        'r.updated_at',
      ])
      .where('r.workspace_id', '=', workspaceId)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .execute();
  }

  async upsertRule(rule: {
    id: string;
    workspaceId: string;
    teamId: string;
    strategy: 'round_robin' | 'least_busy';
    channels: readonly string[];
    enabled: boolean;
  }): Promise<void> {
    await this.db
      .insertInto('assignment_rules')
      .values({
        id: rule.id,
        workspace_id: rule.workspaceId,
        team_id: rule.teamId,
        strategy: rule.strategy,
        channels: JSON.stringify(rule.channels),
        enabled: rule.enabled,
      })
      .onConflict((oc) =>
        oc.column('team_id').doUpdateSet({
          strategy: rule.strategy,
          channels: JSON.stringify(rule.channels),
          enabled: rule.enabled,
          updated_at: new Date(),
        }),
      )
      .execute();
  }

  async deleteRule(workspaceId: string, teamId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('assignment_rules')
      .where('workspace_id', '=', workspaceId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ── Customer satisfaction ─────────────────────────────────────────────────────────────────

  csatSettings(workspaceId: string) {
    return this.db
      .selectFrom('csat_settings')
      .select(['enabled', 'question', 'scale'])
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
  }

  async saveCsatSettings(
    workspaceId: string,
    s: { enabled: boolean; question: string; scale: number },
  ): Promise<void> {
    await this.db
      .insertInto('csat_settings')
      .values({ workspace_id: workspaceId, ...s })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ ...s, updated_at: new Date() }))
      .execute();
  }

  /** Responses per (scale, score, demo) since a date. */
  csatCounts(workspaceId: string, since: Date) {
    return this.db
      .selectFrom('csat_responses')
      .select(['scale', 'score', 'demo', sql<number>`count(*)::int`.as('count')])
      .where('workspace_id', '=', workspaceId)
      .where('created_at', '>=', since)
      .groupBy(['scale', 'score', 'demo'])
      .execute();
  }

  // ── Channels ──────────────────────────────────────────────────────────────────────────────

  channels(workspaceId: string) {
    return this.db
      .selectFrom('workspace_channels')
      .select(['channel', 'enabled', 'address', 'updated_at'])
      .where('workspace_id', '=', workspaceId)
      .execute();
  }

  /** Open conversations per channel. */
  openConversationsByChannel(workspaceId: string) {
    return this.db
      .selectFrom('conversations')
      .select(['channel', sql<number>`count(*)::int`.as('count')])
      .where('workspace_id', '=', workspaceId)
      .where('status', '=', 'open')
      .groupBy('channel')
      .execute();
  }

  async saveChannel(
    workspaceId: string,
    channel: string,
    values: { enabled: boolean; address: string },
  ): Promise<void> {
    await this.db
      .insertInto('workspace_channels')
      .values({ workspace_id: workspaceId, channel, ...values })
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'channel']).doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
    channelAddressesChanged();
  }

  /** The workspace's default country of phone numbers (general settings). */
  async saveDefaultCountry(workspaceId: string, country: string | null): Promise<void> {
    await this.db
      .updateTable('workspaces')
      .set({ default_country: country })
      .where('id', '=', workspaceId)
      .execute();
  }
}
