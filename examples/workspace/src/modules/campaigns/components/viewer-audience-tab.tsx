import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, ErrorState, Select, SkeletonList } from '../../../ui';
import { formatPhone } from '../../../lib/phone';
import { useSession } from '../../session/hooks/use-session';
import { audienceOptionsQuery, recipientsQuery } from '../api/campaigns-api';
import type { Campaign, RecipientStatus } from '../api/types';
import { AudienceEstimateCard, describeRule, useAudienceEstimate } from './audience-builder';
import { LoadMore } from './load-more';

const RECIPIENT_FILTERS = [
  { value: '', label: 'All recipients' },
  { value: 'queued', label: 'Queued' },
  { value: 'sent', label: 'Sent' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'read', label: 'Read' },
  { value: 'failed', label: 'Failed' },
  { value: 'opted_out', label: 'Opted out' },
  { value: 'replied', label: 'Replied' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

function recipientState(r: {
  status: string;
  deliveredAt: string | null;
  readAt: string | null;
  repliedAt: string | null;
}): { label: string; tone: 'neutral' | 'success' | 'danger' | 'info' | 'warning' | 'accent' } {
  if (r.status === 'failed') return { label: 'Failed', tone: 'danger' };
  if (r.status === 'opted_out') return { label: 'Opted out', tone: 'warning' };
  if (r.repliedAt) return { label: 'Replied', tone: 'accent' };
  if (r.readAt) return { label: 'Read', tone: 'success' };
  if (r.deliveredAt) return { label: 'Delivered', tone: 'success' };
  if (r.status === 'sent') return { label: 'Sent', tone: 'info' };
  if (r.status === 'cancelled') return { label: 'Cancelled', tone: 'warning' };
  return { label: 'Queued', tone: 'neutral' };
}

function Recipients({ slug, campaign }: { readonly slug: string; readonly campaign: Campaign }) {
  const country = useSession().workspace.defaultCountry;
  const [status, setStatus] = useState<RecipientStatus | ''>('');
  const query = useInfiniteQuery(
    recipientsQuery(slug, campaign.id, status, campaign.status === 'sending'),
  );
  const rows = query.data?.pages.flatMap((p) => p.recipients) ?? [];
  return (
    <section className="ui-card cmp-card" aria-labelledby="recipients-title">
      <header className="cmp-card__header">
        <h2 id="recipients-title" className="cmp-card__title">
          Recipients
        </h2>
        <div className="cmp-card__actions">
          <Select
            label="Recipient state"
            value={status}
            options={RECIPIENT_FILTERS}
            onValueChange={setStatus}
            data-testid="recipient-filter"
          />
        </div>
      </header>
      {query.isPending ? (
        <SkeletonList rows={4} label="Loading recipients" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <p className="cmp-card__empty">No recipients in this state.</p>
      ) : (
        <ul className="cmp-recipients" aria-label="Recipients">
          {rows.map((r) => {
            const state = recipientState(r);
            return (
              <li key={r.id} className="cmp-recipient" data-testid="recipient-row">
                <span className="cmp-recipient__name">{r.name}</span>
                <span className="cmp-recipient__address">{formatPhone(r.address, country)}</span>
                <Badge tone={state.tone}>{state.label}</Badge>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore query={query} />
    </section>
  );
}

/** The viewer's Audience tab: the segment, the estimate (before sending) or the recipients (after). */
export function AudienceTab({
  slug,
  campaign,
}: {
  readonly slug: string;
  readonly campaign: Campaign;
}) {
  const options = useQuery(audienceOptionsQuery(slug));
  const tags = options.data?.tags ?? [];
  const open = !campaign.startedAt;
  const estimate = useAudienceEstimate(slug, campaign.channel, campaign.audience);
  const rules = campaign.audience.rules;
  return (
    <div className="cmp-stack">
      <div className="cmp-split">
        <section className="ui-card cmp-card" aria-labelledby="segment-title">
          <header className="cmp-card__header">
            <h2 id="segment-title" className="cmp-card__title">
              Segment
            </h2>
          </header>
          <div className="cmp-card__body">
            {rules.length === 0 ? (
              <p data-testid="segment-everyone">Every contact with an address on this channel.</p>
            ) : (
              <>
                <p className="cmp-muted">
                  Contacts matching {campaign.audience.match === 'all' ? 'all' : 'any'} of:
                </p>
                <ul className="cmp-segment" data-testid="segment-rules">
                  {rules.map((r, i) => (
                    <li key={i}>{describeRule(r, tags)}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </section>
        {open ? (
          <AudienceEstimateCard
            channel={campaign.channel}
            estimate={estimate.data}
            loading={estimate.isFetching}
            error={estimate.error}
          />
        ) : (
          <aside className="cmp-estimate">
            <p className="cmp-estimate__count">
              <span data-testid="recipients-total">
                {campaign.stats.total.toLocaleString('en-US')}
              </span>{' '}
              <span className="cmp-estimate__unit">recipients when sending started</span>
            </p>
          </aside>
        )}
      </div>
      {open ? null : <Recipients slug={slug} campaign={campaign} />}
    </div>
  );
}
