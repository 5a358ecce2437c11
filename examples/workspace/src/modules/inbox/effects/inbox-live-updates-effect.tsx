import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { followWorkspaceEvents } from '../../../api/workspace-events';
import { playNotificationSound } from '../../voice/notification-sound';
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
 * A new message in a conversation the agent is not reading (another one, or the tab is in the
 * background) plays the notification sound, which the voice add-on silences while a call is
 * connected. Renders nothing.
 */
export function InboxLiveUpdatesEffect({ slug }: { readonly slug: string }) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const reading = useRef<string | null>(null);
  useEffect(() => {
    reading.current = /\/conversations\/([^/]+)/.exec(pathname)?.[1] ?? null;
  }, [pathname]);
  useEffect(() => {
    let opened = false;
    return followWorkspaceEvents(
      slug,
      (event) => {
        let change: LiveEvent;
        try {
          change = JSON.parse(event.data) as LiveEvent;
        } catch {
          return;
        }
        // An agent's contact-centre status is the voice lists' (they listen on their own).
        if (change.type === 'agent.updated') return;
        void queryClient.invalidateQueries({ queryKey: inboxKeys.counts(slug) });
        void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(slug) });
        if (change.conversationId)
          void queryClient.invalidateQueries({
            queryKey: inboxKeys.conversation(slug, change.conversationId),
          });
        if (
          change.type === 'message.created' &&
          (document.hidden || change.conversationId !== reading.current)
        )
          playNotificationSound();
        if (change.type?.startsWith('call'))
          void queryClient.invalidateQueries({ queryKey: ['ws', slug, 'voice'] });
      },
      () => {
        if (opened) void queryClient.invalidateQueries({ queryKey: inboxKeys.all(slug) });
        opened = true;
      },
    );
  }, [slug, queryClient]);
  return null;
}
