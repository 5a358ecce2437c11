// Who sees which conversations: everyone's with the shared-inbox permit, else only one's own.
// Every inbox read and write of one conversation starts with `visibleConversation`.
import type { WorkspaceAccess } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { holds } from '../session/service';
import type { ConversationScope, InboxRepository } from './repository';

/** A conversation row as the inbox reads it (with its contact and assignee). */
export type ConversationRow = NonNullable<Awaited<ReturnType<InboxRepository['findConversation']>>>;

/** The conversations a caller may see: all with the shared-inbox permit, else their own. */
export function inboxVisibility(
  access: WorkspaceAccess,
): Pick<ConversationScope, 'workspaceId' | 'onlyAssignedTo'> {
  return {
    workspaceId: access.workspace.id,
    ...(holds(access, 'flag_inbox_shared') ? {} : { onlyAssignedTo: access.agent?.id ?? null }),
  };
}

/** A conversation the caller may see; 404 otherwise (also for another workspace's). */
export async function visibleConversation(
  repo: InboxRepository,
  access: WorkspaceAccess,
  id: string,
): Promise<ConversationRow> {
  const row = await repo.findConversation(access.workspace.id, id);
  const scope = inboxVisibility(access);
  if (
    !row ||
    (scope.onlyAssignedTo !== undefined && row.assignee_agent_id !== scope.onlyAssignedTo)
  )
    throw notFound('Conversation');
  return row;
}
