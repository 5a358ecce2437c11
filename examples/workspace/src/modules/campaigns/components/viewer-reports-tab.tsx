import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button, EmptyState, ErrorState, Skeleton, toast } from '../../../ui';
import { campaignApi, reportQuery } from '../api/campaigns-api';
import type { Campaign, CampaignReport } from '../api/types';
import { CAMPAIGN_TEXT } from '../messages';
import { ActivityPanel } from './activity-panel';
import { Kpis } from './kpis';
import { saveFile } from '../../../lib/download';
import { errorText } from '../../../lib/error-text';

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

/** The viewer's Reports tab: the delivery figures over time, the chart and the CSV exports. */
export function ReportsTab({
  slug,
  campaign,
}: {
  readonly slug: string;
  readonly campaign: Campaign;
}) {
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
