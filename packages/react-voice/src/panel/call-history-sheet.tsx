/** Widget mode's action sheet for a call of the history. */
import { Fragment } from 'react';
import type { ReactElement } from 'react';
import type { CallHistoryItem } from '../api/contract';
import { historyContactName } from '../lists/lists';
import { useVoiceMessages } from '../i18n/context';
import { VoiceActionSheet, VoiceActionSheetItem, VoiceActionSheetLabel } from '../ui/action-sheet';
import { KIND_LABELS, callKind, timeOf } from './call-history-row';
import { historyActions } from './history-actions';
import type { HistoryAction, HistoryActionContext } from './history-actions';
import type { VoicePanelNavigation } from './panel-shared';

/** Widget mode's action sheet for the selected call: its contact, kind and time, and its actions. */
export function CallHistorySheet(props: {
  readonly item: CallHistoryItem | null;
  readonly actionContext: HistoryActionContext;
  readonly formatPhoneNumber: VoicePanelNavigation['formatPhoneNumber'];
  readonly onClose: () => void;
  readonly onAction: (item: CallHistoryItem, id: HistoryAction['id']) => void;
}): ReactElement {
  const { item, actionContext, formatPhoneNumber, onClose, onAction } = props;
  const messages = useVoiceMessages();
  const { t } = messages;
  const actions = item ? historyActions(item, actionContext, t) : [];
  return (
    <VoiceActionSheet
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={item ? historyContactName(item, formatPhoneNumber) : ''}
      description={
        item ? `${t(KIND_LABELS[callKind(item)])} · ${timeOf(item, messages.tag)}` : undefined
      }
      testId="voice-call-sheet"
    >
      {actions.map((a, i) => (
        <Fragment key={a.id}>
          {a.download && !actions[i - 1]?.download && (
            <VoiceActionSheetLabel>{t('download')}</VoiceActionSheetLabel>
          )}
          <VoiceActionSheetItem
            icon={a.icon}
            disabled={a.disabled}
            onSelect={() => item && onAction(item, a.id)}
          >
            {a.label}
          </VoiceActionSheetItem>
        </Fragment>
      ))}
    </VoiceActionSheet>
  );
}
