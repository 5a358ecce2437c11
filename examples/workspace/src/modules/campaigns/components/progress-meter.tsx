/** A determinate progress bar with its figures (a sending campaign's progress). */
export function ProgressMeter({
  value,
  label,
  detail,
  'data-testid': testId,
}: {
  /** 0 to 1. */
  readonly value: number;
  readonly label: string;
  readonly detail?: string;
  readonly 'data-testid'?: string;
}) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div className="cmp-meter" data-testid={testId}>
      <div
        className="cmp-meter__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={detail ? `${percent}% · ${detail}` : `${percent}%`}
      >
        <div className="cmp-meter__bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="cmp-meter__figure">{percent}%</span>
    </div>
  );
}
