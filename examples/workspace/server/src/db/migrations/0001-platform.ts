// Users, bearer tokens, login throttling, workspaces, memberships with permits, agents and teams.
import type { SqlMigration } from './types';

export const platform: SqlMigration = {
  name: '0001-platform',
  up: [
    `CREATE TABLE users (
      id text PRIMARY KEY,
      email text NOT NULL,
      name text NOT NULL,
      avatar_url text,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    // Emails are compared case-insensitively.
    `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
    // Only a SHA-256 of each bearer token is stored, so a database dump grants no session.
    `CREATE TABLE auth_tokens (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`,
    `CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id)`,
    // Failed logins per key (email or client address), counted over a sliding window; kept in
    // the database so that every server process sees the same count.
    `CREATE TABLE login_failures (
      id bigserial PRIMARY KEY,
      key text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX login_failures_key_idx ON login_failures (key, failed_at)`,
    `CREATE TABLE workspaces (
      id text PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      time_zone text NOT NULL DEFAULT 'UTC',
      plan_voice boolean NOT NULL DEFAULT false,
      voice_module_enabled boolean NOT NULL DEFAULT false,
      connect_instance_status text NOT NULL DEFAULT 'NOT_CREATED',
      connect_instance_id text,
      connect_subdomain text NOT NULL DEFAULT '',
      connect_region text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    // A contact-centre instance belongs to one workspace: its contact events land there.
    `CREATE UNIQUE INDEX workspaces_connect_instance_key ON workspaces (connect_instance_id)
      WHERE connect_instance_id IS NOT NULL`,
    `CREATE TABLE memberships (
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL,
      permit_admin boolean NOT NULL DEFAULT false,
      permit_campaigns boolean NOT NULL DEFAULT false,
      permit_inbox_shared boolean NOT NULL DEFAULT false,
      permit_inbox_views boolean NOT NULL DEFAULT false,
      permit_permissions boolean NOT NULL DEFAULT false,
      permit_inbox_saved_replies boolean NOT NULL DEFAULT false,
      permit_voice_live_calls boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, user_id)
    )`,
    `CREATE INDEX memberships_user_idx ON memberships (user_id)`,
    `CREATE TABLE teams (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      name text NOT NULL,
      emoji text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (workspace_id, name)
    )`,
    // A workspace agent: a member's voice identity (user_id), or an agent without a login.
    `CREATE TABLE agents (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      user_id text REFERENCES users (id) ON DELETE SET NULL,
      name text NOT NULL,
      email text NOT NULL,
      avatar_url text,
      connect_username text,
      connect_user_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (workspace_id, user_id)
    )`,
    `CREATE INDEX agents_workspace_name_idx ON agents (workspace_id, name)`,
    `CREATE INDEX agents_connect_user_idx ON agents (connect_user_id)`,
    `CREATE TABLE team_members (
      team_id text NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
      PRIMARY KEY (team_id, agent_id)
    )`,
    `CREATE INDEX team_members_agent_idx ON team_members (agent_id)`,
  ],
};
