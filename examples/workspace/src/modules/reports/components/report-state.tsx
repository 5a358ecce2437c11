// The loading, error and empty states every report shares.
import type { ReactNode } from 'react';
import { ErrorState, Skeleton } from '../../../ui';
import type { DayRange, ReportKind } from '../api';
import { REPORTS_COPY as M } from '../messages';

/** What a report grouped by a breakdown takes: its period and the group its table shows. */
export interface GroupedReportProps<G extends string> {
  readonly slug: string;
  readonly range: DayRange;
  readonly groupBy: G;
  readonly onGroupBy: (group: G) => void;
}

/** Loading, error and empty states around a report's body. */
export function ReportState({
  query,
  empty,
  kind,
  children,
}: {
  readonly query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  readonly empty: boolean;
  readonly kind: ReportKind;
  readonly children: () => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="rpt-stack" role="status" aria-label={M.loading}>
        <Skeleton height={84} />
        <Skeleton height={260} />
      </div>
    );
  if (query.isError)
    return (
      <div className="ui-card">
        <ErrorState title={M.loadFailed} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  return (
    <div className="rpt-stack" data-testid={`report-${kind}`}>
      {empty ? (
        <p className="ui-card rpt-empty" data-testid="report-empty">
          {M.noData[kind]}
        </p>
      ) : (
        children()
      )}
    </div>
  );
}
