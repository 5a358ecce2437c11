// SQL of contacts and their calls.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ContactAttributeValues, Database } from '../../db/schema';
import type { Keyset } from '../../lib/paging';
import { likeContains } from '../../lib/paging';
import { callSearchText } from '../../lib/links';

export class ContactRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of contacts by name (lower case), then id. */
  list(
    workspaceId: string,
    q: string | undefined,
    cursor: { name: string; id: string } | undefined,
    limit: number,
  ) {
    let query = this.db
      .selectFrom('contacts')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('deleted_at', 'is', null);
    if (q) {
      const p = likeContains(q);
      query = query.where(
        sql<boolean>`(lower(name) LIKE ${p} OR lower(coalesce(phone, '')) LIKE ${p} OR lower(coalesce(email, '')) LIKE ${p} OR lower(coalesce(company, '')) LIKE ${p})`,
      );
    }
    if (cursor)
      query = query.where(sql<boolean>`(lower(name), id) > (${cursor.name}, ${cursor.id})`);
    return query
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  find(workspaceId: string, id: string, db: Kysely<Database> = this.db) {
    return db
      .selectFrom('contacts')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  findByPhone(workspaceId: string, phone: string, db: Kysely<Database> = this.db) {
    return db
      .selectFrom('contacts')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('phone', '=', phone)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  insert(
    db: Kysely<Database>,
    c: {
      id: string;
      workspaceId: string;
      name: string;
      phone: string | null;
      email: string | null;
      company: string | null;
      attributes: ContactAttributeValues;
    },
  ) {
    return db
      .insertInto('contacts')
      .values({
        id: c.id,
        workspace_id: c.workspaceId,
        name: c.name,
        phone: c.phone,
        email: c.email,
        company: c.company,
        attributes: JSON.stringify(c.attributes),
        avatar_url: null,
        updated_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  update(
    trx: Transaction<Database>,
    workspaceId: string,
    id: string,
    set: { name?: string; phone?: string | null; email?: string | null; company?: string | null },
    attributes?: ContactAttributeValues,
  ) {
    return trx
      .updateTable('contacts')
      .set({
        ...set,
        ...(attributes ? { attributes: JSON.stringify(attributes) } : {}),
        updated_at: new Date(),
      })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Keeps the search text of the contact's calls in step with its name and phone. */
  async refreshCallSearch(
    trx: Transaction<Database>,
    workspaceId: string,
    id: string,
    name: string,
    phone: string | null,
  ) {
    await trx
      .updateTable('connections')
      .set({ search_text: callSearchText(name, phone) })
      .where('workspace_id', '=', workspaceId)
      .where('contact_id', '=', id)
      .execute();
  }

  /**
   * Erases a contact in the transaction: its personal data goes (name replaced by `name`,
   * phone, email, company, avatar and its events' payloads), its calls lose the number, and the
   * row is marked deleted so its conversations and calls keep their owner. Returns whether a
   * live contact was erased (false: none, or already deleted).
   */
  async erase(trx: Transaction<Database>, workspaceId: string, id: string, name: string) {
    const erased = await trx
      .updateTable('contacts')
      .set({
        name,
        phone: null,
        email: null,
        company: null,
        avatar_url: null,
        other_phones: [],
        other_emails: [],
        attributes: '{}',
        updated_at: new Date(),
        deleted_at: new Date(),
      })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!erased) return false;
    await trx
      .updateTable('connections')
      .set({ contact_phone_number: null, search_text: callSearchText(name, null) })
      .where('workspace_id', '=', workspaceId)
      .where('contact_id', '=', id)
      .execute();
    await trx
      .deleteFrom('contact_events')
      .where('workspace_id', '=', workspaceId)
      .where('contact_id', '=', id)
      .execute();
    return true;
  }

  /** The live contacts `ids` of the workspace, locked for update (in id order) until commit. */
  lockLive(trx: Transaction<Database>, workspaceId: string, ids: string[]) {
    return trx
      .selectFrom('contacts')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /**
   * Moves every row referencing contact `from` to contact `to`: conversations, calls, contact
   * events, web-chat visitors, CSAT surveys, queued inbound messages and campaign recipients (a
   * campaign that already has `to` keeps `from`'s row as its snapshot).
   */
  async moveReferences(trx: Transaction<Database>, workspaceId: string, from: string, to: string) {
    for (const table of [
      'conversations',
      'connections',
      'contact_events',
      'webchat_visitors',
      'csat_surveys',
      'inbound_queue',
    ])
      await sql`UPDATE ${sql.table(table)} SET contact_id = ${to}
        WHERE workspace_id = ${workspaceId} AND contact_id = ${from}`.execute(trx);
    await sql`UPDATE campaign_messages m SET contact_id = ${to}
      WHERE m.workspace_id = ${workspaceId} AND m.contact_id = ${from}
        AND NOT EXISTS (SELECT 1 FROM campaign_messages t
          WHERE t.campaign_id = m.campaign_id AND t.contact_id = ${to})`.execute(trx);
  }

  /** Sets the merged fields of a contact (after the other contact's phone was freed). */
  setMerged(
    trx: Transaction<Database>,
    workspaceId: string,
    id: string,
    set: {
      name: string;
      phone: string | null;
      email: string | null;
      company: string | null;
      avatar_url: string | null;
      other_phones: string[];
      other_emails: string[];
      attributes: ContactAttributeValues;
    },
  ) {
    return trx
      .updateTable('contacts')
      .set({ ...set, attributes: JSON.stringify(set.attributes), updated_at: new Date() })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * The live contacts of the workspace other than `id` holding one of `phones` (E.164) or
   * `emails` (lower case), as primary or merged value; each branch reads an index (the phone
   * key, the lower(email) index, the GIN indexes of the merged values).
   */
  sharing(workspaceId: string, id: string, phones: string[], emails: string[], limit: number) {
    return this.db
      .selectFrom('contacts')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('deleted_at', 'is', null)
      .where('id', '<>', id)
      .where(
        sql<boolean>`(phone = ANY(${phones}::text[]) OR other_phones && ${phones}::text[]
          OR lower(email) = ANY(${emails}::text[]) OR other_emails && ${emails}::text[])`,
      )
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Conversation counts of the contacts `ids`. */
  async conversationCounts(workspaceId: string, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('conversations')
      .select(['contact_id', sql<number>`count(*)::int`.as('n')])
      .where('workspace_id', '=', workspaceId)
      .where('contact_id', 'in', ids)
      .groupBy('contact_id')
      .execute();
    return new Map(rows.map((r) => [r.contact_id, r.n]));
  }

  /** The workspace's custom attributes, in order. */
  attributeDefinitions(workspaceId: string) {
    return this.db
      .selectFrom('contact_attribute_definitions')
      .select(['key', 'label', 'type'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('position')
      .execute();
  }

  /** Replaces the workspace's custom attributes (values of removed keys stay on contacts, unseen). */
  async replaceAttributeDefinitions(
    trx: Transaction<Database>,
    workspaceId: string,
    list: readonly { key: string; label: string; type: 'text' | 'number' | 'date' | 'boolean' }[],
  ) {
    await trx
      .deleteFrom('contact_attribute_definitions')
      .where('workspace_id', '=', workspaceId)
      .execute();
    if (list.length)
      await trx
        .insertInto('contact_attribute_definitions')
        .values(list.map((a, position) => ({ workspace_id: workspaceId, ...a, position })))
        .execute();
  }

  calls(workspaceId: string, contactId: string, limit: number) {
    return this.db
      .selectFrom('connections')
      .select([
        'id_communication',
        'communication_type',
        'answered',
        'created_at',
        'ended_at',
        'id_conversation',
        'id_part',
      ])
      .where('workspace_id', '=', workspaceId)
      .where('contact_id', '=', contactId)
      .where('communication_type', '<>', 'monitor')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async callCount(workspaceId: string, contactId: string): Promise<number> {
    const row = await this.db
      .selectFrom('connections')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('contact_id', '=', contactId)
      .where('communication_type', '<>', 'monitor')
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async conversationCount(workspaceId: string, contactId: string): Promise<number> {
    const row = await this.db
      .selectFrom('conversations')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('contact_id', '=', contactId)
      .executeTakeFirstOrThrow();
    return row.n;
  }
}

export type { Keyset };
