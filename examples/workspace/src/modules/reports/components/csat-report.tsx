// The Satisfaction report: survey responses, the satisfied share and the average score.
import { useQuery } from '@tanstack/react-query';
import { formatCount, formatShare } from '../format';
import { csatReportQuery, type DayRange } from '../api';
import { FIGURE_HINTS, FIGURE_LABELS as F, REPORTS_COPY as M } from '../messages';
import { DaysChart } from './days-chart';
import { Figures } from './report-figures';
import { ReportState } from './report-state';

export function CsatReport({ slug, range }: { readonly slug: string; readonly range: DayRange }) {
  const query = useQuery(csatReportQuery(slug, range));
  const r = query.data;
  return (
    <ReportState query={query} empty={!!r && r.totals.responses === 0} kind="csat">
      {() => (
        <section className="ui-card rpt-card">
          <Figures
            items={[
              { key: 'responses', label: F.responses, value: formatCount(r!.totals.responses) },
              {
                key: 'satisfied',
                label: F.satisfied,
                value: formatShare(r!.totals.satisfiedShare),
                hint: FIGURE_HINTS.satisfied,
              },
              {
                key: 'average',
                label: F.average,
                value: formatShare(r!.totals.averageShare),
                hint: FIGURE_HINTS.average,
              },
            ]}
          />
          <DaysChart
            title={`${F.satisfied} · ${M.perDay}`}
            days={r!.days}
            series={[
              { key: 'satisfiedShare', name: F.satisfied, color: 'var(--chart-a)' },
              { key: 'averageShare', name: F.average, color: 'var(--chart-b)' },
            ]}
            percent
            format={formatShare}
          />
        </section>
      )}
    </ReportState>
  );
}
