/**
 * The voice panel's 'Queues' tab (supervisors, with the live-calls permit): per contact-centre
 * queue the calls waiting, the longest wait (a running clock), and the agents available, online and
 * on a call; 'Take next call' on a queue of the user's routing profile with calls waiting, which
 * sets the user Available so that the longest-waiting call of their queues rings for them.
 */
import { Inbox, PhoneIncoming } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { ReactElement } from 'react';
import { useVoiceMessages } from '../i18n/context';
import type { QueueRow } from '../lists/queues';
import { useQueues } from '../react/list-hooks';
import { VoiceButton } from '../ui/button';
import { cx } from '../ui/cx';
import { VoiceEmptyState } from '../ui/empty-state';
import { VoiceSkeleton } from '../ui/skeleton';
import {
  LoadFailedState,
  PanelNotice,
  useNotices,
  usePanelRefresh,
  useReloadFailedNotice,
} from './panel-shared';
import type { VoicePanelNotice } from './panel-shared';

/** Props of {@link QueuesTab}. @public */
export interface QueuesTabProps {
  /** Shows a notice (a toast) in the host; default: the tab shows it above its list. */
  readonly onNotify?: (notice: VoicePanelNotice) => void;
  /** Called once the user took the next call (was set Available), e.g. to close the panel. */
  readonly onTookNextCall?: () => void;
  /** An extra class on the tab's root. */
  readonly className?: string;
}

function QueueFigure(props: {
  readonly name: string;
  readonly label: string;
  readonly value: string | number;
}): ReactElement {
  return (
    <div className="xv-queue__figure" data-figure={props.name}>
      <dt className="xv-queue__figure-label">{props.label}</dt>
      <dd className="xv-queue__figure-value" data-testid={`voice-queue-${props.name}`}>
        {props.value}
      </dd>
    </div>
  );
}

function QueueItem(props: {
  readonly row: QueueRow;
  readonly taking: boolean;
  readonly onTake: () => void;
}): ReactElement {
  const { t } = useVoiceMessages();
  const { row, taking, onTake } = props;
  const { item } = row;
  const nameId = `xv-queue-${row.id}`;
  return (
    <li
      className="xv-queue"
      data-testid="voice-queue-row"
      data-id={row.id}
      data-waiting={item.callsWaiting}
      aria-labelledby={nameId}
    >
      <div className="xv-queue__head">
        <span className="xv-queue__name" id={nameId}>
          {item.queue.name}
        </span>
        {row.canTakeNextCall && (
          <VoiceButton
            size="sm"
            variant="primary"
            disabled={taking}
            aria-label={t('queueTakeNextCallFrom', { queue: item.queue.name })}
            icon={<PhoneIncoming size={14} aria-hidden="true" />}
            data-testid="voice-queue-take"
            onClick={onTake}
          >
            {t('queueTakeNextCall')}
          </VoiceButton>
        )}
      </div>
      <dl className="xv-queue__figures">
        <QueueFigure name="waiting" label={t('queueCallsWaiting')} value={item.callsWaiting} />
        <QueueFigure
          name="longest-wait"
          label={t('queueLongestWait')}
          value={row.longestWait ?? t('queueNoWait')}
        />
        <QueueFigure
          name="available"
          label={t('queueAgentsAvailable')}
          value={item.agentsAvailable}
        />
        <QueueFigure name="online" label={t('queueAgentsOnline')} value={item.agentsOnline} />
        <QueueFigure name="on-call" label={t('queueAgentsOnCall')} value={item.agentsOnCall} />
      </dl>
    </li>
  );
}

/**
 * The 'Queues' tab of the voice panel (`GET /addons/voice/queues`; show it with the live-calls
 * permit, when the API has `VoiceApi.getQueues`). Live with `VoiceApi.subscribe`.
 * Needs a `VoiceProvider`.
 * @example
 * ```tsx
 * {permits.flag_addons_voice_live_calls && <QueuesTab onNotify={toast} />}
 * ```
 * @public
 */
export function QueuesTab(props: QueuesTabProps): ReactElement {
  const { onNotify, onTookNextCall, className } = props;
  const { t } = useVoiceMessages();
  const queues = useQueues();
  const { notice, notify, dismiss } = useNotices(onNotify);
  const [taking, setTaking] = useState(false);
  usePanelRefresh(queues.refresh);

  const { takeNextCall } = queues;
  const onTake = useCallback(() => {
    setTaking(true);
    takeNextCall()
      .then(() => onTookNextCall?.())
      .catch((error: unknown) => notify(error))
      .finally(() => setTaking(false));
  }, [takeNextCall, onTookNextCall, notify]);

  useReloadFailedNotice(
    queues.status === 'error' && queues.list.length > 0 ? queues.error : null,
    notify,
  );

  const loading =
    (queues.status === 'idle' || queues.status === 'loading') && queues.list.length === 0;
  const state = loading
    ? 'loading'
    : queues.status === 'error' && queues.list.length === 0
      ? 'error'
      : queues.empty
        ? 'empty'
        : 'ready';

  let body: ReactElement;
  if (state === 'loading') {
    body = (
      <ul className="xv-queue-list" aria-hidden="true">
        {Array.from({ length: queues.skeletonRows }, (_, i) => (
          <li key={i} className="xv-queue xv-queue--skeleton" data-testid="voice-queue-skeleton">
            <VoiceSkeleton width="45%" height={12} />
            <VoiceSkeleton width="90%" height={28} />
          </li>
        ))}
      </ul>
    );
  } else if (state === 'error') {
    body = <LoadFailedState error={queues.error} onRetry={queues.refresh} />;
  } else if (state === 'empty') {
    body = (
      <VoiceEmptyState
        icon={<Inbox size={22} />}
        title={t('noQueues')}
        description={t('noQueuesDescription')}
      />
    );
  } else {
    body = (
      <ul className="xv-queue-list" aria-label={t('queuesListLabel')}>
        {queues.rows.map((row) => (
          <QueueItem key={row.id} row={row} taking={taking} onTake={onTake} />
        ))}
      </ul>
    );
  }

  return (
    <div
      className={cx('xv-panel-tab xv-queues', className)}
      data-testid="voice-queues"
      data-state={state}
    >
      <PanelNotice notice={notice} onDismiss={dismiss} />
      {state === 'ready' && queues.rows.some((r) => r.canTakeNextCall) && (
        <p className="xv-panel-hint" data-testid="voice-queue-hint">
          {t('queueTakeNextCallHint')}
        </p>
      )}
      <div className="xv-panel-scroll" aria-busy={loading}>
        {body}
      </div>
    </div>
  );
}
