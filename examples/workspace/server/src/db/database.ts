// The Kysely instance: PGlite (embedded PostgreSQL, default) or a PostgreSQL server through `pg`
// when DATABASE_URL is set. The same schema and queries run on both.
import { mkdir } from 'node:fs/promises';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Config } from '../config';
import { MIGRATIONS } from './migrations/index';
import type { Database } from './schema';

/** An open database. */
export interface Db {
  readonly db: Kysely<Database>;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Opens the database the configuration names (creating the PGlite directory when needed). */
export async function openDatabase(
  database: Config['database'],
  onIdleError: (error: Error) => void = () => undefined,
): Promise<Db> {
  if (database.kind === 'postgres') {
    const pg = await import('pg');
    // timestamptz → Date (the default), bigint (count(*)) → number: counts stay far below 2^53.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: database.url, max: 10 });
    // An idle connection the server ends (restart, failover) is dropped by the pool and
    // replaced on the next query; without a listener its error would end the process.
    pool.on('error', onIdleError);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (!database.dataDir.startsWith('memory://')) await mkdir(database.dataDir, { recursive: true });
  const pglite = await PGlite.create(database.dataDir, {
    extensions: { pg_trgm },
    parsers: { 20: (v: string) => Number(v) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

class StaticMigrations implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(
      Object.fromEntries(
        MIGRATIONS.map((m) => [
          m.name,
          {
            async up(db: Kysely<unknown>) {
              for (const statement of m.up) await sql.raw(statement).execute(db);
            },
          },
        ]),
      ),
    );
  }
}

/** Applies pending migrations in version order (each in a transaction, under Kysely's lock). */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  // A database made before a migration with a lower number was added (0005 landed after 0006 and
  // 0007) still gets it: migrations are independent of one another's order past 0004.
  const migrator = new Migrator({
    db,
    provider: new StaticMigrations(),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
