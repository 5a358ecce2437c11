// Finding a contact by an address the customer writes or calls from. A contact holds its primary
// phone and email and those of the contacts merged into it (`other_phones`, `other_emails`, kept in
// lower case): a call or message from any of them reaches that contact, never a new one. A primary
// match wins over an "other" one (two contacts can only share a number that way after a merge was
// undone by hand). Deleted contacts hold no addresses (erasure clears them all).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/** The contact holds one of `phones` (E.164), as its primary or a merged-in number. */
export const holdsPhone = (phones: readonly string[]): RawBuilder<boolean> =>
  sql<boolean>`(phone = ANY(${phones}::text[]) OR other_phones && ${phones}::text[])`;

/** The contact holds `email` (lower case), as its primary or a merged-in address. */
export const holdsEmail = (email: string): RawBuilder<boolean> =>
  sql<boolean>`(lower(email) = ${email} OR other_emails @> ARRAY[${email}]::text[])`;

/** Orders the matches of {@link holdsPhone} with the primary-number ones first. */
export const primaryPhoneFirst = (phones: readonly string[]): RawBuilder<number> =>
  sql<number>`CASE WHEN phone = ANY(${phones}::text[]) THEN 0 ELSE 1 END`;

/** Orders the matches of {@link holdsEmail} with the primary-address ones first. */
export const primaryEmailFirst = (email: string): RawBuilder<number> =>
  sql<number>`CASE WHEN lower(email) = ${email} THEN 0 ELSE 1 END`;

/**
 * The contact of a workspace holding `phone` (primary first, then the oldest), as a query to
 * finish with the columns wanted (and a lock, where the caller writes).
 */
export const contactHoldingPhone = (db: Kysely<Database>, workspaceId: string, phone: string) =>
  db
    .selectFrom('contacts')
    .where('workspace_id', '=', workspaceId)
    .where(holdsPhone([phone]))
    .orderBy(primaryPhoneFirst([phone]))
    .orderBy('created_at')
    .limit(1);
