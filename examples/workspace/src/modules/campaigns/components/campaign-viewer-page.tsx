import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Copy, Download, Pencil, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import {
  Badge,
  Button,
  Dialog,
  EmptyState,
  ErrorState,
  Page,
  Select,
  Skeleton,
  SkeletonList,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '../../../ui';
import { formatPhone } from '../../../lib/phone';
import { useSession } from '../../session/hooks/use-session';
import {
  audienceOptionsQuery,
  campaignApi,
  campaignKeys,
  campaignQuery,
  recipientsQuery,
  reportQuery,
} from '../api/campaigns-api';
import type { Campaign, CampaignReport, RecipientStatus } from '../api/types';
import { formatInZone } from '../format';
import { useTabParam } from '../hooks/use-tab-param';
import { CAMPAIGN_TEXT } from '../messages';
import { campaignPaths } from '../paths';
import { ActivityPanel } from './activity-panel';
import { AudienceEstimateCard, describeRule, useAudienceEstimate } from './audience-builder';
import { ChannelLabel, StatusBadge } from './badges';
import { Kpis } from './kpis';
import { LoadMore } from './load-more';
import { EXAMPLE_RECIPIENT, MessagePreview, SmsCounter } from './message-preview';
import { ProgressMeter } from './progress-meter';
import { saveFile } from '../../../lib/download';
import { errorText } from '../../../lib/error-text';

const TABS = ['overview', 'audience', 'content', 'reports'] as const;

const fileSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'campaign';

function bucketLabel(at: string, bucket: CampaignReport['bucket'], timeZone: string): string {
  const d = new Date(at);
  if (bucket === 'day')
    return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone });
  return d.toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    ...(bucket === 'hour' ? { month: 'short', day: 'numeric' } : {}),
    timeZone,
  });
}

