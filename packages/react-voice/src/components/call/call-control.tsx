/** One round control of the call panel, and how the panel runs a control's action. */
import type { ReactElement, ReactNode } from 'react';

/**
 * Runs a call action from the panel: clears the panel's error, and on failure shows the
 * action's message and reports the error to the host.
 */
export type RunCallAction = (action: () => Promise<unknown>) => void;

/** One round call control with its caption (the caption is the accessible name). */
export function CallControl(props: {
  readonly label: string;
  readonly icon: ReactNode;
  readonly tone?: 'neutral' | 'success' | 'danger';
  readonly pressed?: boolean;
  readonly disabled?: boolean;
  readonly onClick: () => void;
  readonly testId?: string;
}): ReactElement {
  const { label, icon, tone = 'neutral', pressed, disabled, onClick, testId } = props;
  return (
    <button
      type="button"
      className="xv-call-control"
      data-tone={tone}
      data-state={pressed === undefined ? undefined : pressed ? 'on' : 'off'}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      <span className="xv-call-control__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="xv-call-control__label">{label}</span>
    </button>
  );
}
