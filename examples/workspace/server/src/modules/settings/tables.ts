// Table types of the settings migration (0007-settings), as Kysely sees them. They extend the
// shared `Database` through `withTables`, so the settings module owns its tables' types.
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ImportRowError } from '../../contract/settings';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface AssignmentRulesTable {
  id: string;
  workspace_id: string;
  team_id: string;
  strategy: 'round_robin' | 'least_busy';
  channels: Json<string[]>;
  enabled: boolean;
  last_agent_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CsatSettingsTable {
  workspace_id: string;
  enabled: boolean;
  question: string;
  scale: number;
  updated_at: UpdatedAt;
}

export interface CsatResponsesTable {
  id: string;
  workspace_id: string;
  conversation_id: string | null;
  scale: number;
  score: number;
  comment: string | null;
  created_at: CreatedAt;
  /** A demo seed's response (0012-csat): counted, and the card says so. */
  demo: ColumnType<boolean, boolean | undefined, boolean>;
  /** The survey it answers (0012-csat); null for responses without one (demo). */
  survey_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A secret as stored: its AES-256-GCM envelope (see secret-box.ts). */
export type SealedSecrets = Record<string, string>;

export interface IntegrationsTable {
  workspace_id: string;
  kind: 'salesforce' | 'googleMeet';
  enabled: boolean;
  config: Json<Record<string, unknown>>;
  secrets: Json<SealedSecrets>;
  updated_at: UpdatedAt;
  /** The last run that finished (0027-integration-runs). */
  last_success_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last failure, in words an admin can act on; cleared by the next success. */
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_error_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The integration's own bookmark (e.g. a sync cursor); never shown. */
  state: Json<Record<string, unknown>>;
}

export interface WorkspaceChannelsTable {
  workspace_id: string;
  channel: string;
  enabled: boolean;
  address: string;
  updated_at: UpdatedAt;
}

export interface ContactImportsTable {
  id: string;
  workspace_id: string;
  file_name: string;
  status: 'completed' | 'rejected';
  rows_total: number;
  rows_created: number;
  rows_merged: number;
  rows_failed: number;
  reason: string | null;
  errors: Json<ImportRowError[]>;
  created_by: string | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date, Date | string | undefined, never>;
}

/** The tables of 0007-settings. */
export type SettingsTables = {
  assignment_rules: AssignmentRulesTable;
  csat_settings: CsatSettingsTable;
  csat_responses: CsatResponsesTable;
  integrations: IntegrationsTable;
  workspace_channels: WorkspaceChannelsTable;
  contact_imports: ContactImportsTable;
};

/** The database with the settings tables. */
export type SettingsDatabase = Database & SettingsTables;

/** The settings view of a database handle (or transaction). */
export function settingsDb(db: Kysely<Database>): Kysely<SettingsDatabase>;
export function settingsDb(db: Transaction<Database>): Transaction<SettingsDatabase>;
export function settingsDb(
  db: Kysely<Database> | Transaction<Database>,
): Kysely<SettingsDatabase> | Transaction<SettingsDatabase> {
  return db.withTables<SettingsTables>();
}

/** A repository over the settings tables, with transactions over them. */
export class SettingsStore {
  protected readonly db: Kysely<SettingsDatabase>;

  constructor(db: Kysely<Database>) {
    this.db = settingsDb(db);
  }

  /** Runs `fn` in a transaction over the settings tables. */
  transaction<T>(fn: (trx: Transaction<SettingsDatabase>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }
}
