// The caller's notifications (mentions in notes) through the typed client: the panel's pages and
// marking read (loaded with the panel and the live updates, not with the top bar).
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { call, http } from '../../../api/http';
import { notificationKeys, notificationsPage } from './notifications-query';

export { notificationKeys, notificationsQuery } from './notifications-query';

/** Every page, newest first (the panel). */
export const notificationPagesQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.pages(slug),
    queryFn: ({ pageParam, signal }) => notificationsPage(slug, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.page.nextCursor ?? undefined,
  });

export const markNotificationRead = (slug: string, id: string) =>
  call(http.POST('/ws/{slug}/notifications/{id}/read', { params: { path: { slug, id } } }));

export const markAllNotificationsRead = (slug: string) =>
  call(http.POST('/ws/{slug}/notifications/read-all', { params: { path: { slug } } }));

/** Refetches every notification query of the workspace. */
export const refreshNotifications = (queryClient: QueryClient, slug: string) =>
  queryClient.invalidateQueries({ queryKey: notificationKeys.all(slug) });
