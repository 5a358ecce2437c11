// The durable inbound queue: a provider's webhook (Twilio, WhatsApp) or a mail taken by the SMTP
// listener is one idempotent insert here (keyed by workspace and the provider's namespaced message
// id, so a replay is a no-op), answered as soon as it is applied or stored; a drainer applies the
// rows in batches, in the order they came, into contacts, conversations and messages. A row is
// deleted once applied; one whose files are still being fetched waits in state 'media'; one that
// kept failing stays in state 'failed' with the reason (never lost silently).
import type { SqlMigration } from './types';

export const inboundQueue: SqlMigration = {
  name: '0014-inbound-queue',
  up: [
    `CREATE TABLE inbound_queue (
      id bigserial PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      channel text NOT NULL,
      external_id text,
      -- The parsed message (sender, body, subject, thread ids, file references).
      payload jsonb NOT NULL,
      received_at timestamptz NOT NULL,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'media', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      -- Set once applied (state 'media'): the stored message its files belong to.
      message_id text,
      conversation_id text,
      contact_id text,
      leased_until timestamptz
    )`,
    `CREATE UNIQUE INDEX inbound_queue_external_key ON inbound_queue (workspace_id, external_id)
      WHERE external_id IS NOT NULL`,
    `CREATE INDEX inbound_queue_due_idx ON inbound_queue (next_attempt_at, id) WHERE state = 'queued'`,
    `CREATE INDEX inbound_queue_media_idx ON inbound_queue (leased_until) WHERE state = 'media'`,
    // An email's attached files, kept with its queued row until they are stored.
    `CREATE TABLE inbound_queue_files (
      queue_id bigint NOT NULL REFERENCES inbound_queue (id) ON DELETE CASCADE,
      position integer NOT NULL,
      filename text,
      content_type text,
      content bytea NOT NULL,
      PRIMARY KEY (queue_id, position)
    )`,
  ],
};
