import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Avatar,
  Button,
  Dialog,
  EmptyState,
  Field,
  IconButton,
  Input,
  Page,
  toast,
} from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { canEditAgents } from '../../session/permits';
import {
  createTeam,
  deleteTeam,
  queuesQuery,
  settingsKeys,
  teamsQuery,
  updateTeam,
} from '../api/settings-api';
import type { SettingsTeam } from '../api/types';
import { FORM_MESSAGES } from '../messages';
import { applyServerIssues, QueryStates } from './controls';
import {
  NO_QUEUE,
  TeamEmojiField,
  TeamMembersField,
  TeamQueueField,
  type TeamForm,
} from './team-form-fields';
import { errorText } from '../../../lib/error-text';

/** settings/teams: teams with a name, an emoji, members and a contact-centre queue. */
export function TeamsPage() {
  const session = useSession();
  const query = useQuery(teamsQuery(session.slug));
  const voice = session.app.planVoice;
  const queues = useQuery({ ...queuesQuery(session.slug), enabled: voice });
  const queueName = (id: string | null) =>
    id === null ? null : (queues.data?.find((q) => q.id === id)?.name ?? null);
  const editable = canEditAgents(session.permits);
  const [editing, setEditing] = useState<SettingsTeam | 'new' | null>(null);
  const [removing, setRemoving] = useState<SettingsTeam | null>(null);
  return (
    <Page
      title="Teams"
      subtitle="Teams group agents for transfers, the agent list and assignment rules."
      data-testid="settings-teams"
      actions={
        editable ? (
          <Button
            variant="primary"
            icon={<Plus aria-hidden="true" />}
            onClick={() => setEditing('new')}
            data-testid="team-new"
          >
            New team
          </Button>
        ) : null
      }
    >
      <QueryStates query={query} label="teams" rows={3}>
        {() =>
          query.data?.length === 0 ? (
            <div className="ui-card">
              <EmptyState
                icon={<UsersRound aria-hidden="true" />}
                title="No teams yet"
                body="Create a team to group agents for transfers and assignment."
                actions={
                  editable ? (
                    <Button variant="primary" onClick={() => setEditing('new')}>
                      New team
                    </Button>
                  ) : null
                }
              />
            </div>
          ) : (
            <ul className="settings-grid" aria-label="Teams">
              {query.data?.map((team) => (
                <li
                  key={team.id}
                  className="ui-card settings-team"
                  data-testid="team-card"
                  data-team-name={team.name}
                >
                  <div className="settings-team__head">
                    <span className="settings-team__emoji" aria-hidden="true">
                      {team.emoji ?? '👥'}
                    </span>
                    <div className="settings-team__text">
                      <h2 className="settings-team__name">{team.name}</h2>
                      <p className="settings-muted">
                        {team.members.length} {team.members.length === 1 ? 'member' : 'members'}
                      </p>
                      {voice ? (
                        <p className="settings-muted" data-testid="team-queue">
                          {team.queueId === null
                            ? 'No queue: not offered for call transfers'
                            : `Calls transfer to the queue ${queueName(team.queueId) ?? team.queueId}`}
                        </p>
                      ) : null}
                    </div>
                    {editable ? (
                      <div className="settings-team__actions">
                        <IconButton
                          label={`Edit ${team.name}`}
                          onClick={() => setEditing(team)}
                          data-testid="team-edit"
                        >
                          <Pencil aria-hidden="true" />
                        </IconButton>
                        <IconButton
                          label={`Delete ${team.name}`}
                          onClick={() => setRemoving(team)}
                          data-testid="team-delete"
                        >
                          <Trash2 aria-hidden="true" />
                        </IconButton>
                      </div>
                    ) : null}
                  </div>
                  {team.members.length > 0 ? (
                    <ul className="settings-team__members" aria-label={`Members of ${team.name}`}>
                      {team.members.map((m) => (
                        <li key={m.id} className="settings-team__member">
                          <Avatar name={m.name} src={m.avatarURL} size={24} />
                          <span>{m.name}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="settings-muted settings-team__empty">No members yet.</p>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryStates>
      {editing ? (
        <TeamDialog team={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {removing ? <DeleteTeamDialog team={removing} onClose={() => setRemoving(null)} /> : null}
    </Page>
  );
}

function useInvalidateTeams() {
  const session = useSession();
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        settingsKeys.teams(session.slug),
        settingsKeys.agents(session.slug),
        settingsKeys.rules(session.slug),
        settingsKeys.workspaceTeams(session.slug),
        settingsKeys.workspaceAgents(session.slug),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

function TeamDialog({
  team,
  onClose,
}: {
  readonly team: SettingsTeam | null;
  readonly onClose: () => void;
}) {
  const session = useSession();
  const voice = session.app.planVoice;
  const invalidate = useInvalidateTeams();
  const { register, control, handleSubmit, setError, formState } = useForm<TeamForm>({
    defaultValues: {
      name: team?.name ?? '',
      emoji: team?.emoji ?? '',
      memberIds: team?.members.map((m) => m.id) ?? [],
      queueId: team?.queueId ?? NO_QUEUE,
    },
    mode: 'onTouched',
  });
  const save = useMutation({
    mutationFn: (v: TeamForm) => {
      const input = {
        name: v.name.trim(),
        emoji: v.emoji.trim() || null,
        memberIds: v.memberIds,
        // sent only when changed (the server checks it against the contact centre's queues)
        ...(voice && v.queueId !== (team?.queueId ?? NO_QUEUE)
          ? { queueId: v.queueId === NO_QUEUE ? null : v.queueId }
          : {}),
      };
      // a new team without a queue has none (the server's default, said here: the contract's
      // document lists defaulted fields as required)
      return team
        ? updateTeam(session.slug, team.id, input)
        : createTeam(session.slug, { queueId: null, ...input });
    },
    onSuccess: async (saved) => {
      toast({
        tone: 'success',
        title: team ? 'Team saved' : 'Team created',
        description: saved.name,
      });
      await invalidate();
      onClose();
    },
    onError: (error) => {
      if (error instanceof Error && 'code' in error && error.code === 'team_exists')
        setError('name', { type: 'server', message: error.message });
      else if (!applyServerIssues(error, setError, ['name', 'emoji', 'memberIds', 'queueId']))
        toast({ tone: 'danger', title: 'The team was not saved', description: errorText(error) });
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={team ? `Edit ${team.name}` : 'New team'}
      description={
        voice
          ? 'A name, an emoji, the agents in the team and the contact-centre queue it transfers to.'
          : 'A name, an emoji and the agents in the team.'
      }
      width={520}
      data-testid="team-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="team-form"
            variant="primary"
            loading={save.isPending}
            data-testid="team-save"
          >
            {team ? 'Save team' : 'Create team'}
          </Button>
        </>
      }
    >
      <form
        id="team-form"
        className="settings-form__grid"
        noValidate
        onSubmit={(e) => void handleSubmit((v) => save.mutate(v))(e)}
      >
        <Field label="Name" error={formState.errors.name?.message}>
          {(c) => (
            <Input
              {...c}
              autoComplete="off"
              placeholder="e.g. Support"
              {...register('name', {
                validate: (v) => v.trim().length > 0 || FORM_MESSAGES.required,
                maxLength: { value: 60, message: FORM_MESSAGES.tooLong(60) },
              })}
              data-testid="team-name"
            />
          )}
        </Field>
        <TeamEmojiField control={control} />
        {voice ? (
          <TeamQueueField control={control} error={formState.errors.queueId?.message} />
        ) : null}
        <TeamMembersField register={register} errors={formState.errors} />
      </form>
    </Dialog>
  );
}

function DeleteTeamDialog({
  team,
  onClose,
}: {
  readonly team: SettingsTeam;
  readonly onClose: () => void;
}) {
  const session = useSession();
  const invalidate = useInvalidateTeams();
  const remove = useMutation({
    mutationFn: () => deleteTeam(session.slug, team.id),
    onSuccess: async () => {
      toast({ tone: 'success', title: 'Team deleted', description: team.name });
      await invalidate();
      onClose();
    },
    onError: (error) =>
      toast({ tone: 'danger', title: 'The team was not deleted', description: errorText(error) }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Delete ${team.name}?`}
      description="Its members stay in the workspace; its assignment rule is removed."
      data-testid="team-delete-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            data-testid="team-delete-confirm"
          >
            Delete team
          </Button>
        </>
      }
    />
  );
}
