// Contacts made for phone senders and callers the workspace does not know yet.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { visitorName } from '../../lib/links';

/** A phone sender (E.164) to make a contact for, with the name their channel gave, if any. */
export interface NewPhoneContact {
  readonly workspaceId: string;
  readonly phone: string;
  readonly name?: string | null;
}

/**
 * Creates a contact for each sender, named as their channel names them or else as a visitor.
 * A number that became a contact's primary meanwhile (another writer was first) is left alone:
 * read the contact back after.
 */
export async function insertPhoneContacts(
  trx: Transaction<Database>,
  senders: readonly NewPhoneContact[],
): Promise<void> {
  if (senders.length === 0) return;
  const now = new Date();
  await trx
    .insertInto('contacts')
    .values(
      senders.map((sender) => ({
        id: newId(),
        workspace_id: sender.workspaceId,
        name: sender.name?.trim() || visitorName(sender.phone),
        phone: sender.phone,
        email: null,
        avatar_url: null,
        company: null,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'phone']).where('phone', 'is not', null).doNothing(),
    )
    .execute();
}
