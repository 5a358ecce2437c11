import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { Avatar, Button, EmptyState, Field, Input, Page, Select, toast } from '../../../ui';
import { sessionQuery } from '../../session/api/session-api';
import { useSession } from '../../session/hooks/use-session';
import {
  agentQuery,
  deactivateAgent,
  reactivateAgent,
  sendPasswordReset,
  settingsKeys,
  teamsQuery,
  updateAgent,
} from '../api/settings-api';
import type { Permits, SettingsAgent, SettingsTeam } from '../api/types';
import {
  AGENT_ACCESS,
  CONNECT_USERNAME,
  INVITATION_MESSAGES,
  FORM_MESSAGES,
  PERMIT_ORDER,
  ROLE_LABELS,
} from '../messages';
import {
  AgentPermissionsSection,
  AgentTeamsSection,
  type AgentFormValues,
} from './agent-form-sections';
import { applyServerIssues, QueryStates, SettingsCard } from './controls';
import { SettingsFormFooter } from './settings-form-footer';
import { errorText } from '../../../lib/error-text';

const NO_PERMITS: Permits = {
  admin: false,
  flag_campaigns: false,
  flag_inbox_shared: false,
  flag_inbox_views: false,
  flag_permissions: false,
  flag_inbox_savedReplies: false,
  flag_addons_voice_live_calls: false,
  flag_reports: false,
};

const formOf = (agent: SettingsAgent): AgentFormValues => ({
  name: agent.name,
  role: agent.role ?? 'agent',
  permits: agent.permits ?? NO_PERMITS,
  teamIds: agent.teams.map((t) => t.id),
});

/** settings/agents/edit/{id}: an agent's name, role, permissions and teams (flag_permissions). */
export function AgentEditPage() {
  const session = useSession();
  const id = useParams().id ?? '';
  const agent = useQuery(agentQuery(session.slug, id));
  const teams = useQuery(teamsQuery(session.slug));
  const back = `${paths.settings(session.slug)}/agents`;
  const notFound = agent.error instanceof ApiError && agent.error.status === 404;
  return (
    <Page
      title="Edit agent"
      subtitle="Name, role, permissions and teams."
      data-testid="settings-agent-edit"
      actions={
        <Link to={back} className="ui-button" data-variant="ghost" data-testid="agent-back">
          <ArrowLeft aria-hidden="true" />
          All agents
        </Link>
      }
    >
      {notFound ? (
        <div className="ui-card">
          <EmptyState
            icon={<UserX aria-hidden="true" />}
            title="Agent not found"
            body="This agent is not in the workspace (any more)."
            data-testid="agent-not-found"
          />
        </div>
      ) : (
        <QueryStates
          query={{
            isPending: agent.isPending || teams.isPending,
            isError: agent.isError || teams.isError,
            error: agent.error ?? teams.error,
            refetch: () => Promise.all([agent.refetch(), teams.refetch()]),
          }}
          label="agent"
          rows={3}
        >
          {() =>
            agent.data && teams.data ? (
              <>
                <AgentForm key={agent.data.id} agent={agent.data} teams={teams.data} />
                <AgentAccess agent={agent.data} />
              </>
            ) : null
          }
        </QueryStates>
      )}
    </Page>
  );
}

