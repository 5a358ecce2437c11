// SQL of the voice add-on: connection records (one per contact-centre communication), the
// contacts and conversations calls belong to, call parts, agents and teams, and the contact
// events received (deduplicated by event id). The call history pages are history-repository.ts,
// disposition codes and after-call work after-call-repository.ts.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Connection, Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { contactHoldingPhone } from '../contacts/matching';
import { insertPhoneContacts } from '../contacts/phone-contacts';

type Db = Kysely<Database> | Transaction<Database>;

/** What the app's call routes record about a communication. */
export interface AppConnectionInput {
  readonly workspaceId: string;
  readonly idCommunication: string;
  readonly communicationType: string;
  readonly previousIdCommunication: string | null;
  readonly contactPhoneNumber: string | null;
  readonly agentId: string | null;
  readonly at: Date;
}

/** What one contact event says about a communication (times from the event). */
export interface EventConnectionInput {
  readonly workspaceId: string;
  readonly idCommunication: string;
  readonly communicationType: string;
  readonly previousIdCommunication: string | null;
  readonly initialIdCommunication: string | null;
  readonly contactPhoneNumber: string | null;
  readonly agentId: string | null;
  readonly createdAt: Date;
  readonly connectedAt: Date | null;
  readonly endedAt: Date | null;
  readonly completedAt: Date | null;
  /** The queue the call waited in (the event's queueInfo), when the event names one. */
  readonly queueId?: string | null;
}

interface WorkspaceAgentRow {
  id: string;
  name: string;
  email: string;
  avatar_url: string | null;
  connect_user_id: string | null;
  team_name: string | null;
  team_emoji: string | null;
}

/** A workspace agent as the voice screens list it. */
export interface WorkspaceAgent {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly avatar_url: string | null;
  readonly connect_user_id: string | null;
  readonly team: { readonly name: string; readonly emoji: string | null } | null;
}

