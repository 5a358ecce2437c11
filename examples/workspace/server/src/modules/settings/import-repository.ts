// SQL of a contact import: the contacts a batch matches (by phone, or by email case-insensitively),
// batch inserts, batch merges, and the import's history row.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ImportRowError } from '../../contract/settings';
import { SettingsStore, type SettingsDatabase } from './tables';

/** A contact row as the import writes it. */
export interface ImportedContact {
  readonly id: string;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
}

/** A merge into an existing contact: name and company replace, phone and email fill gaps. */
export interface ContactMerge {
  readonly id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  company: string | null;
}

export class ImportRepository extends SettingsStore {
  /**
   * Serializes the imports of a workspace (until the transaction ends): two files with the same
   * new phone number merge instead of one failing on the unique phone index.
   */
  async lockImports(trx: Transaction<SettingsDatabase>, workspaceId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`contact-import:${workspaceId}`}))`.execute(
      trx,
    );
  }

  /** Contacts of the workspace with one of the phones or (lower-case) emails. */
  matches(
    trx: Transaction<SettingsDatabase>,
    workspaceId: string,
    phones: readonly string[],
    emails: readonly string[],
  ) {
    if (phones.length === 0 && emails.length === 0) return Promise.resolve([]);
    // One array parameter per list (`= ANY`), not a parameter per value: a batch's lists are
    // hundreds long, and hundreds of bind parameters cost more to send and plan than the lookup.
    return sql<{ id: string; phone: string | null; email: string | null }>`
      SELECT id, phone, lower(email) AS email FROM contacts
      WHERE workspace_id = ${workspaceId}
        AND (phone = ANY(${phones}::text[]) OR lower(email) = ANY(${emails}::text[]))`
      .execute(trx)
      .then((r) => r.rows);
  }

  async insert(
    trx: Transaction<SettingsDatabase>,
    workspaceId: string,
    rows: readonly ImportedContact[],
  ): Promise<void> {
    if (rows.length === 0) return;
    // One array parameter per column (INSERT … SELECT FROM unnest), not nine per row.
    const column = (pick: (r: ImportedContact) => string | null) => rows.map(pick);
    await sql`INSERT INTO contacts
        (id, workspace_id, name, phone, email, company, avatar_url, created_at, updated_at)
      SELECT v.id, ${workspaceId}, v.name, v.phone, v.email, v.company, NULL, now(), now()
      FROM unnest(
        ${column((r) => r.id)}::text[],
        ${column((r) => r.name)}::text[],
        ${column((r) => r.phone)}::text[],
        ${column((r) => r.email)}::text[],
        ${column((r) => r.company)}::text[]
      ) AS v (id, name, phone, email, company)`.execute(trx);
  }

  /** Applies merges in one statement (UPDATE … FROM unnest, an array parameter per column). */
  async merge(
    trx: Transaction<SettingsDatabase>,
    workspaceId: string,
    merges: readonly ContactMerge[],
  ): Promise<void> {
    if (merges.length === 0) return;
    const column = (pick: (m: ContactMerge) => string | null) => merges.map(pick);
    await sql`UPDATE contacts AS c SET
        name = coalesce(v.name, c.name),
        phone = coalesce(c.phone, v.phone),
        email = coalesce(c.email, v.email),
        company = coalesce(v.company, c.company),
        updated_at = now()
      FROM unnest(
        ${column((m) => m.id)}::text[],
        ${column((m) => m.name)}::text[],
        ${column((m) => m.phone)}::text[],
        ${column((m) => m.email)}::text[],
        ${column((m) => m.company)}::text[]
      ) AS v (id, name, phone, email, company)
      WHERE c.id = v.id AND c.workspace_id = ${workspaceId}`.execute(trx);
  }

  async record(
    row: {
      id: string;
      workspaceId: string;
      fileName: string;
      status: 'completed' | 'rejected';
      total: number;
      created: number;
      merged: number;
      failed: number;
      reason: string | null;
      errors: readonly ImportRowError[];
      createdBy: string;
      createdAt: Date;
    },
    db: Kysely<SettingsDatabase> | Transaction<SettingsDatabase> = this.db,
  ): Promise<void> {
    await db
      .insertInto('contact_imports')
      .values({
        id: row.id,
        workspace_id: row.workspaceId,
        file_name: row.fileName,
        status: row.status,
        rows_total: row.total,
        rows_created: row.created,
        rows_merged: row.merged,
        rows_failed: row.failed,
        reason: row.reason,
        errors: JSON.stringify(row.errors),
        created_by: row.createdBy,
        created_at: row.createdAt,
      })
      .execute();
  }

  // The import history.

  private importQuery() {
    return this.db
      .selectFrom('contact_imports as i')
      .leftJoin('users as u', 'u.id', 'i.created_by')
      .select([
        'i.id',
        'i.file_name',
        'i.status',
        'i.rows_total',
        'i.rows_created',
        'i.rows_merged',
        'i.rows_failed',
        'i.reason',
        'i.created_at',
        'i.finished_at',
        'u.name as created_by_name',
      ]);
  }

  imports(workspaceId: string, limit: number) {
    return this.importQuery()
      .where('i.workspace_id', '=', workspaceId)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .execute();
  }

  findImport(workspaceId: string, id: string) {
    return this.importQuery()
      .select('i.errors')
      .where('i.workspace_id', '=', workspaceId)
      .where('i.id', '=', id)
      .executeTakeFirst();
  }
}
