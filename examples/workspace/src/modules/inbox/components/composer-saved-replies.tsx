import type { UseQueryResult } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { Button, Menu, MenuItem, MenuLabel, MenuSeparator } from '../../../ui';
import type { SavedReply } from '../api/types';

/**
 * The composer's "Saved replies" menu: picks a saved reply to insert into the text, and (when the
 * workspace has Meet links) creates a Google Meet link for the conversation.
 */
export function SavedRepliesMenu({
  savedReplies,
  onInsert,
  onCreateMeetLink,
}: {
  readonly savedReplies: UseQueryResult<SavedReply[]>;
  readonly onInsert: (text: string) => void;
  readonly onCreateMeetLink: (() => void) | null;
}) {
  return (
    <Menu
      align="start"
      label="Saved replies"
      trigger={
        <Button
          variant="ghost"
          size="sm"
          icon={<MessageSquareText aria-hidden="true" />}
          data-testid="saved-replies"
        >
          Saved replies
        </Button>
      }
    >
      <MenuLabel>Saved replies</MenuLabel>
      {savedReplies.isPending ? (
        <MenuItem disabled>Loading…</MenuItem>
      ) : savedReplies.isError ? (
        <MenuItem disabled>Saved replies could not be loaded</MenuItem>
      ) : savedReplies.data.length === 0 ? (
        <MenuItem disabled>No saved replies yet</MenuItem>
      ) : (
        savedReplies.data.map((reply) => (
          <MenuItem key={reply.id} data-testid="saved-reply" onSelect={() => onInsert(reply.body)}>
            {reply.title}
          </MenuItem>
        ))
      )}
      {onCreateMeetLink ? (
        <>
          <MenuSeparator />
          <MenuItem data-testid="create-meet-link" onSelect={onCreateMeetLink}>
            Create Meet link
          </MenuItem>
        </>
      ) : null}
    </Menu>
  );
}
