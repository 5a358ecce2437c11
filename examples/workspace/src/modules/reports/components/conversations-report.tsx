// The Conversations report: opened and closed conversations, first-response and resolution times.
import { useQuery } from '@tanstack/react-query';
import { formatCount, formatSpan } from '../format';
import { conversationReportQuery, type ConversationGroup } from '../api';
import {
  CONVERSATION_GROUP_LABELS,
  FIGURE_HINTS,
  FIGURE_LABELS as F,
  REPORTS_COPY as M,
  TAB_LABELS,
} from '../messages';
import { DaysChart } from './days-chart';
import { Breakdown, countCell } from './report-breakdown';
import { Figures } from './report-figures';
import { ReportState, type GroupedReportProps } from './report-state';

export function ConversationsReport({
  slug,
  range,
  groupBy,
  onGroupBy,
}: GroupedReportProps<ConversationGroup>) {
  const query = useQuery(conversationReportQuery(slug, range, groupBy));
  const r = query.data;
  return (
    <ReportState
      query={query}
      empty={!!r && r.totals.opened + r.totals.closed === 0}
      kind="conversations"
    >
      {() => (
        <>
          <section className="ui-card rpt-card">
            <Figures
              items={[
                { key: 'opened', label: F.opened, value: formatCount(r!.totals.opened) },
                { key: 'closed', label: F.closed, value: formatCount(r!.totals.closed) },
                {
                  key: 'first-response-median',
                  label: F.firstResponseMedian,
                  value: formatSpan(r!.totals.firstResponse.medianSeconds),
                  hint: FIGURE_HINTS.firstResponse,
                },
                {
                  key: 'first-response-p90',
                  label: F.firstResponseP90,
                  value: formatSpan(r!.totals.firstResponse.p90Seconds),
                  hint: FIGURE_HINTS.firstResponse,
                },
                {
                  key: 'resolution-median',
                  label: F.resolutionMedian,
                  value: formatSpan(r!.totals.resolution.medianSeconds),
                  hint: FIGURE_HINTS.resolution,
                },
                {
                  key: 'resolution-p90',
                  label: F.resolutionP90,
                  value: formatSpan(r!.totals.resolution.p90Seconds),
                  hint: FIGURE_HINTS.resolution,
                },
              ]}
            />
            <DaysChart
              title={`${TAB_LABELS.conversations} · ${M.perDay}`}
              days={r!.days}
              series={[
                { key: 'opened', name: F.opened, color: 'var(--chart-a)' },
                { key: 'closed', name: F.closed, color: 'var(--chart-b)' },
              ]}
              format={(v) => formatCount(v ?? 0)}
            />
          </section>
          <Breakdown
            rows={r!.groups}
            groupBy={groupBy}
            groups={CONVERSATION_GROUP_LABELS}
            onGroupBy={onGroupBy}
            columns={[
              { key: 'opened', label: F.opened, cell: countCell((g) => g.opened) },
              { key: 'closed', label: F.closed, cell: countCell((g) => g.closed) },
              {
                key: 'frt',
                label: F.firstResponseMedian,
                cell: (g) => formatSpan(g.firstResponse.medianSeconds),
              },
              {
                key: 'frt90',
                label: F.firstResponseP90,
                cell: (g) => formatSpan(g.firstResponse.p90Seconds),
              },
              {
                key: 'res',
                label: F.resolutionMedian,
                cell: (g) => formatSpan(g.resolution.medianSeconds),
              },
              {
                key: 'res90',
                label: F.resolutionP90,
                cell: (g) => formatSpan(g.resolution.p90Seconds),
              },
            ]}
          />
        </>
      )}
    </ReportState>
  );
}
