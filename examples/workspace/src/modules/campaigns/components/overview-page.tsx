import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, EmptyState, ErrorState, Page, Skeleton } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { overviewQuery } from '../api/campaigns-api';
import type { CampaignStatus } from '../api/types';
import { STATUS_LABELS } from '../messages';
import { campaignPaths } from '../paths';
import { ActivityPanel } from './activity-panel';
import { CampaignRow } from './campaign-row';
import { Kpis } from './kpis';
import { NewCampaignButton, NewCampaignDialog } from './new-campaign-dialog';

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** campaigns/overview: messages of the last 30 days, campaigns by state, active and recent ones. */
export function OverviewPage() {
  const session = useSession();
  const slug = session.slug;
  const query = useQuery(overviewQuery(slug));
  const [creating, setCreating] = useState(false);
  const o = query.data;
  const total = o ? Object.values(o.counts).reduce((n, c) => n + c, 0) : 0;
  return (
    <Page
      title="Overview"
      subtitle="Campaigns at a glance"
      data-testid="campaigns-overview"
      actions={<NewCampaignButton onClick={() => setCreating(true)} />}
    >
      <NewCampaignDialog slug={slug} open={creating} onOpenChange={setCreating} />
      {query.isPending ? (
        <div className="cmp-stack" role="status" aria-label="Loading the overview">
          <Skeleton height={84} />
          <Skeleton height={280} />
        </div>
      ) : query.isError ? (
        <div className="ui-card">
          <ErrorState
            title="The overview could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        </div>
      ) : total === 0 ? (
        <div className="ui-card">
          <EmptyState
            icon={<Megaphone aria-hidden="true" />}
            title="No campaigns yet"
            body="Reach your contacts on WhatsApp, email or SMS. Start with a draft; nothing is sent until you schedule it."
            actions={
              <Button variant="primary" onClick={() => setCreating(true)}>
                Create a campaign
              </Button>
            }
            data-testid="campaigns-empty"
          />
        </div>
      ) : (
        <div className="cmp-stack">
          <section className="ui-card cmp-card" aria-labelledby="ov-activity">
            <header className="cmp-card__header">
              <h2 id="ov-activity" className="cmp-card__title">
                Last {o!.days} days
              </h2>
              <span className="cmp-card__note">All campaigns · {o!.timeZone}</span>
            </header>
            <Kpis stats={o!.totals} showTotal={false} />
            <ActivityPanel
              title={`Messages per day, last ${o!.days} days`}
              data={o!.series.map((p) => ({ ...p, label: dayLabel(p.date) }))}
              emptyText="No messages sent in this period."
            />
          </section>
          <div className="cmp-columns">
            <section className="ui-card cmp-card" aria-labelledby="ov-states">
              <header className="cmp-card__header">
                <h2 id="ov-states" className="cmp-card__title">
                  Campaigns by state
                </h2>
              </header>
              <ul className="cmp-states">
                {(Object.keys(STATUS_LABELS) as CampaignStatus[]).map((s) => (
                  <li key={s}>
                    <Link
                      to={`${campaignPaths.list(slug)}?status=${s}`}
                      className="cmp-states__item"
                      data-testid={`overview-count-${s}`}
                    >
                      <span className="cmp-states__value">{o!.counts[s] ?? 0}</span>
                      <span className="cmp-states__label">{STATUS_LABELS[s]}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
            <section className="ui-card cmp-card" aria-labelledby="ov-active">
              <header className="cmp-card__header">
                <h2 id="ov-active" className="cmp-card__title">
                  Sending and scheduled
                </h2>
              </header>
              {o!.active.length === 0 ? (
                <p className="cmp-card__empty">Nothing is sending or scheduled.</p>
              ) : (
                <ul className="cmp-rows" aria-label="Sending and scheduled campaigns">
                  {o!.active.map((c) => (
                    <CampaignRow
                      key={c.id}
                      slug={slug}
                      timeZone={session.workspace.timeZone}
                      campaign={c}
                    />
                  ))}
                </ul>
              )}
            </section>
          </div>
          <section className="ui-card cmp-card" aria-labelledby="ov-recent">
            <header className="cmp-card__header">
              <h2 id="ov-recent" className="cmp-card__title">
                Recent campaigns
              </h2>
              <Link to={campaignPaths.list(slug)} className="cmp-card__link">
                All campaigns
              </Link>
            </header>
            <ul className="cmp-rows" aria-label="Recent campaigns">
              {o!.recent.map((c) => (
                <CampaignRow
                  key={c.id}
                  slug={slug}
                  timeZone={session.workspace.timeZone}
                  campaign={c}
                />
              ))}
            </ul>
          </section>
        </div>
      )}
    </Page>
  );
}
