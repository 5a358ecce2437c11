// SQL of after-call work: the workspace's disposition codes and what an agent saved for a call.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Connection, Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Disposition codes and the after-call work saved on connection records. */
export class AfterCallRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The workspace's disposition codes, in order. */
  async dispositions(workspaceId: string, db: Db = this.db): Promise<string[]> {
    const rows = await db
      .selectFrom('disposition_codes')
      .select('name')
      .where('workspace_id', '=', workspaceId)
      .orderBy('position')
      .execute();
    return rows.map((r) => r.name);
  }

  /** Replaces the workspace's disposition codes with `names`, in that order. */
  async replaceDispositions(trx: Transaction<Database>, workspaceId: string, names: string[]) {
    await trx.deleteFrom('disposition_codes').where('workspace_id', '=', workspaceId).execute();
    if (names.length > 0)
      await trx
        .insertInto('disposition_codes')
        .values(names.map((name, position) => ({ workspace_id: workspaceId, name, position })))
        .execute();
  }

  /**
   * Saves the after-call work of a call; the saved time moves only when the disposition or the
   * notes change (saving the same again changes nothing).
   */
  async saveAfterCallWork(
    id: string,
    work: { disposition: string | null; notes: string },
    at: Date,
  ): Promise<Connection> {
    return this.db
      .updateTable('connections')
      .set({
        acw_disposition: work.disposition,
        acw_notes: work.notes,
        acw_saved_at: sql<Date>`CASE WHEN acw_saved_at IS NOT NULL
          AND acw_disposition IS NOT DISTINCT FROM ${work.disposition}
          AND acw_notes IS NOT DISTINCT FROM ${work.notes} THEN acw_saved_at ELSE ${at} END`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
