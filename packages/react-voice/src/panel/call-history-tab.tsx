/**
 * The voice panel's 'Call history' tab: text search (placeholder 'Search', Escape clears it,
 * 1000 ms debounce), the type dropdown (All, Missed, Inbound, Outbound, Transferred), rows grouped
 * by day (Today, Yesterday, a medium date), more pages as the user nears the end with skeletons
 * while loading, every row action, the mobile labels, widget mode's action sheet, and the empty
 * states. The list is virtualised (TanStack Virtual).
 */
import { History, SearchX, Users } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactElement } from 'react';
import type { CallHistoryItem } from '../api/contract';
import type { VoiceMessage } from '../controller/messages';
import type { CallState, VoiceState } from '../controller/types';
import { voiceRoutes } from '../lists/lists';
import type { CallHistoryDay } from '../lists/lists';
import { useVoiceMessages } from '../i18n/context';
import type { VoiceMessages } from '../i18n/context';
import type { VoiceText } from '../i18n/catalogue';
import { useVoiceController, useVoiceSelector } from '../react/context';
import { useCallHistory } from '../react/list-hooks';
import type { UseCallHistoryResult } from '../react/list-hooks';
import { VoiceButton } from '../ui/button';
import { cx } from '../ui/cx';
import { VoiceEmptyState } from '../ui/empty-state';
import { CallRow, HISTORY_DAY_HEIGHT, HISTORY_ROW_HEIGHT, SkeletonRow } from './call-history-row';
import { historyHref, historyPhone } from './history-actions';
import type { HistoryAction, HistoryActionContext } from './history-actions';
import {
  openHref,
  LoadFailedState,
  PanelNotice,
  useNotices,
  usePanelRefresh,
} from './panel-shared';
import type { VoicePanelNavigation } from './panel-shared';
import { SMALL_SCREEN_QUERY, useMediaQuery } from './use-media-query';
import { usePanelVirtualList } from './use-panel-virtual-list';
import { CallHistorySheet } from './call-history-sheet';
import { CallHistoryToolbar } from './call-history-toolbar';

/** Skeleton rows while the first page loads, and at the end while the next one loads. */
const FIRST_PAGE_SKELETONS = 6;
const NEXT_PAGE_SKELETONS = 3;
/** Load the next page when the last rendered row is this close to the end. */
const LOAD_MORE_THRESHOLD = 5;

/** Props of {@link CallHistoryTab}. @public */
export interface CallHistoryTabProps extends VoicePanelNavigation {
  /**
   * Widget (embedded) mode: selecting a row opens a mobile-style action sheet that can be closed,
   * with the mobile labels.
   */
  readonly widget?: boolean;
  /** An extra class on the tab's root. */
  readonly className?: string;
}

type Item =
  | { readonly kind: 'day'; readonly key: string; readonly day: CallHistoryDay }
  | { readonly kind: 'call'; readonly key: string; readonly item: CallHistoryItem }
  | { readonly kind: 'skeleton'; readonly key: string }
  | { readonly kind: 'retry'; readonly key: string };

/** The height of an item in the virtual list (px). */
function heightOf(item: Item | undefined): number {
  return item?.kind === 'day' ? HISTORY_DAY_HEIGHT : HISTORY_ROW_HEIGHT;
}

function dayLabel(day: CallHistoryDay, messages: VoiceMessages): string {
  if (day.kind !== 'date') return messages.t(day.label);
  return new Intl.DateTimeFormat(messages.tag, { dateStyle: 'medium' }).format(day.date);
}

const selectCall = (s: VoiceState): CallState => s.call;
const selectVoiceModuleEnabled = (s: VoiceState): boolean => s.session.voiceModuleEnabled;

