// Team admin: a member can be deactivated in a workspace (their sessions end, they no longer sign
// in there) and reactivated; `deactivated_at` is null for an active member.
import type { SqlMigration } from './types';

export const teamAdmin: SqlMigration = {
  name: '0022-team-admin',
  up: [`ALTER TABLE memberships ADD COLUMN deactivated_at timestamptz`],
};
