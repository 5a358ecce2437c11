// The workspace's event stream (`GET /ws/{slug}/events`), one per tab and workspace, shared by
// every part of the app that follows it (the inbox, the voice lists, the agent's presence). One
// stream rather than one per part: browsers allow few HTTP/1.1 connections per server, shared by
// every tab, and the server counts a tab's streams to know the tab is open (presence).
import { wsPath } from './client';
import { followEventStream, type StreamEvent } from './event-stream';

interface Follower {
  readonly onEvent: (event: StreamEvent) => void;
  readonly onOpen: (() => void) | undefined;
}

interface Shared {
  readonly followers: Set<Follower>;
  readonly controller: AbortController;
  open: boolean;
}

const streams = new Map<string, Shared>();

/**
 * Follows the workspace's event stream: `onEvent` hears each event, `onOpen` runs on every
 * (re)connection (at once when the stream is already open), so the caller can refetch what it
 * missed. Answers the function that stops following; the stream ends with its last follower.
 */
export function followWorkspaceEvents(
  slug: string,
  onEvent: (event: StreamEvent) => void,
  onOpen?: () => void,
): () => void {
  let shared = streams.get(slug);
  if (!shared) {
    const created: Shared = {
      followers: new Set(),
      controller: new AbortController(),
      open: false,
    };
    shared = created;
    streams.set(slug, created);
    void followEventStream(
      wsPath(slug, '/events'),
      (event) => {
        for (const f of [...created.followers]) f.onEvent(event);
      },
      created.controller.signal,
      () => {
        created.open = true;
        for (const f of [...created.followers]) f.onOpen?.();
      },
    ).then(() => {
      // Refused (signed out, no longer a member): the next follower starts a new stream.
      if (streams.get(slug) === created) streams.delete(slug);
    });
  }
  const follower: Follower = { onEvent, onOpen };
  shared.followers.add(follower);
  if (shared.open) onOpen?.();
  const current = shared;
  return () => {
    current.followers.delete(follower);
    if (current.followers.size === 0) {
      current.controller.abort();
      if (streams.get(slug) === current) streams.delete(slug);
    }
  };
}