function Timeline({ campaign: c }: { readonly campaign: Campaign }) {
  const tz = c.schedule.timeZone;
  const at = (iso: string) => formatInZone(iso, tz);
  const items: [string, string][] = [['Created', at(c.createdAt)]];
  if (c.schedule.sendAt && c.status === 'scheduled') items.push(['Sends', at(c.schedule.sendAt)]);
  if (c.startedAt) items.push(['Started sending', at(c.startedAt)]);
  if (c.completedAt) items.push(['Sent to everyone', at(c.completedAt)]);
  if (c.cancelledAt)
    items.push([
      'Cancelled',
      `${at(c.cancelledAt)}${c.cancelReason ? ` · ${c.cancelReason}` : ''}`,
    ]);
  return (
    <dl className="cmp-timeline" data-testid="campaign-timeline">
      {items.map(([label, value]) => (
        <div key={label} className="cmp-timeline__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="cmp-timeline__item">
        <dt>Time zone</dt>
        <dd>{tz}</dd>
      </div>
    </dl>
  );
}

function ReportsTab({ slug, campaign }: { readonly slug: string; readonly campaign: Campaign }) {
  const live = campaign.status === 'sending' || campaign.status === 'sent';
  const report = useQuery(reportQuery(slug, campaign.id, live));
  const [exporting, setExporting] = useState<string | null>(null);
  const exportCsv = async (kind: 'recipients' | 'timeline') => {
    setExporting(kind);
    try {
      saveFile(
        await campaignApi.csv(slug, campaign.id, kind),
        `${fileSlug(campaign.name)}-${kind}.csv`,
      );
    } catch (error) {
      toast({
        tone: 'danger',
        title: 'The export failed',
        description: errorText(error, undefined),
      });
    } finally {
      setExporting(null);
    }
  };
  if (!campaign.startedAt)
    return (
      <div className="ui-card">
        <EmptyState
          title="No report yet"
          body="Figures appear here as soon as the campaign starts sending."
          data-testid="report-empty"
        />
      </div>
    );
  if (report.isPending)
    return (
      <div className="cmp-stack" role="status" aria-label="Loading the report">
        <Skeleton height={84} />
        <Skeleton height={260} />
      </div>
    );
  if (report.isError)
    return (
      <div className="ui-card">
        <ErrorState
          title="The report could not be loaded"
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      </div>
    );
  const r = report.data;
  return (
    <section
      className="ui-card cmp-card"
      aria-labelledby="report-title"
      data-testid="campaign-report"
    >
      <header className="cmp-card__header">
        <h2 id="report-title" className="cmp-card__title">
          Delivery report
        </h2>
        <div className="cmp-card__actions">
          <Button
            size="sm"
            icon={<Download aria-hidden="true" />}
            loading={exporting === 'recipients'}
            onClick={() => void exportCsv('recipients')}
            data-testid="export-recipients"
          >
            Recipients CSV
          </Button>
          <Button
            size="sm"
            icon={<Download aria-hidden="true" />}
            loading={exporting === 'timeline'}
            onClick={() => void exportCsv('timeline')}
            data-testid="export-timeline"
          >
            Timeline CSV
          </Button>
        </div>
      </header>
      <div className="cmp-report-notes">
        {r.localGateway ? (
          <p className="cmp-muted" data-testid="report-gateway-note">
            {CAMPAIGN_TEXT.localGatewayNote}
          </p>
        ) : null}
        {r.receipts.delivered ? null : (
          <p className="cmp-muted" data-testid="report-email-note">
            {CAMPAIGN_TEXT.emailReceiptsNote}
          </p>
        )}
        <p className="cmp-muted">{CAMPAIGN_TEXT.repliesNote}</p>
      </div>
      <Kpis stats={r.stats} receipts={r.receipts} />
      <ActivityPanel
        title={`Messages per ${r.bucket}`}
        data={r.series.map((p) => ({
          ...p,
          label: bucketLabel(p.at, r.bucket, campaign.schedule.timeZone),
        }))}
        emptyText="Nothing sent yet."
      />
    </section>
  );
}

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

function AudienceTab({ slug, campaign }: { readonly slug: string; readonly campaign: Campaign }) {
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

function ContentTab({ campaign: c }: { readonly campaign: Campaign }) {
  return (
    <div className="cmp-split">
      <section className="ui-card cmp-card" aria-labelledby="content-summary">
        <header className="cmp-card__header">
          <h2 id="content-summary" className="cmp-card__title">
            Message
          </h2>
        </header>
        <dl className="cmp-card__body cmp-facts">
          <div>
            <dt>Channel</dt>
            <dd>
              <ChannelLabel channel={c.channel} />
            </dd>
          </div>
          {c.content.channel === 'whatsapp' ? (
            <>
              <div>
                <dt>Template</dt>
                <dd>{c.template ? `${c.template.name} (${c.template.language})` : 'Not chosen'}</dd>
              </div>
              {Object.entries(c.content.variables).map(([k, v]) => (
                <div key={k}>
                  <dt>{`Variable {{${k}}}`}</dt>
                  <dd>{v || '—'}</dd>
                </div>
              ))}
            </>
          ) : c.content.channel === 'email' ? (
            <div>
              <dt>Subject</dt>
              <dd>{c.content.subject || '—'}</dd>
            </div>
          ) : (
            <div>
              <dt>Length</dt>
              <dd>
                <SmsCounter body={c.content.body} />
              </dd>
            </div>
          )}
        </dl>
      </section>
      <MessagePreview
        content={c.content}
        templateBody={c.template?.body ?? null}
        recipient={EXAMPLE_RECIPIENT}
      />
    </div>
  );
}

function Viewer({ slug, campaign: c }: { readonly slug: string; readonly campaign: Campaign }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useTabParam(TABS, 'overview');
  const [confirm, setConfirm] = useState<'delete' | 'cancel' | null>(null);
  const refresh = (next?: Campaign) => {
    if (next) queryClient.setQueryData(campaignKeys.campaign(slug, next.id), next);
    void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(slug) });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.overview(slug) });
  };
  const fail = (title: string) => (error: unknown) =>
    toast({
      tone: 'danger',
      title,
      description: errorText(error, undefined),
    });
  const duplicate = useMutation({
    mutationFn: () => campaignApi.duplicate(slug, c.id),
    onSuccess: (copy) => {
      refresh(copy);
      toast({ tone: 'success', title: 'Campaign duplicated', description: copy.name });
      void navigate(campaignPaths.editor(slug, copy.id));
    },
    onError: fail('The campaign was not duplicated'),
  });
  const unschedule = useMutation({
    mutationFn: () => campaignApi.unschedule(slug, c.id),
    onSuccess: (next) => {
      refresh(next);
      toast({ tone: 'success', title: 'Back to draft' });
    },
    onError: fail('The campaign was not unscheduled'),
  });
  const cancel = useMutation({
    mutationFn: () => campaignApi.cancel(slug, c.id),
    onSuccess: (next) => {
      refresh(next);
      setConfirm(null);
      toast({ tone: 'success', title: 'Campaign cancelled' });
    },
    onError: fail('The campaign was not cancelled'),
  });
  const remove = useMutation({
    mutationFn: () => campaignApi.remove(slug, c.id),
    onSuccess: () => {
      setConfirm(null);
      queryClient.removeQueries({ queryKey: campaignKeys.campaign(slug, c.id) });
      refresh();
      toast({ tone: 'success', title: 'Campaign deleted', description: c.name });
      void navigate(campaignPaths.list(slug));
    },
    onError: fail('The campaign was not deleted'),
  });
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
      actions={
        <>
          {c.status === 'draft' ? (
            <Button
              variant="primary"
              icon={<Pencil aria-hidden="true" />}
              onClick={() => void navigate(campaignPaths.editor(slug, c.id))}
              data-testid="viewer-edit"
            >
              Edit
            </Button>
          ) : null}
          {c.status === 'scheduled' ? (
            <Button
              icon={<Undo2 aria-hidden="true" />}
              loading={unschedule.isPending}
              onClick={() => unschedule.mutate()}
              data-testid="viewer-unschedule"
            >
              Unschedule
            </Button>
          ) : null}
          {c.status === 'scheduled' || c.status === 'sending' ? (
            <Button
              variant="danger"
              icon={<Ban aria-hidden="true" />}
              onClick={() => setConfirm('cancel')}
              data-testid="viewer-cancel"
            >
              Cancel
            </Button>
          ) : null}
          <Button
            icon={<Copy aria-hidden="true" />}
            loading={duplicate.isPending}
            onClick={() => duplicate.mutate()}
            data-testid="viewer-duplicate"
          >
            Duplicate
          </Button>
          {c.status !== 'sending' ? (
            <Button
              variant="ghost"
              icon={<Trash2 aria-hidden="true" />}
              onClick={() => setConfirm('delete')}
              data-testid="viewer-delete"
            >
              Delete
            </Button>
          ) : null}
        </>
      }
    >
      <Dialog
        open={confirm !== null}
        onOpenChange={(o) => (o ? undefined : setConfirm(null))}
        title={confirm === 'delete' ? 'Delete this campaign?' : 'Cancel this campaign?'}
        description={
          confirm === 'delete'
            ? 'The campaign and its report are removed for good.'
            : 'Messages not sent yet are not sent. Messages already sent stay in the report.'
        }
        data-testid="viewer-confirm"
        footer={
          <>
            <Button onClick={() => setConfirm(null)}>Keep it</Button>
            <Button
              variant="danger"
              loading={remove.isPending || cancel.isPending}
              onClick={() => (confirm === 'delete' ? remove.mutate() : cancel.mutate())}
              data-testid="viewer-confirm-yes"
            >
              {confirm === 'delete' ? 'Delete campaign' : 'Cancel campaign'}
            </Button>
          </>
        }
      />
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
          <div className="cmp-stack">
            {c.status === 'draft' && c.problems.length > 0 ? (
              <div className="cmp-problems" data-testid="campaign-problems">
                <p className="cmp-problems__title">Before it can be sent:</p>
                <ul>
                  {c.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <section className="ui-card cmp-card" aria-labelledby="figures-title">
              <header className="cmp-card__header">
                <h2 id="figures-title" className="cmp-card__title">
                  Figures
                </h2>
              </header>
              <Kpis stats={c.stats} />
            </section>
            <section className="ui-card cmp-card" aria-labelledby="timeline-title">
              <header className="cmp-card__header">
                <h2 id="timeline-title" className="cmp-card__title">
                  Timeline
                </h2>
              </header>
              <Timeline campaign={c} />
            </section>
          </div>
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
