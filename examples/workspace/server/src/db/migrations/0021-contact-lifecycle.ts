// Contact lifecycle: a deleted contact keeps its row (its conversations and calls point at it)
// with the personal data erased and `deleted_at` set; lists, search and the profile skip it.
import type { SqlMigration } from './types';

export const contactLifecycle: SqlMigration = {
  name: '0021-contact-lifecycle',
  up: [`ALTER TABLE contacts ADD COLUMN deleted_at timestamptz`],
};
