import { queryOptions } from '@tanstack/react-query';
import { call, http } from '../../../api/http';
import type {
  AgentPatch,
  AssignmentRulePut,
  ChannelPatch,
  ChannelSetting,
  CsatSettings,
  GeneralSettings,
  GoogleMeetPut,
  SalesforcePut,
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

export const agentsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.agents(slug),
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/settings/agents', { params: { path: { slug } }, signal })).then(
        (r) => r.agents,
      ),
  });

export const agentQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: settingsKeys.agent(slug, id),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/settings/agents/{id}', { params: { path: { slug, id } }, signal }),
      ).then((r) => r.agent),
  });

export const updateAgent = (slug: string, id: string, patch: AgentPatch) =>
  call(
    http.PATCH('/ws/{slug}/settings/agents/{id}', { params: { path: { slug, id } }, body: patch }),
  ).then((r) => r.agent);

export const teamsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.teams(slug),
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/settings/teams', { params: { path: { slug } }, signal })).then(
        (r) => r.teams,
      ),
  });

/** The contact centre's standard queues a team can be mapped to (ListQueues on the server). */
export const queuesQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.queues(slug),
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/settings/queues', { params: { path: { slug } }, signal })).then(
        (r) => r.queues,
      ),
    staleTime: 60_000,
  });

export const createTeam = (slug: string, input: TeamCreate) =>
  call(http.POST('/ws/{slug}/settings/teams', { params: { path: { slug } }, body: input })).then(
    (r) => r.team,
  );

export const updateTeam = (slug: string, id: string, patch: TeamPatch) =>
  call(
    http.PATCH('/ws/{slug}/settings/teams/{id}', { params: { path: { slug, id } }, body: patch }),
  ).then((r) => r.team);

export const deleteTeam = (slug: string, id: string) =>
  call(http.DELETE('/ws/{slug}/settings/teams/{id}', { params: { path: { slug, id } } }));

export const savedRepliesQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.savedReplies(slug),
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/inbox/saved-replies', { params: { path: { slug } }, signal })).then(
        (r) => r.savedReplies,
      ),
  });

export const createSavedReply = (slug: string, input: { title: string; body: string }) =>
  call(
    http.POST('/ws/{slug}/inbox/saved-replies', { params: { path: { slug } }, body: input }),
  ).then((r) => r.savedReply);

export const updateSavedReply = (
  slug: string,
  id: string,
  input: { title: string; body: string },
) =>
  call(
    http.PATCH('/ws/{slug}/inbox/saved-replies/{id}', {
      params: { path: { slug, id } },
      body: input,
    }),
  ).then((r) => r.savedReply);

export const deleteSavedReply = (slug: string, id: string) =>
  call(http.DELETE('/ws/{slug}/inbox/saved-replies/{id}', { params: { path: { slug, id } } }));

export const rulesQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.rules(slug),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/settings/assignment-rules', { params: { path: { slug } }, signal }),
      ).then((r) => r.rules),
  });

export const putRule = (slug: string, teamId: string, input: AssignmentRulePut) =>
  call(
    http.PUT('/ws/{slug}/settings/assignment-rules/{teamId}', {
      params: { path: { slug, teamId } },
      body: input,
    }),
  ).then((r) => r.rule);

export const deleteRule = (slug: string, teamId: string) =>
  call(
    http.DELETE('/ws/{slug}/settings/assignment-rules/{teamId}', {
      params: { path: { slug, teamId } },
    }),
  );

export const csatQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.csat(slug),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/settings/customer-satisfaction', {
          params: { path: { slug } },
          signal,
        }),
      ),
  });

export const saveCsat = (slug: string, input: CsatSettings) =>
  call(
    http.PUT('/ws/{slug}/settings/customer-satisfaction', {
      params: { path: { slug } },
      body: input,
    }),
  );

export const integrationsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.integrations(slug),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/settings/integrations', { params: { path: { slug } }, signal }),
      ).then((r) => r.integrations),
  });

export const salesforceQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.salesforce(slug),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/settings/integrations/salesforce', {
          params: { path: { slug } },
          signal,
        }),
      ),
  });

export const saveSalesforce = (slug: string, input: SalesforcePut) =>
  call(
    http.PUT('/ws/{slug}/settings/integrations/salesforce', {
      params: { path: { slug } },
      body: input,
    }),
  );

export const googleMeetQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.googleMeet(slug),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/settings/integrations/googleMeet', {
          params: { path: { slug } },
          signal,
        }),
      ),
  });

