import { Link } from 'react-router';
import type { CampaignSummary } from '../api/types';
import { formatInZone } from '../format';
import { campaignPaths } from '../paths';
import { ChannelLabel, StatusBadge } from './badges';
import { ProgressMeter } from './progress-meter';

/** What a campaign's date column says: when it sends, sent, or was created. */
export function campaignWhen(c: CampaignSummary, timeZone: string): string {
  const at = (iso: string) => formatInZone(iso, timeZone);
  if (c.status === 'scheduled' && c.sendAt) return `Sends ${at(c.sendAt)}`;
  if (c.status === 'sent' && c.completedAt) return `Sent ${at(c.completedAt)}`;
  if (c.status === 'sending' && c.startedAt) return `Started ${at(c.startedAt)}`;
  return `Created ${at(c.createdAt)}`;
}

/** One campaign in a list: name, channel, state, progress or figures, date. */
export function CampaignRow({
  slug,
  timeZone,
  campaign: c,
}: {
  readonly slug: string;
  readonly timeZone: string;
  readonly campaign: CampaignSummary;
}) {
  const started = c.stats.total > 0;
  return (
    <li>
      <Link
        to={campaignPaths.viewer(slug, c.id)}
        className="cmp-row"
        data-testid="campaign-row"
        data-status={c.status}
      >
        <span className="cmp-row__main">
          <span className="cmp-row__name">{c.name || 'Untitled campaign'}</span>
          <span className="cmp-row__meta">
            <ChannelLabel channel={c.channel} />
            <span aria-hidden="true">·</span>
            <span>{campaignWhen(c, timeZone)}</span>
          </span>
        </span>
        <span className="cmp-row__figures">
          {c.status === 'sending' ? (
            <ProgressMeter
              value={c.stats.progress}
              label={`${c.name} progress`}
              detail={`${c.stats.total - c.stats.queued} of ${c.stats.total}`}
            />
          ) : started ? (
            <span className="cmp-row__stats">
              {c.stats.total.toLocaleString('en-US')} recipients ·{' '}
              {c.stats.delivered.toLocaleString('en-US')} delivered
            </span>
          ) : null}
        </span>
        <span className="cmp-row__status">
          <StatusBadge status={c.status} />
        </span>
      </Link>
    </li>
  );
}
