import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import type { InboxList } from '../../../app/paths';
import { useSession } from '../../session/hooks/use-session';
import { DocumentTitle, ErrorState, SkeletonList, Spinner } from '../../../ui';
import { conversationsQuery, inboxCountsQuery } from '../api/inbox-api';
import type { StatusFilter } from '../api/inbox-api';
import type { InboxCounts } from '../api/types';
import { useConversationSelection } from '../hooks/use-conversation-selection';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useInboxList } from '../hooks/use-inbox-list';
import { BulkBar } from './bulk-bar';
import { ConversationListEmpty } from './conversation-list-empty';
import { ConversationListTools, STATUS_OPTIONS } from './conversation-list-tools';
import { ConversationRow } from './conversation-row';

const ROW_HEIGHT = 84;
const SEARCH_DEBOUNCE_MS = 300;

function listTitle(list: InboxList, counts: InboxCounts | undefined): string {
  switch (list.kind) {
    case 'all':
      return 'All conversations';
    case 'unassigned':
      return 'Unassigned';
    case 'mine':
      return 'Assigned to me';
    case 'tags':
      return `#${counts?.tags?.find((t) => t.id === list.id)?.name ?? 'tag'}`;
    case 'views':
      return counts?.views?.find((v) => v.id === list.id)?.name ?? 'View';
  }
}

function statusFromQuery(value: string | null): StatusFilter {
  return STATUS_OPTIONS.find((o) => o.value === value)?.value ?? 'open';
}

/** A list of conversations (search, status, infinite virtualised scroll) beside the open one. */
export function ConversationListPane() {
  const session = useSession();
  const list = useInboxList();
  const { conversationId } = useParams();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const status = statusFromQuery(params.get('status'));
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const counts = useQuery(inboxCountsQuery(session.slug));
  const query = useInfiniteQuery(conversationsQuery(session.slug, list, search, status));
  const items = query.data?.pages.flatMap((p) => p.conversations) ?? [];
  // Selection mode: a checkbox on every row and the bulk actions bar.
  const { selecting, setSelecting, selected, setSelected, leaveSelection, toggle } =
    useConversationSelection();

  // Keep the search in the URL (shareable, and kept when a conversation opens). Only a changed
  // search navigates: a navigation to the same list would undo a click made meanwhile.
  const searchInUrl = params.get('q') ?? '';
  useEffect(() => {
    if (search === searchInUrl) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (search) next.set('q', search);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [search, searchInUrl, setParams]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions by design
  const virtualizer = useVirtualizer({
    count: items.length + (query.hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems[virtualItems.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (lastIndex >= items.length - 5 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastIndex, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const title = listTitle(list, counts.data);
  const keepQuery = location.search;

  return (
    <>
      <DocumentTitle title={`${title} · ${session.workspace.name}`} />
      <section
        className="conversation-list"
        data-has-selection={conversationId ? '' : undefined}
        aria-label={title}
        data-testid="conversation-list"
      >
        <header className="conversation-list__header">
          <h1 className="conversation-list__title">{title}</h1>
          <ConversationListTools
            searchText={searchText}
            onSearchTextChange={setSearchText}
            status={status}
            onStatusChange={(value) =>
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                if (value === 'open') next.delete('status');
                else next.set('status', value);
                return next;
              })
            }
            selecting={selecting}
            onToggleSelecting={() => (selecting ? leaveSelection() : setSelecting(true))}
          />
          {selecting ? (
            <BulkBar
              selected={selected}
              loadedIds={items.map((c) => c.id)}
              onSelect={setSelected}
              onDone={leaveSelection}
            />
          ) : null}
        </header>
        {query.isPending ? (
          <SkeletonList label="Loading conversations" data-testid="conversation-list-loading" />
        ) : query.isError ? (
          <ErrorState
            title="Conversations could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : items.length === 0 ? (
          <ConversationListEmpty search={search} status={status} />
        ) : (
          <div
            className="conversation-list__scroll"
            ref={scrollRef}
            data-testid="conversation-scroll"
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualItems.map((row) => {
                const conversation = items[row.index];
                return (
                  <div
                    key={row.key}
                    className="conversation-list__item"
                    style={{ transform: `translateY(${row.start}px)`, height: row.size }}
                  >
                    {conversation ? (
                      <>
                        {selecting ? (
                          <input
                            type="checkbox"
                            className="conversation-list__check"
                            aria-label={`Select the conversation with ${conversation.contact.displayName}`}
                            checked={selected.has(conversation.id)}
                            onChange={() => toggle(conversation.id)}
                            data-testid="conversation-check"
                          />
                        ) : null}
                        <ConversationRow
                          conversation={conversation}
                          to={`${paths.conversation(session.slug, conversation.id, list)}${keepQuery}`}
                        />
                      </>
                    ) : (
                      <div className="conversation-list__more" role="status">
                        <Spinner /> Loading more
                      </div>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        )}
      </section>
      <Outlet />
    </>
  );
}
