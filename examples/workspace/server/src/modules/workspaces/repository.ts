// SQL of workspace agents and teams.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class WorkspaceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  agents(workspaceId: string) {
    return this.db
      .selectFrom('agents as a')
      .leftJoin('memberships as m', (join) =>
        join.onRef('m.user_id', '=', 'a.user_id').onRef('m.workspace_id', '=', 'a.workspace_id'),
      )
      .selectAll('a')
      .select((eb) =>
        eb.and([eb('m.user_id', 'is not', null), eb('m.deactivated_at', 'is', null)]).as('active'),
      )
      .where('a.workspace_id', '=', workspaceId)
      .orderBy('a.name')
      .orderBy('a.id')
      .execute();
  }

  teams(workspaceId: string) {
    return this.db
      .selectFrom('teams')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('name')
      .execute();
  }

  /** (team, agent) pairs of the workspace. */
  memberships(workspaceId: string) {
    return this.db
      .selectFrom('team_members as tm')
      .innerJoin('teams as t', 't.id', 'tm.team_id')
      .select(['tm.team_id', 'tm.agent_id'])
      .where('t.workspace_id', '=', workspaceId)
      .execute();
  }
}
