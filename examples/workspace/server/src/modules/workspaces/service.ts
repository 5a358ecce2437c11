// Workspace agents and teams as the app lists them.
import type { WorkspaceAgent, WorkspaceTeam } from '../../contract/workspaces';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { WorkspaceRepository } from './repository';

export class WorkspaceService {
  private readonly repo: WorkspaceRepository;

  constructor(services: Services) {
    this.repo = new WorkspaceRepository(services.db);
  }

  async agents(access: WorkspaceAccess): Promise<WorkspaceAgent[]> {
    const [agents, teams, members] = await Promise.all([
      this.repo.agents(access.workspace.id),
      this.repo.teams(access.workspace.id),
      this.repo.memberships(access.workspace.id),
    ]);
    const teamById = new Map(teams.map((t) => [t.id, t]));
    return agents.map((a) => ({
      id: a.id,
      name: a.name,
      email: a.email,
      avatarURL: a.avatar_url,
      userId: a.user_id,
      connectUsername: a.connect_username,
      active: Boolean(a.active),
      teams: members
        .filter((m) => m.agent_id === a.id)
        .map((m) => teamById.get(m.team_id)!)
        .map((t) => ({ id: t.id, name: t.name, emoji: t.emoji })),
    }));
  }

  async teams(access: WorkspaceAccess): Promise<WorkspaceTeam[]> {
    const [teams, members] = await Promise.all([
      this.repo.teams(access.workspace.id),
      this.repo.memberships(access.workspace.id),
    ]);
    return teams.map((t) => ({
      id: t.id,
      name: t.name,
      emoji: t.emoji,
      memberIds: members.filter((m) => m.team_id === t.id).map((m) => m.agent_id),
    }));
  }
}