export class VoiceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findConnection(workspaceId: string, idCommunication: string, db: Db = this.db) {
    return db
      .selectFrom('connections')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id_communication', '=', idCommunication)
      .executeTakeFirst();
  }

  findConnectionsByCommunication(workspaceId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('connections as k')
      .leftJoin('contacts as c', 'c.id', 'k.contact_id')
      .select([
        'k.id_communication',
        'k.communication_type',
        'k.contact_phone_number',
        'c.name as contact_name',
      ])
      .where('k.workspace_id', '=', workspaceId)
      .where('k.id_communication', 'in', ids)
      .execute();
  }

  /**
   * Records a communication the app reports (insert, or fill what is missing); answers the row,
   * locked for the rest of the transaction.
   */
  async upsertFromApp(trx: Transaction<Database>, v: AppConnectionInput): Promise<Connection> {
    return trx
      .insertInto('connections')
      .values({
        id: newId(),
        workspace_id: v.workspaceId,
        id_communication: v.idCommunication,
        communication_type: v.communicationType,
        previous_id_communication: v.previousIdCommunication,
        contact_phone_number: v.contactPhoneNumber,
        agent_id: v.agentId,
        answered: false,
        search_text: '',
        created_at: v.at,
        updated_at: v.at,
      })
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'id_communication']).doUpdateSet({
          previous_id_communication: sql`coalesce(connections.previous_id_communication, excluded.previous_id_communication)`,
          contact_phone_number: sql`coalesce(connections.contact_phone_number, excluded.contact_phone_number)`,
          agent_id: sql`coalesce(connections.agent_id, excluded.agent_id)`,
          updated_at: v.at,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Merges what one contact event says into the communication's row. Every merge is
   * order-independent (earliest time, first value, answered once connected), so duplicated or
   * reordered events give the same row as in-order delivery. Answers the row, locked.
   */
  async upsertFromEvent(trx: Transaction<Database>, v: EventConnectionInput): Promise<Connection> {
    return trx
      .insertInto('connections')
      .values({
        id: newId(),
        workspace_id: v.workspaceId,
        id_communication: v.idCommunication,
        communication_type: v.communicationType,
        previous_id_communication: v.previousIdCommunication,
        initial_id_communication: v.initialIdCommunication,
        contact_phone_number: v.contactPhoneNumber,
        agent_id: v.agentId,
        answered: v.connectedAt !== null,
        created_at: v.createdAt,
        connected_at: v.connectedAt,
        ended_at: v.endedAt,
        completed_at: v.completedAt,
        queue_id: v.queueId ?? null,
        search_text: '',
        updated_at: new Date(),
      })
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'id_communication']).doUpdateSet({
          // The contact centre's initiation method names the type, except for a monitoring leg
          // the app recorded (its contact is the supervisor's).
          communication_type: sql`CASE WHEN connections.communication_type = 'monitor' THEN 'monitor' ELSE excluded.communication_type END`,
          previous_id_communication: sql`coalesce(connections.previous_id_communication, excluded.previous_id_communication)`,
          initial_id_communication: sql`coalesce(connections.initial_id_communication, excluded.initial_id_communication)`,
          contact_phone_number: sql`coalesce(connections.contact_phone_number, excluded.contact_phone_number)`,
          // The agent who was connected wins over one who was only offered the call.
          agent_id: sql`CASE WHEN excluded.connected_at IS NOT NULL AND excluded.agent_id IS NOT NULL THEN excluded.agent_id ELSE coalesce(connections.agent_id, excluded.agent_id) END`,
          answered: sql`connections.answered OR excluded.answered`,
          created_at: sql`excluded.created_at`,
          connected_at: sql`least(connections.connected_at, excluded.connected_at)`,
          ended_at: sql`least(connections.ended_at, excluded.ended_at)`,
          completed_at: sql`least(connections.completed_at, excluded.completed_at)`,
          queue_id: sql`coalesce(excluded.queue_id, connections.queue_id)`,
          updated_at: sql`excluded.updated_at`,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateConnection(
    trx: Db,
    id: string,
    set: Partial<{
      id_conversation: string | null;
      id_part: string | null;
      contact_id: string | null;
      contact_phone_number: string | null;
      agent_id: string | null;
      answered: boolean;
      connected_at: Date | null;
      previous_id_communication: string | null;
      search_text: string;
    }>,
  ): Promise<Connection> {
    return trx
      .updateTable('connections')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The contact holding this number (its own or a merged-in one; see contacts/matching.ts). */
  findContactByPhone(workspaceId: string, phone: string, db: Db = this.db) {
    return contactHoldingPhone(db, workspaceId, phone)
      .select(['id', 'name', 'phone', 'avatar_url'])
      .executeTakeFirst();
  }

  findContact(workspaceId: string, id: string, db: Db = this.db) {
    return db
      .selectFrom('contacts')
      .select(['id', 'name', 'phone', 'avatar_url'])
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The contact holding this phone number (its own or a merged-in one), created (visitor-named)
   * when there is none; locked.
   */
  async ensureContact(trx: Transaction<Database>, workspaceId: string, phone: string) {
    const held = await contactHoldingPhone(trx, workspaceId, phone)
      .select(['id', 'name', 'phone', 'avatar_url'])
      .forUpdate()
      .executeTakeFirst();
    if (held) return held;
    await insertPhoneContacts(trx, [{ workspaceId, phone }]);
    return trx
      .selectFrom('contacts')
      .select(['id', 'name', 'phone', 'avatar_url'])
      .where('workspace_id', '=', workspaceId)
      .where('phone', '=', phone)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  /** Assigns an unassigned conversation. */
  async assignIfUnassigned(trx: Db, conversationId: string, agentId: string): Promise<void> {
    await trx
      .updateTable('conversations')
      .set({ assignee_agent_id: agentId, updated_at: new Date() })
      .where('id', '=', conversationId)
      .where('assignee_agent_id', 'is', null)
      .execute();
  }

  /**
   * Gives a conversation to the agent who talked in it last: to `agentId`, connected at
   * `connectedAt`, when it is unassigned or its assignee's own calls in it connected earlier.
   * An assignee with no call in it (assigned by hand) keeps it. Whatever order the calls are
   * recorded in, the conversation ends with the agent of its latest talked call.
   */
  async assignToTalker(
    trx: Db,
    conversationId: string,
    agentId: string,
    connectedAt: Date,
  ): Promise<void> {
    await sql`UPDATE conversations v SET assignee_agent_id = ${agentId}, updated_at = now()
      WHERE v.id = ${conversationId}
        AND v.assignee_agent_id IS DISTINCT FROM ${agentId}
        AND (v.assignee_agent_id IS NULL OR (
          SELECT max(k.connected_at) FROM connections k
          WHERE k.id_conversation = v.id AND k.agent_id = v.assignee_agent_id
            AND k.communication_type <> 'monitor') < ${connectedAt})`.execute(trx);
  }

  /** Adds the call part (a `call` message) to a conversation and moves its activity forward. */
  async insertCallPart(
    trx: Db,
    v: {
      workspaceId: string;
      conversationId: string;
      idCommunication: string;
      agentId: string | null;
      direction: 'inbound' | 'outbound';
      body: string;
      at: Date;
    },
  ): Promise<string> {
    const id = newId();
    await trx
      .insertInto('messages')
      .values({
        id,
        workspace_id: v.workspaceId,
        conversation_id: v.conversationId,
        kind: 'call',
        direction: v.direction,
        author_agent_id: v.agentId,
        body: v.body,
        id_communication: v.idCommunication,
        created_at: v.at,
      })
      .execute();
    await trx
      .updateTable('conversations')
      .set({
        last_message_at: sql`greatest(last_message_at, ${v.at})`,
        last_message_preview: sql`CASE WHEN last_message_at <= ${v.at} THEN ${v.body} ELSE last_message_preview END`,
        updated_at: new Date(),
      })
      .where('id', '=', v.conversationId)
      .execute();
    return id;
  }

  /** The conversation and the contact of a conversation (answer of the conversation start). */
  conversationWithContact(workspaceId: string, conversationId: string, db: Db = this.db) {
    return db
      .selectFrom('conversations as v')
      .innerJoin('contacts as c', 'c.id', 'v.contact_id')
      .select([
        'v.id',
        'v.assignee_agent_id',
        'c.id as contact_id',
        'c.name',
        'c.phone',
        'c.avatar_url',
      ])
      .where('v.workspace_id', '=', workspaceId)
      .where('v.id', '=', conversationId)
      .executeTakeFirst();
  }

  /** A call part of a conversation (its message and connection). */
  callPart(workspaceId: string, conversationId: string, partId: string) {
    return this.db
      .selectFrom('messages as m')
      .innerJoin('conversations as v', 'v.id', 'm.conversation_id')
      .innerJoin('connections as k', (join) =>
        join
          .onRef('k.workspace_id', '=', 'm.workspace_id')
          .onRef('k.id_communication', '=', 'm.id_communication'),
      )
      .leftJoin('agents as a', 'a.id', 'k.agent_id')
      .leftJoin('contacts as c', 'c.id', 'k.contact_id')
      .select([
        'k.id_communication',
        'k.answered',
        'k.ended_at',
        'k.agent_id',
        'v.assignee_agent_id',
        'a.name as agent_name',
        'c.name as contact_name',
        'c.phone as contact_phone',
      ])
      .where('m.workspace_id', '=', workspaceId)
      .where('m.conversation_id', '=', conversationId)
      .where('m.id', '=', partId)
      .where('m.kind', '=', 'call')
      .executeTakeFirst();
  }

  /** A connection with its conversation's assignee (who may read its recording). */
  connectionWithAssignee(workspaceId: string, idCommunication: string) {
    return this.db
      .selectFrom('connections as k')
      .leftJoin('conversations as v', 'v.id', 'k.id_conversation')
      .select([
        'k.id_communication',
        'k.answered',
        'k.ended_at',
        'k.agent_id',
        'k.connected_at',
        'v.assignee_agent_id',
      ])
      .where('k.workspace_id', '=', workspaceId)
      .where('k.id_communication', '=', idCommunication)
      .executeTakeFirst();
  }

  /** The workspace's teams mapped to a contact-centre queue (Settings → Teams), by name. */
  mappedTeams(workspaceId: string) {
    return this.db
      .selectFrom('teams')
      .select(['id', 'name', 'connect_queue_id'])
      .where('workspace_id', '=', workspaceId)
      .where('connect_queue_id', 'is not', null)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  /**
   * The workspace's agents by name, each with its first team by name. One row of JSON: a status
   * list of thousands of agents is read in one piece rather than row by row.
   */
  async agents(workspaceId: string): Promise<WorkspaceAgent[]> {
    const { rows } = await sql<{ list: WorkspaceAgentRow[] | null }>`
      SELECT json_agg(x ORDER BY x.name, x.id) AS list FROM (
        SELECT DISTINCT ON (a.name, a.id) a.id, a.name, a.email, a.avatar_url, a.connect_user_id,
          t.name AS team_name, t.emoji AS team_emoji
        FROM agents a
        LEFT JOIN team_members tm ON tm.agent_id = a.id
        LEFT JOIN teams t ON t.id = tm.team_id
        WHERE a.workspace_id = ${workspaceId}
        ORDER BY a.name, a.id, t.name) x`.execute(this.db);
    const list = rows[0]?.list;
    return (
      typeof list === 'string' ? (JSON.parse(list) as WorkspaceAgentRow[]) : (list ?? [])
    ).map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      avatar_url: r.avatar_url,
      connect_user_id: r.connect_user_id,
      team: r.team_name === null ? null : { name: r.team_name, emoji: r.team_emoji },
    }));
  }

  agentByConnectUser(workspaceId: string, connectUserId: string, db: Db = this.db) {
    return db
      .selectFrom('agents')
      .select(['id'])
      .where('workspace_id', '=', workspaceId)
      .where('connect_user_id', '=', connectUserId)
      .executeTakeFirst();
  }

  workspaceByInstance(instanceId: string) {
    return this.db
      .selectFrom('workspaces')
      .select(['id', 'slug', 'connect_instance_id', 'connect_region', 'connect_instance_status'])
      .where('connect_instance_id', '=', instanceId)
      .executeTakeFirst();
  }

  /** Records a contact event; answers false when its id was already recorded (a duplicate). */
  async recordEvent(
    trx: Transaction<Database>,
    v: {
      eventId: string;
      workspaceId: string;
      contactId: string;
      eventType: string;
      eventTime: Date;
      payload: unknown;
    },
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto('contact_events')
      .values({
        event_id: v.eventId,
        workspace_id: v.workspaceId,
        contact_id: v.contactId,
        event_type: v.eventType,
        event_time: v.eventTime,
        payload: JSON.stringify(v.payload),
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
