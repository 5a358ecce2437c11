import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call, http } from '../../../api/http';
import type { ContactCreate, ContactPatch } from './types';

/** The workspace's contacts (users), searched by name, phone, email or company, paged by cursor. */
export const contactsQuery = (slug: string, search: string) =>
  infiniteQueryOptions({
    queryKey: ['ws', slug, 'contacts', search],
    queryFn: ({ pageParam, signal }) =>
      call(
        http.GET('/ws/{slug}/contacts', {
          params: { path: { slug }, query: { q: search, cursor: pageParam, limit: 50 } },
          signal,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.page.nextCursor ?? undefined,
  });

/** One contact with their conversations and latest calls. */
export const contactQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'contact', id],
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/contacts/{id}', { params: { path: { slug, id } }, signal })),
  });

/** Creates a contact; answers it as stored. */
export const createContact = (slug: string, input: ContactCreate) =>
  call(http.POST('/ws/{slug}/contacts', { params: { path: { slug } }, body: input })).then(
    (r) => r.contact,
  );

/** Edits a contact (a null field is cleared); answers it as stored. */
export const updateContact = (slug: string, id: string, patch: ContactPatch) =>
  call(
    http.PATCH('/ws/{slug}/contacts/{id}', { params: { path: { slug, id } }, body: patch }),
  ).then((r) => r.contact);
