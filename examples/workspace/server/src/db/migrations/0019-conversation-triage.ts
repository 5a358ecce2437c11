// Triage of a conversation: its priority, and a snooze (status `snoozed` until `snoozed_until`,
// when the server opens it again; a customer's message opens it at once). The partial index is
// what the wake-up scan reads.
import type { SqlMigration } from './types';

export const conversationTriage: SqlMigration = {
  name: '0019-conversation-triage',
  up: [
    `ALTER TABLE conversations ADD COLUMN priority text NOT NULL DEFAULT 'none'
       CHECK (priority IN ('none', 'low', 'medium', 'high', 'urgent'))`,
    `ALTER TABLE conversations ADD COLUMN snoozed_until timestamptz`,
    `CREATE INDEX conversations_snoozed ON conversations (snoozed_until) WHERE status = 'snoozed'`,
  ],
};
