// The caller's notifications (mentions in notes) through the typed client.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { call, http } from '../../../api/http';

export const notificationKeys = {
  all: (slug: string) => ['ws', slug, 'notifications'] as const,
  first: (slug: string) => ['ws', slug, 'notifications', 'first'] as const,
  pages: (slug: string) => ['ws', slug, 'notifications', 'pages'] as const,
};

const PAGE = 20;

const page = (slug: string, cursor: string | undefined, signal?: AbortSignal) =>
  call(
    http.GET('/ws/{slug}/notifications', {
      params: { path: { slug }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } },
      signal,
    }),
  );

/** The newest page and the unread count (the bell). */
export const notificationsQuery = (slug: string) =>
  queryOptions({
    queryKey: notificationKeys.first(slug),
    queryFn: ({ signal }) => page(slug, undefined, signal),
  });

/** Every page, newest first (the panel). */
export const notificationPagesQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.pages(slug),
    queryFn: ({ pageParam, signal }) => page(slug, pageParam, signal),
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
