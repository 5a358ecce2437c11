import type { HTMLAttributes, ReactElement, ReactNode } from 'react';
import { cx } from './cx';

/** The colour of a badge. @public */
export type VoiceBadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

/** Props of {@link VoiceBadge}. @public */
export interface VoiceBadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** The colour (default `neutral`). */
  readonly tone?: VoiceBadgeTone;
  /** An icon before the text. */
  readonly icon?: ReactNode;
  /** The badge's text. */
  readonly children?: ReactNode;
}

/**
 * A small label (`xv-badge`, `data-tone`): a status, a count.
 * @public
 */
export function VoiceBadge(props: VoiceBadgeProps): ReactElement {
  const { tone = 'neutral', icon, className, children, ...rest } = props;
  return (
    <span className={cx('xv-badge', className)} data-tone={tone} {...rest}>
      {icon}
      {children}
    </span>
  );
}
