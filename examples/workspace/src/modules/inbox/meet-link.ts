// "Create Meet link" of the composer's menu (loaded when chosen, off the inbox's first load):
// creates the meeting over the API, which posts the link as a note (it shows in the thread live),
// and offers to copy the link. While a create is in flight for a conversation, a second choice
// sends the same idempotency key, so a double click makes one meeting.
import type { QueryClient } from '@tanstack/react-query';
import { call, http } from '../../api/http';
import { toast } from '../../ui';
import { inboxKeys } from './api/inbox-api';
import { errorText } from '../../lib/error-text';

export const MEET_COPY = {
  created: 'Meet link created',
  posted: 'The link is posted as a note in this conversation.',
  notPosted: (url: string) =>
    `${url} — not posted in the conversation (set in Google Meet settings).`,
  copy: 'Copy link',
  copied: 'Link copied',
  failed: 'No Meet link was created',
  unreachable: 'The server could not be reached. Try again.',
} as const;

const pending = new Map<string, string>();

export async function createMeetLink(
  slug: string,
  conversationId: string,
  queryClient: QueryClient,
): Promise<void> {
  const key = pending.get(conversationId) ?? crypto.randomUUID();
  pending.set(conversationId, key);
  try {
    const { meeting, note } = await call(
      http.POST('/ws/{slug}/conversations/{id}/meet', {
        params: { path: { slug, id: conversationId } },
        body: { idempotencyKey: key },
      }),
    );
    await queryClient.invalidateQueries({ queryKey: inboxKeys.messages(slug, conversationId) });
    toast({
      tone: 'success',
      title: MEET_COPY.created,
      description: note ? MEET_COPY.posted : MEET_COPY.notPosted(meeting.url),
      duration: 15_000,
      action: {
        label: MEET_COPY.copy,
        onClick: () =>
          void navigator.clipboard
            .writeText(meeting.url)
            .then(() => toast({ tone: 'success', title: MEET_COPY.copied })),
      },
    });
  } catch (error) {
    toast({
      tone: 'danger',
      title: MEET_COPY.failed,
      description: errorText(error, MEET_COPY.unreachable),
    });
  } finally {
    pending.delete(conversationId);
  }
}
