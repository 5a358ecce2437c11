// Team invitations and password resets: each keeps only the SHA-256 of its emailed token. An
// invitation is pending until accepted or revoked, at most one pending per email per workspace
// (re-inviting replaces it); a reset is single use. `auth_mail_throttle` counts reset requests
// per email and per client address.
import type { SqlMigration } from './types';

export const teamInvitations: SqlMigration = {
  name: '0024-team-invitations',
  up: [
    `CREATE TABLE invitations (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      email text NOT NULL,
      name text NOT NULL,
      role text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      invited_by text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      revoked_at timestamptz
    )`,
    `CREATE UNIQUE INDEX invitations_pending ON invitations (workspace_id, lower(email))
      WHERE accepted_at IS NULL AND revoked_at IS NULL`,
    `CREATE TABLE password_resets (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`,
    `CREATE INDEX password_resets_user ON password_resets (user_id)`,
    `CREATE TABLE auth_mail_throttle (
      key text PRIMARY KEY,
      count integer NOT NULL,
      window_start timestamptz NOT NULL
    )`,
  ],
};
