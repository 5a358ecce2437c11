// SQL of notifications: written in the note's transaction, read by their recipient only.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Keyset } from '../../lib/paging';

export class NotificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Of `ids`, the agents of active members of the workspace (deactivated or foreign ids drop). */
  async activeMembers(trx: Transaction<Database>, workspaceId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    const rows = await trx
      .selectFrom('agents as a')
      .innerJoin('memberships as m', (join) =>
        join.onRef('m.user_id', '=', 'a.user_id').onRef('m.workspace_id', '=', 'a.workspace_id'),
      )
      .select('a.id')
      .where('a.workspace_id', '=', workspaceId)
      .where('a.id', 'in', [...ids])
      .where('m.deactivated_at', 'is', null)
      .execute();
    return rows.map((r) => r.id);
  }

  async insertMentions(
    trx: Transaction<Database>,
    rows: readonly {
      id: string;
      workspaceId: string;
      recipientId: string;
      conversationId: string;
      messageId: string;
      actorId: string | null;
      at: Date;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await trx
      .insertInto('notifications')
      .values(
        rows.map((r) => ({
          id: r.id,
          workspace_id: r.workspaceId,
          recipient_agent_id: r.recipientId,
          kind: 'mention' as const,
          conversation_id: r.conversationId,
          message_id: r.messageId,
          actor_agent_id: r.actorId,
          created_at: r.at,
        })),
      )
      .execute();
  }

  private base(workspaceId: string, recipientId: string) {
    return this.db
      .selectFrom('notifications as n')
      .innerJoin('conversations as c', 'c.id', 'n.conversation_id')
      .innerJoin('messages as msg', 'msg.id', 'n.message_id')
      .leftJoin('agents as a', 'a.id', 'n.actor_agent_id')
      .select([
        'n.id',
        'n.kind',
        'n.conversation_id',
        'n.message_id',
        'n.created_at',
        'n.read_at',
        'c.subject',
        'msg.body',
        'a.id as actor_id',
        'a.name as actor_name',
        'a.avatar_url as actor_avatar_url',
      ])
      .where('n.workspace_id', '=', workspaceId)
      .where('n.recipient_agent_id', '=', recipientId);
  }

  /** The recipient's notifications, newest first, after the keyset `after`. */
  list(workspaceId: string, recipientId: string, after: Keyset | undefined, limit: number) {
    let q = this.base(workspaceId, recipientId);
    if (after)
      q = q.where((eb) =>
        eb.or([
          eb('n.created_at', '<', after.at),
          eb.and([eb('n.created_at', '=', after.at), eb('n.id', '<', after.id)]),
        ]),
      );
    return q.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit).execute();
  }

  find(workspaceId: string, recipientId: string, id: string) {
    return this.base(workspaceId, recipientId).where('n.id', '=', id).executeTakeFirst();
  }

  async unreadCount(workspaceId: string, recipientId: string): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('recipient_agent_id', '=', recipientId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks one read (kept as first read); answers whether it is the recipient's. */
  async markRead(workspaceId: string, recipientId: string, id: string, at: Date) {
    const result = await this.db
      .updateTable('notifications')
      .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(at)) }))
      .where('workspace_id', '=', workspaceId)
      .where('recipient_agent_id', '=', recipientId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markAllRead(workspaceId: string, recipientId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('workspace_id', '=', workspaceId)
      .where('recipient_agent_id', '=', recipientId)
      .where('read_at', 'is', null)
      .execute();
  }
}
