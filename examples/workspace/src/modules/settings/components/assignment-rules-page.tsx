import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Shuffle, Trash2 } from 'lucide-react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button, EmptyState, IconButton, Page, Select, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { deleteRule, putRule, rulesQuery, settingsKeys, teamsQuery } from '../api/settings-api';
import type { AssignmentRule, AssignmentStrategy, SettingsTeam } from '../api/types';
import {
  CHANNEL_LABELS,
  CHANNEL_ORDER,
  SETTINGS_PATHS,
  STRATEGY_LABELS,
  type ChannelName,
} from '../messages';
import { QueryStates, SwitchField } from './controls';
import { errorText } from '../../../lib/error-text';

interface RuleForm {
  enabled: boolean;
  strategy: AssignmentStrategy;
  channels: ChannelName[];
}

/**
 * settings/assigment-rules (the route's spelling is the contract): how the server assigns new
 * conversations, one rule per team (admin).
 */
export function AssignmentRulesPage() {
  const session = useSession();
  const rules = useQuery(rulesQuery(session.slug));
  const teams = useQuery(teamsQuery(session.slug));
  return (
    <Page
      title="Assignment rules"
      subtitle="New conversations go to the first enabled rule that takes their channel, oldest rule first."
      data-testid="settings-assignment-rules"
    >
      <QueryStates
        query={{
          isPending: rules.isPending || teams.isPending,
          isError: rules.isError || teams.isError,
          error: rules.error ?? teams.error,
          refetch: () => Promise.all([rules.refetch(), teams.refetch()]),
        }}
        label="assignment rules"
        rows={3}
      >
        {() =>
          teams.data?.length === 0 ? (
            <div className="ui-card">
              <EmptyState
                icon={<Shuffle aria-hidden="true" />}
                title="No teams to assign to"
                body="Rules assign conversations to the members of a team. Create a team first."
                actions={
                  <Link
                    to={`${paths.settings(session.slug)}/${SETTINGS_PATHS.teams}`}
                    className="ui-button"
                    data-variant="primary"
                  >
                    Go to teams
                  </Link>
                }
              />
            </div>
          ) : (
            <ul className="settings-stack" aria-label="Teams and their rules">
              {teams.data?.map((team) => (
                <RuleCard
                  key={team.id}
                  team={team}
                  rule={rules.data?.find((r) => r.teamId === team.id) ?? null}
                />
              ))}
            </ul>
          )
        }
      </QueryStates>
    </Page>
  );
}

const formOf = (rule: AssignmentRule | null): RuleForm => ({
  enabled: rule?.enabled ?? false,
  strategy: rule?.strategy ?? 'round_robin',
  channels: rule?.channels ?? [],
});

function RuleCard({
  team,
  rule,
}: {
  readonly team: SettingsTeam;
  readonly rule: AssignmentRule | null;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const { control, handleSubmit, reset, formState } = useForm<RuleForm>({
    values: formOf(rule),
  });
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: settingsKeys.rules(session.slug) });
  const save = useMutation({
    mutationFn: (v: RuleForm) => putRule(session.slug, team.id, v),
    onSuccess: async (saved) => {
      reset(formOf(saved));
      toast({
        tone: 'success',
        title: 'Rule saved',
        description: `${team.name}: ${STRATEGY_LABELS[saved.strategy].label}`,
      });
      await invalidate();
    },
    onError: (error) =>
      toast({ tone: 'danger', title: 'The rule was not saved', description: errorText(error) }),
  });
  const remove = useMutation({
    mutationFn: () => deleteRule(session.slug, team.id),
    onSuccess: async () => {
      toast({ tone: 'success', title: 'Rule removed', description: team.name });
      await invalidate();
    },
    onError: (error) =>
      toast({ tone: 'danger', title: 'The rule was not removed', description: errorText(error) }),
  });
  const strategy = useWatch({ control, name: 'strategy' });
  return (
    <li className="ui-card settings-rule" data-testid="rule-card" data-team-name={team.name}>
      <form
        className="settings-rule__form"
        onSubmit={(e) => void handleSubmit((v) => save.mutate(v))(e)}
      >
        <div className="settings-rule__head">
          <span className="settings-team__emoji" aria-hidden="true">
            {team.emoji ?? '👥'}
          </span>
          <div className="settings-team__text">
            <h2 className="settings-team__name">{team.name}</h2>
            <p className="settings-muted">
              {team.members.length === 0
                ? 'No members: the rule is skipped'
                : `${team.members.length} ${team.members.length === 1 ? 'member' : 'members'}`}
            </p>
          </div>
          <SwitchField
            control={control}
            name="enabled"
            label={
              <span className="ui-visually-hidden">Assign new conversations to {team.name}</span>
            }
            data-testid="rule-enabled"
          />
        </div>
        <div className="settings-rule__body">
          <div className="settings-rule__field">
            <span className="ui-field__label" aria-hidden="true">
              How
            </span>
            <Controller
              control={control}
              name="strategy"
              render={({ field }) => (
                <Select
                  label={`How ${team.name} takes conversations`}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={(['round_robin', 'least_busy'] as const).map((s) => ({
                    value: s,
                    label: STRATEGY_LABELS[s].label,
                  }))}
                  data-testid="rule-strategy"
                />
              )}
            />
            <span className="ui-field__hint">{STRATEGY_LABELS[strategy].description}</span>
          </div>
          <RuleChannelsField control={control} />
        </div>
        <div className="settings-rule__footer">
          {rule ? (
            <IconButton
              label={`Remove the rule of ${team.name}`}
              onClick={() => remove.mutate()}
              disabled={remove.isPending}
            >
              <Trash2 aria-hidden="true" />
            </IconButton>
          ) : (
            <span className="settings-muted">No rule yet</span>
          )}
          <Button
            type="submit"
            variant="primary"
            size="sm"
            loading={save.isPending}
            disabled={!formState.isDirty}
            data-testid="rule-save"
          >
            Save rule
          </Button>
        </div>
      </form>
    </li>
  );
}

/** The channels a rule takes, as toggle buttons; none picked means every channel. */
function RuleChannelsField({ control }: { readonly control: Control<RuleForm> }) {
  return (
    <Controller
      control={control}
      name="channels"
      render={({ field }) => (
        <fieldset className="settings-fieldset settings-rule__field">
          <legend className="ui-field__label">Channels</legend>
          <div className="settings-toggles">
            {CHANNEL_ORDER.map((channel) => {
              const on = field.value.includes(channel);
              return (
                <button
                  key={channel}
                  type="button"
                  className="settings-toggle"
                  aria-pressed={on}
                  onClick={() =>
                    field.onChange(
                      on ? field.value.filter((c) => c !== channel) : [...field.value, channel],
                    )
                  }
                  data-testid={`rule-channel-${channel}`}
                >
                  {CHANNEL_LABELS[channel]}
                </button>
              );
            })}
          </div>
          <span className="ui-field__hint">
            {field.value.length === 0 ? 'None picked: every channel.' : ' '}
          </span>
        </fieldset>
      )}
    />
  );
}
