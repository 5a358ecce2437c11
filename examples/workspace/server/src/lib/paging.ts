// Opaque keyset cursors: `(time, id)` of the last row of a page, base64url-encoded.
import { ApiError } from './errors';
import { MESSAGES } from './messages';

export interface Keyset {
  readonly at: Date;
  readonly id: string;
}

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

const invalidCursor = () =>
  new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [
    { path: 'query.cursor', message: 'Invalid cursor' },
  ]);

/** Years PostgreSQL's timestamptz and JavaScript dates both hold without surprise. */
const MIN_TIME = Date.UTC(1, 0, 1);
const MAX_TIME = Date.UTC(9999, 11, 31);

/** A key part a cursor may carry to the database: text without NUL, of a sane length. */
const keyText = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= 500 && !v.includes('\u0000');

/** The two parts of a cursor (base64url of a JSON pair), or a 400 on `query.cursor`. */
function cursorPair(cursor: string): [unknown, unknown] {
  if (cursor.length > 2_000 || !/^[A-Za-z0-9_-]*$/.test(cursor)) throw invalidCursor();
  try {
    const pair: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(pair) || pair.length !== 2) throw invalidCursor();
    return [pair[0], pair[1]];
  } catch {
    throw invalidCursor();
  }
}

/** Decodes a `(time, id)` cursor; a malformed one answers 400 on `query.cursor`. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined) return undefined;
  const [at, id] = cursorPair(cursor);
  const date = typeof at === 'string' ? new Date(at) : new Date(Number.NaN);
  const time = date.getTime();
  if (!keyText(id) || Number.isNaN(time) || time < MIN_TIME || time > MAX_TIME)
    throw invalidCursor();
  return { at: date, id };
}

/** Encodes a `(name, id)` cursor (lists ordered by lower-case name). */
export function encodeNameCursor(name: string, id: string): string {
  return Buffer.from(JSON.stringify([name.toLowerCase(), id])).toString('base64url');
}

/** Decodes a `(name, id)` cursor; a malformed one answers 400 on `query.cursor`. */
export function decodeNameCursor(
  cursor: string | undefined,
): { name: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [name, id] = cursorPair(cursor);
  if (!keyText(name) || !keyText(id)) throw invalidCursor();
  return { name, id };
}

/** Escapes LIKE wildcards so that a search text matches literally. */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
