import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call, http } from '../../../api/http';
import type { ContactAttribute, ContactCreate, ContactPatch } from './types';

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

/** Deletes a contact: its personal data is erased, its conversations stay without it. */
export const deleteContact = (slug: string, id: string) =>
  call(http.DELETE('/ws/{slug}/contacts/{id}', { params: { path: { slug, id } } }));

/** Merges contact `otherId` into contact `id` (the survivor); answers the survivor as stored. */
export const mergeContacts = (slug: string, id: string, otherId: string) =>
  call(
    http.POST('/ws/{slug}/contacts/{id}/merge', {
      params: { path: { slug, id } },
      body: { otherId },
    }),
  ).then((r) => r.contact);

/** Other contacts sharing a phone or an email with contact `id`. */
export const duplicatesQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'contact', id, 'duplicates'],
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/contacts/{id}/duplicates', { params: { path: { slug, id } }, signal }),
      ).then((r) => r.duplicates),
  });

export const contactAttributesKey = (slug: string) => ['ws', slug, 'contact-attributes'] as const;

/** The workspace's custom contact attributes, in order. */
export const contactAttributesQuery = (slug: string) =>
  queryOptions({
    queryKey: contactAttributesKey(slug),
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/contact-attributes', { params: { path: { slug } }, signal })).then(
        (r) => r.attributes,
      ),
  });

/** Replaces the workspace's custom contact attributes; answers them as stored. */
export const saveContactAttributes = (slug: string, attributes: ContactAttribute[]) =>
  call(
    http.PUT('/ws/{slug}/contact-attributes', {
      params: { path: { slug } },
      body: { attributes },
    }),
  ).then((r) => r.attributes);
