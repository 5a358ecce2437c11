import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call, http } from '../../../api/http';
import type { InboxList } from '../../../app/paths';
import type {
  ConversationBulkChange,
  ConversationPatch,
  ConversationStart,
  ConversationStatus,
  ConversationSummary,
  InboxFolder,
  InboxMessage,
  MessageCreate,
  MessageListResponse,
  TemplateMessageCreate,
} from './types';

/** The status filter of a list: one status, or every status. */
export type StatusFilter = ConversationStatus | 'any';

/** Query keys of the inbox, so that mutations and live updates invalidate the right data. */
export const inboxKeys = {
  all: (slug: string) => ['ws', slug, 'inbox'] as const,
  counts: (slug: string) => ['ws', slug, 'inbox', 'counts'] as const,
  lists: (slug: string) => ['ws', slug, 'inbox', 'list'] as const,
  list: (slug: string, list: InboxList, search: string, status: StatusFilter) =>
    ['ws', slug, 'inbox', 'list', list, search, status] as const,
  conversation: (slug: string, id: string) => ['ws', slug, 'inbox', 'conversation', id] as const,
  messages: (slug: string, id: string) =>
    ['ws', slug, 'inbox', 'conversation', id, 'messages'] as const,
  whatsappWindow: (slug: string, id: string) =>
    ['ws', slug, 'inbox', 'conversation', id, 'whatsapp-window'] as const,
  survey: (slug: string, id: string) =>
    ['ws', slug, 'inbox', 'conversation', id, 'survey'] as const,
  part: (slug: string, id: string, idPart: string) =>
    ['ws', slug, 'inbox', 'conversation', id, 'part', idPart] as const,
};

/** The path parameters of one conversation's routes. */
const conversation = (slug: string, id: string) => ({ params: { path: { slug, id } } });

/** The server's folder query of an app list. */
function folderQuery(list: InboxList): { folder: InboxFolder; tagId?: string; viewId?: string } {
  switch (list.kind) {
    case 'tags':
      return { folder: 'tag', tagId: list.id };
    case 'views':
      return { folder: 'view', viewId: list.id };
    default:
      return { folder: list.kind };
  }
}

/** The counts of every inbox list (all, unassigned, mine, tags, views; null without the permit). */
export const inboxCountsQuery = (slug: string) =>
  queryOptions({
    queryKey: inboxKeys.counts(slug),
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/inbox/counts', { params: { path: { slug } }, signal })).then(
        (r) => r.counts,
      ),
    refetchInterval: 60_000,
  });

/** One list of conversations, newest activity first, paged by cursor (infinite scroll). */
export const conversationsQuery = (
  slug: string,
  list: InboxList,
  search: string,
  status: StatusFilter,
) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(slug, list, search, status),
    queryFn: ({ pageParam, signal }) =>
      call(
        http.GET('/ws/{slug}/inbox/conversations', {
          params: {
            path: { slug },
            query: { ...folderQuery(list), q: search, status, cursor: pageParam, limit: 30 },
          },
          signal,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.page.nextCursor ?? undefined,
  });

/** One conversation (contact, assignee, status, tags). */
export const conversationQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: inboxKeys.conversation(slug, id),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/inbox/conversations/{id}', { ...conversation(slug, id), signal }),
      ).then((r) => r.conversation),
  });

/** A conversation's messages and call parts; pages go back in time (oldest first within a page). */
export const messagesQuery = (slug: string, id: string) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.messages(slug, id),
    queryFn: ({ pageParam, signal }) =>
      call(
        http.GET('/ws/{slug}/inbox/conversations/{id}/messages', {
          params: { path: { slug, id }, query: { cursor: pageParam, limit: 50 } },
          signal,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.page.nextCursor ?? undefined,
  });

/** The messages of loaded pages in time order (the first page is the newest). */
export function messagesInOrder(pages: readonly MessageListResponse[] | undefined): InboxMessage[] {
  return [...(pages ?? [])].reverse().flatMap((p) => p.messages);
}

/** One call part of a conversation (recording and transcript links). */
export const callPartQuery = (slug: string, id: string, idPart: string) =>
  queryOptions({
    queryKey: inboxKeys.part(slug, id, idPart),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/inbox/conversations/{id}/parts/{idPart}', {
          params: { path: { slug, id, idPart } },
          signal,
        }),
      ).then((r) => r.part),
  });

