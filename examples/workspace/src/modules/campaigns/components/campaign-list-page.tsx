import { useInfiniteQuery } from '@tanstack/react-query';
import { Megaphone, Search, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, EmptyState, ErrorState, Input, Page, Select, SkeletonList } from '../../../ui';
import { useDebouncedValue } from '../../inbox/hooks/use-debounced-value';
import { useSession } from '../../session/hooks/use-session';
import { campaignListQuery } from '../api/campaigns-api';
import type { CampaignChannel, CampaignStatus } from '../api/types';
import { CHANNEL_LABELS, STATUS_LABELS } from '../messages';
import { CampaignRow } from './campaign-row';
import { LoadMore } from './load-more';
import { NewCampaignButton, NewCampaignDialog } from './new-campaign-dialog';

const STATUS_OPTIONS = [
  { value: '', label: 'Any state' },
  ...(Object.entries(STATUS_LABELS) as [CampaignStatus, string][]).map(([value, label]) => ({
    value,
    label,
  })),
] as const;
const CHANNEL_OPTIONS = [
  { value: '', label: 'Any channel' },
  ...(Object.entries(CHANNEL_LABELS) as [CampaignChannel, string][]).map(([value, label]) => ({
    value,
    label,
  })),
] as const;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : '';

/** campaigns/all: every campaign, filtered by state and channel, searched by name, paged. */
export function CampaignListPage() {
  const session = useSession();
  const slug = session.slug;
  const [params, setParams] = useSearchParams();
  const status = oneOf(params.get('status'), Object.keys(STATUS_LABELS) as CampaignStatus[]);
  const channel = oneOf(params.get('channel'), Object.keys(CHANNEL_LABELS) as CampaignChannel[]);
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    setParams(
      (p) => {
        if (search) p.set('q', search);
        else p.delete('q');
        return p;
      },
      { replace: true },
    );
  }, [search, setParams]);
  const setFilter = (key: 'status' | 'channel', value: string) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );
  const query = useInfiniteQuery(campaignListQuery(slug, { status, channel, search }));
  const campaigns = query.data?.pages.flatMap((p) => p.campaigns) ?? [];
  const filtered = Boolean(status || channel || search);
  return (
    <Page
      title="Campaigns"
      subtitle="WhatsApp, email and SMS campaigns"
      data-testid="campaign-list"
      actions={<NewCampaignButton onClick={() => setCreating(true)} />}
    >
      <NewCampaignDialog slug={slug} open={creating} onOpenChange={setCreating} />
      <div className="cmp-toolbar" role="search">
        <Input
          type="search"
          aria-label="Search campaigns"
          placeholder="Search by name"
          icon={<Search aria-hidden="true" />}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          data-testid="campaign-search"
        />
        <Select
          label="State"
          value={status}
          options={STATUS_OPTIONS}
          onValueChange={(v) => setFilter('status', v)}
          data-testid="campaign-filter-status"
        />
        <Select
          label="Channel"
          value={channel}
          options={CHANNEL_OPTIONS}
          onValueChange={(v) => setFilter('channel', v)}
          data-testid="campaign-filter-channel"
        />
      </div>
      <div className="ui-card cmp-list" aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <SkeletonList label="Loading campaigns" rows={6} />
        ) : query.isError ? (
          <ErrorState
            title="Campaigns could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : campaigns.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" />}
              title="No campaigns match"
              body="Try another name, state or channel."
              data-testid="campaigns-empty"
            />
          ) : (
            <EmptyState
              icon={<Megaphone aria-hidden="true" />}
              title="No campaigns yet"
              body="Create a draft: nothing is sent until you schedule it."
              actions={
                <Button variant="primary" onClick={() => setCreating(true)}>
                  Create a campaign
                </Button>
              }
              data-testid="campaigns-empty"
            />
          )
        ) : (
          <ul className="cmp-rows" aria-label="Campaigns">
            {campaigns.map((c) => (
              <CampaignRow
                key={c.id}
                slug={slug}
                timeZone={session.workspace.timeZone}
                campaign={c}
              />
            ))}
          </ul>
        )}
        <LoadMore query={query} testId="campaigns-more" />
      </div>
    </Page>
  );
}
