// A call transcript as CSV (RFC 4180): one row per speaker turn, in order. Cells follow the CSV
// cell rule (contract/csv-cell.ts), so what a caller said comes back as inert text.
import { csvField } from '../../contract/csv-cell';
import type { TranscriptLine } from '../../integrations/contact-centre';

export const TRANSCRIPT_CSV_HEADER = [
  'participantRole',
  'participantName',
  'beginOffsetMillis',
  'endOffsetMillis',
  'sentiment',
  'content',
] as const;

/** One CSV cell (the shared rule). */
export const csvCell = (value: string | number): string => csvField(value);

/** The transcript CSV, names of the agent and the customer filled in per turn. */
export function transcriptCsv(
  lines: readonly TranscriptLine[],
  names: { readonly agent: string; readonly customer: string },
): string {
  const rows = [TRANSCRIPT_CSV_HEADER.join(',')];
  for (const l of lines) {
    const name =
      l.participantRole === 'AGENT'
        ? names.agent
        : l.participantRole === 'CUSTOMER'
          ? names.customer
          : l.participantRole;
    rows.push(
      [l.participantRole, name, l.beginOffsetMillis, l.endOffsetMillis, l.sentiment, l.content]
        .map(csvCell)
        .join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}
