// A report's headline figures: one labelled value per figure, with its hint as a tooltip.

export interface Figure {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly hint?: string;
}

export function Figures({ items }: { readonly items: readonly Figure[] }) {
  return (
    <dl className="rpt-kpis" data-testid="report-figures">
      {items.map((i) => (
        <div key={i.key} className="rpt-kpi" title={i.hint}>
          <dt className="rpt-kpi__label">{i.label}</dt>
          <dd className="rpt-kpi__value" data-testid={`figure-${i.key}`}>
            {i.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