export const saveGoogleMeet = (slug: string, input: GoogleMeetPut) =>
  call(
    http.PUT('/ws/{slug}/settings/integrations/googleMeet', {
      params: { path: { slug } },
      body: input,
    }),
  );

/** Exchanges a token for the delegated user: whether Google takes the service account (admin). */
export const testGoogleMeet = (slug: string) =>
  call(
    http.POST('/ws/{slug}/settings/integrations/googleMeet/test', {
      params: { path: { slug } },
    }),
  );

export const channelsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.channels(slug),
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/settings/channels', { params: { path: { slug } }, signal })).then(
        (r) => r.channels,
      ),
  });

export const updateChannel = (
  slug: string,
  channel: ChannelSetting['channel'],
  patch: ChannelPatch,
) =>
  call(
    http.PATCH('/ws/{slug}/settings/channels/{channel}', {
      params: { path: { slug, channel } },
      body: patch,
    }),
  ).then((r) => r.channel);

export const importsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.imports(slug),
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/settings/imports', { params: { path: { slug } }, signal })).then(
        (r) => r.imports,
      ),
  });

export const importQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: settingsKeys.import(slug, id),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/settings/imports/{id}', { params: { path: { slug, id } }, signal }),
      ).then((r) => r.import),
    staleTime: Infinity,
  });

/** settings/general: the workspace's default country of phone numbers (every member reads it). */
export const generalSettingsQuery = (slug: string) =>
  queryOptions({
    queryKey: [...settingsKeys.all(slug), 'general'] as const,
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/settings/general', { params: { path: { slug } }, signal })).then(
        (r) => r.settings,
      ),
  });

export const saveGeneralSettings = (slug: string, input: GeneralSettings) =>
  call(http.PUT('/ws/{slug}/settings/general', { params: { path: { slug } }, body: input })).then(
    (r) => r.settings,
  );

// ── Call dispositions (after-call work) ──────────────────────────────────────────────────

/** Query key of the disposition codes. */
export const dispositionsKey = (slug: string) => ['ws', slug, 'settings', 'dispositions'] as const;

export const dispositionsQuery = (slug: string) =>
  queryOptions({
    queryKey: dispositionsKey(slug),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/settings/dispositions', { params: { path: { slug } }, signal }),
      ).then((r) => r.dispositions),
  });

/** Replaces the disposition codes (the whole list, in order). */
export const saveDispositions = (slug: string, dispositions: string[]) =>
  call(
    http.PUT('/ws/{slug}/settings/dispositions', {
      params: { path: { slug } },
      body: { dispositions },
    }),
  ).then((r) => r.dispositions);

/** Deactivates a member (admin): their sessions end at once and they cannot sign in. */
export const deactivateAgent = (slug: string, id: string) =>
  call(
    http.POST('/ws/{slug}/settings/agents/{id}/deactivate', {
      params: { path: { slug, id } },
    }),
  ).then((r) => r.agent);

/** Reactivates a deactivated member (admin): they can sign in again. */
export const reactivateAgent = (slug: string, id: string) =>
  call(
    http.POST('/ws/{slug}/settings/agents/{id}/reactivate', {
      params: { path: { slug, id } },
    }),
  ).then((r) => r.agent);

/** Pending invitations (flag_permissions). */
export const invitationsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'settings', 'invitations'] as const,
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/settings/invitations', { params: { path: { slug } }, signal }),
      ).then((r) => r.invitations),
  });

export const inviteAgent = (
  slug: string,
  body: { email: string; name: string; role: 'admin' | 'supervisor' | 'agent' },
) =>
  call(http.POST('/ws/{slug}/settings/invitations', { params: { path: { slug } }, body })).then(
    (r) => r.invitation,
  );

export const resendInvitation = (slug: string, id: string) =>
  call(
    http.POST('/ws/{slug}/settings/invitations/{id}/resend', { params: { path: { slug, id } } }),
  ).then((r) => r.invitation);

export const revokeInvitation = (slug: string, id: string) =>
  call(http.DELETE('/ws/{slug}/settings/invitations/{id}', { params: { path: { slug, id } } }));

/** Sends a member the password-reset mail (admin). */
export const sendPasswordReset = (slug: string, id: string) =>
  call(
    http.POST('/ws/{slug}/settings/agents/{id}/password-reset', {
      params: { path: { slug, id } },
    }),
  );
