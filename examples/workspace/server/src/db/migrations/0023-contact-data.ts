// Contact data. Merge: a contact keeps the phones and emails of the contacts merged into it, beside its
// primary phone and email. Emails are kept in lower case (they are matched case-insensitively);
// the GIN indexes find the contacts holding a phone or email among their others (duplicates).
// Custom attributes: the workspace defines them (key, label, type, in order); a contact keeps its
// values by key.
import type { SqlMigration } from './types';

export const contactData: SqlMigration = {
  name: '0023-contact-data',
  up: [
    `ALTER TABLE contacts ADD COLUMN other_phones text[] NOT NULL DEFAULT '{}'`,
    `ALTER TABLE contacts ADD COLUMN other_emails text[] NOT NULL DEFAULT '{}'`,
    `CREATE INDEX contacts_other_phones_idx ON contacts USING gin (other_phones)`,
    `CREATE INDEX contacts_other_emails_idx ON contacts USING gin (other_emails)`,
    `CREATE TABLE contact_attribute_definitions (
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      key text NOT NULL,
      label text NOT NULL,
      type text NOT NULL CHECK (type IN ('text', 'number', 'date', 'boolean')),
      position integer NOT NULL,
      PRIMARY KEY (workspace_id, key)
    )`,
    `ALTER TABLE contacts ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}'`,
  ],
};
