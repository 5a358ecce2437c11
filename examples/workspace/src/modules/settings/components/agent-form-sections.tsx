// The Permissions and Teams cards of an agent's form (settings/agents/edit/{id}).
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useSession } from '../../session/hooks/use-session';
import type { Permits, Role, SettingsAgent, SettingsTeam } from '../api/types';
import { PERMIT_LABELS, PERMIT_ORDER } from '../messages';
import { Checkbox, SettingsCard, Switch } from './controls';

/** What an agent's form edits. */
export interface AgentFormValues {
  name: string;
  role: Role;
  permits: Permits;
  teamIds: string[];
}

/** The Permissions card: one switch per permit; only admins may change the admin permit. */
export function AgentPermissionsSection({
  agent,
  control,
}: {
  readonly agent: SettingsAgent;
  readonly control: Control<AgentFormValues>;
}) {
  const session = useSession();
  const canSetAdmin = session.permits.admin;
  return (
    <SettingsCard
      title="Permissions"
      description={
        agent.userId
          ? 'What this agent may open and change. Admins pass every check.'
          : 'This agent has no sign-in, so it has no permissions.'
      }
    >
      {agent.userId ? (
        <div className="settings-card__body settings-list" data-testid="agent-permits-form">
          {PERMIT_ORDER.map((permit) => (
            <Controller
              key={permit}
              control={control}
              name={`permits.${permit}`}
              render={({ field, fieldState }) => (
                <div>
                  <Switch
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    label={PERMIT_LABELS[permit].label}
                    description={
                      permit === 'admin' && !canSetAdmin
                        ? `${PERMIT_LABELS[permit].description} Only admins can change it.`
                        : PERMIT_LABELS[permit].description
                    }
                    disabled={permit === 'admin' && !canSetAdmin}
                    data-testid={`permit-${permit}`}
                  />
                  {fieldState.error ? (
                    <p
                      className="ui-field__error settings-inline-error"
                      role="alert"
                      data-testid={`permit-${permit}-error`}
                    >
                      {fieldState.error.message}
                    </p>
                  ) : null}
                </div>
              )}
            />
          ))}
        </div>
      ) : null}
    </SettingsCard>
  );
}

/** The Teams card: a checkbox per team of the workspace, the agent's ticked. */
export function AgentTeamsSection({
  agent,
  teams,
  register,
  errors,
}: {
  readonly agent: SettingsAgent;
  readonly teams: SettingsTeam[];
  readonly register: UseFormRegister<AgentFormValues>;
  readonly errors: FieldErrors<AgentFormValues>;
}) {
  return (
    <SettingsCard
      title="Teams"
      description="Teams group agents for transfers, the agent list and assignment rules."
    >
      <div className="settings-card__body">
        {teams.length === 0 ? (
          <p className="settings-muted">No teams yet. Create one in Teams.</p>
        ) : (
          <fieldset className="settings-fieldset">
            <legend className="ui-visually-hidden">Teams of {agent.name}</legend>
            <div className="settings-checks">
              {teams.map((team) => (
                <Checkbox
                  key={team.id}
                  value={team.id}
                  label={
                    <>
                      {team.emoji ? <span aria-hidden="true">{team.emoji} </span> : null}
                      {team.name}
                    </>
                  }
                  description={`${team.members.length} ${team.members.length === 1 ? 'member' : 'members'}`}
                  {...register('teamIds')}
                  data-testid={`agent-team-${team.name}`}
                />
              ))}
            </div>
          </fieldset>
        )}
        {errors.teamIds ? (
          <p className="ui-field__error" role="alert">
            {errors.teamIds.message}
          </p>
        ) : null}
      </div>
    </SettingsCard>
  );
}
