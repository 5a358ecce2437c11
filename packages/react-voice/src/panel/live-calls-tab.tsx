/**
 * The voice panel's 'Live calls' tab: search (placeholder 'Search agent or contact',
 * Escape clears it), 3 skeleton rows while loading, one row per live call with the icon by
 * connection type, the contact, the agent, the mm:ss elapsed time and its button: a disabled
 * 'Ringing' for a ringing call, 'Join' for a connected or on-hold call (disabled while the user is
 * on a call), and the empty states.
 */
import { ArrowRightLeft, PhoneIncoming, PhoneOutgoing, Radio, SearchX } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { ReactElement } from 'react';
import type { VoiceState } from '../controller/types';
import type { LiveCallIcon, LiveCallRow } from '../lists/lists';
import { useVoiceMessages } from '../i18n/context';
import type { VoiceUiMessageKey } from '../i18n/catalogue';
import { useVoiceSelector } from '../react/context';
import { useLiveCalls } from '../react/list-hooks';
import { VoiceAvatar } from '../ui/avatar';
import { VoiceButton } from '../ui/button';
import { cx } from '../ui/cx';
import { VoiceEmptyState } from '../ui/empty-state';
import { VoiceSearchInput } from '../ui/search-input';
import { VoiceSkeleton } from '../ui/skeleton';
import {
  LoadFailedState,
  PanelNotice,
  useNotices,
  usePanelRefresh,
  useReloadFailedNotice,
} from './panel-shared';
import type { VoicePanelNotice } from './panel-shared';

/** Props of {@link LiveCallsTab}. @public */
export interface LiveCallsTabProps {
  /** Shows a notice (a toast) in the host; default: the tab shows it above its list. */
  readonly onNotify?: (notice: VoicePanelNotice) => void;
  /** Called after the user joined a live call (as a monitor), e.g. to close the panel. */
  readonly onJoined?: (idCommunication: string) => void;
  /** An extra class on the tab's root. */
  readonly className?: string;
}

const ICON_LABELS: Record<LiveCallIcon, VoiceUiMessageKey> = {
  'phone-incoming': 'liveInbound',
  'phone-outgoing': 'liveOutbound',
  transfer: 'liveTransfer',
};

function TypeIcon(props: { readonly icon: LiveCallIcon }): ReactElement {
  if (props.icon === 'phone-incoming') return <PhoneIncoming size={16} aria-hidden="true" />;
  if (props.icon === 'phone-outgoing') return <PhoneOutgoing size={16} aria-hidden="true" />;
  return <ArrowRightLeft size={16} aria-hidden="true" />;
}

const selectOnCall = (s: VoiceState): boolean => s.call.status !== 'idle';

function LiveRow(props: {
  readonly row: LiveCallRow;
  readonly joining: boolean;
  readonly onJoin: (idCommunication: string) => void;
}): ReactElement {
  const { t } = useVoiceMessages();
  const { row, joining, onJoin } = props;
  const { item } = row;
  return (
    <li
      className="xv-live"
      data-testid="voice-live-row"
      data-id={row.idCommunication}
      data-state={item.connection.agentContactState}
      data-icon={row.icon}
    >
      <span
        className="xv-live__icon"
        data-icon={row.icon}
        role="img"
        aria-label={t(ICON_LABELS[row.icon])}
      >
        <TypeIcon icon={row.icon} />
      </span>
      <span className="xv-live__text">
        <span className="xv-live__contact">{item.contact.name}</span>
        <span className="xv-live__meta">
          {item.agent && (
            <span className="xv-live__agent">
              <VoiceAvatar name={item.agent.name} src={item.agent.avatarURL} size={18} />
              <span className="xv-live__agent-name">{item.agent.name}</span>
            </span>
          )}
          <span className="xv-live__elapsed" data-testid="voice-live-elapsed">
            <span aria-hidden="true">{row.elapsed}</span>
            <span className="xv-visually-hidden">{t('liveElapsed', { elapsed: row.elapsed })}</span>
          </span>
        </span>
      </span>
      {row.action === 'ringing' && (
        <VoiceButton size="sm" variant="secondary" disabled data-testid="voice-live-action">
          {t('liveRinging')}
        </VoiceButton>
      )}
      {row.action === 'join' && (
        <VoiceButton
          size="sm"
          variant="primary"
          disabled={row.actionDisabled || joining}
          aria-label={t('liveJoinCall', { contact: item.contact.name })}
          icon={<Radio size={14} aria-hidden="true" />}
          data-testid="voice-live-action"
          onClick={() => onJoin(row.idCommunication)}
        >
          {t('liveJoin')}
        </VoiceButton>
      )}
    </li>
  );
}

