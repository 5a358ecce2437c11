// Table types of the database, as Kysely sees them (one interface per table, snake_case columns).
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

import type { CreatedAt, Json, NullableTimestamp, Timestamp } from './column-types';

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  avatar_url: string | null;
  password_hash: string;
  created_at: CreatedAt;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  key: string;
  failed_at: ColumnType<Date, Date | string | undefined, never>;
}

/** One sign-in counter per key (`email:…`, `client:…`, `device:…`), updated by one upsert. */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  last_failure_at: Date;
}

/** A browser a user signed in from (the device cookie's SHA-256). */
export interface LoginDevicesTable {
  device_hash: string;
  user_id: string;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WorkspacesTable {
  id: string;
  slug: string;
  name: string;
  time_zone: string;
  plan_voice: boolean;
  voice_module_enabled: boolean;
  connect_instance_status: string;
  connect_instance_id: string | null;
  connect_subdomain: string;
  connect_region: string;
  created_at: CreatedAt;
  /** ISO 3166-1 alpha-2 country of numbers written without their country code (migration 0017). */
  default_country: string | null;
}

export interface MembershipsTable {
  workspace_id: string;
  user_id: string;
  role: string;
  permit_admin: boolean;
  permit_campaigns: boolean;
  permit_inbox_shared: boolean;
  permit_inbox_views: boolean;
  permit_permissions: boolean;
  permit_inbox_saved_replies: boolean;
  permit_voice_live_calls: boolean;
  /** Opens the Reports area (migration 0026). */
  permit_reports: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  /** What the desktop app does when a call rings for this member (migration 0020). */
  screen_pop: ColumnType<string, string | undefined, string>;
  /** When an admin deactivated this member; null while active (migration 0022). */
  deactivated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface TeamsTable {
  id: string;
  workspace_id: string;
  name: string;
  emoji: string | null;
  /** The contact-centre queue the team transfers to (0018); null when not mapped. */
  connect_queue_id: string | null;
  created_at: CreatedAt;
}

export interface AgentsTable {
  id: string;
  workspace_id: string;
  user_id: string | null;
  name: string;
  email: string;
  avatar_url: string | null;
  connect_username: string | null;
  connect_user_id: string | null;
  created_at: CreatedAt;
}

/** An emailed invitation to join a workspace; only its token's SHA-256 is kept (migration 0024). */
export interface InvitationsTable {
  id: string;
  workspace_id: string;
  email: string;
  name: string;
  role: string;
  token_hash: string;
  invited_by: string | null;
  /** When the invitation was last sent (a resend moves it). */
  created_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** An emailed, single-use password reset; only its token's SHA-256 is kept (migration 0024). */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Reset mails requested per key (`email:…`, `client:…`) in a fixed window (migration 0024). */
export interface AuthMailThrottleTable {
  key: string;
  count: number;
  window_start: Timestamp;
}

export interface TeamMembersTable {
  team_id: string;
  agent_id: string;
}

export interface ContactsTable {
  id: string;
  workspace_id: string;
  name: string;
  phone: string | null;
  email: string | null;
  avatar_url: string | null;
  company: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Set when the contact was deleted and its personal data erased (0021). */
  deleted_at: ColumnType<Date | null, never, Date>;
  /** Phones of the contacts merged into this one, besides `phone` (0023). */
  other_phones: ColumnType<string[], string[] | undefined, string[]>;
  /** Emails (lower case) of the contacts merged into this one, besides `email` (0023). */
  other_emails: ColumnType<string[], string[] | undefined, string[]>;
  /** Custom attribute values by key (0023). */
  attributes: ColumnType<ContactAttributeValues, string | undefined, string>;
}

/** A contact's custom attribute values by key. */
export type ContactAttributeValues = Record<string, string | number | boolean>;

export interface ContactAttributeDefinitionsTable {
  workspace_id: string;
  key: string;
  label: string;
  type: 'text' | 'number' | 'date' | 'boolean';
  position: number;
}

export interface TagsTable {
  id: string;
  workspace_id: string;
  name: string;
  color: string;
}

export interface ConversationsTable {
  id: string;
  workspace_id: string;
  contact_id: string;
  channel: string;
  subject: string;
  status: string;
  assignee_agent_id: string | null;
  last_message_at: Timestamp;
  last_message_preview: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The campaign the conversation answers (a customer's reply to it). */
  campaign_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** none, low, medium, high or urgent (`CONVERSATION_PRIORITIES`). */
  priority: ColumnType<string, string | undefined, string>;
  /** Until when a `snoozed` conversation sleeps; null otherwise. */
  snoozed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The customer's first message and the first agent reply (kept by a trigger, 0026). */
  first_inbound_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  first_response_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When it was last closed; null while not closed (kept by a trigger, 0026). */
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ConversationTagsTable {
  conversation_id: string;
  tag_id: string;
}

export interface MessagesTable {
  id: string;
  workspace_id: string;
  conversation_id: string;
  kind: string;
  direction: string | null;
  author_agent_id: string | null;
  body: string;
  id_communication: string | null;
  created_at: CreatedAt;
  /** Delivery state (0009-channels): outbound queued/sent/delivered/read/failed, inbound received. */
  status: ColumnType<string | null, string | null | undefined, string | null>;
  status_reason: ColumnType<string | null, string | null | undefined, string | null>;
  status_at: NullableTimestamp;
  /** The provider's id of the message, namespaced by channel (`sms:SM…`). */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A WhatsApp template reply's template (0010-sms-whatsapp). */
  template: ColumnType<MessageTemplateRef | null, string | null | undefined, string | null>;
}

/** The template a WhatsApp reply is sent as. */
export interface MessageTemplateRef {
  readonly name: string;
  readonly language: string;
  readonly parameters: readonly string[];
}

/** A file of a message (0013-attachments). */
export interface AttachmentsTable {
  id: string;
  workspace_id: string;
  conversation_id: string;
  message_id: string | null;
  filename: string;
  content_type: string;
  size: number;
  sha256: string | null;
  storage_key: string | null;
  status: 'stored' | 'unavailable';
  reason: string | null;
  created_at: CreatedAt;
}

/** A customer's opt-out of a channel (STOP); 0010-sms-whatsapp. */
export interface ChannelOptOutsTable {
  workspace_id: string;
  channel: string;
  address: string;
  keyword: string;
  opted_out_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface InboxViewsTable {
  id: string;
  workspace_id: string;
  name: string;
  filters: Json<InboxViewFilters>;
  created_at: CreatedAt;
}

/** The filters a saved inbox view applies. */
export interface InboxViewFilters {
  status?: string;
  channel?: string;
  tag?: string;
  /** `me`, `unassigned`, or an agent id. */
  assignee?: string;
}

export interface SavedRepliesTable {
  id: string;
  workspace_id: string;
  title: string;
  body: string;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ConnectionsTable {
  id: string;
  workspace_id: string;
  id_communication: string;
  communication_type: string;
  previous_id_communication: string | null;
  initial_id_communication: string | null;
  id_conversation: string | null;
  id_part: string | null;
  contact_id: string | null;
  contact_phone_number: string | null;
  agent_id: string | null;
  answered: boolean;
  created_at: Timestamp;
  connected_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  search_text: string;
  updated_at: Timestamp;
  /** After-call work (0016): the disposition chosen, the notes, when they were saved. */
  acw_disposition: string | null;
  acw_notes: string | null;
  acw_saved_at: NullableTimestamp;
  /** The contact-centre queue the call waited in (the event's queueInfo, 0026). */
  queue_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The disposition codes of a workspace, in order (0016). */
export interface DispositionCodesTable {
  workspace_id: string;
  name: string;
  position: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ContactEventsTable {
  event_id: string;
  workspace_id: string;
  contact_id: string;
  event_type: string;
  event_time: Timestamp;
  received_at: CreatedAt;
  payload: Json<unknown>;
}

export interface CampaignTemplatesTable {
  id: string;
  workspace_id: string;
  name: string;
  channel: string;
  status: string;
  language: string;
  body: string;
  variables: Json<string[]>;
  updated_at: Timestamp;
}

/** The send queue of replies (0009-channels). */
export interface OutboxTable {
  id: string;
  workspace_id: string;
  message_id: string;
  channel: string;
  status: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  available_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  last_error: string | null;
  /** Set while a worker hands the message to the provider (0015-send-in-flight). */
  send_started_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Web-chat visitors and their token's hash (0009-channels). */
export interface WebchatVisitorsTable {
  id: string;
  workspace_id: string;
  token_hash: string;
  contact_id: string;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A member told of a mention in a note (0025-notifications). */
export interface NotificationsTable {
  id: string;
  workspace_id: string;
  recipient_agent_id: string;
  kind: 'mention';
  conversation_id: string;
  message_id: string;
  actor_agent_id: string | null;
  created_at: CreatedAt;
  read_at: NullableTimestamp;
}

/** The whole database. */
export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  login_failures: LoginFailuresTable;
  login_throttle: LoginThrottleTable;
  login_devices: LoginDevicesTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  teams: TeamsTable;
  agents: AgentsTable;
  team_members: TeamMembersTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  auth_mail_throttle: AuthMailThrottleTable;
  contacts: ContactsTable;
  contact_attribute_definitions: ContactAttributeDefinitionsTable;
  tags: TagsTable;
  conversations: ConversationsTable;
  conversation_tags: ConversationTagsTable;
  messages: MessagesTable;
  inbox_views: InboxViewsTable;
  saved_replies: SavedRepliesTable;
  connections: ConnectionsTable;
  contact_events: ContactEventsTable;
  campaign_templates: CampaignTemplatesTable;
  outbox: OutboxTable;
  webchat_visitors: WebchatVisitorsTable;
  channel_opt_outs: ChannelOptOutsTable;
  attachments: AttachmentsTable;
  disposition_codes: DispositionCodesTable;
  notifications: NotificationsTable;
}

export type User = Selectable<UsersTable>;
export type Workspace = Selectable<WorkspacesTable>;
export type Membership = Selectable<MembershipsTable>;
export type Agent = Selectable<AgentsTable>;
export type Contact = Selectable<ContactsTable>;
export type Conversation = Selectable<ConversationsTable>;
export type Message = Selectable<MessagesTable>;
export type Connection = Selectable<ConnectionsTable>;
export type NewConnection = Insertable<ConnectionsTable>;
