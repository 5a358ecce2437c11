import { CtiErrorType } from '@x/connect-streams/protocol';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { MESSAGES } from '../messages';
import { CtiError } from './errors';

/** One page of `items` for an opaque `nextToken` (`p:<offset>` base64url) and `maxResults`. */
export function page<T>(
  items: readonly T[],
  nextToken: string | null | undefined,
  maxResults: number | null | undefined,
): { items: T[]; nextToken: string | null } {
  let offset = 0;
  if (nextToken) {
    const decoded = Buffer.from(nextToken, 'base64url').toString('utf8');
    const match = /^p:(\d+)$/.exec(decoded);
    if (!match) throw new CtiError(CtiErrorType.PAGINATION_EXCEPTION, MESSAGES.invalidNextToken);
    offset = Number(match[1]);
  }
  if (
    maxResults !== null &&
    maxResults !== undefined &&
    (maxResults < 1 || maxResults > MAX_PAGE_SIZE)
  )
    throw new CtiError(
      CtiErrorType.INVALID_PARAMETER_EXCEPTION,
      MESSAGES.invalidParameter(`maxResults must be 1..${MAX_PAGE_SIZE}`),
    );
  const size = maxResults ?? DEFAULT_PAGE_SIZE;
  const slice = items.slice(offset, offset + size);
  const end = offset + slice.length;
  return {
    items: slice,
    nextToken: end < items.length ? Buffer.from(`p:${end}`).toString('base64url') : null,
  };
}
