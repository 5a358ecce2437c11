// Settings rules and permits (as the settings README states them):
// - agents and teams: every member reads them; changing an agent (name, role, permits, teams)
//   needs flag_permissions, and so does changing teams; granting or removing the admin permit
//   needs admin; nobody removes the last admin of a workspace;
// - assignment rules and customer satisfaction: admin (so are integrations, channels and contact
//   imports: integration-service.ts, channel-service.ts, import-service.ts);
// - message templates are the inbox's saved replies (flag_inbox_savedReplies, inbox service).
// Another workspace's rows answer 404.
import type { Permits } from '../../contract/session';
import {
  CSAT_SCALES,
  type AgentPatch,
  type AssignmentRule,
  type AssignmentRulePut,
  type Csat,
  type CsatSettings,
  type SettingsAgent,
  type SettingsTeam,
  type TeamCreate,
  type TeamPatch,
} from '../../contract/settings';
import { isSupportedCountry } from 'libphonenumber-js';
import type { GeneralSettings } from '../../contract/settings';
import type { InstanceRef } from '../../integrations/contact-centre';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, conflict, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { MESSAGES } from '../../lib/messages';
import { requirePermit } from '../../lib/router';
import { CsatSurveys } from '../csat/service';
import {
  CSAT_DEFAULTS,
  CSAT_SUMMARY_DAYS,
  SETTINGS_MESSAGES as M,
  UNKNOWN_COUNTRY,
} from './messages';
import { SessionService } from '../session/service';
import { PERMIT_COLUMNS, SettingsRepository, type PermitColumn } from './repository';

type AgentRow = Awaited<ReturnType<SettingsRepository['agents']>>[number];

/** The first character of a satisfied score on a scale (top fifth: 4–5 of 5, 8–10 of 10, 3 of 3). */
export const satisfiedFrom = (scale: number): number => Math.ceil(scale * 0.8);

export class SettingsService {
  private readonly repo: SettingsRepository;

  constructor(private readonly services: Services) {
    this.repo = new SettingsRepository(services.db);
  }

  // ── Agents ────────────────────────────────────────────────────────────────────────────────

