// A campaign as the API answers it in lists (summary and counts), and reading one campaign of
// the caller's workspace.
import type { CampaignStats, CampaignSummary, Campaign } from '../../contract/campaigns';
import type { WorkspaceAccess } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { requirePermit } from '../../lib/router';
import type { CampaignRepository, StatsRow } from './repository';

/** A campaign row as the repository reads it. */
export type CampaignRow = NonNullable<Awaited<ReturnType<CampaignRepository['find']>>>;

/** An ISO timestamp, or null. */
export const iso = (d: Date | string | null): string | null =>
  d ? new Date(d).toISOString() : null;

/** The counts of a campaign that has not started. */
export const emptyStats = (total = 0): CampaignStats => ({
  total,
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  replied: 0,
  cancelled: 0,
  optedOut: 0,
  progress: 0,
});

/** A campaign's counts from its message rows. */
export function statsOf(row: StatsRow | undefined): CampaignStats {
  if (!row) return emptyStats();
  return {
    total: row.total,
    queued: row.queued,
    sent: row.sent,
    delivered: row.delivered,
    read: row.read,
    failed: row.failed,
    replied: row.replied,
    cancelled: row.cancelled,
    optedOut: row.opted_out,
    progress: row.total === 0 ? 0 : Math.min(1, (row.total - row.queued) / row.total),
  };
}

/** A campaign as lists show it. */
export function campaignSummary(row: CampaignRow, stats: StatsRow | undefined): CampaignSummary {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel as Campaign['channel'],
    status: row.status as Campaign['status'],
    stats: statsOf(stats),
    sendAt: iso(row.scheduled_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    startedAt: iso(row.started_at),
    completedAt: iso(row.completed_at),
  };
}

/** Campaigns as lists show them, with the counts of those that started. */
export async function campaignSummaries(
  repo: CampaignRepository,
  rows: CampaignRow[],
): Promise<CampaignSummary[]> {
  const stats = await repo.stats(rows.filter((r) => r.started_at).map((r) => r.id));
  return rows.map((r) => campaignSummary(r, stats.get(r.id)));
}

/** A campaign of the caller's workspace (the campaigns permit; 404 for another's). */
export async function campaignRow(
  repo: CampaignRepository,
  access: WorkspaceAccess,
  id: string,
): Promise<CampaignRow> {
  requirePermit(access, 'flag_campaigns');
  const row = await repo.find(access.workspace.id, id);
  if (!row) throw notFound('Campaign');
  return row;
}
