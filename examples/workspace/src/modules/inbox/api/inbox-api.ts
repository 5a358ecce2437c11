import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, wsPath } from '../../../api/client';
import type { InboxList } from '../../../app/paths';
import type {
  Conversation,
  ConversationPage,
  ConversationStatus,
  InboxCounts,
  Person,
  SavedReply,
} from './types';

/** Query keys of the inbox, so that mutations and live updates invalidate the right data. */
export const inboxKeys = {
  all: (slug: string) => ['ws', slug, 'inbox'] as const,
  counts: (slug: string) => ['ws', slug, 'inbox', 'counts'] as const,
  lists: (slug: string) => ['ws', slug, 'inbox', 'list'] as const,
  list: (slug: string, list: InboxList, search: string, status: ConversationStatus) =>
    ['ws', slug, 'inbox', 'list', list, search, status] as const,
  conversation: (slug: string, id: string) => ['ws', slug, 'inbox', 'conversation', id] as const,
};

/** The counts of every inbox list (all, unassigned, mine, tags, views). */
export const inboxCountsQuery = (slug: string) =>
  queryOptions({
    queryKey: inboxKeys.counts(slug),
    queryFn: ({ signal }) => api<InboxCounts>(wsPath(slug, '/inbox/counts'), { signal }),
    refetchInterval: 30_000,
  });

/** One list of conversations, newest activity first, paged by cursor (infinite scroll). */
export const conversationsQuery = (
  slug: string,
  list: InboxList,
  search: string,
  status: ConversationStatus,
) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(slug, list, search, status),
    queryFn: ({ pageParam, signal }) =>
      api<ConversationPage>(wsPath(slug, '/inbox/conversations'), {
        signal,
        query: {
          list: list.kind,
          id: 'id' in list ? list.id : undefined,
          q: search,
          status,
          cursor: pageParam,
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** One conversation with its parts (messages, notes, calls, events). */
export const conversationQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: inboxKeys.conversation(slug, id),
    queryFn: ({ signal }) =>
      api<{ conversation: Conversation }>(
        wsPath(slug, `/inbox/conversations/${encodeURIComponent(id)}`),
        { signal },
      ).then((r) => r.conversation),
  });

/** The workspace's saved replies (composer). */
export const savedRepliesQuery = (slug: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'saved-replies'],
    queryFn: ({ signal }) =>
      api<{ savedReplies: SavedReply[] }>(wsPath(slug, '/inbox/saved-replies'), { signal }).then(
        (r) => r.savedReplies,
      ),
    staleTime: 5 * 60_000,
  });

/** The workspace's agents (assignment). */
export const agentsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'agents'],
    queryFn: ({ signal }) =>
      api<{ agents: Person[] }>(wsPath(slug, '/agents'), { signal }).then((r) => r.agents),
    staleTime: 5 * 60_000,
  });

/** Sends a reply (to the contact) or an internal note. */
export function sendPart(
  slug: string,
  id: string,
  input: { type: 'message' | 'note'; body: string },
): Promise<{ conversation: Conversation }> {
  return api(wsPath(slug, `/inbox/conversations/${encodeURIComponent(id)}/parts`), {
    method: 'POST',
    body: input,
  });
}

/** Changes a conversation's assignee and/or status. */
export function updateConversation(
  slug: string,
  id: string,
  input: { assigneeId?: string | null; status?: ConversationStatus },
): Promise<{ conversation: Conversation }> {
  return api(wsPath(slug, `/inbox/conversations/${encodeURIComponent(id)}`), {
    method: 'PATCH',
    body: input,
  });
}
