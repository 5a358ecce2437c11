import type { ReactNode } from 'react';

/** The colour intent of a {@link Badge}. */
export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

/** A small pill for counts and statuses. */
export function Badge({
  tone = 'neutral',
  children,
  label,
  'data-testid': testId,
}: {
  readonly tone?: BadgeTone;
  readonly children: ReactNode;
  /** An accessible name when the visible text is not enough (a bare count). */
  readonly label?: string;
  readonly 'data-testid'?: string;
}) {
  return (
    <span className="ui-badge" data-tone={tone} aria-label={label} data-testid={testId}>
      {children}
    </span>
  );
}
