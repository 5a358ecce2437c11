// The reports: each answer is computed from the stored rows when asked (see ReportsRepository),
// labelled, and laid out day by day over the whole range (days without rows count zero).
import { daysOf } from '../../contract/report-days';
import {
  type CallReport,
  type ConversationReport,
  type CsatReport,
  type DurationStats,
} from '../../contract/reports';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { requirePermit } from '../../lib/router';
import { CHANNEL_LABELS, REPORT_LABELS } from './messages';
import {
  ReportsRepository,
  type CallFiguresRow,
  type CallGroup,
  type ConversationFiguresRow,
  type ConversationGroup,
  type DayRange,
} from './repository';

interface RangeQuery {
  readonly from: string;
  readonly to: string;
}

const stats = (count: number, median: number | null, p90: number | null): DurationStats => ({
  count,
  medianSeconds: median === null ? null : Math.round(median),
  p90Seconds: p90 === null ? null : Math.round(p90),
});

const conversationFigures = (r: ConversationFiguresRow) => ({
  opened: r.opened,
  closed: r.closed,
  firstResponse: stats(r.frt_count, r.frt_median, r.frt_p90),
  resolution: stats(r.res_count, r.res_median, r.res_p90),
});

const roundOrNull = (v: number | null) => (v === null ? null : Math.round(v));

const callFigures = (r: CallFiguresRow) => ({
  inbound: r.inbound,
  outbound: r.outbound,
  answered: r.answered,
  missed: r.missed,
  missedRate: r.inbound > 0 ? r.missed / r.inbound : null,
  averageHandleSeconds: roundOrNull(r.aht),
  averageAfterCallWorkSeconds: roundOrNull(r.acw),
});

/** Rows by day over every day of the range, a day without a row made by `empty`. */
function everyDay<T extends { date: string }>(q: RangeQuery, rows: T[], empty: (d: string) => T) {
  const byDay = new Map(rows.map((r) => [r.date, r]));
  return daysOf(q.from, q.to).map((d) => byDay.get(d) ?? empty(d));
}

export class ReportsService {
  private readonly repo: ReportsRepository;

  constructor(private readonly services: Services) {
    this.repo = new ReportsRepository(services.db);
  }

  private range(access: WorkspaceAccess, q: RangeQuery): DayRange {
    requirePermit(access, 'flag_reports');
    return { from: q.from, to: q.to, tz: access.workspace.time_zone };
  }

  async conversations(
    access: WorkspaceAccess,
    q: RangeQuery & { groupBy: ConversationGroup },
  ): Promise<ConversationReport> {
    const r = this.range(access, q);
    const ws = access.workspace.id;
    const [totals, groups, days, names] = await Promise.all([
      this.repo.conversationTotals(ws, r),
      this.repo.conversationGroups(ws, r, q.groupBy),
      this.repo.conversationDays(ws, r),
      q.groupBy === 'channel'
        ? Promise.resolve(new Map<string, string>())
        : this.repo.names(ws, q.groupBy === 'agent' ? 'agents' : 'teams'),
    ]);
    const label = (key: string | null) => {
      if (q.groupBy === 'channel') return CHANNEL_LABELS[key ?? ''] ?? key ?? '';
      if (key === null)
        return q.groupBy === 'agent' ? REPORT_LABELS.unassigned : REPORT_LABELS.noTeam;
      return (
        names.get(key) ??
        (q.groupBy === 'agent' ? REPORT_LABELS.formerAgent : REPORT_LABELS.formerTeam)
      );
    };
    return {
      range: { from: q.from, to: q.to, timeZone: r.tz },
      groupBy: q.groupBy,
      totals: conversationFigures(totals),
      days: everyDay(q, days, (date) => ({ date, opened: 0, closed: 0 })),
      groups: groups.map((g) => ({ key: g.key, label: label(g.key), ...conversationFigures(g) })),
    };
  }

  async calls(
    access: WorkspaceAccess,
    q: RangeQuery & { groupBy: CallGroup },
  ): Promise<CallReport> {
    const r = this.range(access, q);
    const ws = access.workspace.id;
    const [rows, days, names] = await Promise.all([
      this.repo.callFigures(ws, r, q.groupBy),
      this.repo.callDays(ws, r),
      q.groupBy === 'agent' ? this.repo.names(ws, 'agents') : this.queueNames(access),
    ]);
    const [totals, ...groups] = rows;
    const label = (key: string | null) => {
      if (key === null)
        return q.groupBy === 'agent' ? REPORT_LABELS.unassigned : REPORT_LABELS.noQueue;
      return names.get(key) ?? (q.groupBy === 'agent' ? REPORT_LABELS.formerAgent : key);
    };
    const none: CallFiguresRow = {
      key: null,
      inbound: 0,
      outbound: 0,
      answered: 0,
      missed: 0,
      aht: null,
      acw: null,
    };
    return {
      range: { from: q.from, to: q.to, timeZone: r.tz },
      groupBy: q.groupBy,
      totals: callFigures(totals ?? none),
      days: everyDay(q, days, (date) => ({ date, inbound: 0, outbound: 0, missed: 0 })),
      groups: groups.map((g) => ({ key: g.key, label: label(g.key), ...callFigures(g) })),
    };
  }

  async csat(access: WorkspaceAccess, q: RangeQuery): Promise<CsatReport> {
    const r = this.range(access, q);
    const rows = await this.repo.csatDays(access.workspace.id, r);
    const figures = (responses: number, satisfied: number, shareSum: number) => ({
      responses,
      satisfiedShare: responses > 0 ? satisfied / responses : null,
      averageShare: responses > 0 ? shareSum / responses : null,
    });
    const sum = (k: 'responses' | 'satisfied' | 'share_sum') =>
      rows.reduce((n, row) => n + row[k], 0);
    const days = rows.map((d) => ({
      date: d.date,
      ...figures(d.responses, d.satisfied, d.share_sum),
    }));
    return {
      range: { from: q.from, to: q.to, timeZone: r.tz },
      totals: figures(sum('responses'), sum('satisfied'), sum('share_sum')),
      days: everyDay(q, days, (date) => ({ date, ...figures(0, 0, 0) })),
    };
  }

  /**
   * Queue names by id: the contact centre's (its list kept for 30 s), the name of a team mapped to
   * the queue where the contact centre cannot be asked.
   */
  private async queueNames(access: WorkspaceAccess): Promise<Map<string, string>> {
    const names = await this.repo.queueTeams(access.workspace.id);
    const ws = access.workspace;
    if (!this.services.contactCentre.configured || !ws.connect_instance_id) return names;
    try {
      const queues = await this.services.contactCentre.queueNames({
        instanceId: ws.connect_instance_id,
        region: ws.connect_region,
      });
      for (const [id, name] of queues) names.set(id, name);
    } catch (error) {
      this.services.log.warn({ message: (error as Error).message }, 'reports: queue names unknown');
    }
    return names;
  }
}
