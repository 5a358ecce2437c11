import { Inbox, SearchX } from 'lucide-react';
import { EmptyState } from '../../../ui';
import type { StatusFilter } from '../api/inbox-api';

const EMPTY_TITLES: Record<StatusFilter, string> = {
  open: 'You’re all caught up',
  pending: 'Nothing pending',
  snoozed: 'Nothing snoozed',
  closed: 'No closed conversations',
  any: 'No conversations yet',
};

/** What the conversation list shows when nothing is there: no search match, or an empty status. */
export function ConversationListEmpty({
  search,
  status,
}: {
  readonly search: string;
  readonly status: StatusFilter;
}) {
  return search ? (
    <EmptyState
      icon={<SearchX aria-hidden="true" />}
      title="No conversations found"
      body={`Nothing matches “${search}”. Try another name, phone number or word.`}
      data-testid="conversation-list-empty"
    />
  ) : (
    <EmptyState
      icon={<Inbox aria-hidden="true" />}
      title={EMPTY_TITLES[status]}
      body={
        status === 'open'
          ? 'New conversations and calls with your customers appear here.'
          : 'Conversations with this status appear here.'
      }
      data-testid="conversation-list-empty"
    />
  );
}
