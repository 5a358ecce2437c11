import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, X } from 'lucide-react';
import { MAX_BULK_CONVERSATIONS } from '../../../../server/src/contract/inbox-limits';
import { useSession } from '../../session/hooks/use-session';
import { Button, IconButton, Select, toast } from '../../../ui';
import { agentsQuery, inboxKeys, tagsQuery, updateConversations } from '../api/inbox-api';
import type { ConversationBulkChange } from '../api/types';
import { PRIORITY_OPTIONS, SnoozeMenu } from './triage';
import { errorText } from '../../../lib/error-text';

const UNASSIGNED = '__unassigned__';

type Change = Omit<ConversationBulkChange, 'ids'>;

/**
 * The list's bulk actions on the selected conversations: assign, tag, prioritise, snooze, close.
 * Selections larger than one request takes go in several requests, one after the other.
 */
export function BulkBar({
  selected,
  loadedIds,
  onSelect,
  onDone,
}: {
  readonly selected: ReadonlySet<string>;
  /** The ids of every conversation loaded in the list ("Select all"). */
  readonly loadedIds: readonly string[];
  readonly onSelect: (ids: ReadonlySet<string>) => void;
  /** The change was made (or selection mode was left): leave selection mode. */
  readonly onDone: () => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const agents = useQuery(agentsQuery(session.slug));
  const tags = useQuery(tagsQuery(session.slug));
  const apply = useMutation({
    mutationFn: async (change: Change) => {
      const ids = [...selected];
      let updated = 0;
      let notFound = 0;
      for (let i = 0; i < ids.length; i += MAX_BULK_CONVERSATIONS) {
        const result = await updateConversations(session.slug, {
          ...change,
          ids: ids.slice(i, i + MAX_BULK_CONVERSATIONS),
        });
        updated += result.updated.length;
        notFound += result.notFound.length;
      }
      return { updated, notFound };
    },
    onSuccess: ({ updated, notFound }) => {
      toast({
        tone: notFound > 0 ? 'info' : 'success',
        title: updated === 1 ? '1 conversation updated' : `${updated} conversations updated`,
        description:
          notFound > 0
            ? `${notFound} could not be changed: they were removed or are no longer yours.`
            : undefined,
      });
      onDone();
    },
    onError: (error) =>
      toast({
        tone: 'danger',
        title: 'The conversations were not updated',
        description: errorText(error, undefined),
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all(session.slug) });
    },
  });
  const count = selected.size;
  const none = count === 0 || apply.isPending;
  const allSelected = loadedIds.length > 0 && loadedIds.every((id) => selected.has(id));
  return (
    <div className="bulk-bar" role="toolbar" aria-label="Bulk actions" data-testid="bulk-bar">
      <span className="bulk-bar__count" aria-live="polite" data-testid="bulk-count">
        {count === 1 ? '1 selected' : `${count} selected`}
      </span>
      <Button
        variant="ghost"
        onClick={() => onSelect(allSelected ? new Set() : new Set(loadedIds))}
        data-testid="bulk-select-all"
      >
        <CheckCheck aria-hidden="true" />
        {allSelected ? 'Select none' : `Select all ${loadedIds.length}`}
      </Button>
      <div className="bulk-bar__actions">
        <Select
          label="Assign selected to"
          value=""
          disabled={none}
          options={[
            { value: '', label: 'Assign…' },
            { value: UNASSIGNED, label: 'Unassigned' },
            ...(agents.data ?? []).map((a) => ({ value: a.id, label: a.name })),
          ]}
          onValueChange={(value) => {
            if (value) apply.mutate({ assigneeId: value === UNASSIGNED ? null : value });
          }}
          data-testid="bulk-assign"
        />
        <Select
          label="Add a tag to selected"
          value=""
          disabled={none}
          options={[
            { value: '', label: 'Tag…' },
            ...(tags.data ?? []).map((t) => ({ value: t.id, label: `#${t.name}` })),
          ]}
          onValueChange={(value) => {
            if (value) apply.mutate({ addTagIds: [value] });
          }}
          data-testid="bulk-tag"
        />
        <Select
          label="Set the priority of selected"
          value=""
          disabled={none}
          options={[{ value: '', label: 'Priority…' }, ...PRIORITY_OPTIONS]}
          onValueChange={(value) => {
            if (value) apply.mutate({ priority: value });
          }}
          data-testid="bulk-priority"
        />
        <SnoozeMenu
          disabled={none}
          onSnooze={(until) => apply.mutate({ snoozedUntil: until.toISOString() })}
          data-testid="bulk-snooze"
        />
        <Button
          variant="secondary"
          disabled={none}
          loading={apply.isPending}
          onClick={() => apply.mutate({ status: 'closed' })}
          data-testid="bulk-close"
        >
          Close
        </Button>
      </div>
      <IconButton label="Leave selection" onClick={onDone} data-testid="bulk-cancel">
        <X aria-hidden="true" />
      </IconButton>
    </div>
  );
}
