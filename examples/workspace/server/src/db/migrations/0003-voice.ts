// Voice: connection records (one per contact-centre communication) and the contact events
// received, deduplicated by event id.
import type { SqlMigration } from './types';

export const voice: SqlMigration = {
  name: '0003-voice',
  up: [
    `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
    `CREATE TABLE connections (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      id_communication text NOT NULL,
      communication_type text NOT NULL,
      previous_id_communication text,
      initial_id_communication text,
      id_conversation text REFERENCES conversations (id) ON DELETE SET NULL,
      id_part text REFERENCES messages (id) ON DELETE SET NULL,
      contact_id text REFERENCES contacts (id) ON DELETE SET NULL,
      contact_phone_number text,
      agent_id text REFERENCES agents (id) ON DELETE SET NULL,
      answered boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      connected_at timestamptz,
      ended_at timestamptz,
      completed_at timestamptz,
      search_text text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (workspace_id, id_communication)
    )`,
    // Call history pages (PATCH /addons/voice/history) read newest first with a (created_at, id)
    // keyset, 20 rows a page, per workspace; monitoring legs are never history.
    // - The type filters (inbound, outbound, transferred) walk this index from the top, with
    //   the type as the second column, so a page reads about 20 index entries.
    `CREATE INDEX connections_history_type_idx ON connections
      (workspace_id, communication_type, created_at DESC, id DESC)`,
    // - 'all' walks the workspace's history newest first, monitors excluded by the predicate.
    `CREATE INDEX connections_history_idx ON connections (workspace_id, created_at DESC, id DESC)
      WHERE communication_type <> 'monitor'`,
    // - 'missed' (unanswered calls) is a small share of the calls: its own partial index.
    `CREATE INDEX connections_missed_idx ON connections (workspace_id, created_at DESC, id DESC)
      WHERE NOT answered AND communication_type <> 'monitor'`,
    // - Search text (contact name and phone, lower case, kept in search_text) is an infix
    //   match (ILIKE '%text%'): a trigram GIN index finds the rows holding a rare text at once;
    //   for a common text the planner prefers walking the keyset indexes above and stops after
    //   one page. Either way a page costs milliseconds over a million calls.
    `CREATE INDEX connections_search_idx ON connections USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX connections_conversation_idx ON connections (id_conversation)`,
    `CREATE INDEX connections_live_idx ON connections (workspace_id) WHERE ended_at IS NULL`,
    // Each delivered event is recorded once (its id is the key), so duplicates are no-ops.
    `CREATE TABLE contact_events (
      event_id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      contact_id text NOT NULL,
      event_type text NOT NULL,
      event_time timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      payload jsonb NOT NULL
    )`,
    `CREATE INDEX contact_events_contact_idx ON contact_events (workspace_id, contact_id)`,
  ],
};
