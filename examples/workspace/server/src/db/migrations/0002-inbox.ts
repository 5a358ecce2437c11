// Contacts, conversations shared among agents, messages (and call parts), tags, saved views and
// saved replies.
import type { SqlMigration } from './types';

export const inbox: SqlMigration = {
  name: '0002-inbox',
  up: [
    `CREATE TABLE contacts (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      name text NOT NULL,
      phone text,
      email text,
      avatar_url text,
      company text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    // One contact per phone number in a workspace (calls find their contact by number).
    `CREATE UNIQUE INDEX contacts_phone_key ON contacts (workspace_id, phone) WHERE phone IS NOT NULL`,
    `CREATE INDEX contacts_name_idx ON contacts (workspace_id, lower(name), id)`,
    `CREATE TABLE tags (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      name text NOT NULL,
      color text NOT NULL DEFAULT 'gray',
      UNIQUE (workspace_id, name)
    )`,
    `CREATE TABLE conversations (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      contact_id text NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
      channel text NOT NULL,
      subject text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'open',
      assignee_agent_id text REFERENCES agents (id) ON DELETE SET NULL,
      last_message_at timestamptz NOT NULL DEFAULT now(),
      last_message_preview text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    // Inbox lists: newest activity first, per workspace, optionally per assignee; the id breaks
    // ties so that cursor pages never skip or repeat a row.
    `CREATE INDEX conversations_inbox_idx ON conversations (workspace_id, last_message_at DESC, id DESC)`,
    `CREATE INDEX conversations_assignee_idx ON conversations (workspace_id, assignee_agent_id, last_message_at DESC, id DESC)`,
    `CREATE INDEX conversations_contact_idx ON conversations (contact_id)`,
    `CREATE TABLE conversation_tags (
      conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
      tag_id text NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
      PRIMARY KEY (conversation_id, tag_id)
    )`,
    `CREATE INDEX conversation_tags_tag_idx ON conversation_tags (tag_id)`,
    `CREATE TABLE messages (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
      kind text NOT NULL,
      direction text,
      author_agent_id text REFERENCES agents (id) ON DELETE SET NULL,
      body text NOT NULL DEFAULT '',
      id_communication text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX messages_conversation_idx ON messages (conversation_id, created_at, id)`,
    `CREATE TABLE inbox_views (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      name text NOT NULL,
      filters jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE saved_replies (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      title text NOT NULL,
      body text NOT NULL,
      created_by text REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX saved_replies_workspace_idx ON saved_replies (workspace_id, lower(title))`,
  ],
};
