import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import {
  EmptyState,
  ErrorState,
  Page,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { campaignQuery } from '../api/campaigns-api';
import type { Campaign } from '../api/types';
import { formatInZone } from '../format';
import { useTabParam } from '../hooks/use-tab-param';
import { campaignPaths } from '../paths';
import { ChannelLabel, StatusBadge } from './badges';
import { ProgressMeter } from './progress-meter';
import { AudienceTab } from './viewer-audience-tab';
import { ContentTab } from './viewer-content-tab';
import { OverviewTab } from './viewer-overview-tab';
import { ReportsTab } from './viewer-reports-tab';
import { useViewerActions, ViewerActionButtons, ViewerConfirmDialog } from './viewer-actions';

const TABS = ['overview', 'audience', 'content', 'reports'] as const;

/** A loaded campaign: the header with its actions, the progress while sending, and the tabs. */
function Viewer({ slug, campaign: c }: { readonly slug: string; readonly campaign: Campaign }) {
  const [tab, setTab] = useTabParam(TABS, 'overview');
  const actions = useViewerActions(slug, c);
  const processed = c.stats.total - c.stats.queued;
  return (
    <Page
      title={c.name || 'Untitled campaign'}
      subtitle={
        <span className="cmp-header-meta">
          <ChannelLabel channel={c.channel} />
          <StatusBadge status={c.status} />
          {c.status === 'scheduled' && c.schedule.sendAt ? (
            <span data-testid="viewer-send-at">
              Sends {formatInZone(c.schedule.sendAt, c.schedule.timeZone)} ({c.schedule.timeZone})
            </span>
          ) : null}
        </span>
      }
      data-testid="campaign-viewer"
      actions={<ViewerActionButtons slug={slug} campaign={c} actions={actions} />}
    >
      <ViewerConfirmDialog actions={actions} />
      {c.status === 'sending' ? (
        <div className="ui-card cmp-sending" data-testid="sending-progress">
          <p className="cmp-sending__title">
            Sending… {processed.toLocaleString('en-US')} of {c.stats.total.toLocaleString('en-US')}
          </p>
          <ProgressMeter
            value={c.stats.progress}
            label="Sending progress"
            detail={`${processed} of ${c.stats.total}`}
            data-testid="sending-meter"
          />
        </div>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList label="Campaign">
          <TabsTrigger value="overview" data-testid="viewer-tab-overview">
            Overview
          </TabsTrigger>
          <TabsTrigger value="audience" data-testid="viewer-tab-audience">
            Audience
          </TabsTrigger>
          <TabsTrigger value="content" data-testid="viewer-tab-content">
            Content
          </TabsTrigger>
          <TabsTrigger value="reports" data-testid="viewer-tab-reports">
            Reports
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="cmp-tab">
          <OverviewTab campaign={c} />
        </TabsContent>
        <TabsContent value="audience" className="cmp-tab">
          <AudienceTab slug={slug} campaign={c} />
        </TabsContent>
        <TabsContent value="content" className="cmp-tab">
          <ContentTab campaign={c} />
        </TabsContent>
        <TabsContent value="reports" className="cmp-tab">
          <ReportsTab slug={slug} campaign={c} />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

/** campaigns/all/{id}: tabs overview (default), audience, content, reports; progress while sending. */
export function CampaignViewerPage() {
  const { slug } = useSession();
  const { id = '' } = useParams();
  const query = useQuery(campaignQuery(slug, id));
  if (query.isPending)
    return (
      <Page title="Campaign" data-testid="campaign-viewer">
        <div className="cmp-stack" role="status" aria-label="Loading the campaign">
          <Skeleton height={36} />
          <Skeleton height={200} />
        </div>
      </Page>
    );
  if (query.isError)
    return (
      <Page title="Campaign" data-testid="campaign-viewer">
        <div className="ui-card">
          {query.error instanceof ApiError && query.error.status === 404 ? (
            <EmptyState
              title="Campaign not found"
              body="It may have been deleted."
              actions={<Link to={campaignPaths.list(slug)}>All campaigns</Link>}
              data-testid="campaign-not-found"
            />
          ) : (
            <ErrorState
              title="The campaign could not be loaded"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          )}
        </div>
      </Page>
    );
  return <Viewer slug={slug} campaign={query.data} />;
}