/** The workspace's saved replies (composer). */
export const savedRepliesQuery = (slug: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'saved-replies'],
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/inbox/saved-replies', { params: { path: { slug } }, signal })).then(
        (r) => r.savedReplies,
      ),
    staleTime: 5 * 60_000,
  });

/** The workspace's tags (tagging a conversation). */
export const tagsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'inbox', 'tags'],
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/inbox/tags', { params: { path: { slug } }, signal })).then(
        (r) => r.tags,
      ),
    staleTime: 5 * 60_000,
  });

/** Assigns, tags, prioritises, closes or snoozes many conversations at once. */
export const updateConversations = (slug: string, change: ConversationBulkChange) =>
  call(
    http.POST('/ws/{slug}/inbox/conversations/bulk', { params: { path: { slug } }, body: change }),
  );

/** The workspace's agents (assignment). */
export const agentsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['ws', slug, 'agents'],
    queryFn: ({ signal }) =>
      call(http.GET('/ws/{slug}/agents', { params: { path: { slug } }, signal })).then(
        (r) => r.agents,
      ),
    staleTime: 5 * 60_000,
  });

/** Sends a reply (to the contact) or an internal note. */
export function sendMessage(
  slug: string,
  id: string,
  input: MessageCreate,
): Promise<{ message: InboxMessage }> {
  return call(
    http.POST('/ws/{slug}/inbox/conversations/{id}/messages', {
      ...conversation(slug, id),
      body: input,
    }),
  );
}

/** A WhatsApp conversation's 24-hour window and the approved templates. */
export const whatsappWindowQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: inboxKeys.whatsappWindow(slug, id),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/inbox/conversations/{id}/whatsapp-window', {
          ...conversation(slug, id),
          signal,
        }),
      ).then((r) => r.window),
    // The window closes with time: ask again now and then.
    refetchInterval: 60_000,
  });

/** A conversation's satisfaction survey (null when none was sent); live events refetch it. */
export const surveyQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: inboxKeys.survey(slug, id),
    queryFn: ({ signal }) =>
      call(
        http.GET('/ws/{slug}/inbox/conversations/{id}/survey', {
          ...conversation(slug, id),
          signal,
        }),
      ).then((r) => r.survey),
  });

/** Replies with an approved WhatsApp template, its variables filled. */
export function sendTemplateMessage(
  slug: string,
  id: string,
  input: TemplateMessageCreate,
): Promise<{ message: InboxMessage }> {
  return call(
    http.POST('/ws/{slug}/inbox/conversations/{id}/template-messages', {
      ...conversation(slug, id),
      body: input,
    }),
  );
}

/** Sends a failed reply again through its channel. */
export function retryMessage(
  slug: string,
  id: string,
  messageId: string,
): Promise<{ message: InboxMessage }> {
  return call(
    http.POST('/ws/{slug}/inbox/conversations/{id}/messages/{messageId}/retry', {
      params: { path: { slug, id, messageId } },
    }),
  );
}

/** Changes a conversation's assignee, status or tags. */
export function updateConversation(
  slug: string,
  id: string,
  input: ConversationPatch,
): Promise<{ conversation: ConversationSummary }> {
  return call(
    http.PATCH('/ws/{slug}/inbox/conversations/{id}', { ...conversation(slug, id), body: input }),
  );
}

/** Starts a conversation with a contact (or answers their open one on that channel). */
export const startConversation = (slug: string, input: ConversationStart) =>
  call(http.POST('/ws/{slug}/inbox/conversations', { params: { path: { slug } }, body: input }));
