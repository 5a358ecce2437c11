/**
 * A row of the call history: the contact, the call's kind, time, agent and recording length, and
 * its actions (a menu on desktop, the action sheet on mobile and in widget mode); and the skeleton
 * row shown while a page loads.
 */
import { ArrowRightLeft, Ellipsis, PhoneIncoming, PhoneMissed, PhoneOutgoing } from 'lucide-react';
import { memo, useMemo } from 'react';
import type { ReactElement } from 'react';
import type { CallHistoryItem } from '../api/contract';
import { formatMinutesSeconds } from '../controller/agent-status';
import { historyContactName } from '../lists/lists';
import { useVoiceMessages } from '../i18n/context';
import type { VoiceUiMessageKey } from '../i18n/catalogue';
import { VoiceAvatar } from '../ui/avatar';
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
import { VoiceSkeleton } from '../ui/skeleton';
import { historyActions } from './history-actions';
import type { HistoryAction, HistoryActionContext } from './history-actions';

/** Height of a day heading in the virtual list (px). */
export const HISTORY_DAY_HEIGHT = 32;
/** Height of a call row in the virtual list (px). */
export const HISTORY_ROW_HEIGHT = 64;

/** The kind of a call for its icon and label: missed (not answered), or its type. */
export function callKind(item: CallHistoryItem): 'missed' | 'inbound' | 'outbound' | 'transfer' {
  return item.answered ? item.communicationType : 'missed';
}

export const KIND_LABELS: Record<ReturnType<typeof callKind>, VoiceUiMessageKey> = {
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

export function timeOf(item: CallHistoryItem, tag: string): string {
  return new Intl.DateTimeFormat(tag, { timeStyle: 'short' }).format(Date.parse(item.createdAt));
}

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

export const CallRow = memo(function CallRow(props: RowProps): ReactElement {
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

export function SkeletonRow(props: { readonly start?: number }): ReactElement {
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
