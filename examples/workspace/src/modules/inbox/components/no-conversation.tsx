import { MessagesSquare } from 'lucide-react';
import { EmptyState } from '../../../ui';

/** The conversation pane when none is open. */
export function NoConversation() {
  return (
    <section className="conversation-pane conversation-pane--empty" data-testid="no-conversation">
      <EmptyState
        icon={<MessagesSquare aria-hidden="true" />}
        title="No conversation selected"
        body="Pick a conversation from the list to read it and reply."
      />
    </section>
  );
}
