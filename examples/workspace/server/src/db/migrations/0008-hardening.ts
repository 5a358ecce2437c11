// Sign-in protection that cannot be raced or turned against the user: one counter row per key
// (an email, a client address, a known browser), updated atomically by a single upsert; and the
// browsers a user signed in from (device cookies, stored hashed), whose attempts are counted apart
// from an attacker's.
import type { SqlMigration } from './types';

export const hardening: SqlMigration = {
  name: '0008-hardening',
  up: [
    `CREATE TABLE login_throttle (
      key text PRIMARY KEY,
      failures integer NOT NULL,
      last_failure_at timestamptz NOT NULL
    )`,
    `CREATE INDEX login_throttle_last_idx ON login_throttle (last_failure_at)`,
    `CREATE TABLE login_devices (
      device_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX login_devices_user_idx ON login_devices (user_id)`,
  ],
};
