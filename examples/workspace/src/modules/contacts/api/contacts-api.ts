import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, wsPath } from '../../../api/client';
import type {
  ContactCreate,
  ContactListResponse,
  ContactPatch,
  ContactProfile,
  ContactResponse,
} from './types';

/** The workspace's contacts (users), searched by name, phone, email or company, paged by cursor. */
export const contactsQuery = (slug: string, search: string) =>
  infiniteQueryOptions({
    queryKey: ['ws', slug, 'contacts', search],
    queryFn: ({ pageParam, signal }) =>
      api<ContactListResponse>(wsPath(slug, '/contacts'), {
        signal,
        query: { q: search, cursor: pageParam, limit: 50 },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.page.nextCursor ?? undefined,
  });

/** One contact with their conversations and latest calls. */
export const contactQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'contact', id],
    queryFn: ({ signal }) =>
      api<ContactProfile>(wsPath(slug, `/contacts/${encodeURIComponent(id)}`), { signal }),
  });

/** Creates a contact; answers it as stored. */
export const createContact = (slug: string, input: ContactCreate) =>
  api<ContactResponse>(wsPath(slug, '/contacts'), { method: 'POST', body: input }).then(
    (r) => r.contact,
  );

/** Edits a contact (a null field is cleared); answers it as stored. */
export const updateContact = (slug: string, id: string, patch: ContactPatch) =>
  api<ContactResponse>(wsPath(slug, `/contacts/${encodeURIComponent(id)}`), {
    method: 'PATCH',
    body: patch,
  }).then((r) => r.contact);
