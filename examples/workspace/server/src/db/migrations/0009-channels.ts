// Channels carry conversations: every message has a delivery state and the provider's id
// (inbound ones are deduplicated by it), replies go out through one leased send queue (the
// outbox, claimed with FOR UPDATE SKIP LOCKED like the campaign queue), and web-chat visitors
// hold a token that finds their contact again after a page reload.
import type { SqlMigration } from './types';

export const channels: SqlMigration = {
  name: '0009-channels',
  up: [
    // Outbound: queued → sent → delivered → read, or failed (with the provider's reason).
    // Inbound: received. Notes, system lines and call parts: null.
    `ALTER TABLE messages ADD COLUMN status text
      CHECK (status IN ('queued', 'sent', 'delivered', 'read', 'failed', 'received'))`,
    `ALTER TABLE messages ADD COLUMN status_reason text`,
    `ALTER TABLE messages ADD COLUMN status_at timestamptz`,
    // The provider's id of the message (Twilio SID, wamid, email Message-ID, widget client id),
    // namespaced by channel ("sms:SM…"). An inbound message stored once per workspace and id, so
    // a replayed webhook adds nothing.
    `ALTER TABLE messages ADD COLUMN external_id text`,
    `CREATE UNIQUE INDEX messages_external_key ON messages (workspace_id, external_id)
      WHERE external_id IS NOT NULL`,
    // Receipts find their message by the provider's id alone.
    `CREATE INDEX messages_external_idx ON messages (external_id) WHERE external_id IS NOT NULL`,
    // The send queue of replies: one job per outbound message (the message id is the
    // idempotency key of the send), claimed under a lease; a retryable provider error (429/5xx,
    // network) puts it back with a later available_at.
    `CREATE TABLE outbox (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      message_id text NOT NULL UNIQUE REFERENCES messages (id) ON DELETE CASCADE,
      channel text NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      available_at timestamptz NOT NULL DEFAULT now(),
      locked_by text,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX outbox_due_idx ON outbox (available_at, id) WHERE status = 'queued'`,
    // A web-chat visitor: the widget keeps the token (only its hash is stored).
    `CREATE TABLE webchat_visitors (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      contact_id text NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX webchat_visitors_contact_idx ON webchat_visitors (contact_id)`,
  ],
};
