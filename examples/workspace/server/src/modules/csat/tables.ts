// Table types of the survey migration (0012-csat), as Kysely sees them; they extend the settings
// view of the database (csat_settings, csat_responses) through `withTables`.
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { SettingsTables } from '../settings/tables';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface CsatSurveysTable {
  id: string;
  workspace_id: string;
  conversation_id: string;
  contact_id: string;
  channel: 'chat' | 'email' | 'sms' | 'whatsapp';
  token: string;
  question: string;
  scale: number;
  message_id: Nullable<string>;
  answer_message_id: Nullable<string>;
  sent_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: ColumnType<Date, Date, Date>;
  answered_at: Nullable<Date>;
  score: Nullable<number>;
}

export type CsatTables = SettingsTables & { csat_surveys: CsatSurveysTable };

export type CsatDatabase = Database & CsatTables;

/** The survey view of a database handle (or transaction). */
export function csatDb(db: Kysely<Database>): Kysely<CsatDatabase>;
export function csatDb(db: Transaction<Database>): Transaction<CsatDatabase>;
export function csatDb(
  db: Kysely<Database> | Transaction<Database>,
): Kysely<CsatDatabase> | Transaction<CsatDatabase> {
  return db.withTables<CsatTables>();
}