/** What the call history shows instead of its rows: skeletons, the load error or an empty state. */
function CallHistoryPlaceholder(props: {
  readonly state: 'loading' | 'error' | 'empty' | 'no-results';
  readonly error: VoiceMessage | null;
  readonly onRetry: () => Promise<void>;
  readonly slug: VoicePanelNavigation['slug'];
  readonly navigate: VoicePanelNavigation['navigate'];
}): ReactElement {
  const { state, error, onRetry, slug, navigate } = props;
  const { t } = useVoiceMessages();
  if (state === 'loading') {
    return (
      <div className="xv-panel-skeletons">
        {Array.from({ length: FIRST_PAGE_SKELETONS }, (_, i) => (
          <SkeletonRow key={i} />
        ))}
      </div>
    );
  }
  if (state === 'error') {
    return <LoadFailedState error={error} onRetry={onRetry} />;
  }
  if (state === 'empty') {
    return (
      <VoiceEmptyState
        icon={<History size={22} />}
        title={t('noVoiceCalls')}
        description={t('noVoiceCallsDescription')}
        action={
          <VoiceButton
            size="sm"
            variant="primary"
            icon={<Users size={16} aria-hidden="true" />}
            onClick={() => openHref(voiceRoutes.contactsUsers(slug), navigate)}
          >
            {t('users')}
          </VoiceButton>
        }
      />
    );
  }
  return (
    <VoiceEmptyState
      icon={<SearchX size={22} />}
      title={t('noResultsFound')}
      description={t('noResultsFoundDescription')}
    />
  );
}

/** A day heading of the call history: Today, Yesterday or the date in the locale. */
function DayHeading(props: {
  readonly day: CallHistoryDay;
  readonly start: number;
  readonly index: number;
  readonly setSize: number;
}): ReactElement {
  const messages = useVoiceMessages();
  const { day, start, index, setSize } = props;
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className="xv-history-day"
      data-testid="voice-call-day"
      data-day={day.kind}
      style={{ transform: `translateY(${start}px)`, height: HISTORY_DAY_HEIGHT }}
    >
      <h3 className="xv-history-day__heading">{dayLabel(day, messages)}</h3>
    </div>
  );
}

/** The row after the loaded calls when the next page failed: 'Retry' loads it again. */
function RetryRow(props: {
  readonly start: number;
  readonly onRetry: () => Promise<void>;
}): ReactElement {
  const { t } = useVoiceMessages();
  return (
    <div
      role="listitem"
      className="xv-history-row xv-history-row--retry"
      style={{ transform: `translateY(${props.start}px)`, height: HISTORY_ROW_HEIGHT }}
    >
      <span>{t('loadFailed')}</span>
      <VoiceButton size="sm" onClick={() => void props.onRetry()}>
        {t('retry')}
      </VoiceButton>
    </div>
  );
}

/**
 * Runs a row action: calls the number, downloads the recording or transcript (telling the user
 * when that fails), or opens the action's page.
 */
function useRunHistoryAction(
  history: UseCallHistoryResult,
  slug: VoicePanelNavigation['slug'],
  navigate: VoicePanelNavigation['navigate'],
  notify: (message: unknown, title?: VoiceText) => void,
): (item: CallHistoryItem, id: HistoryAction['id']) => void {
  const controller = useVoiceController();
  return useCallback(
    (item: CallHistoryItem, id: HistoryAction['id']) => {
      if (id === 'call') {
        const phone = historyPhone(item);
        if (phone) controller.call(phone).catch((e: unknown) => notify(e));
        return;
      }
      if (id === 'downloadRecording' || id === 'downloadTranscript') {
        const download =
          id === 'downloadRecording' ? history.downloadRecording : history.downloadTranscript;
        void download(item).then((result) => {
          if (result.outcome !== 'failed') return;
          if (result.notification) notify(result.notification.message, result.notification.title);
          else notify(result.error);
        });
        return;
      }
      const href = historyHref(id, item, slug);
      if (href) openHref(href, navigate);
    },
    [controller, history.downloadRecording, history.downloadTranscript, slug, navigate, notify],
  );
}

/**
 * The 'Call history' tab of the voice panel (`PATCH /addons/voice/history`, paged by last id).
 * Needs a `VoiceProvider`.
 * @example
 * ```tsx
 * <CallHistoryTab slug="acme" navigate={router.navigate} onNotify={toast} />
 * ```
 * @public
 */
