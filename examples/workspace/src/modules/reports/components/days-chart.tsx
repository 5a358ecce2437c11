// A report's day-by-day chart, with the same figures as a visually hidden table for screen readers.
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../ui';
import type { ChartSeries } from './report-chart';

const ReportChart = lazy(() => import('./report-chart').then((m) => ({ default: m.ReportChart })));

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The day-by-day chart with its accessible alternative (the same figures as a table). */
export function DaysChart({
  title,
  days,
  series,
  percent,
  format,
}: {
  readonly title: string;
  readonly days: readonly Record<string, string | number | null>[];
  readonly series: readonly ChartSeries[];
  readonly percent?: boolean;
  readonly format: (value: number | null) => string;
}) {
  const data: Record<string, string | number | null>[] = days.map((d) => ({
    ...d,
    label: dayLabel(String(d.date)),
  }));
  return (
    <figure className="rpt-figure" aria-label={title}>
      <figcaption className="rpt-card__title">{title}</figcaption>
      <Suspense fallback={<Skeleton height={240} />}>
        <ReportChart data={data} series={series} percent={percent} />
      </Suspense>
      <table className="ui-visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={String(d.date)}>
              <th scope="row">{d.label}</th>
              {series.map((s) => (
                <td key={s.key}>{format(d[s.key] as number | null)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
