// What the bell does when the event stream says a notification was created (its own chunk, loaded
// after the top bar shows): refetch the count and, while the tab is hidden and the user has allowed
// it, show a system notification whose click focuses the tab and opens the conversation.
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { followWorkspaceEvents } from '../../../api/workspace-events';
import { paths, type InboxList } from '../../../app/paths';
import {
  markNotificationRead,
  notificationsQuery,
  refreshNotifications,
} from '../api/notifications-api';
import { NOTIFICATIONS_COPY } from '../messages';

async function notifyDesktop(
  queryClient: QueryClient,
  slug: string,
  id: string,
  navigate: NavigateFunction,
  under: InboxList,
) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  if (document.visibilityState !== 'hidden') return;
  const list = await queryClient.fetchQuery({ ...notificationsQuery(slug), staleTime: 0 });
  const item = list.notifications.find((n) => n.id === id);
  if (!item) return;
  const shown = new Notification(
    NOTIFICATIONS_COPY.mentioned(
      item.actor?.name ?? NOTIFICATIONS_COPY.someone,
      item.conversation.subject || NOTIFICATIONS_COPY.untitled,
    ),
    { body: item.preview, tag: item.id },
  );
  shown.onclick = () => {
    window.focus();
    shown.close();
    void markNotificationRead(slug, item.id).finally(() => refreshNotifications(queryClient, slug));
    void navigate(paths.conversation(slug, item.conversation.id, under));
  };
}

/**
 * Follows the workspace's notifications; answers the function that stops. A click on a desktop
 * notification opens the conversation under `list` (one the member may open).
 */
export function followNotifications(
  queryClient: QueryClient,
  slug: string,
  navigate: NavigateFunction,
  list: InboxList,
): () => void {
  return followWorkspaceEvents(
    slug,
    (event) => {
      if (event.event !== 'notification.created') return;
      void refreshNotifications(queryClient, slug);
      try {
        const { id } = JSON.parse(event.data) as { id: string };
        void notifyDesktop(queryClient, slug, id, navigate, list);
      } catch {
        // An unreadable event: the count is refetched all the same.
      }
    },
    // Reconnected: what was missed meanwhile is refetched.
    () => void refreshNotifications(queryClient, slug),
  );
}
