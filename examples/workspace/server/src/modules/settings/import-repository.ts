// SQL of a contact import: the contacts a batch matches (by phone, or by email case-insensitively),
// batch inserts, batch merges, and the import's history row.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ImportRowError } from '../../contract/settings';
import { settingsDb, type SettingsDatabase } from './tables';

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

export class ImportRepository {
  private readonly db: Kysely<SettingsDatabase>;

  constructor(db: Kysely<Database>) {
    this.db = settingsDb(db);
  }

  transaction<T>(fn: (trx: Transaction<SettingsDatabase>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

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
    return trx
      .selectFrom('contacts')
      .select(['id', 'phone', sql<string | null>`lower(email)`.as('email')])
      .where('workspace_id', '=', workspaceId)
      .where((eb) =>
        eb.or([
          ...(phones.length > 0 ? [eb('phone', 'in', phones)] : []),
          ...(emails.length > 0 ? [eb(sql<string>`lower(email)`, 'in', emails)] : []),
        ]),
      )
      .execute();
  }

  async insert(
    trx: Transaction<SettingsDatabase>,
    workspaceId: string,
    rows: readonly ImportedContact[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const now = new Date();
    await trx
      .insertInto('contacts')
      .values(
        rows.map((r) => ({
          id: r.id,
          workspace_id: workspaceId,
          name: r.name,
          phone: r.phone,
          email: r.email,
          company: r.company,
          avatar_url: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  /** Applies merges in one statement (UPDATE … FROM VALUES). */
  async merge(
    trx: Transaction<SettingsDatabase>,
    workspaceId: string,
    merges: readonly ContactMerge[],
  ): Promise<void> {
    if (merges.length === 0) return;
    const values = sql.join(
      merges.map(
        (m) =>
          sql`(${m.id}::text, ${m.name}::text, ${m.phone}::text, ${m.email}::text, ${m.company}::text)`,
      ),
    );
    await sql`UPDATE contacts AS c SET
        name = coalesce(v.name, c.name),
        phone = coalesce(c.phone, v.phone),
        email = coalesce(c.email, v.email),
        company = coalesce(v.company, c.company),
        updated_at = now()
      FROM (VALUES ${values}) AS v (id, name, phone, email, company)
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
}
