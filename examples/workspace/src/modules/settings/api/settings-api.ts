import { queryOptions } from '@tanstack/react-query';
import { api, wsPath } from '../../../api/client';
import type {
  AgentPatch,
  AssignmentRule,
  AssignmentRulePut,
  ChannelPatch,
  ChannelSetting,
  ContactImport,
  ContactImportDetail,
  Csat,
  CsatSettings,
  GeneralSettings,
  GoogleMeetIntegration,
  GoogleMeetPut,
  IntegrationSummary,
  SalesforceIntegration,
  SalesforcePut,
  SavedReply,
  SettingsAgent,
  SettingsTeam,
  TeamCreate,
  TeamPatch,
} from './types';

/** Query keys of the settings, so that saves invalidate the right data. */
export const settingsKeys = {
  all: (slug: string) => ['ws', slug, 'settings'] as const,
  agents: (slug: string) => ['ws', slug, 'settings', 'agents'] as const,
  agent: (slug: string, id: string) => ['ws', slug, 'settings', 'agents', id] as const,
  teams: (slug: string) => ['ws', slug, 'settings', 'teams'] as const,
  queues: (slug: string) => ['ws', slug, 'settings', 'queues'] as const,
  rules: (slug: string) => ['ws', slug, 'settings', 'assignment-rules'] as const,
  csat: (slug: string) => ['ws', slug, 'settings', 'customer-satisfaction'] as const,
  integrations: (slug: string) => ['ws', slug, 'settings', 'integrations'] as const,
  salesforce: (slug: string) => ['ws', slug, 'settings', 'integrations', 'salesforce'] as const,
  googleMeet: (slug: string) => ['ws', slug, 'settings', 'integrations', 'googleMeet'] as const,
  channels: (slug: string) => ['ws', slug, 'settings', 'channels'] as const,
  imports: (slug: string) => ['ws', slug, 'settings', 'imports'] as const,
  import: (slug: string, id: string) => ['ws', slug, 'settings', 'imports', id] as const,
  /** The composer's saved replies (inbox), which the message templates edit. */
  savedReplies: (slug: string) => ['ws', slug, 'saved-replies'] as const,
  /** The workspace agents and teams other screens read (assignment, voice). */
  workspaceAgents: (slug: string) => ['ws', slug, 'agents'] as const,
  workspaceTeams: (slug: string) => ['ws', slug, 'teams'] as const,
};

const s = (slug: string, path: string) => wsPath(slug, `/settings${path}`);
const seg = encodeURIComponent;

export const agentsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.agents(slug),
    queryFn: ({ signal }) =>
      api<{ agents: SettingsAgent[] }>(s(slug, '/agents'), { signal }).then((r) => r.agents),
  });

export const agentQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: settingsKeys.agent(slug, id),
    queryFn: ({ signal }) =>
      api<{ agent: SettingsAgent }>(s(slug, `/agents/${seg(id)}`), { signal }).then((r) => r.agent),
  });

export const updateAgent = (slug: string, id: string, patch: AgentPatch) =>
  api<{ agent: SettingsAgent }>(s(slug, `/agents/${seg(id)}`), {
    method: 'PATCH',
    body: patch,
  }).then((r) => r.agent);

export const teamsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.teams(slug),
    queryFn: ({ signal }) =>
      api<{ teams: SettingsTeam[] }>(s(slug, '/teams'), { signal }).then((r) => r.teams),
  });

/** The contact centre's standard queues a team can be mapped to (ListQueues on the server). */
export const queuesQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.queues(slug),
    queryFn: ({ signal }) =>
      api<{ queues: { id: string; name: string }[] }>(s(slug, '/queues'), { signal }).then(
        (r) => r.queues,
      ),
    staleTime: 60_000,
  });

export const createTeam = (slug: string, input: TeamCreate) =>
  api<{ team: SettingsTeam }>(s(slug, '/teams'), { method: 'POST', body: input }).then(
    (r) => r.team,
  );

export const updateTeam = (slug: string, id: string, patch: TeamPatch) =>
  api<{ team: SettingsTeam }>(s(slug, `/teams/${seg(id)}`), { method: 'PATCH', body: patch }).then(
    (r) => r.team,
  );

export const deleteTeam = (slug: string, id: string) =>
  api<void>(s(slug, `/teams/${seg(id)}`), { method: 'DELETE' });

export const savedRepliesQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.savedReplies(slug),
    queryFn: ({ signal }) =>
      api<{ savedReplies: SavedReply[] }>(wsPath(slug, '/inbox/saved-replies'), { signal }).then(
        (r) => r.savedReplies,
      ),
  });

export const createSavedReply = (slug: string, input: { title: string; body: string }) =>
  api<{ savedReply: SavedReply }>(wsPath(slug, '/inbox/saved-replies'), {
    method: 'POST',
    body: input,
  }).then((r) => r.savedReply);

export const updateSavedReply = (
  slug: string,
  id: string,
  input: { title: string; body: string },
) =>
  api<{ savedReply: SavedReply }>(wsPath(slug, `/inbox/saved-replies/${seg(id)}`), {
    method: 'PATCH',
    body: input,
  }).then((r) => r.savedReply);

