// The fields of the team dialog (settings/teams) that hold more than one input: the emoji with its
// suggestions, the contact-centre queue and the members with their filter.
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Field, Input, Select } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { agentsQuery, queuesQuery } from '../api/settings-api';
import type { SettingsAgent } from '../api/types';
import { FORM_MESSAGES, isOneEmoji, TEAM_EMOJI } from '../messages';
import { Checkbox, QueryStates } from './controls';
import { errorText } from '../../../lib/error-text';

/** What the team dialog edits. */
export interface TeamForm {
  name: string;
  emoji: string;
  memberIds: string[];
  queueId: string;
}

/** The team dialog's choice for a team without a contact-centre queue. */
export const NO_QUEUE = '';

/** The team's emoji: typed, or picked from the suggestions. */
export function TeamEmojiField({ control }: { readonly control: Control<TeamForm> }) {
  return (
    <Controller
      control={control}
      name="emoji"
      rules={{
        validate: (v) => v.trim() === '' || isOneEmoji(v.trim()) || FORM_MESSAGES.oneEmoji,
      }}
      render={({ field, fieldState }) => (
        <Field label="Emoji" hint="Pick one or type any emoji." error={fieldState.error?.message}>
          {(c) => (
            <div className="settings-emoji">
              <Input
                {...c}
                className="settings-emoji__input"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                data-testid="team-emoji"
              />
              <div className="settings-emoji__picks" role="group" aria-label="Suggested emoji">
                {TEAM_EMOJI.map((emoji) => (
                  <button
                    key={emoji}
                    type="button"
                    className="settings-emoji__pick"
                    aria-pressed={field.value === emoji}
                    aria-label={`Use ${emoji}`}
                    onClick={() => field.onChange(emoji)}
                  >
                    {emoji}
                  </button>
                ))}
              </div>
            </div>
          )}
        </Field>
      )}
    />
  );
}

/** The contact-centre queue that calls transferred to the team go to (voice plans only). */
export function TeamQueueField({
  control,
  error,
}: {
  readonly control: Control<TeamForm>;
  readonly error: string | undefined;
}) {
  const session = useSession();
  const queues = useQuery(queuesQuery(session.slug));
  return (
    <Field
      label="Contact-centre queue"
      hint={
        queues.isError
          ? `The contact centre's queues could not be read: ${errorText(queues.error)}`
          : 'Calls transferred to this team go to this queue. A team without one is not offered for call transfers.'
      }
      error={error}
    >
      {(field) => (
        <Controller
          control={control}
          name="queueId"
          render={({ field: f }) => (
            <Select
              id={field.id}
              label="Contact-centre queue"
              value={f.value}
              onValueChange={f.onChange}
              disabled={!queues.data}
              options={[
                { value: NO_QUEUE, label: queues.data ? 'No queue' : 'Loading queues…' },
                ...(queues.data ?? []).map((q) => ({ value: q.id, label: q.name })),
                // a queue the contact centre no longer lists stays shown until changed
                ...(f.value !== NO_QUEUE &&
                queues.data &&
                !queues.data.some((q) => q.id === f.value)
                  ? [{ value: f.value, label: f.value }]
                  : []),
              ]}
              data-testid="team-queue-select"
            />
          )}
        />
      )}
    </Field>
  );
}

/** The team's members: a checkbox per agent, with a filter by name or email. */
export function TeamMembersField({
  register,
  errors,
}: {
  readonly register: UseFormRegister<TeamForm>;
  readonly errors: FieldErrors<TeamForm>;
}) {
  const session = useSession();
  const agents = useQuery(agentsQuery(session.slug));
  const [filter, setFilter] = useState('');
  const text = filter.trim().toLowerCase();
  const visible = (a: SettingsAgent) =>
    !text || a.name.toLowerCase().includes(text) || a.email.toLowerCase().includes(text);
  return (
    <fieldset className="settings-fieldset">
      <legend className="ui-field__label">Members</legend>
      <Input
        type="search"
        aria-label="Filter agents"
        placeholder="Filter agents"
        icon={<Search aria-hidden="true" />}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <QueryStates query={agents} label="agents" rows={3}>
        {() => (
          <div className="settings-checks settings-checks--scroll">
            {agents.data?.map((agent) => (
              <Checkbox
                key={agent.id}
                value={agent.id}
                hidden={!visible(agent)}
                label={agent.name}
                description={agent.email}
                {...register('memberIds')}
                data-testid={`team-member-${agent.email}`}
              />
            ))}
          </div>
        )}
      </QueryStates>
      {errors.memberIds ? (
        <p className="ui-field__error" role="alert">
          {errors.memberIds.message}
        </p>
      ) : null}
    </fieldset>
  );
}
