import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2, Users } from 'lucide-react';
import { Button, IconButton, Input, Select, Skeleton } from '../../../ui';
import { formatPhone } from '../../../lib/phone';
import { useDebouncedValue } from '../../inbox/hooks/use-debounced-value';
import { useSession } from '../../session/hooks/use-session';
import { audienceOptionsQuery, estimateQuery } from '../api/campaigns-api';
import type { Audience, AudienceEstimate, AudienceRule, CampaignChannel } from '../api/types';
import { ATTRIBUTE_LABELS, ESTIMATE_DEBOUNCE_MS } from '../messages';

type Tag = { id: string; name: string; color: string };

const KIND_OPTIONS = [
  { value: 'tag', label: 'Tag' },
  { value: 'attribute', label: 'Attribute' },
  { value: 'last_activity', label: 'Last activity' },
] as const;
const TAG_OPS = [
  { value: 'has', label: 'has tag' },
  { value: 'not_has', label: 'does not have tag' },
] as const;
const ATTRIBUTE_OPS = [
  { value: 'equals', label: 'is' },
  { value: 'contains', label: 'contains' },
  { value: 'starts_with', label: 'starts with' },
  { value: 'is_set', label: 'is set' },
  { value: 'is_not_set', label: 'is not set' },
] as const;
const ACTIVITY_OPS = [
  { value: 'within', label: 'active in the last' },
  { value: 'not_within', label: 'not active in the last' },
] as const;
const FIELD_OPTIONS = (
  Object.entries(ATTRIBUTE_LABELS) as [keyof typeof ATTRIBUTE_LABELS, string][]
).map(([value, label]) => ({ value, label }));

/** The address a channel needs, for the reach note. */
export const addressName = (channel: CampaignChannel) =>
  channel === 'email' ? 'an email address' : 'a phone number';

function defaultRule(kind: AudienceRule['kind'], tags: readonly Tag[]): AudienceRule {
  if (kind === 'tag' && tags[0]) return { kind: 'tag', op: 'has', tagId: tags[0].id };
  if (kind === 'last_activity') return { kind: 'last_activity', op: 'within', days: 30 };
  return { kind: 'attribute', field: 'company', op: 'contains', value: '' };
}

/** Describes a rule in words (viewer's audience tab). */
export function describeRule(rule: AudienceRule, tags: readonly Tag[]): string {
  switch (rule.kind) {
    case 'tag': {
      const name = tags.find((t) => t.id === rule.tagId)?.name ?? 'a removed tag';
      return `${rule.op === 'has' ? 'Has' : 'Does not have'} tag “${name}”`;
    }
    case 'attribute': {
      const op = ATTRIBUTE_OPS.find((o) => o.value === rule.op)!.label;
      const value = rule.op === 'is_set' || rule.op === 'is_not_set' ? '' : ` “${rule.value}”`;
      return `${ATTRIBUTE_LABELS[rule.field]} ${op}${value}`;
    }
    case 'last_activity':
      return `${rule.op === 'within' ? 'Active' : 'Not active'} in the last ${rule.days} day${rule.days === 1 ? '' : 's'}`;
  }
}

function RuleRow({
  rule,
  index,
  tags,
  onChange,
  onRemove,
}: {
  readonly rule: AudienceRule;
  readonly index: number;
  readonly tags: readonly Tag[];
  readonly onChange: (rule: AudienceRule) => void;
  readonly onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <li className="cmp-rule" data-testid="audience-rule">
      <Select
        label={`Condition ${n} type`}
        value={rule.kind}
        options={KIND_OPTIONS.filter(
          (k) => k.value !== 'tag' || tags.length > 0 || rule.kind === 'tag',
        )}
        onValueChange={(kind) => onChange(defaultRule(kind, tags))}
        data-testid="rule-kind"
      />
      {rule.kind === 'tag' ? (
        <>
          <Select
            label={`Condition ${n} operator`}
            value={rule.op}
            options={TAG_OPS}
            onValueChange={(op) => onChange({ ...rule, op })}
            data-testid="rule-op"
          />
          <Select
            label={`Condition ${n} tag`}
            value={rule.tagId}
            options={tags.map((t) => ({ value: t.id, label: t.name }))}
            onValueChange={(tagId) => onChange({ ...rule, tagId })}
            data-testid="rule-tag"
          />
        </>
      ) : rule.kind === 'attribute' ? (
        <>
          <Select
            label={`Condition ${n} field`}
            value={rule.field}
            options={FIELD_OPTIONS}
            onValueChange={(field) => onChange({ ...rule, field })}
            data-testid="rule-field"
          />
          <Select
            label={`Condition ${n} operator`}
            value={rule.op}
            options={ATTRIBUTE_OPS}
            onValueChange={(op) => onChange({ ...rule, op })}
            data-testid="rule-op"
          />
          {rule.op === 'is_set' || rule.op === 'is_not_set' ? (
            <span />
          ) : (
            <Input
              aria-label={`Condition ${n} value`}
              value={rule.value}
              maxLength={200}
              onChange={(e) => onChange({ ...rule, value: e.target.value })}
              data-testid="rule-value"
            />
          )}
        </>
      ) : (
        <>
          <Select
            label={`Condition ${n} operator`}
            value={rule.op}
            options={ACTIVITY_OPS}
            onValueChange={(op) => onChange({ ...rule, op })}
            data-testid="rule-op"
          />
          <span className="cmp-rule__days">
            <Input
              type="number"
              min={1}
              max={3650}
              aria-label={`Condition ${n} days`}
              value={String(rule.days)}
              onChange={(e) =>
                onChange({
                  ...rule,
                  days: Math.min(3650, Math.max(1, Math.round(Number(e.target.value) || 1))),
                })
              }
              data-testid="rule-days"
            />
            <span aria-hidden="true">days</span>
          </span>
        </>
      )}
      <IconButton label={`Remove condition ${n}`} onClick={onRemove} data-testid="rule-remove">
        <Trash2 aria-hidden="true" />
      </IconButton>
    </li>
  );
}

