/** The call panel's status line: the status description and the call time. */
import type { ReactElement } from 'react';
import { formatMinutesSeconds } from '../../controller/agent-status';
import { useVoiceMessages } from '../../i18n/context';
import { useAgentStatus, useCall, useNow } from '../../react/hooks';

/** The status description, and the call time (ticking every second) except in after-call work. */
export function CallStatusLine(props: { readonly view: string }): ReactElement {
  const { view } = props;
  const { t } = useVoiceMessages();
  const call = useCall();
  const status = useAgentStatus();
  const now = useNow(1000, call.startedAt !== null);
  const elapsed = call.startedAt === null ? '' : formatMinutesSeconds(now - call.startedAt);
  return (
    <p className="xv-call__status">
      {/* only the description is announced: the timer would speak every second */}
      <span className="xv-call__description" role="status">
        {t(status.description)}
      </span>
      {elapsed && view !== 'afterCallWork' && (
        <time className="xv-call__timer" data-testid="voice-call-timer">
          {elapsed}
        </time>
      )}
    </p>
  );
}
