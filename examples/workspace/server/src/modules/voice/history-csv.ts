// The call history as CSV (RFC 4180), newest first, with each call's after-call work. Cells
// follow the one CSV cell rule (contract/csv-cell.ts): a note that starts like a formula comes
// back as inert text, a phone number stays a number.
import { csvField } from '../../contract/csv-cell';
import type { CallHistoryItem } from '../../contract/voice';
import { isVisitorName } from '../../lib/links';

/**
 * The contact attributes the after-call work is sent to the contact centre as
 * (UpdateContactAttributes): they show in its contact records.
 */
export const AFTER_CALL_WORK_ATTRIBUTES = {
  disposition: 'disposition',
  notes: 'afterCallNotes',
} as const;

export const HISTORY_CSV_HEADER = [
  'createdAt',
  'type',
  'answered',
  'contactName',
  'contactPhoneNumber',
  'agent',
  'durationSeconds',
  'disposition',
  'notes',
] as const;

/** The history items as a CSV file (header line, one line per call). */
export function historyCsv(items: readonly CallHistoryItem[]): string {
  const rows = [HISTORY_CSV_HEADER.join(',')];
  for (const item of items) {
    const phone = item.contactPhoneNumber ?? item.contact.phone;
    const name = isVisitorName(item.contact.name) ? '' : item.contact.name;
    rows.push(
      [
        item.createdAt,
        item.communicationType,
        item.answered ? 'yes' : 'no',
        name,
        phone,
        item.agent?.name ?? '',
        item.recordingDuration,
        item.afterCallWork?.disposition ?? '',
        item.afterCallWork?.notes ?? '',
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}
