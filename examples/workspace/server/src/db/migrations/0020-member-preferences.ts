// A member's own preferences in a workspace: what the desktop app does when a call rings for them
// (`open` the caller's conversation, `offer` it in a notice, or `off`).
import type { SqlMigration } from './types';

export const memberPreferences: SqlMigration = {
  name: '0020-member-preferences',
  up: [`ALTER TABLE memberships ADD COLUMN screen_pop text NOT NULL DEFAULT 'open'`],
};
