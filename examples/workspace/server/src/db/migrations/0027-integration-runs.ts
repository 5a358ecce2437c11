// Integrations that act: what each last did, for its settings page. `last_success_at` is the last
// run that finished (a Salesforce sync, a Meet link created); `last_error` / `last_error_at` the
// last failure in words an admin can act on (cleared by the next success); `state` is the
// integration's own bookmark (Salesforce's incremental sync cursor), never shown.
import type { SqlMigration } from './types';

export const integrationRuns: SqlMigration = {
  name: '0027-integration-runs',
  up: [
    `ALTER TABLE integrations ADD COLUMN last_success_at timestamptz`,
    `ALTER TABLE integrations ADD COLUMN last_error text`,
    `ALTER TABLE integrations ADD COLUMN last_error_at timestamptz`,
    `ALTER TABLE integrations ADD COLUMN state jsonb NOT NULL DEFAULT '{}'`,
  ],
};
