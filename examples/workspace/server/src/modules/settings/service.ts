// Settings rules and permits (as the settings README states them):
// - agents and teams: every member reads them; changing an agent (name, role, permits, teams)
//   needs flag_permissions, and so does changing teams; granting or removing the admin permit
//   needs admin; nobody removes the last admin of a workspace;
// - assignment rules, customer satisfaction, integrations, channels and contact imports: admin;
// - message templates are the inbox's saved replies (flag_inbox_savedReplies, inbox service).
// Another workspace's rows answer 404.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Permits } from '../../contract/session';
import {
  CSAT_SCALES,
  type AgentPatch,
  type AssignmentRule,
  type AssignmentRulePut,
  type ChannelPatch,
  type ChannelSetting,
  type ContactImport,
  type ContactImportDetail,
  type Csat,
  type CsatSettings,
  type GoogleMeetConfig,
  type GoogleMeetIntegration,
  type GoogleMeetPut,
  type IntegrationKind,
  type IntegrationStatus,
  type IntegrationSummary,
  type MaskedSecret,
  type SalesforceConfig,
  type SalesforceIntegration,
  type SalesforcePut,
  type SalesforceSync,
  type SettingsAgent,
  type SettingsTeam,
  type TeamCreate,
  type TeamPatch,
} from '../../contract/settings';
import { isSupportedCountry } from 'libphonenumber-js';
import { CHANNELS } from '../../contract/inbox';
import type { GeneralSettings } from '../../contract/settings';
import type { InstanceRef } from '../../integrations/contact-centre';
import { SalesforceCallError } from '../../integrations/salesforce/client';
import { SALESFORCE_MESSAGES } from '../../integrations/salesforce/messages';
import { salesforceOf } from '../../integrations/salesforce/sync';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { MESSAGES } from '../../lib/messages';
import { requirePermit } from '../../lib/router';
import { ContactImporter, type SpooledUpload } from './contact-import';
import { CsatSurveys } from '../csat/service';
import {
  CSAT_DEFAULTS,
  CSAT_SUMMARY_DAYS,
  SETTINGS_MESSAGES as M,
  UNKNOWN_COUNTRY,
} from './messages';
import { SessionService } from '../session/service';
import { PERMIT_COLUMNS, SettingsRepository, type PermitColumn } from './repository';
import { maskSecret, SecretBox, SecretKeyMissingError } from './secret-box';

type AgentRow = Awaited<ReturnType<SettingsRepository['agents']>>[number];

const invalid = (path: string, message: string) =>
  new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [{ path, message }]);

/** The first character of a satisfied score on a scale (top fifth: 4–5 of 5, 8–10 of 10, 3 of 3). */
export const satisfiedFrom = (scale: number): number => Math.ceil(scale * 0.8);

export class SettingsService {
  private readonly repo: SettingsRepository;
  private readonly secrets: SecretBox;
  private readonly importer: ContactImporter;

  constructor(private readonly services: Services) {
    this.repo = new SettingsRepository(services.db);
    this.secrets = SecretBox.fromConfig(services.config);
    this.importer = new ContactImporter(services.db);
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
      throw invalid(patch.permits ? 'body.permits' : 'body.role', M.agentHasNoSignIn);
    const teamIds = patch.teamIds ? [...new Set(patch.teamIds)] : undefined;
    if (teamIds && (await this.repo.countTeams(ws, teamIds)) !== teamIds.length)
      throw invalid('body.teamIds', M.unknownTeam);
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
    if (!userId) throw invalid('id', M.agentHasNoSignIn);
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
    if (!row.member_user_id) throw invalid('id', M.agentHasNoSignIn);
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
    if (!queues.some((q) => q.id === queueId)) throw invalid('body.queueId', M.unknownQueue);
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
      throw invalid('body.memberIds', M.unknownAgent);
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
    if (!CSAT_SCALES.includes(input.scale)) throw invalid('body.scale', 'Unknown scale');
    await this.repo.saveCsatSettings(access.workspace.id, input);
    return this.csat(access);
  }

  // ── Integrations ──────────────────────────────────────────────────────────────────────────

  private secretContext(workspaceId: string, kind: IntegrationKind, field: string): string {
    return `${workspaceId}/${kind}/${field}`;
  }

  /** The masked view of a stored secret (never its value). */
  private masked(
    workspaceId: string,
    kind: IntegrationKind,
    field: string,
    sealed: string | undefined,
  ): MaskedSecret {
    if (!sealed) return { set: false, preview: null };
    try {
      return {
        set: true,
        preview: maskSecret(
          this.secrets.open(sealed, this.secretContext(workspaceId, kind, field)),
        ),
      };
    } catch (error) {
      this.services.log.warn(
        { kind, message: (error as Error).message },
        'an integration secret does not open with the configured key',
      );
      return { set: true, preview: null };
    }
  }

