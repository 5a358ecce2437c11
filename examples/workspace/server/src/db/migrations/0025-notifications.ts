// Notifications: a member is told when another mentions them in a note. One row per recipient;
// `read_at` is null until they read it. The partial index serves the unread count and the list.
import type { SqlMigration } from './types';

export const notifications: SqlMigration = {
  name: '0025-notifications',
  up: [
    `CREATE TABLE notifications (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      recipient_agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('mention')),
      conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
      message_id text NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
      actor_agent_id text REFERENCES agents (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    )`,
    `CREATE INDEX notifications_recipient_idx
      ON notifications (recipient_agent_id, created_at DESC, id DESC)`,
    `CREATE INDEX notifications_unread_idx
      ON notifications (recipient_agent_id) WHERE read_at IS NULL`,
  ],
};
