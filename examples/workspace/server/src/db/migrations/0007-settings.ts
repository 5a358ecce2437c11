// Settings: assignment rules per team, customer-satisfaction survey and responses, integrations
// (secrets encrypted at rest), channel settings and the contact-import history. Agents, teams and
// team members are the tables of 0001-platform (the voice agent list groups by those teams);
// permits stay on memberships; message templates are the inbox's saved replies (0002-inbox).
import type { SqlMigration } from './types';

export const settings: SqlMigration = {
  name: '0007-settings',
  up: [
    // One rule per team; new conversations go to the first enabled rule (oldest first) whose
    // channels include theirs (an empty list takes every channel).
    `CREATE TABLE assignment_rules (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      team_id text NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      strategy text NOT NULL CHECK (strategy IN ('round_robin', 'least_busy')),
      channels jsonb NOT NULL DEFAULT '[]',
      enabled boolean NOT NULL DEFAULT true,
      last_agent_id text REFERENCES agents (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (team_id)
    )`,
    `CREATE INDEX assignment_rules_workspace_idx ON assignment_rules (workspace_id, created_at, id)`,
    `CREATE TABLE csat_settings (
      workspace_id text PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT false,
      question text NOT NULL,
      scale integer NOT NULL CHECK (scale IN (3, 5, 10)),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE csat_responses (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      conversation_id text REFERENCES conversations (id) ON DELETE SET NULL,
      scale integer NOT NULL,
      score integer NOT NULL CHECK (score >= 1 AND score <= scale),
      comment text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX csat_responses_workspace_idx ON csat_responses (workspace_id, created_at DESC)`,
    // Non-secret settings as JSON; secrets as AES-256-GCM ciphertexts (never plain text).
    `CREATE TABLE integrations (
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('salesforce', 'googleMeet')),
      enabled boolean NOT NULL DEFAULT false,
      config jsonb NOT NULL DEFAULT '{}',
      secrets jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, kind)
    )`,
    `CREATE TABLE workspace_channels (
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      channel text NOT NULL CHECK (channel IN ('whatsapp', 'email', 'sms', 'chat', 'voice')),
      enabled boolean NOT NULL DEFAULT false,
      address text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, channel)
    )`,
    `CREATE TABLE contact_imports (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      file_name text NOT NULL,
      status text NOT NULL CHECK (status IN ('completed', 'rejected')),
      rows_total integer NOT NULL DEFAULT 0,
      rows_created integer NOT NULL DEFAULT 0,
      rows_merged integer NOT NULL DEFAULT 0,
      rows_failed integer NOT NULL DEFAULT 0,
      reason text,
      errors jsonb NOT NULL DEFAULT '[]',
      created_by text REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX contact_imports_workspace_idx ON contact_imports (workspace_id, created_at DESC, id DESC)`,
    // Duplicate detection of imports matches contacts by email, case-insensitively.
    `CREATE INDEX contacts_email_idx ON contacts (workspace_id, lower(email)) WHERE email IS NOT NULL`,
  ],
};
