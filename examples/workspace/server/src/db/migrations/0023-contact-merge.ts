// Contact merge: a contact keeps the phones and emails of the contacts merged into it, beside its
// primary phone and email. Emails are kept in lower case (they are matched case-insensitively);
// the GIN indexes find the contacts holding a phone or email among their others (duplicates).
import type { SqlMigration } from './types';

export const contactMerge: SqlMigration = {
  name: '0023-contact-merge',
  up: [
    `ALTER TABLE contacts ADD COLUMN other_phones text[] NOT NULL DEFAULT '{}'`,
    `ALTER TABLE contacts ADD COLUMN other_emails text[] NOT NULL DEFAULT '{}'`,
    `CREATE INDEX contacts_other_phones_idx ON contacts USING gin (other_phones)`,
    `CREATE INDEX contacts_other_emails_idx ON contacts USING gin (other_emails)`,
  ],
};