  async integrations(access: WorkspaceAccess): Promise<IntegrationSummary[]> {
    requirePermit(access, 'admin');
    const rows = await this.repo.integrations(access.workspace.id);
    return (['salesforce', 'googleMeet'] as const).map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return {
        kind,
        enabled: row?.enabled ?? false,
        configured: row ? Object.keys(row.config).length > 0 : false,
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
        status: integrationStatus(row),
      };
    });
  }

  private async integration<C>(access: WorkspaceAccess, kind: IntegrationKind, field: string) {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const row = await this.repo.findIntegration(ws, kind);
    return {
      enabled: row?.enabled ?? false,
      config: row && Object.keys(row.config).length > 0 ? (row.config as C) : null,
      secret: this.masked(ws, kind, field, row?.secrets[field]),
      updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      status: integrationStatus(row),
    };
  }

  private async saveIntegration(
    access: WorkspaceAccess,
    kind: IntegrationKind,
    field: string,
    input: { enabled: boolean; config: Record<string, unknown>; secret: string | undefined },
  ): Promise<void> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const stored = (await this.repo.findIntegration(ws, kind))?.secrets[field];
    if (input.enabled && !input.secret && !stored) throw invalid(`body.${field}`, M.secretRequired);
    let sealed = stored;
    if (input.secret) {
      try {
        sealed = this.secrets.seal(input.secret, this.secretContext(ws, kind, field));
      } catch (error) {
        if (error instanceof SecretKeyMissingError)
          throw new ApiError(503, 'secrets_unavailable', M.secretKeyMissing);
        throw error;
      }
    }
    await this.repo.saveIntegration({
      workspaceId: ws,
      kind,
      enabled: input.enabled,
      config: input.config,
      secrets: sealed ? { [field]: sealed } : {},
    });
  }

  async salesforce(access: WorkspaceAccess): Promise<SalesforceIntegration> {
    const i = await this.integration<SalesforceConfig>(access, 'salesforce', 'clientSecret');
    return {
      enabled: i.enabled,
      config: i.config,
      clientSecret: i.secret,
      updatedAt: i.updatedAt,
      status: i.status,
    };
  }

  async saveSalesforce(
    access: WorkspaceAccess,
    input: SalesforcePut,
  ): Promise<SalesforceIntegration> {
    await this.saveIntegration(access, 'salesforce', 'clientSecret', {
      enabled: input.enabled,
      config: { ...input.config, instanceUrl: input.config.instanceUrl.replace(/\/$/, '') },
      secret: input.clientSecret,
    });
    return this.salesforce(access);
  }

  /**
   * "Sync now": one Salesforce contact sync of the workspace, answered with its counts and the
   * integration's status. A run Salesforce refuses is answered (ok: false) with the recorded
   * error; an integration that is off or not set up is a conflict.
   */
  async syncSalesforce(access: WorkspaceAccess): Promise<SalesforceSync> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const found = await this.repo.findIntegration(ws, 'salesforce');
    const config = found?.config as Partial<SalesforceConfig> | undefined;
    if (!found || !config?.instanceUrl || !found.secrets['clientSecret'])
      throw conflict('integration_not_set_up', SALESFORCE_MESSAGES.notSetUp);
    if (!found.enabled) throw conflict('integration_off', SALESFORCE_MESSAGES.turnedOff);
    if (!config.syncContacts) throw conflict('sync_off', SALESFORCE_MESSAGES.syncOff);
    let counts = { created: 0, updated: 0, linked: 0 };
    let ok = true;
    try {
      counts = await salesforceOf(this.services).sync(ws);
    } catch (error) {
      if (!(error instanceof SalesforceCallError)) throw error;
      ok = false;
    }
    const row = await this.repo.findIntegration(ws, 'salesforce');
    return { ok, ...counts, status: integrationStatus(row) };
  }

  async googleMeet(access: WorkspaceAccess): Promise<GoogleMeetIntegration> {
    const i = await this.integration<GoogleMeetConfig>(access, 'googleMeet', 'privateKey');
    return {
      enabled: i.enabled,
      config: i.config,
      privateKey: i.secret,
      updatedAt: i.updatedAt,
      status: i.status,
    };
  }

  async saveGoogleMeet(
    access: WorkspaceAccess,
    input: GoogleMeetPut,
  ): Promise<GoogleMeetIntegration> {
    await this.saveIntegration(access, 'googleMeet', 'privateKey', {
      enabled: input.enabled,
      config: input.config,
      secret: input.privateKey,
    });
    return this.googleMeet(access);
  }

  // ── Channels ──────────────────────────────────────────────────────────────────────────────

  async channels(access: WorkspaceAccess): Promise<ChannelSetting[]> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const [rows, open] = await Promise.all([
      this.repo.channels(ws),
      this.repo.openConversationsByChannel(ws),
    ]);
    return CHANNELS.map((channel) => {
      const row = rows.find((r) => r.channel === channel);
      return {
        channel,
        enabled: row?.enabled ?? false,
        address: row?.address ?? '',
        openConversations: open.find((o) => o.channel === channel)?.count ?? 0,
        // Email needs both ways: the relay out (SMTP_URL) and the listener in (INBOUND_SMTP_PORT).
        connected:
          channel === 'voice'
            ? this.services.config.connect.endpoint !== undefined
            : this.services.channels[channel].connected &&
              (channel !== 'email' || this.services.config.email.inbound !== undefined),
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      };
    });
  }

  async updateChannel(
    access: WorkspaceAccess,
    channel: ChannelSetting['channel'],
    patch: ChannelPatch,
  ): Promise<ChannelSetting> {
    requirePermit(access, 'admin');
    const current = (await this.channels(access)).find((c) => c.channel === channel)!;
    const enabled = patch.enabled ?? current.enabled;
    const address = patch.address ?? current.address;
    if (address !== '') {
      const problem = addressProblem(channel, address);
      if (problem) throw invalid('body.address', problem);
    } else if (enabled) throw invalid('body.address', M.addressRequired);
    await this.repo.saveChannel(access.workspace.id, channel, { enabled, address });
    return (await this.channels(access)).find((c) => c.channel === channel)!;
  }

  // ── Contact imports ───────────────────────────────────────────────────────────────────────

  async imports(access: WorkspaceAccess): Promise<ContactImport[]> {
    requirePermit(access, 'admin');
    return (await this.repo.imports(access.workspace.id, 50)).map(importJson);
  }

  async importDetail(access: WorkspaceAccess, id: string): Promise<ContactImportDetail> {
    requirePermit(access, 'admin');
    const row = await this.repo.findImport(access.workspace.id, id);
    if (!row) throw notFound('Import');
    return { ...importJson(row), errors: row.errors };
  }

  /** Checks the caller may import (before the upload is read). */
  checkImport(access: WorkspaceAccess): void {
    requirePermit(access, 'admin');
  }

  /** Imports a CSV upload; `onProgress` follows the parsing. Answers the import as recorded. */
  async importContacts(
    access: WorkspaceAccess,
    fileName: string,
    upload: SpooledUpload,
    onProgress: (progress: { bytes: number; rows: number }) => void,
  ): Promise<ContactImportDetail> {
    requirePermit(access, 'admin');
    const open = () =>
      Readable.toWeb(createReadStream(upload.path)) as unknown as ReadableStream<Uint8Array>;
    const result = await this.importer.run({
      workspaceId: access.workspace.id,
      userId: access.membership.user_id,
      fileName,
      body: open(),
      reread: open,
      onProgress,
    });
    return this.importDetail(access, result.id);
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
      throw invalid('body.defaultCountry', UNKNOWN_COUNTRY);
    await this.repo.saveDefaultCountry(access.workspace.id, input.defaultCountry);
    return { defaultCountry: input.defaultCountry };
  }
}

