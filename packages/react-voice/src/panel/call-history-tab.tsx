/**
 * The voice panel's 'Call history' tab: text search (placeholder 'Search', Escape clears it,
 * 1000 ms debounce), the type dropdown (All, Missed, Inbound, Outbound, Transferred), rows grouped
 * by day (Today, Yesterday, a medium date), more pages as the user nears the end with skeletons
 * while loading, every row action, the mobile labels, widget mode's action sheet, and the empty
 * states. The list is virtualised (TanStack Virtual).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  ArrowRightLeft,
  Download,
  Ellipsis,
  History,
  PhoneIncoming,
  PhoneMissed,
  PhoneOutgoing,
  SearchX,
  Users,
} from 'lucide-react';
import { Fragment, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import type { CallHistoryItem, HistorySearchType } from '../api/contract';
import { saveBlob } from '../api/downloads';
import { formatMinutesSeconds } from '../controller/agent-status';
import type { CallState, VoiceState } from '../controller/types';
import { historyContactName, voiceRoutes } from '../lists/lists';
import type { CallHistoryDay } from '../lists/lists';
import { useVoiceMessages } from '../i18n/context';
import type { VoiceMessages } from '../i18n/context';
import type { VoiceUiMessageKey } from '../i18n/catalogue';
import { useVoiceController, useVoiceSelector } from '../react/context';
import { useCallHistory } from '../react/list-hooks';
import { VoiceActionSheet, VoiceActionSheetItem, VoiceActionSheetLabel } from '../ui/action-sheet';
import { VoiceAvatar } from '../ui/avatar';
import { VoiceButton } from '../ui/button';
import { cx } from '../ui/cx';
import { VoiceEmptyState } from '../ui/empty-state';
import { IconButton } from '../ui/icon-button';
import {
  VoiceMenu,
  VoiceMenuContent,
  VoiceMenuGroup,
  VoiceMenuItem,
  VoiceMenuLabel,
  VoiceMenuSeparator,
  VoiceMenuTrigger,
} from '../ui/menu';
import { VoiceSearchInput } from '../ui/search-input';
import { VoiceSelect } from '../ui/select';
import { VoiceSkeleton } from '../ui/skeleton';
import { historyActions, historyHref, historyPhone } from './history-actions';
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

/** Height of a day heading in the virtual list (px). */
export const HISTORY_DAY_HEIGHT = 32;
/** Height of a call row in the virtual list (px). */
export const HISTORY_ROW_HEIGHT = 64;
/** Skeleton rows while the first page loads, and at the end while the next one loads. */
const FIRST_PAGE_SKELETONS = 6;
const NEXT_PAGE_SKELETONS = 3;
/** Load the next page when the last rendered row is this close to the end. */
const LOAD_MORE_THRESHOLD = 5;

/** The type dropdown's choices, in the spec's order. */
const SEARCH_TYPES: readonly { value: HistorySearchType; label: VoiceUiMessageKey }[] = [
  { value: 'all', label: 'historyTypeAll' },
  { value: 'missed', label: 'historyTypeMissed' },
  { value: 'inbound', label: 'historyTypeInbound' },
  { value: 'outbound', label: 'historyTypeOutbound' },
  { value: 'transferred', label: 'historyTypeTransferred' },
];

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

/** The kind of a call for its icon and label: missed (not answered), or its type. */
function callKind(item: CallHistoryItem): 'missed' | 'inbound' | 'outbound' | 'transfer' {
  return item.answered ? item.communicationType : 'missed';
}

const KIND_LABELS: Record<ReturnType<typeof callKind>, VoiceUiMessageKey> = {
  missed: 'historyTypeMissed',
  inbound: 'historyTypeInbound',
  outbound: 'historyTypeOutbound',
  transfer: 'historyTypeTransferred',
};

