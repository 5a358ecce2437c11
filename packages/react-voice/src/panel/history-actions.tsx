/**
 * The actions of one call history row: 'Call to {contact}', 'Open contact page', 'Listen to
 * recording', 'Read call transcript', 'Download' (recording .wav, transcript .csv), 'View more
 * details' — with the mobile labels 'Open user profile' and 'View conversation in inbox'. One list
 * of actions, shown as a dropdown menu (desktop, mobile) or a mobile-style action sheet (widget).
 */
import { Download, ExternalLink, FileText, Phone, Play, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CallHistoryItem } from '../api/contract';
import { historyContactName, voiceRoutes } from '../lists/lists';
import type { VoiceMessages } from '../i18n/context';

/** One row action. */
export interface HistoryAction {
  readonly id:
    | 'call'
    | 'contact'
    | 'recording'
    | 'transcript'
    | 'downloadRecording'
    | 'downloadTranscript'
    | 'details';
  readonly label: string;
  readonly icon: ReactNode;
  readonly disabled: boolean;
  /** The 'Download' group. */
  readonly download?: boolean;
}

/** What decides the actions of a row. */
export interface HistoryActionContext {
  readonly slug: string;
  /** Mobile labels ('Open user profile', 'View conversation in inbox'). */
  readonly mobile: boolean;
  /** The call action appears only when the voice module is enabled. */
  readonly canCall: boolean;
  /** The user is on a call (no new call). */
  readonly onCall: boolean;
  /** How a visitor's number is shown (see `VoicePanelNavigation.formatPhoneNumber`). */
  readonly formatPhoneNumber?: (phoneNumber: string) => string;
}

/** The phone number to call back. */
export function historyPhone(item: CallHistoryItem): string | null {
  return item.contactPhoneNumber ?? item.contact.phone ?? null;
}

/** The app route each navigation action opens (null: the ids are missing, it does nothing). */
export function historyHref(
  id: HistoryAction['id'],
  item: CallHistoryItem,
  slug: string,
): string | null {
  const ids = { idConversation: item.idConversation, idPart: item.idPart };
  switch (id) {
    case 'contact':
      return voiceRoutes.contactProfile(slug, item.contact.id);
    case 'recording':
      return item.recordingUrl ? voiceRoutes.callPart(slug, ids) : null;
    case 'transcript':
      return voiceRoutes.callPart(slug, ids, { transcript: true });
    case 'details':
      return voiceRoutes.conversation(slug, item.idConversation);
    default:
      return null;
  }
}

/** The actions of a history row, in the spec's order. */
export function historyActions(
  item: CallHistoryItem,
  context: HistoryActionContext,
  t: VoiceMessages['t'],
): HistoryAction[] {
  const contact = historyContactName(item, context.formatPhoneNumber);
  const actions: HistoryAction[] = [];
  if (context.canCall)
    actions.push({
      id: 'call',
      label: t('callTo', { contact }),
      icon: <Phone size={16} />,
      disabled: context.onCall || !historyPhone(item),
    });
  actions.push(
    {
      id: 'contact',
      label: t(context.mobile ? 'openUserProfile' : 'openContactPage'),
      icon: <UserRound size={16} />,
      disabled: !historyHref('contact', item, context.slug),
    },
    {
      id: 'recording',
      label: t('listenToRecording'),
      icon: <Play size={16} />,
      disabled: !historyHref('recording', item, context.slug),
    },
    {
      id: 'transcript',
      label: t('readCallTranscript'),
      icon: <FileText size={16} />,
      disabled: !historyHref('transcript', item, context.slug),
    },
    {
      id: 'downloadRecording',
      label: t('downloadRecording'),
      icon: <Download size={16} />,
      disabled: !item.recordingUrl,
      download: true,
    },
    {
      id: 'downloadTranscript',
      label: t('downloadTranscript'),
      icon: <Download size={16} />,
      disabled: !item.idConversation || !item.idPart,
      download: true,
    },
    {
      id: 'details',
      label: t(context.mobile ? 'viewConversationInInbox' : 'viewMoreDetails'),
      icon: <ExternalLink size={16} />,
      disabled: !historyHref('details', item, context.slug),
    },
  );
  return actions;
}
