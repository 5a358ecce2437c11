/** The call history as the screens show it: days headed Today, Yesterday or a date, contact names. */
import type { CallHistoryItem } from '../api/contract';
import { VISITOR_NAME_PREFIX } from '../controller/constants';
import { voiceMessage } from '../controller/messages';
import type { VoiceMessage } from '../controller/messages';

/** A day of the call history: Today, Yesterday or a medium date. @public */
export interface CallHistoryDay {
  /** `YYYY-MM-DD` in local time. */
  readonly day: string;
  /** Which label the day has. */
  readonly kind: 'today' | 'yesterday' | 'date';
  /** 'Today', 'Yesterday', or the day as a medium date (English; format `date` for other locales). */
  readonly label: VoiceMessage;
  /** Local midnight of the day (epoch ms), to format in another locale. */
  readonly date: number;
  /** The day's calls, newest first. */
  readonly items: readonly CallHistoryItem[];
}

function localDay(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function localMidnight(time: number): number {
  const d = new Date(time);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** A medium date in English (`Nov 23, 2026`). @public */
export function formatMediumDate(time: number, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(time);
}

/**
 * Groups history items (newest first) by local day, headed Today, Yesterday or a medium date.
 * @public
 */
export function groupHistoryByDay(
  items: readonly CallHistoryItem[],
  now: number,
): CallHistoryDay[] {
  const today = localDay(now);
  const midnight = localMidnight(now);
  const yesterday = localDay(new Date(midnight).setDate(new Date(midnight).getDate() - 1));
  const days: { day: string; date: number; items: CallHistoryItem[] }[] = [];
  for (const item of items) {
    const time = Date.parse(item.createdAt);
    const day = localDay(time);
    const last = days[days.length - 1];
    if (last?.day === day) last.items.push(item);
    else days.push({ day, date: localMidnight(time), items: [item] });
  }
  return days.map(({ day, date, items: dayItems }) => {
    const kind = day === today ? 'today' : day === yesterday ? 'yesterday' : 'date';
    return {
      day,
      kind,
      date,
      items: dayItems,
      label:
        kind === 'today'
          ? voiceMessage('today')
          : kind === 'yesterday'
            ? voiceMessage('yesterday')
            : voiceMessage('mediumDate', { date: formatMediumDate(date) }),
    };
  });
}

/**
 * The name to show for a history item's contact: a name starting with the visitor prefix is shown
 * as the phone.
 * @public
 */
export function historyContactName(
  item: Pick<CallHistoryItem, 'contact' | 'contactPhoneNumber'>,
  formatPhoneNumber?: (phoneNumber: string) => string,
): string {
  const { name, phone } = item.contact;
  if (!name.toLowerCase().startsWith(VISITOR_NAME_PREFIX)) return name;
  const number = phone ?? item.contactPhoneNumber;
  if (!number) return name;
  return formatPhoneNumber ? formatPhoneNumber(number) : number;
}