/**
 * The 'Live calls' tab of the voice panel (`GET /addons/voice/live-calls`; show it only with the
 * live-calls permit). Joining monitors the call. Needs a `VoiceProvider`.
 * @example
 * ```tsx
 * {permits.flag_addons_voice_live_calls && <LiveCallsTab onNotify={toast} />}
 * ```
 * @public
 */
export function LiveCallsTab(props: LiveCallsTabProps): ReactElement {
  const { onNotify, onJoined, className } = props;
  const { t } = useVoiceMessages();
  const live = useLiveCalls();
  const onCall = useVoiceSelector(selectOnCall);
  const { notice, notify, dismiss } = useNotices(onNotify);
  const [joining, setJoining] = useState<string | null>(null);
  usePanelRefresh(live.refresh);

  const { join } = live;
  const onJoin = useCallback(
    (idCommunication: string) => {
      setJoining(idCommunication);
      join(idCommunication)
        .then(() => onJoined?.(idCommunication))
        .catch((error: unknown) => notify(error))
        .finally(() => setJoining(null));
    },
    [join, onJoined, notify],
  );

  useReloadFailedNotice(
    live.status === 'error' && live.list.length > 0 ? live.error : null,
    notify,
  );

  const loading = (live.status === 'idle' || live.status === 'loading') && live.list.length === 0;
  const state = loading
    ? 'loading'
    : live.status === 'error' && live.list.length === 0
      ? 'error'
      : live.empty === 'noLiveCalls'
        ? 'empty'
        : live.empty === 'noneFound'
          ? 'no-results'
          : 'ready';

  let body: ReactElement;
  if (state === 'loading') {
    body = (
      <ul className="xv-live-list" aria-hidden="true">
        {Array.from({ length: live.skeletonRows }, (_, i) => (
          <li key={i} className="xv-live xv-live--skeleton" data-testid="voice-live-skeleton">
            <VoiceSkeleton circle width={32} height={32} />
            <span className="xv-live__text">
              <VoiceSkeleton width="55%" height={12} />
              <VoiceSkeleton width="40%" height={10} />
            </span>
            <VoiceSkeleton width={56} height={28} />
          </li>
        ))}
      </ul>
    );
  } else if (state === 'error') {
    body = <LoadFailedState error={live.error} onRetry={live.refresh} />;
  } else if (state === 'empty') {
    body = (
      <VoiceEmptyState
        icon={<Radio size={22} />}
        title={t('noLiveCalls')}
        description={t('noLiveCallsDescription')}
      />
    );
  } else if (state === 'no-results') {
    body = (
      <VoiceEmptyState
        icon={<SearchX size={22} />}
        title={t('noLiveCallsFound')}
        description={t('noLiveCallsFoundDescription')}
      />
    );
  } else {
    body = (
      <ul className="xv-live-list" aria-label={t('liveCallsListLabel')}>
        {live.rows.map((row) => (
          <LiveRow key={row.idCommunication} row={row} joining={joining !== null} onJoin={onJoin} />
        ))}
      </ul>
    );
  }

  return (
    <div
      className={cx('xv-panel-tab xv-live-calls', className)}
      data-testid="voice-live-calls"
      data-state={state}
    >
      <div className="xv-panel-toolbar">
        <VoiceSearchInput
          className="xv-panel-toolbar__search"
          value={live.searchText}
          onValueChange={(text) => (text === '' ? live.clearSearch() : live.setSearchText(text))}
          placeholder={t('liveSearchPlaceholder')}
        />
      </div>
      <PanelNotice notice={notice} onDismiss={dismiss} />
      {onCall && state === 'ready' && (
        <p className="xv-panel-hint" data-testid="voice-live-blocked">
          {t('liveJoinBlocked')}
        </p>
      )}
      <div className="xv-panel-scroll" aria-busy={loading}>
        {body}
      </div>
    </div>
  );
}