function KindIcon(props: { readonly kind: ReturnType<typeof callKind> }): ReactElement {
  const size = 16;
  switch (props.kind) {
    case 'missed':
      return <PhoneMissed size={size} aria-hidden="true" />;
    case 'inbound':
      return <PhoneIncoming size={size} aria-hidden="true" />;
    case 'outbound':
      return <PhoneOutgoing size={size} aria-hidden="true" />;
    default:
      return <ArrowRightLeft size={size} aria-hidden="true" />;
  }
}

function dayLabel(day: CallHistoryDay, messages: VoiceMessages): string {
  if (day.kind !== 'date') return messages.t(day.label);
  return new Intl.DateTimeFormat(messages.tag, { dateStyle: 'medium' }).format(day.date);
}

function timeOf(item: CallHistoryItem, tag: string): string {
  return new Intl.DateTimeFormat(tag, { timeStyle: 'short' }).format(Date.parse(item.createdAt));
}

const selectCall = (s: VoiceState): CallState => s.call;
const selectVoiceModuleEnabled = (s: VoiceState): boolean => s.session.voiceModuleEnabled;

interface RowProps {
  readonly item: CallHistoryItem;
  readonly start: number;
  readonly index: number;
  readonly setSize: number;
  readonly actionContext: HistoryActionContext;
  readonly widget: boolean;
  readonly onAction: (item: CallHistoryItem, action: HistoryAction['id']) => void;
  readonly onOpenSheet: (item: CallHistoryItem) => void;
}

/** The actions as a dropdown menu, 'Download' as a labelled group. */
function ActionsMenu(props: {
  readonly item: CallHistoryItem;
  readonly contact: string;
  readonly actions: readonly HistoryAction[];
  readonly onAction: RowProps['onAction'];
}): ReactElement {
  const { t } = useVoiceMessages();
  const { item, contact, actions, onAction } = props;
  const before = actions.filter((a) => !a.download && a.id !== 'details');
  const downloads = actions.filter((a) => a.download);
  const after = actions.filter((a) => a.id === 'details');
  const entry = (a: HistoryAction) => (
    <VoiceMenuItem
      key={a.id}
      icon={a.icon}
      disabled={a.disabled}
      data-action={a.id}
      onSelect={() => onAction(item, a.id)}
    >
      {a.label}
    </VoiceMenuItem>
  );
  return (
    <VoiceMenu modal={false}>
      <VoiceMenuTrigger asChild>
        <IconButton
          className="xv-history-row__more"
          label={t('historyRowActions', { contact })}
          tooltip={false}
          icon={<Ellipsis size={18} aria-hidden="true" />}
          data-testid="voice-call-actions"
        />
      </VoiceMenuTrigger>
      <VoiceMenuContent align="end" className="xv-history-menu" data-testid="voice-call-menu">
        {before.map(entry)}
        <VoiceMenuSeparator />
        <VoiceMenuGroup>
          <VoiceMenuLabel>{t('download')}</VoiceMenuLabel>
          {downloads.map(entry)}
        </VoiceMenuGroup>
        <VoiceMenuSeparator />
        {after.map(entry)}
      </VoiceMenuContent>
    </VoiceMenu>
  );
}