function AgentForm({
  agent,
  teams,
}: {
  readonly agent: SettingsAgent;
  readonly teams: SettingsTeam[];
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const form = useForm<AgentFormValues>({ defaultValues: formOf(agent), mode: 'onTouched' });
  const { register, control, handleSubmit, reset, setError, formState } = form;
  // Read while rendering, so that the form tracks which fields changed (only those are sent).
  const { dirtyFields } = formState;
  useEffect(() => reset(formOf(agent)), [agent, reset]);
  const save = useMutation({
    mutationFn: (values: AgentFormValues) => {
      const permits = Object.fromEntries(
        PERMIT_ORDER.filter((p) => dirtyFields.permits?.[p]).map((p) => [p, values.permits[p]]),
      );
      return updateAgent(session.slug, agent.id, {
        ...(dirtyFields.name ? { name: values.name } : {}),
        ...(agent.userId && dirtyFields.role ? { role: values.role } : {}),
        ...(agent.userId && Object.keys(permits).length > 0 ? { permits } : {}),
        ...(dirtyFields.teamIds ? { teamIds: values.teamIds } : {}),
      });
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.agent(session.slug, agent.id), saved);
      reset(formOf(saved));
      toast({ tone: 'success', title: 'Agent saved', description: `${saved.name} is up to date.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.agents(session.slug) }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.teams(session.slug) }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.workspaceAgents(session.slug) }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.workspaceTeams(session.slug) }),
        saved.userId
          ? queryClient.invalidateQueries({ queryKey: sessionQuery(session.slug).queryKey })
          : null,
      ]);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'last_admin')
        setError('permits.admin', { type: 'server', message: error.message });
      else if (error instanceof ApiError && error.status === 403 && dirtyFields.permits?.admin)
        setError('permits.admin', { type: 'server', message: error.message });
      else applyServerIssues(error, setError, ['name', 'role', 'permits', 'teamIds']);
      toast({ tone: 'danger', title: 'The agent was not saved', description: errorText(error) });
    },
  });
  return (
    <form
      className="settings-form"
      onSubmit={(e) => void handleSubmit((v) => save.mutate(v))(e)}
      noValidate
      data-testid="agent-form"
    >
      <SettingsCard title="Profile">
        <div className="settings-card__body settings-form__grid">
          <div className="settings-person settings-person--large">
            <Avatar name={agent.name} src={agent.avatarURL} size={44} />
            <span className="settings-person__text">
              <span className="settings-person__name" data-testid="agent-edit-name">
                {agent.name}
              </span>
              <span className="settings-person__email">{agent.email}</span>
            </span>
          </div>
          <Field label="Name" error={formState.errors.name?.message}>
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                {...register('name', {
                  validate: (v) => v.trim().length > 0 || FORM_MESSAGES.required,
                  maxLength: { value: 120, message: FORM_MESSAGES.tooLong(120) },
                })}
                data-testid="agent-name"
              />
            )}
          </Field>
          {agent.userId ? (
            <Field label="Role" hint="A label for people; permissions decide what they may do.">
              {(field) => (
                <Controller
                  control={control}
                  name="role"
                  render={({ field: f }) => (
                    <Select
                      id={field.id}
                      label="Role"
                      value={f.value}
                      onValueChange={f.onChange}
                      options={(['agent', 'supervisor', 'admin'] as const).map((r) => ({
                        value: r,
                        label: ROLE_LABELS[r],
                      }))}
                      data-testid="agent-role"
                    />
                  )}
                />
              )}
            </Field>
          ) : null}
        </div>
      </SettingsCard>

      <AgentPermissionsSection agent={agent} control={control} />

      <AgentTeamsSection
        agent={agent}
        teams={teams}
        register={register}
        errors={formState.errors}
      />

      <SettingsFormFooter
        label="Save agent"
        saving={save.isPending}
        disabled={!formState.isDirty}
        sticky
        data-testid="agent-save"
      >
        <Button
          type="button"
          variant="ghost"
          disabled={!formState.isDirty || save.isPending}
          onClick={() => reset(formOf(agent))}
        >
          Discard changes
        </Button>
      </SettingsFormFooter>
    </form>
  );
}

/**
 * Deactivate / reactivate (admins, for another member with a sign-in): deactivation ends the
 * member's sessions at once and keeps them from signing in until reactivated.
 */
function AgentAccess({ agent }: { readonly agent: SettingsAgent }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: () =>
      agent.deactivated
        ? reactivateAgent(session.slug, agent.id)
        : deactivateAgent(session.slug, agent.id),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.agent(session.slug, agent.id), saved);
      toast({
        tone: 'success',
        title: saved.deactivated ? AGENT_ACCESS.deactivated : AGENT_ACCESS.reactivated,
        description: saved.name,
      });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.agents(session.slug) });
    },
    onError: (error) =>
      toast({ tone: 'danger', title: AGENT_ACCESS.failed, description: errorText(error) }),
  });
  const resetMail = useMutation({
    mutationFn: () => sendPasswordReset(session.slug, agent.id),
    onSuccess: () =>
      toast({ tone: 'success', title: INVITATION_MESSAGES.resetSent, description: agent.email }),
    onError: (error) =>
      toast({ tone: 'danger', title: INVITATION_MESSAGES.failed, description: errorText(error) }),
  });
  const [username, setUsername] = useState(agent.connectUsername ?? '');
  const link = useMutation({
    mutationFn: () =>
      updateAgent(session.slug, agent.id, { connectUsername: username.trim() || null }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.agent(session.slug, agent.id), saved);
      toast({ tone: 'success', title: CONNECT_USERNAME.saved, description: saved.name });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.agents(session.slug) });
    },
    onError: (error) =>
      toast({ tone: 'danger', title: CONNECT_USERNAME.failed, description: errorText(error) }),
  });
  if (!session.permits.admin || !agent.userId || agent.id === session.profile.idAgent) return null;
  return (
    <div className="settings-form">
      <SettingsCard
        title="Access"
        description={agent.deactivated ? AGENT_ACCESS.isDeactivated : AGENT_ACCESS.isActive}
      >
        <div className="settings-card__body" data-testid="agent-access">
          <Button
            type="button"
            variant={agent.deactivated ? 'primary' : 'danger'}
            loading={change.isPending}
            onClick={() => change.mutate()}
            data-testid={agent.deactivated ? 'agent-reactivate' : 'agent-deactivate'}
          >
            {agent.deactivated ? 'Reactivate' : 'Deactivate'}
          </Button>{' '}
          <Button
            type="button"
            variant="secondary"
            loading={resetMail.isPending}
            onClick={() => resetMail.mutate()}
            data-testid="agent-send-reset"
          >
            {INVITATION_MESSAGES.sendReset}
          </Button>
        </div>
      </SettingsCard>
      <SettingsCard title="Softphone" description={CONNECT_USERNAME.description}>
        <form
          className="settings-card__body"
          onSubmit={(e) => {
            e.preventDefault();
            link.mutate();
          }}
          noValidate
        >
          <Field label={CONNECT_USERNAME.label}>
            {(control) => (
              <Input
                {...control}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                maxLength={100}
                data-testid="agent-connect-username"
              />
            )}
          </Field>
          <Button
            type="submit"
            variant="secondary"
            loading={link.isPending}
            disabled={username.trim() === (agent.connectUsername ?? '')}
            data-testid="agent-connect-username-save"
          >
            {username.trim() ? CONNECT_USERNAME.save : CONNECT_USERNAME.clear}
          </Button>
        </form>
      </SettingsCard>
    </div>
  );
}
