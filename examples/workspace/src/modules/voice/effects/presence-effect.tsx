import { useEffect } from 'react';
import { getAuth } from '../../../api/auth-token';
import { apiUrl } from '../../../api/client';
import { tabId } from '../../../api/event-stream';
import type { PathOf, Req } from '../../../api/http';
import { followWorkspaceEvents } from '../../../api/workspace-events';

/**
 * The server route of the pagehide beacon (its token is in the body: a beacon sends no header).
 * A beacon cannot go through the typed client, so its path and body are checked against the
 * server's routes here.
 */
export const PRESENCE_LEAVE_PATH = '/presence/leave' satisfies PathOf<'post'>;

/**
 * Keeps the agent's presence (the last tab closing sets the agent Offline). While this tab is
 * open it follows the workspace's event stream, which tells the server the tab is open (with the
 * stream gone and no new one within the server's grace period, the agent is set Offline); when the
 * page is hidden for good (`pagehide`) it sends a beacon, and the server sets the agent Offline
 * unless another page of theirs is open. `beforeunload` adds nothing here: it fires before an
 * unload that may still be cancelled, and not on mobile. Renders nothing.
 */
export function PresenceEffect({ slug }: { readonly slug: string }) {
  useEffect(() => {
    const stop = followWorkspaceEvents(slug, () => undefined);
    const leave = () => {
      const token = getAuth()?.token;
      if (!token || typeof navigator.sendBeacon !== 'function') return;
      const leaving: Req<'post', typeof PRESENCE_LEAVE_PATH> = { token, slug, tab: tabId() };
      const body = JSON.stringify(leaving);
      navigator.sendBeacon(
        apiUrl(PRESENCE_LEAVE_PATH),
        new Blob([body], { type: 'application/json' }),
      );
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      stop();
    };
  }, [slug]);
  return null;
}
