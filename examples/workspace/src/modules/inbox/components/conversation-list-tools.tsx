import { ListChecks, Search } from 'lucide-react';
import { IconButton, Input, Select } from '../../../ui';
import type { StatusFilter } from '../api/inbox-api';

export const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'pending', label: 'Pending' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'closed', label: 'Closed' },
  { value: 'any', label: 'All statuses' },
] as const satisfies readonly { value: StatusFilter; label: string }[];

/** The conversation list's tools: search, the status filter and the switch into selection mode. */
export function ConversationListTools({
  searchText,
  onSearchTextChange,
  status,
  onStatusChange,
  selecting,
  onToggleSelecting,
}: {
  readonly searchText: string;
  readonly onSearchTextChange: (text: string) => void;
  readonly status: StatusFilter;
  readonly onStatusChange: (status: StatusFilter) => void;
  readonly selecting: boolean;
  readonly onToggleSelecting: () => void;
}) {
  return (
    <div className="conversation-list__tools">
      <Input
        type="search"
        aria-label="Search conversations"
        placeholder="Search"
        icon={<Search aria-hidden="true" />}
        value={searchText}
        onChange={(e) => onSearchTextChange(e.target.value)}
        data-testid="conversation-search"
      />
      <Select
        label="Status"
        value={status}
        onValueChange={onStatusChange}
        options={STATUS_OPTIONS}
        data-testid="conversation-status-filter"
      />
      <IconButton
        label={selecting ? 'Leave selection' : 'Select conversations'}
        aria-pressed={selecting}
        onClick={onToggleSelecting}
        data-testid="conversation-select-mode"
      >
        <ListChecks aria-hidden="true" />
      </IconButton>
    </div>
  );
}
