import { restoreCell } from '../../../../server/src/contract/csv-cell';
import type { TranscriptTurn } from './types';

/**
 * Splits CSV text into rows of fields (RFC 4180: quoted fields, doubled quotes, CRLF or LF); the
 * `'` the CSV cell rule puts before formula-looking text is taken off.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(restoreCell(field));
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(restoreCell(field));
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(restoreCell(field));
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** Milliseconds from a time cell: a number of ms or seconds (by header), or [h:]mm:ss[.fff]. */
function toMillis(value: string, unitIsSeconds: boolean): number {
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v) * (unitIsSeconds ? 1000 : 1);
  const parts = v.split(':').map(Number);
  if (parts.some((p) => Number.isNaN(p))) return 0;
  return parts.reduce((acc, p) => acc * 60 + p, 0) * 1000;
}

const find = (header: string[], ...names: string[]) =>
  header.findIndex((h) => names.some((n) => h.includes(n)));

/**
 * Reads the transcript CSV of the voice API into speaker turns. Columns are found by their
 * header (speaker/role/participant, name, begin/start, end, content/text), so the order of the
 * columns does not matter.
 */
export function parseTranscriptCsv(text: string): TranscriptTurn[] {
  const [rawHeader, ...rows] = parseCsv(text);
  if (!rawHeader) return [];
  const header = rawHeader.map((h) => h.trim().toLowerCase());
  const role = find(header, 'role', 'speaker', 'participant');
  const name = find(header, 'name');
  const begin = find(header, 'begin', 'start');
  const end = find(header, 'end');
  const content = find(header, 'content', 'text', 'transcript', 'message');
  const seconds = (i: number) => i >= 0 && /sec|\(s\)/.test(header[i] ?? '');
  return rows.map((r) => {
    const roleText = (r[role] ?? '').trim().toUpperCase();
    const speaker: TranscriptTurn['speaker'] = roleText.includes('AGENT')
      ? 'AGENT'
      : roleText.includes('CUSTOMER')
        ? 'CUSTOMER'
        : 'SYSTEM';
    return {
      speaker,
      speakerName: (name >= 0 && name !== role ? r[name] : undefined)?.trim() || titleCase(speaker),
      begin: begin >= 0 ? toMillis(r[begin] ?? '0', seconds(begin)) : 0,
      end: end >= 0 ? toMillis(r[end] ?? '0', seconds(end)) : 0,
      text: (r[content] ?? '').trim(),
    };
  });
}

function titleCase(s: string) {
  return s.charAt(0) + s.slice(1).toLowerCase();
}