const CallRow = memo(function CallRow(props: RowProps): ReactElement {
  const messages = useVoiceMessages();
  const { t, tag } = messages;
  const { item, start, index, setSize, actionContext, widget, onAction, onOpenSheet } = props;
  const actions = useMemo(() => historyActions(item, actionContext, t), [item, actionContext, t]);
  const kind = callKind(item);
  const contact = historyContactName(item, actionContext.formatPhoneNumber);
  const time = timeOf(item, tag);
  const typeLabel = t(KIND_LABELS[kind]);
  const duration =
    item.recordingDuration !== null ? formatMinutesSeconds(item.recordingDuration * 1000) : null;
  const content = (
    <>
      <span className="xv-history-row__icon" data-kind={kind}>
        <KindIcon kind={kind} />
      </span>
      <span className="xv-history-row__text">
        <span className="xv-history-row__contact">{contact}</span>
        <span className="xv-history-row__meta">
          <span>{typeLabel}</span>
          {duration && (
            <>
              <span aria-hidden="true">·</span>
              <span>
                <span aria-hidden="true">{duration}</span>
                <span className="xv-visually-hidden">{t('historyDuration', { duration })}</span>
              </span>
            </>
          )}
          {item.afterCallWork && (item.afterCallWork.disposition || item.afterCallWork.notes) && (
            <>
              <span aria-hidden="true">·</span>
              <span
                className="xv-history-row__disposition"
                data-testid="voice-call-disposition"
                title={item.afterCallWork.notes || undefined}
              >
                <span aria-hidden="true">{item.afterCallWork.disposition ?? t('acwNotes')}</span>
                <span className="xv-visually-hidden">
                  {t('historyDispositionNotes', {
                    disposition: item.afterCallWork.disposition ?? '—',
                    notes: item.afterCallWork.notes || '—',
                  })}
                </span>
              </span>
            </>
          )}
          {item.agent && (
            <>
              <span aria-hidden="true">·</span>
              <span
                className="xv-history-row__agent"
                title={t('historyAgent', { name: item.agent.name })}
              >
                <VoiceAvatar name={item.agent.name} src={item.agent.avatarURL} size={18} />
                <span className="xv-visually-hidden">
                  {t('historyAgent', { name: item.agent.name })}
                </span>
              </span>
            </>
          )}
        </span>
      </span>
      <time className="xv-history-row__time" dateTime={item.createdAt}>
        {time}
      </time>
    </>
  );
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className="xv-history-row"
      data-testid="voice-call-row"
      data-id={item.id}
      data-state={kind}
      style={{ transform: `translateY(${start}px)`, height: HISTORY_ROW_HEIGHT }}
    >
      {widget ? (
        <button
          type="button"
          className="xv-history-row__main"
          aria-haspopup="dialog"
          aria-label={t('historyRowOpen', { contact, type: typeLabel, time })}
          onClick={() => onOpenSheet(item)}
        >
          {content}
        </button>
      ) : (
        <>
          <div className="xv-history-row__main">{content}</div>
          <ActionsMenu item={item} contact={contact} actions={actions} onAction={onAction} />
        </>
      )}
    </div>
  );
});

