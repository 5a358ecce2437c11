// Who hears of a change on the event stream. Members with the shared-inbox permit hear of every
// change in their workspace; the others only of what they may see: conversations assigned to them
// (and the one just assigned away from them, so that their screens drop it) and their own calls.
// Without this, an agent without the permit was told the ids of everyone's conversations and heard
// the new-message sound for conversations they cannot open.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { WorkspaceAccess } from '../../lib/context';
import { holds } from '../session/service';
import type { LiveEvent } from './bus';

/**
 * Answers whether the member of `access` may hear of an event: from the assignee the event
 * carries, else looked up when the event is delivered.
 */
export type LiveAudience = (event: LiveEvent) => Promise<boolean>;

export function liveAudience(db: Kysely<Database>, access: WorkspaceAccess): LiveAudience {
  const others = conversationAudience(db, access);
  // A notification is its recipient's alone, whatever permits the others hold.
  return (event) =>
    event.type === 'notification.created'
      ? Promise.resolve(event.recipientId !== undefined && event.recipientId === access.agent?.id)
      : others(event);
}

function conversationAudience(db: Kysely<Database>, access: WorkspaceAccess): LiveAudience {
  if (holds(access, 'flag_inbox_shared')) return () => Promise.resolve(true);
  // Agents' statuses are the agent list's, which every member sees; every call is the live
  // calls' of a member with that permit.
  const supervises = holds(access, 'flag_addons_voice_live_calls');
  const general = (event: LiveEvent) =>
    event.type === 'agent.updated' || (supervises && event.type === 'call.updated');
  const me = access.agent?.id;
  const workspaceId = access.workspace.id;
  if (!me) return (event) => Promise.resolve(general(event));
  return async (event) => {
    if (general(event)) return true;
    if (event.previousAssigneeId === me || event.assigneeId === me) return true;
    if (event.conversationId && event.assigneeId === undefined) {
      const conversation = await db
        .selectFrom('conversations')
        .select('assignee_agent_id')
        .where('id', '=', event.conversationId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      if (conversation?.assignee_agent_id === me) return true;
    }
    if (event.type !== 'call.updated') return false;
    const call = await db
      .selectFrom('connections')
      .select('agent_id')
      .where('id_communication', '=', event.id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    return call?.agent_id === me;
  };
}