/** The live count of a segment: who will receive the campaign, and a few of them. */
export function AudienceEstimateCard({
  channel,
  estimate,
  loading,
  error,
}: {
  readonly channel: CampaignChannel;
  readonly estimate: AudienceEstimate | undefined;
  readonly loading: boolean;
  readonly error: unknown;
}) {
  const country = useSession().workspace.defaultCountry;
  return (
    <aside
      className="cmp-estimate"
      aria-live="polite"
      aria-busy={loading || undefined}
      data-testid="audience-estimate"
    >
      <div className="cmp-estimate__icon">
        <Users aria-hidden="true" />
      </div>
      {error ? (
        <p className="cmp-estimate__error" role="alert">
          The audience could not be counted.
        </p>
      ) : !estimate ? (
        <Skeleton width={120} height={28} />
      ) : (
        <>
          <p className="cmp-estimate__count">
            <span data-testid="audience-count">{estimate.reachable.toLocaleString('en-US')}</span>{' '}
            <span className="cmp-estimate__unit">
              {estimate.reachable === 1 ? 'contact receives' : 'contacts receive'} this campaign
            </span>
          </p>
          <p className="cmp-estimate__note" data-testid="audience-matched">
            {estimate.matched.toLocaleString('en-US')} match the conditions
            {estimate.matched > estimate.reachable
              ? `; ${(estimate.matched - estimate.reachable).toLocaleString('en-US')} without ${addressName(channel)} are left out`
              : ''}
            .
          </p>
          {estimate.sample.length > 0 ? (
            <ul className="cmp-estimate__sample" aria-label="Some of the recipients">
              {estimate.sample.map((c) => (
                <li key={c.id}>
                  <span className="cmp-estimate__name">{c.name}</span>
                  <span className="cmp-estimate__address">{formatPhone(c.address, country)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </aside>
  );
}

/** The live estimate of an audience (debounced while it is being edited). */
export function useAudienceEstimate(slug: string, channel: CampaignChannel, audience: Audience) {
  const debounced = useDebouncedValue(audience, ESTIMATE_DEBOUNCE_MS);
  return useQuery(estimateQuery(slug, channel, debounced));
}

/** The audience tab: conditions on tags, attributes and last activity, with a live count. */
export function AudienceBuilder({
  slug,
  channel,
  audience,
  onChange,
}: {
  readonly slug: string;
  readonly channel: CampaignChannel;
  readonly audience: Audience;
  readonly onChange: (audience: Audience) => void;
}) {
  const options = useQuery(audienceOptionsQuery(slug));
  const tags = options.data?.tags ?? [];
  const estimate = useAudienceEstimate(slug, channel, audience);
  const setRule = (i: number, rule: AudienceRule) =>
    onChange({ ...audience, rules: audience.rules.map((r, j) => (j === i ? rule : r)) });
  return (
    <div className="cmp-split" data-testid="audience-builder">
      <section className="ui-card cmp-card" aria-labelledby="audience-title">
        <header className="cmp-card__header">
          <h2 id="audience-title" className="cmp-card__title">
            Who receives it
          </h2>
        </header>
        <div className="cmp-card__body">
          {audience.rules.length === 0 ? (
            <p className="cmp-muted" data-testid="audience-everyone">
              Every contact with {addressName(channel)}. Add conditions to narrow the audience.
            </p>
          ) : (
            <>
              <div className="cmp-match">
                <Select
                  label="How conditions combine"
                  value={audience.match}
                  options={[
                    { value: 'all', label: 'Match all conditions' },
                    { value: 'any', label: 'Match any condition' },
                  ]}
                  onValueChange={(match) => onChange({ ...audience, match })}
                  data-testid="audience-match"
                />
              </div>
              <ol className="cmp-rules" aria-label="Conditions">
                {audience.rules.map((rule, i) => (
                  <RuleRow
                    key={i}
                    rule={rule}
                    index={i}
                    tags={tags}
                    onChange={(r) => setRule(i, r)}
                    onRemove={() =>
                      onChange({ ...audience, rules: audience.rules.filter((_, j) => j !== i) })
                    }
                  />
                ))}
              </ol>
            </>
          )}
          <Button
            size="sm"
            icon={<Plus aria-hidden="true" />}
            disabled={audience.rules.length >= 10 || options.isPending}
            onClick={() =>
              onChange({
                ...audience,
                rules: [
                  ...audience.rules,
                  defaultRule(tags.length > 0 ? 'tag' : 'attribute', tags),
                ],
              })
            }
            data-testid="audience-add-rule"
          >
            Add condition
          </Button>
        </div>
      </section>
      <AudienceEstimateCard
        channel={channel}
        estimate={estimate.data}
        loading={estimate.isFetching}
        error={estimate.error}
      />
    </div>
  );
}