function SkeletonRow(props: { readonly start?: number }): ReactElement {
  return (
    <div
      className="xv-history-row xv-history-row--skeleton"
      data-testid="voice-call-skeleton"
      aria-hidden="true"
      style={{
        height: HISTORY_ROW_HEIGHT,
        ...(props.start !== undefined ? { transform: `translateY(${props.start}px)` } : {}),
      }}
    >
      <VoiceSkeleton circle width={32} height={32} />
      <span className="xv-history-row__text">
        <VoiceSkeleton width="50%" height={12} />
        <VoiceSkeleton width="70%" height={10} />
      </span>
    </div>
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
  const controller = useVoiceController();
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

  const scrollRef = useRef<HTMLDivElement>(null);
  const estimateSize = useCallback(
    (i: number) => (items[i]?.kind === 'day' ? HISTORY_DAY_HEIGHT : HISTORY_ROW_HEIGHT),
    [items],
  );
  const getItemKey = useCallback((i: number) => items[i]?.key ?? i, [items]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's documented use
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 6,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems[virtualItems.length - 1]?.index ?? -1;

  // More are loaded when the user nears the end.
  const { hasMore, loadingMore, status, error, loadMore } = history;
  useEffect(() => {
    if (status !== 'ready' || !hasMore || loadingMore || error) return;
    if (lastIndex >= 0 && lastIndex >= items.length - LOAD_MORE_THRESHOLD) void loadMore();
  }, [status, hasMore, loadingMore, error, lastIndex, items.length, loadMore]);

  const runAction = useCallback(
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
  if (state === 'loading') {
    body = (
      <div className="xv-panel-skeletons">
        {Array.from({ length: FIRST_PAGE_SKELETONS }, (_, i) => (
          <SkeletonRow key={i} />
        ))}
      </div>
    );
  } else if (state === 'error') {
    body = <LoadFailedState error={history.error} onRetry={history.refresh} />;
  } else if (state === 'empty') {
    body = (
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
  } else if (state === 'no-results') {
    body = (
      <VoiceEmptyState
        icon={<SearchX size={22} />}
        title={t('noResultsFound')}
        description={t('noResultsFoundDescription')}
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
              <div
                key={v.key}
                role="listitem"
                aria-posinset={v.index + 1}
                aria-setsize={items.length}
                className="xv-history-day"
                data-testid="voice-call-day"
                data-day={item.day.kind}
                style={{ transform: `translateY(${v.start}px)`, height: HISTORY_DAY_HEIGHT }}
              >
                <h3 className="xv-history-day__heading">{dayLabel(item.day, messages)}</h3>
              </div>
            );
          if (item.kind === 'skeleton') return <SkeletonRow key={v.key} start={v.start} />;
          if (item.kind === 'retry')
            return (
              <div
                key={v.key}
                role="listitem"
                className="xv-history-row xv-history-row--retry"
                style={{ transform: `translateY(${v.start}px)`, height: HISTORY_ROW_HEIGHT }}
              >
                <span>{t('loadFailed')}</span>
                <VoiceButton size="sm" onClick={() => void loadMore()}>
                  {t('retry')}
                </VoiceButton>
              </div>
            );
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

  const sheetActions = sheetItem ? historyActions(sheetItem, actionContext, t) : [];
  return (
    <div
      className={cx('xv-panel-tab xv-call-history', className)}
      data-testid="voice-call-history"
      data-state={state}
      data-variant={widget ? 'widget' : mobile ? 'mobile' : 'desktop'}
    >
      <div className="xv-panel-toolbar">
        <VoiceSearchInput
          className="xv-panel-toolbar__search"
          value={history.searchText}
          onValueChange={(text) =>
            text === '' ? history.clearSearch() : history.setSearchText(text)
          }
          placeholder={t('search')}
          label={t('historySearchLabel')}
        />
        <VoiceSelect
          className="xv-panel-toolbar__select"
          aria-label={t('historyType')}
          value={history.searchType}
          onChange={(e) => {
            const type = SEARCH_TYPES.find((s) => s.value === e.target.value);
            if (type) history.setSearchType(type.value);
          }}
        >
          {SEARCH_TYPES.map((s) => (
            <option key={s.value} value={s.value}>
              {t(s.label)}
            </option>
          ))}
        </VoiceSelect>
        {controller.api.getHistoryCsv && (
          <IconButton
            label={t('historyDownloadCsv')}
            icon={<Download size={16} aria-hidden="true" />}
            onClick={() => {
              controller.api
                .getHistoryCsv?.({
                  searchType: history.searchType,
                  searchText: history.searchText.trim(),
                })
                .then(
                  (blob) => saveBlob(blob, `voice_call_history-${Date.now()}.csv`),
                  () => notify('historyDownloadFailed'),
                );
            }}
            data-testid="voice-history-download"
          />
        )}
      </div>
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
        <VoiceActionSheet
          open={sheetItem !== null}
          onOpenChange={(open) => {
            if (!open) setSheetItem(null);
          }}
          title={sheetItem ? historyContactName(sheetItem, formatPhoneNumber) : ''}
          description={
            sheetItem
              ? `${t(KIND_LABELS[callKind(sheetItem)])} · ${timeOf(sheetItem, messages.tag)}`
              : undefined
          }
          testId="voice-call-sheet"
        >
          {sheetActions.map((a, i) => (
            <Fragment key={a.id}>
              {a.download && !sheetActions[i - 1]?.download && (
                <VoiceActionSheetLabel>{t('download')}</VoiceActionSheetLabel>
              )}
              <VoiceActionSheetItem
                icon={a.icon}
                disabled={a.disabled}
                onSelect={() => sheetItem && runAction(sheetItem, a.id)}
              >
                {a.label}
              </VoiceActionSheetItem>
            </Fragment>
          ))}
        </VoiceActionSheet>
      )}
    </div>
  );
}
