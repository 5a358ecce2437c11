// A report's breakdown: one row per group (channel, team, agent, queue), with its group picker.
import type { ReactNode } from 'react';
import { formatCount } from '../format';
import { Select } from '../../../ui';
import { REPORTS_COPY as M } from '../messages';

/** The breakdown: one row per group, the columns given. */
export function Breakdown<G extends string, R extends { key: string | null; label: string }>({
  rows,
  columns,
  groupBy,
  groups,
  onGroupBy,
}: {
  readonly rows: readonly R[];
  readonly columns: readonly { key: string; label: string; cell: (row: R) => ReactNode }[];
  readonly groupBy: G;
  readonly groups: Record<G, string>;
  readonly onGroupBy: (group: G) => void;
}) {
  const options = (Object.keys(groups) as G[]).map((value) => ({ value, label: groups[value] }));
  return (
    <section className="ui-card rpt-card">
      <header className="rpt-card__header">
        <h2 id="rpt-breakdown" className="rpt-card__title">
          {M.breakdown}
        </h2>
        <Select
          label={M.groupBy}
          value={groupBy}
          options={options}
          onValueChange={onGroupBy}
          data-testid="reports-group-by"
        />
      </header>
      {/* Scrolls sideways on a narrow screen: focusable so the keyboard can scroll it too. */}
      <div className="rpt-table-wrap" tabIndex={0} role="region" aria-labelledby="rpt-breakdown">
        <table className="rpt-table" data-testid="report-breakdown">
          <thead>
            <tr>
              <th scope="col">{groups[groupBy]}</th>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key ?? '∅'}>
                <th scope="row">{r.label}</th>
                {columns.map((c) => (
                  <td key={c.key}>{c.cell(r)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A breakdown cell that writes a count. */
export const countCell =
  <R,>(pick: (r: R) => number) =>
  (r: R) =>
    formatCount(pick(r));
