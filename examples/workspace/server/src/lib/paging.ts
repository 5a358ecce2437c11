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

/** Decodes a cursor; a malformed one answers 400 on `query.cursor`. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    const date = new Date(String(at));
    if (typeof id !== 'string' || Number.isNaN(date.getTime())) throw new Error('bad');
    return { at: date, id };
  } catch {
    throw new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [
      { path: 'query.cursor', message: 'Invalid cursor' },
    ]);
  }
}

/** Escapes LIKE wildcards so that a search text matches literally. */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
