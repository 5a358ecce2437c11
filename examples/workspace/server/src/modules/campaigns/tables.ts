// Table types of the campaign tables (migration 0006), added to the shared Database type with
// Kysely's `$extendTables` so that the campaign module owns its schema.
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CreatedAt, Json, NullableTimestamp, Timestamp } from '../../db/column-types';

/** The WhatsApp template a campaign sends, as it was when sending started. */
export interface TemplateSnapshot {
  readonly name: string;
  readonly language: string;
  readonly body: string;
}

export interface CampaignsTable {
  id: string;
  workspace_id: string;
  name: string;
  channel: string;
  status: string;
  audience: Json<unknown>;
  content: Json<unknown>;
  template_id: string | null;
  scheduled_at: NullableTimestamp;
  started_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  cancel_reason: string | null;
  template_snapshot: ColumnType<TemplateSnapshot | null, string | null | undefined, string | null>;
  recipients_total: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CampaignMessagesTable {
  id: Generated<number>;
  campaign_id: string;
  workspace_id: string;
  contact_id: string | null;
  contact_name: string;
  contact_company: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  address: string;
  status: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  /** Set while a worker hands the message to the provider (0015-send-in-flight). */
  send_started_at: NullableTimestamp;
  sent_by: string | null;
  provider_message_id: string | null;
  error: string | null;
  sent_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  read_at: NullableTimestamp;
  replied_at: NullableTimestamp;
}

// A type alias (not an interface): `$extendTables` needs an index-signature-compatible type.
export type CampaignTables = {
  campaigns: CampaignsTable;
  campaign_messages: CampaignMessagesTable;
};

export type CampaignDb = Kysely<Database & CampaignTables>;

/** The shared database handle, seen with the campaign tables. */
export const withCampaignTables = (db: Kysely<Database>): CampaignDb =>
  db.$extendTables<CampaignTables>();

/** A repository over the campaign tables. */
export class CampaignStore {
  readonly db: CampaignDb;

  constructor(db: Kysely<Database>) {
    this.db = withCampaignTables(db);
  }
}
