// SQL of the call history pages: a workspace's calls newest first, by type, by agent, and by the
// contact's name or phone.
import { sql, type Kysely } from 'kysely';
import type { HistorySearchType } from '../../contract/voice';
import type { Database } from '../../db/schema';
import { likeContains, type Keyset } from '../../lib/paging';

/** What a history search text is matched against: the contact's name and phone (0005). */
const CONTACT_SEARCH = sql`lower(name || ' ' || coalesce(phone, ''))`;
/** Up to this many matching contacts, the history reads their calls by contact. */
export const FEW_CONTACTS = 250;

/** The rows a history page reads. */
export interface HistoryScope {
  readonly workspaceId: string;
  readonly searchType: HistorySearchType;
  /** Lower-case search text (contact name or phone), or empty. */
  readonly searchText: string;
  /** Only the calls of this agent (callers without the shared inbox). */
  readonly onlyAgentId?: string | null;
}

/** The call history of a workspace. */
export class CallHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The keyset of a history row (the `lastId` of the previous page). */
  historyKeyset(workspaceId: string, id: string): Promise<Keyset | undefined> {
    return this.db
      .selectFrom('connections')
      .select(['created_at', 'id'])
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst()
      .then((r) => (r ? { at: new Date(r.created_at), id: r.id } : undefined));
  }

  /**
   * One page of the call history, newest first, after the keyset. A search text matches the
   * contact's name or phone: the matching contacts are looked up first (trigram index over the
   * workspace's contacts, far fewer than its calls). When few match, their calls are read by
   * contact; when many match, the text is common, and walking the calls newest first finds a
   * page at once (the filter is written so that no index is tried for it).
   */
  async history(scope: HistoryScope, after: Keyset | undefined, limit: number) {
    let q = this.historyQuery(scope, after);
    if (scope.searchText) {
      const contacts = await this.db
        .selectFrom('contacts')
        .select('id')
        .where('workspace_id', '=', scope.workspaceId)
        .where(
          // A trigram index needs three characters; a shorter text is common, and reading the
          // contacts in order finds enough of them at once.
          scope.searchText.length >= 3
            ? sql<boolean>`${CONTACT_SEARCH} LIKE ${likeContains(scope.searchText)}`
            : sql<boolean>`position(${scope.searchText.toLowerCase()} in ${CONTACT_SEARCH}) > 0`,
        )
        .limit(FEW_CONTACTS + 1)
        .execute();
      if (contacts.length === 0) return [];
      if (contacts.length <= FEW_CONTACTS)
        // Their calls, read by contact and sorted: ordering by an expression keeps the planner
        // from walking the whole history instead (its row estimates cannot know that these
        // contacts' calls may all be old, or of another type).
        return q
          .where(
            'k.contact_id',
            'in',
            contacts.map((c) => c.id),
          )
          .orderBy(sql`k.created_at + interval '0 seconds'`, 'desc')
          .orderBy('k.id', 'desc')
          .limit(limit)
          .execute();
      q = q.where(
        sql<boolean>`position(${scope.searchText.toLowerCase()} in lower(c.name || ' ' || coalesce(c.phone, ''))) > 0`,
      );
    }
    return q.orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').limit(limit).execute();
  }

  private historyQuery(scope: HistoryScope, after: Keyset | undefined) {
    let q = this.db
      .selectFrom('connections as k')
      .innerJoin('contacts as c', 'c.id', 'k.contact_id')
      .leftJoin('agents as a', 'a.id', 'k.agent_id')
      .select([
        'k.id',
        'k.id_communication',
        'k.communication_type',
        'k.answered',
        'k.created_at',
        'k.connected_at',
        'k.ended_at',
        'k.contact_phone_number',
        'k.id_conversation',
        'k.id_part',
        'k.agent_id',
        'c.id as contact_id',
        'c.name as contact_name',
        'c.phone as contact_phone',
        'a.name as agent_name',
        'a.avatar_url as agent_avatar_url',
        'k.acw_disposition',
        'k.acw_notes',
        'k.acw_saved_at',
      ])
      .where('k.workspace_id', '=', scope.workspaceId);
    switch (scope.searchType) {
      case 'inbound':
      case 'outbound':
        q = q.where('k.communication_type', '=', scope.searchType);
        break;
      case 'transferred':
        q = q.where('k.communication_type', '=', 'transfer');
        break;
      case 'missed':
        q = q
          .where('k.communication_type', '<>', 'monitor')
          .where('k.answered', '=', false)
          .where('k.ended_at', 'is not', null);
        break;
      default:
        q = q.where('k.communication_type', '<>', 'monitor');
    }
    if (scope.onlyAgentId !== undefined)
      q =
        scope.onlyAgentId === null
          ? q.where(sql<boolean>`false`)
          : q.where('k.agent_id', '=', scope.onlyAgentId);
    if (after) q = q.where(sql<boolean>`(k.created_at, k.id) < (${after.at}, ${after.id})`);
    return q;
  }
}