/** What an integration last did, as its settings page shows it. */
function integrationStatus(
  row:
    | { last_success_at: Date | null; last_error: string | null; last_error_at: Date | null }
    | undefined,
): IntegrationStatus {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    lastSuccessAt: iso(row?.last_success_at ?? null),
    lastError:
      row?.last_error && row.last_error_at
        ? { message: row.last_error, at: new Date(row.last_error_at).toISOString() }
        : null,
  };
}

function importJson(r: {
  id: string;
  file_name: string;
  status: 'completed' | 'rejected';
  rows_total: number;
  rows_created: number;
  rows_merged: number;
  rows_failed: number;
  reason: string | null;
  created_by_name: string | null;
  created_at: Date;
  finished_at: Date;
}): ContactImport {
  return {
    id: r.id,
    fileName: r.file_name,
    status: r.status,
    rowsTotal: r.rows_total,
    rowsCreated: r.rows_created,
    rowsMerged: r.rows_merged,
    rowsFailed: r.rows_failed,
    reason: r.reason,
    createdBy: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    finishedAt: new Date(r.finished_at).toISOString(),
  };
}

/** Why an address does not fit its channel, or null. */
export function addressProblem(channel: ChannelSetting['channel'], address: string): string | null {
  switch (channel) {
    case 'whatsapp':
    case 'sms':
    case 'voice':
      return /^\+[1-9]\d{6,14}$/.test(address) ? null : M.phoneNotValid;
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? null : M.emailNotValid;
    case 'chat':
      try {
        const url = new URL(address);
        return url.protocol === 'https:' && url.hostname.includes('.') ? null : M.websiteNotValid;
      } catch {
        return M.websiteNotValid;
      }
  }
}
