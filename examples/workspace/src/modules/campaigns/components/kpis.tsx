import type { CampaignStats } from '../api/types';

const pct = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : '—');

/**
 * The figures of a report (with rates against what was sent) and the recipients. Delivered and
 * read show only where the channel reports them (`receipts`); opted out when it is known.
 */
export function Kpis({
  stats,
  showTotal = true,
  receipts = { delivered: true, read: false },
}: {
  readonly stats: Pick<CampaignStats, 'sent' | 'delivered' | 'failed' | 'replied'> &
    Partial<Pick<CampaignStats, 'total' | 'read' | 'optedOut'>>;
  readonly showTotal?: boolean;
  readonly receipts?: { readonly delivered: boolean; readonly read: boolean };
}) {
  const items = [
    ...(showTotal && stats.total !== undefined
      ? [{ key: 'total', label: 'Recipients', value: stats.total, hint: null }]
      : []),
    { key: 'sent', label: 'Sent', value: stats.sent, hint: null },
    ...(receipts.delivered
      ? [
          {
            key: 'delivered',
            label: 'Delivered',
            value: stats.delivered,
            hint: pct(stats.delivered, stats.sent),
          },
        ]
      : []),
    ...(receipts.read && stats.read !== undefined
      ? [{ key: 'read', label: 'Read', value: stats.read, hint: pct(stats.read, stats.sent) }]
      : []),
    { key: 'failed', label: 'Failed', value: stats.failed, hint: pct(stats.failed, stats.sent) },
    ...(stats.optedOut !== undefined
      ? [{ key: 'opted-out', label: 'Opted out', value: stats.optedOut, hint: null }]
      : []),
    {
      key: 'replied',
      label: 'Replied',
      value: stats.replied,
      hint: pct(stats.replied, stats.sent),
    },
  ];
  return (
    <dl className="cmp-kpis" data-testid="kpis">
      {items.map((i) => (
        <div key={i.key} className="cmp-kpi" data-kpi={i.key} data-testid={`kpi-${i.key}`}>
          <dt className="cmp-kpi__label">{i.label}</dt>
          <dd className="cmp-kpi__value">
            <span data-testid={`kpi-${i.key}-value`}>{i.value.toLocaleString('en-US')}</span>
            {i.hint ? <span className="cmp-kpi__hint">{i.hint}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
