// The bell's query (the newest page and the unread count), apart from ./notifications-api so that
// the top bar ships only this; the panel and the live updates load the rest with their chunks.
import { queryOptions } from '@tanstack/react-query';
import { call, http } from '../../../api/http';

export const notificationKeys = {
  all: (slug: string) => ['ws', slug, 'notifications'] as const,
  first: (slug: string) => ['ws', slug, 'notifications', 'first'] as const,
  pages: (slug: string) => ['ws', slug, 'notifications', 'pages'] as const,
};

/** Notifications per page. */
export const NOTIFICATIONS_PAGE = 20;

/** One page of the caller's notifications, newest first, with the unread count. */
export const notificationsPage = (slug: string, cursor: string | undefined, signal?: AbortSignal) =>
  call(
    http.GET('/ws/{slug}/notifications', {
      params: {
        path: { slug },
        query: { limit: NOTIFICATIONS_PAGE, ...(cursor ? { cursor } : {}) },
      },
      signal,
    }),
  );

/** The newest page and the unread count (the bell). */
export const notificationsQuery = (slug: string) =>
  queryOptions({
    queryKey: notificationKeys.first(slug),
    queryFn: ({ signal }) => notificationsPage(slug, undefined, signal),
  });