export const deleteSavedReply = (slug: string, id: string) =>
  api<void>(wsPath(slug, `/inbox/saved-replies/${seg(id)}`), { method: 'DELETE' });

export const rulesQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.rules(slug),
    queryFn: ({ signal }) =>
      api<{ rules: AssignmentRule[] }>(s(slug, '/assignment-rules'), { signal }).then(
        (r) => r.rules,
      ),
  });

export const putRule = (slug: string, teamId: string, input: AssignmentRulePut) =>
  api<{ rule: AssignmentRule }>(s(slug, `/assignment-rules/${seg(teamId)}`), {
    method: 'PUT',
    body: input,
  }).then((r) => r.rule);

export const deleteRule = (slug: string, teamId: string) =>
  api<void>(s(slug, `/assignment-rules/${seg(teamId)}`), { method: 'DELETE' });

export const csatQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.csat(slug),
    queryFn: ({ signal }) => api<Csat>(s(slug, '/customer-satisfaction'), { signal }),
  });

export const saveCsat = (slug: string, input: CsatSettings) =>
  api<Csat>(s(slug, '/customer-satisfaction'), { method: 'PUT', body: input });

export const integrationsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.integrations(slug),
    queryFn: ({ signal }) =>
      api<{ integrations: IntegrationSummary[] }>(s(slug, '/integrations'), { signal }).then(
        (r) => r.integrations,
      ),
  });

export const salesforceQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.salesforce(slug),
    queryFn: ({ signal }) =>
      api<SalesforceIntegration>(s(slug, '/integrations/salesforce'), { signal }),
  });

export const saveSalesforce = (slug: string, input: SalesforcePut) =>
  api<SalesforceIntegration>(s(slug, '/integrations/salesforce'), { method: 'PUT', body: input });

export const googleMeetQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.googleMeet(slug),
    queryFn: ({ signal }) =>
      api<GoogleMeetIntegration>(s(slug, '/integrations/googleMeet'), { signal }),
  });

export const saveGoogleMeet = (slug: string, input: GoogleMeetPut) =>
  api<GoogleMeetIntegration>(s(slug, '/integrations/googleMeet'), { method: 'PUT', body: input });

export const channelsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.channels(slug),
    queryFn: ({ signal }) =>
      api<{ channels: ChannelSetting[] }>(s(slug, '/channels'), { signal }).then((r) => r.channels),
  });

export const updateChannel = (
  slug: string,
  channel: ChannelSetting['channel'],
  patch: ChannelPatch,
) =>
  api<{ channel: ChannelSetting }>(s(slug, `/channels/${seg(channel)}`), {
    method: 'PATCH',
    body: patch,
  }).then((r) => r.channel);

export const importsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.imports(slug),
    queryFn: ({ signal }) =>
      api<{ imports: ContactImport[] }>(s(slug, '/imports'), { signal }).then((r) => r.imports),
  });

export const importQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: settingsKeys.import(slug, id),
    queryFn: ({ signal }) =>
      api<{ import: ContactImportDetail }>(s(slug, `/imports/${seg(id)}`), { signal }).then(
        (r) => r.import,
      ),
    staleTime: Infinity,
  });

/** settings/general: the workspace's default country of phone numbers (every member reads it). */
export const generalSettingsQuery = (slug: string) =>
  queryOptions({
    queryKey: [...settingsKeys.all(slug), 'general'] as const,
    queryFn: ({ signal }) =>
      api<{ settings: GeneralSettings }>(s(slug, '/general'), { signal }).then((r) => r.settings),
  });

export const saveGeneralSettings = (slug: string, input: GeneralSettings) =>
  api<{ settings: GeneralSettings }>(s(slug, '/general'), { method: 'PUT', body: input }).then(
    (r) => r.settings,
  );

// ── Call dispositions (after-call work, issue 26) ───────────────────────────────────────────

/** Query key of the disposition codes. */
export const dispositionsKey = (slug: string) => ['ws', slug, 'settings', 'dispositions'] as const;

export const dispositionsQuery = (slug: string) =>
  queryOptions({
    queryKey: dispositionsKey(slug),
    queryFn: ({ signal }) =>
      api<{ dispositions: string[] }>(s(slug, '/dispositions'), { signal }).then(
        (r) => r.dispositions,
      ),
  });

/** Replaces the disposition codes (the whole list, in order). */
export const saveDispositions = (slug: string, dispositions: string[]) =>
  api<{ dispositions: string[] }>(s(slug, '/dispositions'), {
    method: 'PUT',
    body: { dispositions },
  }).then((r) => r.dispositions);

/** Deactivates a member (admin): their sessions end at once and they cannot sign in. */
export const deactivateAgent = (slug: string, id: string) =>
  api<{ agent: SettingsAgent }>(s(slug, `/agents/${seg(id)}/deactivate`), { method: 'POST' }).then(
    (r) => r.agent,
  );

/** Reactivates a deactivated member (admin): they can sign in again. */
export const reactivateAgent = (slug: string, id: string) =>
  api<{ agent: SettingsAgent }>(s(slug, `/agents/${seg(id)}/reactivate`), { method: 'POST' }).then(
    (r) => r.agent,
  );
