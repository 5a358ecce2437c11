import type { CSSProperties } from 'react';

/** A shimmering placeholder shown while content loads. */
export function Skeleton({
  width = '100%',
  height = 12,
  radius,
  style,
}: {
  readonly width?: number | string;
  readonly height?: number | string;
  readonly radius?: number | string;
  readonly style?: CSSProperties;
}) {
  return (
    <span
      className="ui-skeleton"
      aria-hidden="true"
      style={{ width, height, borderRadius: radius, ...style }}
    />
  );
}

/** A list of placeholder rows (avatar and two lines), announced as loading. */
export function SkeletonList({
  rows = 6,
  label = 'Loading',
  'data-testid': testId,
}: {
  readonly rows?: number;
  readonly label?: string;
  readonly 'data-testid'?: string;
}) {
  return (
    <div role="status" aria-label={label} data-testid={testId} style={{ display: 'grid' }}>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          style={{ display: 'flex', gap: 12, padding: '12px 16px', alignItems: 'center' }}
        >
          <Skeleton width={32} height={32} radius="50%" />
          <div style={{ flex: 1, display: 'grid', gap: 8 }}>
            <Skeleton width={`${40 + ((i * 17) % 35)}%`} height={11} />
            <Skeleton width={`${60 + ((i * 13) % 30)}%`} height={10} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A thin indeterminate progress bar for long work. */
export function ProgressBar({ label }: { readonly label: string }) {
  return (
    <div className="ui-progress" role="progressbar" aria-label={label} aria-busy="true">
      <div className="ui-progress__bar" />
    </div>
  );
}
