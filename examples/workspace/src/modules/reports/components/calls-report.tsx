// The Calls report: inbound, outbound, answered and missed calls, handle and after-call-work times.
import { useQuery } from '@tanstack/react-query';
import { formatCount, formatShare, formatSpan } from '../format';
import { callReportQuery, type CallGroup } from '../api';
import { CALL_GROUP_LABELS, FIGURE_LABELS as F, REPORTS_COPY as M, TAB_LABELS } from '../messages';
import { DaysChart } from './days-chart';
import { Breakdown, countCell } from './report-breakdown';
import { Figures } from './report-figures';
import { ReportState, type GroupedReportProps } from './report-state';

export function CallsReport({ slug, range, groupBy, onGroupBy }: GroupedReportProps<CallGroup>) {
  const query = useQuery(callReportQuery(slug, range, groupBy));
  const r = query.data;
  return (
    <ReportState
      query={query}
      empty={!!r && r.totals.inbound + r.totals.outbound === 0}
      kind="calls"
    >
      {() => (
        <>
          <section className="ui-card rpt-card">
            <Figures
              items={[
                { key: 'inbound', label: F.inbound, value: formatCount(r!.totals.inbound) },
                { key: 'outbound', label: F.outbound, value: formatCount(r!.totals.outbound) },
                { key: 'answered', label: F.answered, value: formatCount(r!.totals.answered) },
                {
                  key: 'missed-rate',
                  label: F.missedRate,
                  value: formatShare(r!.totals.missedRate),
                },
                {
                  key: 'handle',
                  label: F.handle,
                  value: formatSpan(r!.totals.averageHandleSeconds),
                },
                {
                  key: 'after-call-work',
                  label: F.afterCallWork,
                  value: formatSpan(r!.totals.averageAfterCallWorkSeconds),
                },
              ]}
            />
            <DaysChart
              title={`${TAB_LABELS.calls} · ${M.perDay}`}
              days={r!.days}
              series={[
                { key: 'inbound', name: F.inbound, color: 'var(--chart-a)' },
                { key: 'outbound', name: F.outbound, color: 'var(--chart-b)' },
                { key: 'missed', name: F.missed, color: 'var(--chart-c)' },
              ]}
              format={(v) => formatCount(v ?? 0)}
            />
          </section>
          <Breakdown
            rows={r!.groups}
            groupBy={groupBy}
            groups={CALL_GROUP_LABELS}
            onGroupBy={onGroupBy}
            columns={[
              { key: 'inbound', label: F.inbound, cell: countCell((g) => g.inbound) },
              { key: 'outbound', label: F.outbound, cell: countCell((g) => g.outbound) },
              { key: 'answered', label: F.answered, cell: countCell((g) => g.answered) },
              { key: 'missed', label: F.missed, cell: countCell((g) => g.missed) },
              { key: 'missed-rate', label: F.missedRate, cell: (g) => formatShare(g.missedRate) },
              { key: 'aht', label: F.handle, cell: (g) => formatSpan(g.averageHandleSeconds) },
              {
                key: 'acw',
                label: F.afterCallWork,
                cell: (g) => formatSpan(g.averageAfterCallWorkSeconds),
              },
            ]}
          />
        </>
      )}
    </ReportState>
  );
}
