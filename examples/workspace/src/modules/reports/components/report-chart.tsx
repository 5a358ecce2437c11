// The Reports area's day-by-day chart (Recharts: SVG, themed with the design tokens). Reached only
// through React.lazy, so the chart library loads with the Reports screen.
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** One line of the chart: the field of each point it draws, its name and colour. */
export interface ChartSeries {
  readonly key: string;
  readonly name: string;
  readonly color: string;
}

/** Lines over the days of a report; `percent` draws shares (0..1) as percentages. */
export function ReportChart({
  data,
  series,
  percent = false,
  height = 240,
}: {
  readonly data: readonly Record<string, string | number | null>[];
  readonly series: readonly ChartSeries[];
  readonly percent?: boolean;
  readonly height?: number;
}) {
  const tick = { fill: 'var(--color-text-muted)', fontSize: 11 };
  const asPercent = (v: number) => `${Math.round(v * 100)}%`;
  return (
    <div className="rpt-chart" data-testid="report-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={height}>
        <LineChart
          data={data}
          margin={{ top: 8, right: 12, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="label"
            tick={tick}
            tickLine={false}
            axisLine={{ stroke: 'var(--color-border-strong)' }}
            minTickGap={24}
          />
          <YAxis
            allowDecimals={percent}
            domain={percent ? [0, 1] : [0, 'auto']}
            tickFormatter={percent ? asPercent : undefined}
            tick={tick}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            formatter={percent ? (v) => asPercent(Number(v)) : undefined}
            contentStyle={{
              background: 'var(--color-surface-raised)',
              border: '1px solid var(--color-border)',
              borderRadius: 8,
              color: 'var(--color-text)',
              fontSize: 12,
            }}
            labelStyle={{ color: 'var(--color-text)', fontWeight: 600 }}
          />
          <Legend
            itemSorter={null}
            wrapperStyle={{ fontSize: 12, color: 'var(--color-text-muted)' }}
          />
          {series.map((s) => (
            <Line
              key={s.key}
              type="linear"
              dataKey={s.key}
              name={s.name}
              stroke={s.color}
              strokeWidth={2}
              dot={data.length <= 31 ? { r: 2 } : false}
              connectNulls={percent}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
