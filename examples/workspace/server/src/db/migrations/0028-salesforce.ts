// Salesforce, for real: which workspace contact is which Salesforce Contact or Lead
// (`contact_external_refs`, matched by id before email or phone), and one row per finished call
// to log as a Salesforce Task (`salesforce_call_tasks`: the call id is unique, so a call is logged
// at most once; a worker claims due rows, retries with backoff and keeps the Task id).
import type { SqlMigration } from './types';

export const salesforce: SqlMigration = {
  name: '0028-salesforce',
  up: [
    `CREATE TABLE contact_external_refs (
      workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      contact_id text NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
      system text NOT NULL,
      external_id text NOT NULL,
      external_type text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, system, external_id)
    )`,
    `CREATE INDEX contact_external_refs_contact ON contact_external_refs (workspace_id, contact_id, system)`,
    `CREATE TABLE salesforce_call_tasks (
      call_id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      claimed_until timestamptz,
      task_id text,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX salesforce_call_tasks_due ON salesforce_call_tasks (next_attempt_at) WHERE state = 'pending'`,
    `ALTER TABLE integrations ADD COLUMN claimed_until timestamptz`,
  ],
};
