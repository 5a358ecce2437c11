// Voice history, second step (PATCH /addons/voice/history; 0003-voice has the keyset indexes
// that walk a workspace's calls newest first, per type, and its unanswered calls).
//
// Search. A search text matches the contact's name or phone, so it is looked up among the
// workspace's contacts, not among its calls: a trigram index over contacts (tens of thousands)
// finds the matching ones in a millisecond, where the trigram index over a million calls
// (0003's connections_search_idx) had to intersect posting lists as long as the table for every
// common trigram. Then:
// - few contacts match (a name, a number): their calls are read by contact, newest first
//   (connections_contact_history_idx), about 20 calls per contact;
// - many match (a common fragment): a page is found at once by walking the keyset indexes,
//   since most calls match.
// Either way a page reads a few thousand index entries at most, whatever the number of calls.
import type { SqlMigration } from './types';

export const voiceHistory: SqlMigration = {
  name: '0005-voice-history',
  up: [
    `CREATE INDEX contacts_search_idx ON contacts
      USING gin ((lower(name || ' ' || coalesce(phone, ''))) gin_trgm_ops)`,
    `CREATE INDEX connections_contact_history_idx ON connections
      (workspace_id, contact_id, created_at DESC, id DESC) WHERE communication_type <> 'monitor'`,
    // The call-level trigram index no longer serves any query; it only slowed every insert.
    `DROP INDEX connections_search_idx`,
    // PATCH /addons/voice/history for an agent who sees only their own calls: the agent is the
    // second column, so a page reads about 20 index entries whatever the workspace's size.
    `CREATE INDEX connections_agent_history_idx ON connections
      (workspace_id, agent_id, created_at DESC, id DESC) WHERE communication_type <> 'monitor'`,
  ],
};