  private async agentsJson(workspaceId: string, rows: AgentRow[]): Promise<SettingsAgent[]> {
    const teams = await this.repo.teamsOfAgents(
      workspaceId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      avatarURL: r.avatar_url,
      userId: r.user_id,
      role: r.member_user_id ? (r.role as SettingsAgent['role']) : null,
      permits: r.member_user_id
        ? {
            admin: r.permit_admin ?? false,
            flag_campaigns: r.permit_campaigns ?? false,
            flag_inbox_shared: r.permit_inbox_shared ?? false,
            flag_inbox_views: r.permit_inbox_views ?? false,
            flag_permissions: r.permit_permissions ?? false,
            flag_inbox_savedReplies: r.permit_inbox_saved_replies ?? false,
            flag_addons_voice_live_calls: r.permit_voice_live_calls ?? false,
            flag_reports: r.permit_reports ?? false,
          }
        : null,
      connectUsername: r.connect_username,
      deactivated: r.deactivated_at != null,
      teams: teams
        .filter((t) => t.agent_id === r.id)
        .map((t) => ({ id: t.id, name: t.name, emoji: t.emoji })),
    }));
  }

  async agents(access: WorkspaceAccess): Promise<SettingsAgent[]> {
    const ws = access.workspace.id;
    return this.agentsJson(ws, await this.repo.agents(ws));
  }

  async agent(access: WorkspaceAccess, id: string): Promise<SettingsAgent> {
    const row = await this.repo.findAgent(access.workspace.id, id);
    if (!row) throw notFound('Agent');
    const [agent] = await this.agentsJson(access.workspace.id, [row]);
    return agent!;
  }

  async updateAgent(
    access: WorkspaceAccess,
    id: string,
    patch: AgentPatch,
  ): Promise<SettingsAgent> {
    requirePermit(access, 'flag_permissions');
    const ws = access.workspace.id;
    const row = await this.repo.findAgent(ws, id);
    if (!row) throw notFound('Agent');
    const userId = row.member_user_id;
    if ((patch.permits || patch.role) && !userId)
      throw invalidField(patch.permits ? 'body.permits' : 'body.role', M.agentHasNoSignIn);
    const teamIds = patch.teamIds ? [...new Set(patch.teamIds)] : undefined;
    if (teamIds && (await this.repo.countTeams(ws, teamIds)) !== teamIds.length)
      throw invalidField('body.teamIds', M.unknownTeam);
    const permits = patch.permits ?? {};
    if (permits.admin !== undefined && permits.admin !== row.permit_admin && !access.permits.admin)
      throw new ApiError(403, 'forbidden', M.adminPermitNeedsAdmin);
    if (patch.role !== undefined && patch.role !== row.role && !access.permits.admin)
      throw new ApiError(403, 'forbidden', M.roleNeedsAdmin);
    const username = patch.connectUsername;
    const relink = username !== undefined && username !== row.connect_username;
    if (relink && !access.permits.admin)
      throw new ApiError(403, 'forbidden', M.connectUsernameNeedsAdmin);
    // A username must name a user of the contact centre (its ListUsers).
    if (relink && username !== null) {
      const users = await this.services.contactCentre.users(this.instanceOf(access));
      if (!users.some((u) => u.username === username))
        throw new ApiError(422, 'unknown_connect_user', M.unknownConnectUser(username), [
          { path: 'body.connectUsername', message: M.unknownConnectUser(username) },
        ]);
    }

    await this.repo.transaction(async (trx) => {
      if (userId) {
        if (permits.admin === false && row.permit_admin) {
          // Locks the admins' rows: two concurrent demotions cannot both pass this check.
          const admins = await this.repo.lockAdmins(trx, ws);
          if (admins.length <= 1 && admins.includes(userId))
            throw conflict('last_admin', M.lastAdmin);
        }
        const set: Partial<Record<PermitColumn, boolean>> & { role?: string } = {};
        for (const [permit, value] of Object.entries(permits) as [keyof Permits, boolean][])
          set[PERMIT_COLUMNS[permit]] = value;
        if (patch.role) set.role = patch.role;
        await this.repo.updateMembership(trx, ws, userId, set);
      }
      if (patch.name !== undefined) await this.repo.renameAgent(trx, id, patch.name);
      if (teamIds) await this.repo.replaceAgentTeams(trx, id, teamIds);
      // The cached contact-centre user id goes with the old username: voice links it again.
      if (relink) await this.repo.setConnectUsername(trx, id, username ?? null);
    });
    return this.agent(access, id);
  }

  /**
   * Deactivates a member (admin): their sessions end at once (tokens revoked, event streams
   * closed) and they can no longer sign in to the workspace. Nobody deactivates themselves or the
   * last active admin.
   */
  async deactivateAgent(access: WorkspaceAccess, id: string): Promise<SettingsAgent> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const row = await this.repo.findAgent(ws, id);
    if (!row) throw notFound('Agent');
    const userId = row.member_user_id;
    if (!userId) throw invalidField('id', M.agentHasNoSignIn);
    if (userId === access.membership.user_id)
      throw conflict('cannot_deactivate_self', M.cannotDeactivateSelf);
    if (row.deactivated_at) return this.agent(access, id);
    await this.repo.transaction(async (trx) => {
      if (row.permit_admin) {
        // Locks the active admins' rows: two concurrent deactivations cannot both pass.
        const admins = await this.repo.lockAdmins(trx, ws);
        if (admins.length <= 1 && admins.includes(userId))
          throw conflict('last_admin', M.lastActiveAdmin);
      }
      await this.repo.setDeactivated(ws, userId, new Date(), trx);
    });
    await new SessionService(this.services).endSessions(userId);
    return this.agent(access, id);
  }

  /** Reactivates a deactivated member (admin): they can sign in again. */
  async reactivateAgent(access: WorkspaceAccess, id: string): Promise<SettingsAgent> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const row = await this.repo.findAgent(ws, id);
    if (!row) throw notFound('Agent');
    if (!row.member_user_id) throw invalidField('id', M.agentHasNoSignIn);
    await this.repo.setDeactivated(ws, row.member_user_id, null);
    return this.agent(access, id);
  }

  // ── Teams ─────────────────────────────────────────────────────────────────────────────────

  private async teamsJson(
    rows: {
      id: string;
      name: string;
      emoji: string | null;
      created_at: Date;
      connect_queue_id: string | null;
    }[],
  ): Promise<SettingsTeam[]> {
    const members = await this.repo.teamMembers(rows.map((t) => t.id));
    return rows.map((t) => ({
      id: t.id,
      name: t.name,
      emoji: t.emoji,
      members: members
        .filter((m) => m.team_id === t.id)
        .map((m) => ({ id: m.id, name: m.name, email: m.email, avatarURL: m.avatar_url })),
      createdAt: new Date(t.created_at).toISOString(),
      queueId: t.connect_queue_id,
    }));
  }

  /** The workspace's contact-centre instance (409 without a created one). */
  private instanceOf(access: WorkspaceAccess): InstanceRef {
    const ws = access.workspace;
    if (ws.connect_instance_status !== 'CREATED' || !ws.connect_instance_id)
      throw new ApiError(409, 'voice_instance_not_created', MESSAGES.voiceInstanceNotCreated);
    return { instanceId: ws.connect_instance_id, region: ws.connect_region };
  }

  /** `GET /settings/queues`: the contact centre's standard queues a team can be mapped to. */
  async queues(access: WorkspaceAccess): Promise<{ id: string; name: string }[]> {
    return this.services.contactCentre.standardQueues(this.instanceOf(access));
  }

  /** A team's queue must be one of the contact centre's standard queues (400 otherwise). */
  private async checkQueue(access: WorkspaceAccess, queueId: string | null): Promise<void> {
    if (queueId === null) return;
    const queues = await this.queues(access);
    if (!queues.some((q) => q.id === queueId)) throw invalidField('body.queueId', M.unknownQueue);
  }

  async teams(access: WorkspaceAccess): Promise<SettingsTeam[]> {
    return this.teamsJson(await this.repo.teams(access.workspace.id));
  }

  private async team(workspaceId: string, id: string): Promise<SettingsTeam> {
    const row = await this.repo.findTeam(workspaceId, id);
    if (!row) throw notFound('Team');
    const [team] = await this.teamsJson([row]);
    return team!;
  }

  private async checkMembers(workspaceId: string, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if ((await this.repo.countAgents(workspaceId, unique)) !== unique.length)
      throw invalidField('body.memberIds', M.unknownAgent);
    return unique;
  }

  async createTeam(access: WorkspaceAccess, input: TeamCreate): Promise<SettingsTeam> {
    requirePermit(access, 'flag_permissions');
    const ws = access.workspace.id;
    const members = await this.checkMembers(ws, input.memberIds ?? []);
    await this.checkQueue(access, input.queueId ?? null);
    const id = newId();
    await this.repo.transaction(async (trx) => {
      if (await this.repo.findTeamByName(ws, input.name, trx))
        throw conflict('team_exists', M.teamExists);
      await this.repo.insertTeam(trx, {
        id,
        workspaceId: ws,
        name: input.name,
        emoji: input.emoji ?? null,
        queueId: input.queueId ?? null,
      });
      await this.repo.replaceTeamMembers(trx, id, members);
    });
    return this.team(ws, id);
  }

  async updateTeam(access: WorkspaceAccess, id: string, patch: TeamPatch): Promise<SettingsTeam> {
    requirePermit(access, 'flag_permissions');
    const ws = access.workspace.id;
    if (!(await this.repo.findTeam(ws, id))) throw notFound('Team');
    const members = patch.memberIds ? await this.checkMembers(ws, patch.memberIds) : undefined;
    if (patch.queueId !== undefined) await this.checkQueue(access, patch.queueId);
    await this.repo.transaction(async (trx) => {
      if (patch.name !== undefined) {
        const same = await this.repo.findTeamByName(ws, patch.name, trx);
        if (same && same.id !== id) throw conflict('team_exists', M.teamExists);
      }
      await this.repo.updateTeam(trx, id, {
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.emoji === undefined ? {} : { emoji: patch.emoji }),
        ...(patch.queueId === undefined ? {} : { connect_queue_id: patch.queueId }),
      });
      if (members) await this.repo.replaceTeamMembers(trx, id, members);
    });
    return this.team(ws, id);
  }

  async deleteTeam(access: WorkspaceAccess, id: string): Promise<void> {
    requirePermit(access, 'flag_permissions');
    if (!(await this.repo.deleteTeam(access.workspace.id, id))) throw notFound('Team');
  }

  // ── Assignment rules ──────────────────────────────────────────────────────────────────────

  async rules(access: WorkspaceAccess): Promise<AssignmentRule[]> {
    requirePermit(access, 'admin');
    return (await this.repo.rules(access.workspace.id)).map((r) => ({
      id: r.id,
      teamId: r.team_id,
      teamName: r.team_name,
      teamEmoji: r.team_emoji,
      strategy: r.strategy,
      channels: r.channels as AssignmentRule['channels'],
      enabled: r.enabled,
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  async putRule(
    access: WorkspaceAccess,
    teamId: string,
    input: Required<AssignmentRulePut>,
  ): Promise<AssignmentRule> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    if (!(await this.repo.findTeam(ws, teamId))) throw notFound('Team');
    await this.repo.upsertRule({ id: newId(), workspaceId: ws, teamId, ...input });
    return (await this.rules(access)).find((r) => r.teamId === teamId)!;
  }

  async deleteRule(access: WorkspaceAccess, teamId: string): Promise<void> {
    requirePermit(access, 'admin');
    if (!(await this.repo.deleteRule(access.workspace.id, teamId)))
      throw notFound('Assignment rule');
  }

  // ── Customer satisfaction ─────────────────────────────────────────────────────────────────

  async csat(access: WorkspaceAccess): Promise<Csat> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const stored = await this.repo.csatSettings(ws);
    const settings: CsatSettings = {
      enabled: stored?.enabled ?? CSAT_DEFAULTS.enabled,
      question: stored?.question ?? CSAT_DEFAULTS.question,
      scale: (stored?.scale ?? CSAT_DEFAULTS.scale) as CsatSettings['scale'],
    };
    const since = new Date(Date.now() - CSAT_SUMMARY_DAYS * 86_400_000);
    const counts = await this.repo.csatCounts(ws, since);
    const onScale = counts.filter((c) => c.scale === settings.scale);
    const responses = onScale.reduce((n, c) => n + c.count, 0);
    const demoResponses = onScale.filter((c) => c.demo).reduce((n, c) => n + c.count, 0);
    const surveys = await new CsatSurveys(this.services).sentSince(ws, since);
    const total = onScale.reduce((n, c) => n + c.count * c.score, 0);
    const satisfied = onScale
      .filter((c) => c.score >= satisfiedFrom(settings.scale))
      .reduce((n, c) => n + c.count, 0);
    return {
      settings,
      summary: {
        responses,
        average: responses ? Math.round((total / responses) * 100) / 100 : null,
        satisfiedShare: responses ? Math.round((satisfied / responses) * 1000) / 1000 : null,
        distribution: Array.from({ length: settings.scale }, (_, i) => ({
          score: i + 1,
          count: onScale.filter((c) => c.score === i + 1).reduce((n, c) => n + c.count, 0),
        })),
        since: since.toISOString(),
        demoResponses,
        surveysSent: surveys.sent,
        responseRate: surveys.sent
          ? Math.round((surveys.answered / surveys.sent) * 1000) / 1000
          : null,
      },
    };
  }

  async saveCsat(access: WorkspaceAccess, input: CsatSettings): Promise<Csat> {
    requirePermit(access, 'admin');
    if (!CSAT_SCALES.includes(input.scale)) throw invalidField('body.scale', 'Unknown scale');
    await this.repo.saveCsatSettings(access.workspace.id, input);
    return this.csat(access);
  }

  // ── General ───────────────────────────────────────────────────────────────────────────────

  /** The general settings; every member reads them (the app formats numbers with them). */
  general(access: WorkspaceAccess): GeneralSettings {
    return { defaultCountry: access.workspace.default_country };
  }

  /** Saves the default country of phone numbers (admin); it must be one libphonenumber-js knows. */
  async saveGeneral(access: WorkspaceAccess, input: GeneralSettings): Promise<GeneralSettings> {
    requirePermit(access, 'admin');
    if (input.defaultCountry !== null && !isSupportedCountry(input.defaultCountry))
      throw invalidField('body.defaultCountry', UNKNOWN_COUNTRY);
    await this.repo.saveDefaultCountry(access.workspace.id, input.defaultCountry);
    return { defaultCountry: input.defaultCountry };
  }
}
