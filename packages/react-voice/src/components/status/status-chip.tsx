import { AlertCircle, ChevronDown, PhoneCall, PhoneOff } from 'lucide-react';
import { forwardRef } from 'react';
import type { ButtonHTMLAttributes } from 'react';
import { useAgentStatus, useVoiceSession } from '../../react/hooks';
import { useVoiceMessages } from '../../i18n/context';
import { cx } from '../../ui/cx';
import { VoiceSkeleton } from '../../ui/skeleton';
import { StartProblem } from './start-problem';
import type { AgentStatusKind } from '../../controller/types';

/** Props of {@link StatusChip}. @public */
export interface StatusChipProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Show the chevron of a menu trigger (the status dropdown sets it). */
  readonly menu?: boolean;
}

/** What the chip shows, as its `data-state`. */
function chipState(kind: AgentStatusKind): string {
  switch (kind) {
    case 'available':
      return 'available';
    case 'offline':
      return 'offline';
    case 'custom':
      return 'custom';
    case 'derived':
      return 'on-call';
    case 'error':
      return 'error';
    default:
      return 'unknown';
  }
}

/**
 * The header chip: the agent status — Available shown 'On', Offline 'Off', a custom state by
 * its name with a phone-disconnect icon, a call state with a phone icon — and the time in that
 * status, ticking every second ('D' for days: `1D 02:03:04`). `data-state`: `loading`,
 * `available`, `offline`, `custom`, `on-call`, `error`, `unknown`. While the voice module starts it
 * shows a placeholder; when the panel's start-up reports a problem (sign-in needed, origin not
 * allowed, unreachable, retries exhausted) it shows why with the action to take (`role="alert"`,
 * `data-testid="voice-start-problem"`, `data-problem`); when voice is off for the workspace it
 * renders nothing. (As a menu trigger,
 * its open state is `aria-expanded`.)
 * @public
 */
export const StatusChip = forwardRef<HTMLButtonElement, StatusChipProps>(function StatusChip(
  { menu, className, ...rest },
  ref,
) {
  const session = useVoiceSession();
  const status = useAgentStatus();
  const { t } = useVoiceMessages();
  if (session.phase === 'disabled' || session.phase === 'idle') return null;
  if (session.phase === 'error') {
    // Nothing to do from here: a status message, not a button.
    const reason = session.error ? t(session.error) : '';
    return (
      <span role="status" className={cx('xv xv-chip', className)} data-state="error">
        <span className="xv-visually-hidden">{t('statusChipLabel')} </span>
        <AlertCircle size={16} aria-hidden="true" className="xv-chip__icon" />
        <span className="xv-chip__label">{reason}</span>
      </span>
    );
  }
  if (!session.ready && session.startProblem) {
    return <StartProblem problem={session.startProblem} className={className} />;
  }
  if (!session.ready) {
    return (
      <span className={cx('xv xv-chip', className)} data-state="loading" aria-busy="true">
        <span className="xv-visually-hidden">{t('loading')}</span>
        <VoiceSkeleton circle width={10} height={10} />
        <VoiceSkeleton width={64} height={10} />
      </span>
    );
  }
  const label = t(status.label);
  const state = chipState(status.kind);
  return (
    <button
      ref={ref}
      type="button"
      {...rest}
      className={cx('xv xv-chip', className)}
      data-state={state}
    >
      <span className="xv-visually-hidden">{t('statusChipLabel')} </span>
      {state === 'custom' ? (
        <PhoneOff size={15} aria-hidden="true" className="xv-chip__icon" />
      ) : state === 'on-call' ? (
        <PhoneCall size={15} aria-hidden="true" className="xv-chip__icon" />
      ) : (
        <span className="xv-chip__dot" aria-hidden="true" />
      )}
      <span className="xv-chip__label" title={label}>
        {label}
      </span>
      {status.elapsed && (
        <time className="xv-chip__timer" data-testid="voice-status-timer">
          {status.elapsed}
        </time>
      )}
      {menu && <ChevronDown size={14} aria-hidden="true" className="xv-chip__chevron" />}
    </button>
  );
});
