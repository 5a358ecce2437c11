// Campaign reports: the workspace's overview (counts and the last 30 days on its clock), one
// campaign's report (its counts and a series bucketed by minute, hour or day), its recipients,
// and the CSV exports.
import { TZDate } from '@date-fns/tz';
import type {
  CampaignOverview,
  CampaignReport,
  RecipientListQuery,
  RecipientListResponse,
} from '../../contract/campaigns';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { invalidField } from '../../lib/errors';
import { requirePermit } from '../../lib/router';
import { campaignRow, campaignSummaries, iso, statsOf } from './campaign-reads';
import { LIMITS } from './constants';
import { toLocal } from './local-time';
import { channelIsLocal, receiptsOf } from './provider-source';
import { CampaignRepository } from './repository';

/** The reports and exports of a workspace's campaigns (the campaigns permit). */
export class CampaignReports {
  private readonly repo: CampaignRepository;

  constructor(private readonly services: Services) {
    this.repo = new CampaignRepository(services.db);
  }

  async overview(access: WorkspaceAccess): Promise<CampaignOverview> {
    requirePermit(access, 'flag_campaigns');
    const ws = access.workspace.id;
    const tz = access.workspace.time_zone;
    const days = 30;
    const today = toLocal(new Date(), tz).date;
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const since = new Date(new TZDate(y, m - 1, d - (days - 1), 0, 0, 0, tz).getTime());
    const [counts, events, active, recent] = await Promise.all([
      this.repo.countsByStatus(ws),
      this.repo.series({ workspaceId: ws, since }, 'day', tz),
      this.repo.byStatus(ws, ['sending', 'scheduled'], 5),
      this.repo.byStatus(ws, ['sent', 'cancelled', 'draft'], 5),
    ]);
    const byDate = new Map<string, CampaignOverview['series'][number]>();
    for (let i = 0; i < days; i++) {
      const date = toLocal(
        new Date(new TZDate(y, m - 1, d - (days - 1) + i, 12, 0, 0, tz).getTime()),
        tz,
      ).date;
      byDate.set(date, { date, sent: 0, delivered: 0, failed: 0, replied: 0 });
    }
    const totals = { sent: 0, delivered: 0, failed: 0, replied: 0 };
    for (const e of events) {
      const point = byDate.get(toLocal(e.at, tz).date);
      const kind = e.kind as keyof typeof totals;
      if (point) point[kind] += e.n;
      totals[kind] += e.n;
    }
    return {
      counts: {
        draft: counts.draft ?? 0,
        scheduled: counts.scheduled ?? 0,
        sending: counts.sending ?? 0,
        sent: counts.sent ?? 0,
        cancelled: counts.cancelled ?? 0,
      },
      totals,
      days,
      series: [...byDate.values()],
      active: await campaignSummaries(this.repo, active),
      recent: await campaignSummaries(this.repo, recent),
      timeZone: tz,
    };
  }

  async report(access: WorkspaceAccess, id: string): Promise<CampaignReport> {
    const row = await campaignRow(this.repo, access, id);
    const tz = access.workspace.time_zone;
    const stats = statsOf((await this.repo.stats([row.id])).get(row.id));
    const source = {
      localGateway: channelIsLocal(this.services.config, row.channel),
      receipts: receiptsOf(row.channel),
    };
    const span = await this.repo.eventSpan(row.id);
    if (!span.first || !span.last) return { stats, ...source, bucket: 'minute', series: [] };
    const first = new Date(span.first);
    const last = new Date(span.last);
    const spanMs = last.getTime() - first.getTime();
    const bucket = spanMs <= 3 * 3_600_000 ? 'minute' : spanMs <= 10 * 86_400_000 ? 'hour' : 'day';
    const events = await this.repo.series({ campaignId: row.id }, bucket, tz);
    const points = new Map<number, CampaignReport['series'][number]>();
    const step = bucket === 'minute' ? 60_000 : bucket === 'hour' ? 3_600_000 : 86_400_000;
    const start = events[0]?.at.getTime() ?? first.getTime();
    const end = events.at(-1)?.at.getTime() ?? start;
    if (bucket !== 'day')
      for (let t = start; t <= end && points.size < LIMITS.reportBucketsMax; t += step)
        points.set(t, {
          at: new Date(t).toISOString(),
          sent: 0,
          delivered: 0,
          failed: 0,
          replied: 0,
        });
    for (const e of events) {
      const key = e.at.getTime();
      const point = points.get(key) ?? {
        at: e.at.toISOString(),
        sent: 0,
        delivered: 0,
        failed: 0,
        replied: 0,
      };
      point[e.kind as 'sent'] += e.n;
      points.set(key, point);
    }
    const series = [...points.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, p]) => p)
      .slice(-LIMITS.reportBucketsMax);
    return { stats, ...source, bucket, series };
  }

  async recipients(
    access: WorkspaceAccess,
    id: string,
    query: RecipientListQuery,
  ): Promise<RecipientListResponse> {
    const row = await campaignRow(this.repo, access, id);
    const after = query.cursor ? Number.parseInt(query.cursor, 10) : 0;
    if (!Number.isSafeInteger(after) || after < 0)
      throw invalidField('query.cursor', 'Invalid cursor');
    const rows = await this.repo.recipients(row.id, query.status, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return {
      recipients: page.map((r) => ({
        id: String(r.id),
        contactId: r.contact_id,
        name: r.contact_name,
        address: r.address,
        status: r.status as 'queued',
        sentAt: iso(r.sent_at),
        deliveredAt: iso(r.delivered_at),
        readAt: iso(r.read_at),
        failedAt: iso(r.failed_at),
        repliedAt: iso(r.replied_at),
        error: r.error,
      })),
      page: { nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null },
    };
  }

  /** The rows of a CSV export: a header, then recipients (paged through) or the timeline. */
  async *csvRows(
    access: WorkspaceAccess,
    id: string,
    kind: 'recipients' | 'timeline',
  ): AsyncGenerator<string[]> {
    const row = await campaignRow(this.repo, access, id);
    if (kind === 'timeline') {
      const report = await this.report(access, id);
      yield ['time', 'sent', 'delivered', 'failed', 'replied'];
      for (const p of report.series)
        yield [p.at, String(p.sent), String(p.delivered), String(p.failed), String(p.replied)];
      return;
    }
    yield [
      'name',
      'address',
      'status',
      'sent_at',
      'delivered_at',
      'read_at',
      'failed_at',
      'replied_at',
      'error',
    ];
    const at = (d: Date | null) => iso(d) ?? '';
    let after = 0;
    for (;;) {
      const rows = await this.repo.recipients(row.id, undefined, after, 5_000);
      if (rows.length === 0) return;
      for (const r of rows) {
        const status =
          r.status === 'failed'
            ? 'failed'
            : r.read_at
              ? 'read'
              : r.delivered_at
                ? 'delivered'
                : r.status;
        yield [
          r.contact_name,
          r.address,
          status,
          at(r.sent_at),
          at(r.delivered_at),
          at(r.read_at),
          at(r.failed_at),
          at(r.replied_at),
          r.error ?? '',
        ];
      }
      after = rows.at(-1)!.id;
    }
  }

  /** A file name for an export. */
  async csvName(access: WorkspaceAccess, id: string, kind: string): Promise<string> {
    const row = await campaignRow(this.repo, access, id);
    const slug =
      row.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'campaign';
    return `${slug}-${kind}.csv`;
  }
}
