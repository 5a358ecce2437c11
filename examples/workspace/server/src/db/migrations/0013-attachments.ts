// Attachments both ways: customers' files (email attachments, MMS and WhatsApp media, widget
// uploads) and agents' (a reply's files). The bytes are in the attachment store (disk or S3) under
// `storage_key`; a row without one is a file that could not be fetched from the provider
// (status 'unavailable', with the reason): the message is kept all the same. An agent's upload
// belongs to its conversation and no message until the reply that carries it is posted.
import type { SqlMigration } from './types';

export const attachments: SqlMigration = {
  name: '0013-attachments',
  up: [
    `CREATE TABLE attachments (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
      -- Null while an upload waits for the reply that sends it.
      message_id text REFERENCES messages (id) ON DELETE CASCADE,
      filename text NOT NULL,
      -- The checked type (by magic bytes for images and PDF).
      content_type text NOT NULL,
      size integer NOT NULL CHECK (size >= 0),
      -- Hex SHA-256 of the bytes; null when unavailable.
      sha256 text,
      storage_key text,
      status text NOT NULL DEFAULT 'stored' CHECK (status IN ('stored', 'unavailable')),
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX attachments_message ON attachments (message_id) WHERE message_id IS NOT NULL`,
    `CREATE INDEX attachments_workspace ON attachments (workspace_id, id)`,
  ],
};
