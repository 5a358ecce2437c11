// After-call work: the disposition codes an admin manages in Settings, in their order,
// and what the agent saved on a call after it: a disposition (its name as chosen, so a code
// renamed or removed later leaves the call's record as it was) and notes.
import type { SqlMigration } from './types';

export const afterCallWork: SqlMigration = {
  name: '0016-after-call-work',
  up: [
    `CREATE TABLE disposition_codes (
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      name text NOT NULL,
      position integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, name)
    )`,
    `ALTER TABLE connections ADD COLUMN acw_disposition text`,
    `ALTER TABLE connections ADD COLUMN acw_notes text`,
    `ALTER TABLE connections ADD COLUMN acw_saved_at timestamptz`,
  ],
};