export function CallHistoryTab(props: CallHistoryTabProps): ReactElement {
  const { slug, navigate, onNotify, formatPhoneNumber, widget = false, className } = props;
  const messages = useVoiceMessages();
  const { t } = messages;
  const history = useCallHistory();
  const call = useVoiceSelector(selectCall);
  const canCall = useVoiceSelector(selectVoiceModuleEnabled);
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  const mobile = small || widget;
  const { notice, notify, dismiss } = useNotices(onNotify);
  usePanelRefresh(history.refresh);
  const [sheetItem, setSheetItem] = useState<CallHistoryItem | null>(null);

  const onCall = call.status !== 'idle';
  const actionContext = useMemo<HistoryActionContext>(
    () => ({ slug, mobile, canCall, onCall, formatPhoneNumber }),
    [slug, mobile, canCall, onCall, formatPhoneNumber],
  );

  const items = useMemo(() => {
    const out: Item[] = [];
    for (const day of history.days) {
      out.push({ kind: 'day', key: `day:${day.day}`, day });
      for (const item of day.items) out.push({ kind: 'call', key: `call:${item.id}`, item });
    }
    if (history.loadingMore)
      for (let i = 0; i < NEXT_PAGE_SKELETONS; i++)
        out.push({ kind: 'skeleton', key: `skeleton:${i}` });
    else if (history.error && history.items.length > 0) out.push({ kind: 'retry', key: 'retry' });
    return out;
  }, [history.days, history.loadingMore, history.error, history.items.length]);

  const { scrollRef, virtualizer } = usePanelVirtualList(items, heightOf);
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems[virtualItems.length - 1]?.index ?? -1;

  // More are loaded when the user nears the end.
  const { hasMore, loadingMore, status, error, loadMore } = history;
  useEffect(() => {
    if (status !== 'ready' || !hasMore || loadingMore || error) return;
    if (lastIndex >= 0 && lastIndex >= items.length - LOAD_MORE_THRESHOLD) void loadMore();
  }, [status, hasMore, loadingMore, error, lastIndex, items.length, loadMore]);

  const runAction = useRunHistoryAction(history, slug, navigate, notify);

  const firstLoad = (status === 'idle' || status === 'loading') && history.items.length === 0;
  const state = firstLoad
    ? 'loading'
    : status === 'error'
      ? 'error'
      : history.empty === 'noCalls'
        ? 'empty'
        : history.empty === 'noResults'
          ? 'no-results'
          : 'ready';

  let body: ReactElement;
  if (state !== 'ready') {
    body = (
      <CallHistoryPlaceholder
        state={state}
        error={history.error}
        onRetry={history.refresh}
        slug={slug}
        navigate={navigate}
      />
    );
  } else {
    body = (
      <div
        role="list"
        aria-label={t('historyListLabel')}
        className="xv-vlist"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualItems.map((v) => {
          const item = items[v.index]!;
          if (item.kind === 'day')
            return (
              <DayHeading
                key={v.key}
                day={item.day}
                start={v.start}
                index={v.index}
                setSize={items.length}
              />
            );
          if (item.kind === 'skeleton') return <SkeletonRow key={v.key} start={v.start} />;
          if (item.kind === 'retry')
            return <RetryRow key={v.key} start={v.start} onRetry={loadMore} />;
          return (
            <CallRow
              key={v.key}
              item={item.item}
              start={v.start}
              index={v.index}
              setSize={items.length}
              actionContext={actionContext}
              widget={widget}
              onAction={runAction}
              onOpenSheet={setSheetItem}
            />
          );
        })}
      </div>
    );
  }

  return (
    <div
      className={cx('xv-panel-tab xv-call-history', className)}
      data-testid="voice-call-history"
      data-state={state}
      data-variant={widget ? 'widget' : mobile ? 'mobile' : 'desktop'}
    >
      <CallHistoryToolbar history={history} onNotify={notify} />
      <PanelNotice notice={notice} onDismiss={dismiss} />
      <div
        ref={scrollRef}
        className="xv-panel-scroll"
        aria-busy={firstLoad || history.loadingMore}
        data-testid="voice-call-scroll"
      >
        {body}
        {history.loadingMore && <span className="xv-visually-hidden">{t('loadingMore')}</span>}
      </div>
      {widget && (
        <CallHistorySheet
          item={sheetItem}
          actionContext={actionContext}
          formatPhoneNumber={formatPhoneNumber}
          onClose={() => setSheetItem(null)}
          onAction={runAction}
        />
      )}
    </div>
  );
}
