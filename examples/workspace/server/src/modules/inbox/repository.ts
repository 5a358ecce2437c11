// SQL of conversations, messages, tags, views and saved replies.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, MessageTemplateRef } from '../../db/schema';
import type { Keyset } from '../../lib/paging';
import { likeContains } from '../../lib/paging';
import { scopeWhere, type ConversationScope } from './conversation-scope';

export type { ConversationScope } from './conversation-scope';

export class InboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private conversationQuery(db: Kysely<Database> = this.db) {
    return db
      .selectFrom('conversations as c')
      .innerJoin('contacts as ct', 'ct.id', 'c.contact_id')
      .leftJoin('agents as a', 'a.id', 'c.assignee_agent_id')
      .select([
        'c.id',
        'c.subject',
        'c.channel',
        'c.status',
        'c.last_message_at',
        'c.last_message_preview',
        'c.created_at',
        'c.assignee_agent_id',
        'c.priority',
        'c.snoozed_until',
        'ct.id as contact_id',
        'ct.name as contact_name',
        'ct.phone as contact_phone',
        'ct.email as contact_email',
        'ct.avatar_url as contact_avatar_url',
        'a.name as assignee_name',
        'a.avatar_url as assignee_avatar_url',
        // The campaign a customer's reply linked the conversation to (campaign-reply.ts).
        'c.campaign_id',
        sql<string | null>`(SELECT cp.name FROM campaigns cp WHERE cp.id = c.campaign_id)`.as(
          'campaign_name',
        ),
      ]);
  }

  /** One page of conversations, newest activity first. */
  listConversations(scope: ConversationScope, cursor: Keyset | undefined, limit: number) {
    let q = this.conversationQuery().where(scopeWhere(scope));
    if (cursor) q = q.where(sql<boolean>`(c.last_message_at, c.id) < (${cursor.at}, ${cursor.id})`);
    return q.orderBy('c.last_message_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
  }

  /** Conversations of a contact in scope, newest first. */
  conversationsOfContact(scope: ConversationScope, contactId: string, limit: number) {
    return this.conversationQuery()
      .where(scopeWhere(scope))
      .where('c.contact_id', '=', contactId)
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }

  async count(scope: ConversationScope): Promise<number> {
    const row = await this.db
      .selectFrom('conversations as c')
      .innerJoin('contacts as ct', 'ct.id', 'c.contact_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(scopeWhere(scope))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Open conversations per tag of the workspace (in scope). */
  tagCounts(scope: ConversationScope) {
    return this.db
      .selectFrom('tags as g')
      .select([
        'g.id',
        'g.name',
        'g.color',
        sql<number>`(SELECT count(*)::int FROM conversation_tags t JOIN conversations c ON c.id = t.conversation_id
          JOIN contacts ct ON ct.id = c.contact_id WHERE t.tag_id = g.id AND ${scopeWhere(scope)})`.as(
          'count',
        ),
      ])
      .where('g.workspace_id', '=', scope.workspaceId)
      .orderBy('g.name')
      .execute();
  }

  findConversation(workspaceId: string, id: string, db: Kysely<Database> = this.db) {
    return this.conversationQuery(db)
      .where('c.workspace_id', '=', workspaceId)
      .where('c.id', '=', id)
      .executeTakeFirst();
  }

  tagsOf(conversationIds: readonly string[]) {
    if (conversationIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('conversation_tags as t')
      .innerJoin('tags as g', 'g.id', 't.tag_id')
      .select(['t.conversation_id', 'g.id', 'g.name', 'g.color'])
      .where('t.conversation_id', 'in', conversationIds)
      .orderBy('g.name')
      .execute();
  }

  tags(workspaceId: string) {
    return this.db
      .selectFrom('tags')
      .select(['id', 'name', 'color'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('name')
      .execute();
  }

  views(workspaceId: string) {
    return this.db
      .selectFrom('inbox_views')
      .select(['id', 'name', 'filters'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('name')
      .execute();
  }

  findView(workspaceId: string, id: string) {
    return this.db
      .selectFrom('inbox_views')
      .select(['id', 'name', 'filters'])
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  private messageQuery() {
    return this.db
      .selectFrom('messages as m')
      .leftJoin('agents as a', 'a.id', 'm.author_agent_id')
      .leftJoin('connections as k', (join) =>
        join
          .onRef('k.workspace_id', '=', 'm.workspace_id')
          .onRef('k.id_communication', '=', 'm.id_communication'),
      )
      .leftJoin('agents as ka', 'ka.id', 'k.agent_id')
      .select([
        'm.id',
        'm.conversation_id',
        'm.kind',
        'm.direction',
        'm.body',
        'm.created_at',
        'm.author_agent_id',
        'm.status',
        'm.status_reason',
        'm.status_at',
        'a.name as author_name',
        'a.avatar_url as author_avatar_url',
        'k.id_communication',
        'k.communication_type',
        'k.answered',
        'k.contact_phone_number',
        'k.created_at as call_created_at',
        'k.connected_at as call_connected_at',
        'k.ended_at as call_ended_at',
        'k.agent_id as call_agent_id',
        'k.acw_disposition',
        'k.acw_notes',
        'k.acw_saved_at',
        'ka.name as call_agent_name',
        'ka.avatar_url as call_agent_avatar_url',
      ]);
  }

  /** Messages older than the cursor, newest first (the caller reverses). */
  messages(conversationId: string, cursor: Keyset | undefined, limit: number) {
    let q = this.messageQuery().where('m.conversation_id', '=', conversationId);
    if (cursor) q = q.where(sql<boolean>`(m.created_at, m.id) < (${cursor.at}, ${cursor.id})`);
    return q.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  }

  findMessage(conversationId: string, id: string) {
    return this.messageQuery()
      .where('m.conversation_id', '=', conversationId)
      .where('m.id', '=', id)
      .executeTakeFirst();
  }

  async insertMessage(
    trx: Transaction<Database>,
    m: {
      id: string;
      workspaceId: string;
      conversationId: string;
      kind: string;
      direction: string | null;
      authorAgentId: string | null;
      body: string;
      idCommunication?: string | null;
      at: Date;
      status?: string | null;
      template?: MessageTemplateRef | null;
    },
  ): Promise<void> {
    await trx
      .insertInto('messages')
      .values({
        id: m.id,
        workspace_id: m.workspaceId,
        conversation_id: m.conversationId,
        kind: m.kind,
        direction: m.direction,
        author_agent_id: m.authorAgentId,
        body: m.body,
        id_communication: m.idCommunication ?? null,
        created_at: m.at,
        status: m.status ?? null,
        status_at: m.status ? m.at : null,
        template: m.template ? JSON.stringify(m.template) : null,
      })
      .execute();
  }

  async touchConversation(
    trx: Transaction<Database>,
    id: string,
    at: Date,
    preview: string | null,
  ): Promise<void> {
    await trx
      .updateTable('conversations')
      .set({
        last_message_at: at,
        updated_at: at,
        ...(preview === null ? {} : { last_message_preview: preview.slice(0, 200) }),
      })
      .where('id', '=', id)
      .execute();
  }

  async insertConversation(
    trx: Transaction<Database>,
    c: {
      id: string;
      workspaceId: string;
      contactId: string;
      channel: string;
      subject: string;
      assigneeId: string | null;
      at: Date;
    },
  ): Promise<void> {
    await trx
      .insertInto('conversations')
      .values({
        id: c.id,
        workspace_id: c.workspaceId,
        contact_id: c.contactId,
        channel: c.channel,
        subject: c.subject,
        status: 'open',
        assignee_agent_id: c.assigneeId,
        last_message_at: c.at,
        last_message_preview: '',
        created_at: c.at,
        updated_at: c.at,
      })
      .execute();
  }

  async updateConversation(
    trx: Transaction<Database>,
    id: string,
    set: {
      status?: string;
      assignee_agent_id?: string | null;
      subject?: string;
      priority?: string;
      snoozed_until?: Date | null;
    },
  ): Promise<void> {
    await trx
      .updateTable('conversations')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** The tag ids of one conversation. */
  async tagIdsOf(conversationId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('conversation_tags')
      .select('tag_id')
      .where('conversation_id', '=', conversationId)
      .execute();
    return rows.map((r) => r.tag_id);
  }

  /**
   * Opens the snoozed conversations whose time has come (of every workspace); returns them, so
   * that their workspaces hear of it.
   */
  wakeSnoozed(now: Date) {
    return this.db
      .updateTable('conversations')
      .set({ status: 'open', snoozed_until: null, updated_at: now })
      .where('status', '=', 'snoozed')
      .where('snoozed_until', '<=', now)
      .returning(['id', 'workspace_id', 'assignee_agent_id'])
      .execute();
  }

  async replaceTags(
    trx: Transaction<Database>,
    conversationId: string,
    tagIds: readonly string[],
  ): Promise<void> {
    await trx
      .deleteFrom('conversation_tags')
      .where('conversation_id', '=', conversationId)
      .execute();
    if (tagIds.length > 0)
      await trx
        .insertInto('conversation_tags')
        .values(tagIds.map((tag_id) => ({ conversation_id: conversationId, tag_id })))
        .execute();
  }

  /** How many of the ids are the workspace's tags / agents (to reject foreign ids). */
  async countTags(workspaceId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await this.db
      .selectFrom('tags')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  findAgent(workspaceId: string, id: string) {
    return this.db
      .selectFrom('agents')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  savedReplies(workspaceId: string, q: string | undefined) {
    let query = this.db
      .selectFrom('saved_replies')
      .selectAll()
      .where('workspace_id', '=', workspaceId);
    if (q) {
      const p = likeContains(q);
      query = query.where(sql<boolean>`(lower(title) LIKE ${p} OR lower(body) LIKE ${p})`);
    }
    return query
      .orderBy(sql`lower(title)`)
      .orderBy('id')
      .limit(200)
      .execute();
  }

  findSavedReply(workspaceId: string, id: string) {
    return this.db
      .selectFrom('saved_replies')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  insertSavedReply(r: {
    id: string;
    workspaceId: string;
    title: string;
    body: string;
    createdBy: string;
  }) {
    return this.db
      .insertInto('saved_replies')
      .values({
        id: r.id,
        workspace_id: r.workspaceId,
        title: r.title,
        body: r.body,
        created_by: r.createdBy,
        updated_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateSavedReply(workspaceId: string, id: string, set: { title?: string; body?: string }) {
    return this.db
      .updateTable('saved_replies')
      .set({ ...set, updated_at: new Date() })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteSavedReply(workspaceId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('saved_replies')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
