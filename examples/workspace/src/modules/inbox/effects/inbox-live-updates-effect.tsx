import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { wsPath } from '../../../api/client';
import { followEventStream } from '../../../api/event-stream';
import { inboxKeys } from '../api/inbox-api';

/** A change the server announces on the workspace's event stream. */
interface LiveEvent {
  readonly type?: string;
  readonly id?: string;
  readonly conversationId?: string | null;
}

/**
 * Keeps the inbox live: follows the workspace's event stream (`GET /ws/{slug}/events`) and
 * refetches what a change touches (counts, lists, the conversation), e.g. a call part when a call
 * ends. On every reconnection it refetches the inbox, so nothing missed while offline is lost.
 * Renders nothing.
 */
export function InboxLiveUpdatesEffect({ slug }: { readonly slug: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    let opened = false;
    void followEventStream(
      wsPath(slug, '/events'),
      (event) => {
        let change: LiveEvent;
        try {
          change = JSON.parse(event.data) as LiveEvent;
        } catch {
          return;
        }
        void queryClient.invalidateQueries({ queryKey: inboxKeys.counts(slug) });
        void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(slug) });
        if (change.conversationId)
          void queryClient.invalidateQueries({
            queryKey: inboxKeys.conversation(slug, change.conversationId),
          });
        if (change.type?.startsWith('call'))
          void queryClient.invalidateQueries({ queryKey: ['ws', slug, 'voice'] });
      },
      controller.signal,
      () => {
        if (opened) void queryClient.invalidateQueries({ queryKey: inboxKeys.all(slug) });
        opened = true;
      },
    );
    return () => controller.abort();
  }, [slug, queryClient]);
  return null;
}
