import type { Campaign } from '../api/types';
import { formatInZone } from '../format';
import { Kpis } from './kpis';

/** When the campaign was created, set to send, started, finished or cancelled, in its time zone. */
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

/** The viewer's Overview tab: what blocks sending (drafts), the figures and the timeline. */
export function OverviewTab({ campaign: c }: { readonly campaign: Campaign }) {
  return (
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
  );
}
