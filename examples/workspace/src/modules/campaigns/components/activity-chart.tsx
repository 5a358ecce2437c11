// The activity chart of the campaigns area (Recharts: SVG, themed with the design tokens). This
// module is only reached through React.lazy, so the chart library loads with the screens that
// draw a chart, never with the rest of the app.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** One point: a time label and the four counts. */
export interface ActivityPoint {
  readonly label: string;
  readonly sent: number;
  readonly delivered: number;
  readonly failed: number;
  readonly replied: number;
}

const SERIES = [
  { key: 'sent', name: 'Sent', color: 'var(--chart-sent)' },
  { key: 'delivered', name: 'Delivered', color: 'var(--chart-delivered)' },
  { key: 'failed', name: 'Failed', color: 'var(--chart-failed)' },
  { key: 'replied', name: 'Replied', color: 'var(--chart-replied)' },
] as const;

/** Sent, delivered, failed and replied over time: lines, or grouped bars for a few points. */
export function ActivityChart({
  data,
  height = 260,
}: {
  readonly data: readonly ActivityPoint[];
  readonly height?: number;
}) {
  const axes = (
    <>
      <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="label"
        tick={{ fill: 'var(--color-text-muted)', fontSize: 11 }}
        tickLine={false}
        axisLine={{ stroke: 'var(--color-border-strong)' }}
        minTickGap={24}
      />
      <YAxis
        allowDecimals={false}
        tick={{ fill: 'var(--color-text-muted)', fontSize: 11 }}
        tickLine={false}
        axisLine={false}
      />
      <Tooltip
        cursor={{ fill: 'var(--color-surface-hover)' }}
        contentStyle={{
          background: 'var(--color-surface-raised)',
          border: '1px solid var(--color-border)',
          borderRadius: 8,
          color: 'var(--color-text)',
          fontSize: 12,
        }}
        labelStyle={{ color: 'var(--color-text)', fontWeight: 600 }}
      />
      <Legend itemSorter={null} wrapperStyle={{ fontSize: 12, color: 'var(--color-text-muted)' }} />
    </>
  );
  const margin = { top: 8, right: 12, bottom: 0, left: -16 };
  return (
    <div className="cmp-chart" data-testid="activity-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={height}>
        {data.length <= 3 ? (
          <BarChart data={data} margin={margin} accessibilityLayer={false}>
            {axes}
            {SERIES.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.name}
                fill={s.color}
                maxBarSize={36}
                radius={[4, 4, 0, 0]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        ) : (
          <LineChart data={data} margin={margin} accessibilityLayer={false}>
            {axes}
            {SERIES.map((s) => (
              <Line
                key={s.key}
                type="linear"
                dataKey={s.key}
                name={s.name}
                stroke={s.color}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
