import { useLocation } from 'react-router';
import type { InboxList } from '../../../app/paths';

/** Reads the inbox list (all, unassigned, mine, a tag or a view) from a path. */
export function inboxListFromPath(pathname: string): InboxList {
  const [kind, id] = (pathname.split('/inbox/')[1] ?? '').split('/');
  if ((kind === 'tags' || kind === 'views') && id) return { kind, id: decodeURIComponent(id) };
  if (kind === 'unassigned' || kind === 'mine') return { kind };
  return { kind: 'all' };
}

/** The inbox list of the current route. */
export function useInboxList(): InboxList {
  return inboxListFromPath(useLocation().pathname);
}
