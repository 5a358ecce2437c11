import type { ReactElement, ReactNode } from 'react';
import { cx } from './cx';

/** Props of {@link VoiceEmptyState}. @public */
export interface VoiceEmptyStateProps {
  /** The headline ('No voice calls'). */
  readonly title: ReactNode;
  /** A line under the headline. */
  readonly description?: ReactNode;
  /** A lucide icon (or any element), shown in a tinted circle. */
  readonly icon?: ReactNode;
  /** A call to action (a button). */
  readonly action?: ReactNode;
  /** `error` tints the icon with the danger colour. */
  readonly tone?: 'neutral' | 'error';
  /** Extra class names. */
  readonly className?: string;
}

/**
 * An empty (or error) state of a list: icon, title, description and an action (`xv-empty`).
 * @public
 */
export function VoiceEmptyState(props: VoiceEmptyStateProps): ReactElement {
  const { title, description, icon, action, tone = 'neutral', className } = props;
  return (
    <div
      className={cx('xv-empty', className)}
      data-tone={tone}
      role={tone === 'error' ? 'alert' : undefined}
    >
      {icon && (
        <span className="xv-empty__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <p className="xv-empty__title">{title}</p>
      {description && <p className="xv-empty__description">{description}</p>}
      {action && <div className="xv-empty__action">{action}</div>}
    </div>
  );
}
