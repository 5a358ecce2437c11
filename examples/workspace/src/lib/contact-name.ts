/** Names a new contact made from an unknown phone number gets: the prefix, then the number. */
export const VISITOR_NAME_PREFIX = 'visitor-';

/** The name to show for a contact: a name starting with the visitor prefix is shown as the phone (§3). */
export function contactDisplayName(contact: { name: string; phone?: string | null }): string {
  if (!contact.name.startsWith(VISITOR_NAME_PREFIX)) return contact.name;
  return contact.phone ?? contact.name.slice(VISITOR_NAME_PREFIX.length);
}
