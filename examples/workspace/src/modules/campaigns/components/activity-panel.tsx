import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../ui';
import type { ActivityPoint } from './activity-chart';

const ActivityChart = lazy(() =>
  import('./activity-chart').then((m) => ({ default: m.ActivityChart })),
);

/**
 * The activity chart with its accessible alternative: a table of the same figures (visually
 * hidden; the chart itself is hidden from assistive technology), and an empty state.
 */
export function ActivityPanel({
  title,
  data,
  emptyText,
  height = 260,
}: {
  readonly title: string;
  readonly data: readonly ActivityPoint[];
  readonly emptyText: string;
  readonly height?: number;
}) {
  const empty = data.every((p) => p.sent + p.delivered + p.failed + p.replied === 0);
  return (
    <figure className="cmp-figure" aria-label={title} data-testid="activity-panel">
      {empty ? (
        <p className="cmp-figure__empty" data-testid="activity-empty">
          {emptyText}
        </p>
      ) : (
        <Suspense fallback={<Skeleton height={height} />}>
          <ActivityChart data={data} height={height} />
        </Suspense>
      )}
      {empty ? null : (
        <table className="ui-visually-hidden">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Sent</th>
              <th scope="col">Delivered</th>
              <th scope="col">Failed</th>
              <th scope="col">Replied</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                <td>{p.sent}</td>
                <td>{p.delivered}</td>
                <td>{p.failed}</td>
                <td>{p.replied}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
