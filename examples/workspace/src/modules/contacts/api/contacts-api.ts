import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, wsPath } from '../../../api/client';
import type { ContactPage, ContactProfile } from './types';

/** The workspace's contacts (users), searched by name, email or phone, paged by cursor. */
export const contactsQuery = (slug: string, search: string) =>
  infiniteQueryOptions({
    queryKey: ['ws', slug, 'contacts', search],
    queryFn: ({ pageParam, signal }) =>
      api<ContactPage>(wsPath(slug, '/contacts'), {
        signal,
        query: { q: search, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** One contact with their conversations. */
export const contactQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'contact', id],
    queryFn: ({ signal }) =>
      api<{ contact: ContactProfile }>(wsPath(slug, `/contacts/${encodeURIComponent(id)}`), {
        signal,
      }).then((r) => r.contact),
  });
