// Customers' addresses in one normal form, so that the same person writing on the same channel
// finds the same contact: phone numbers in E.164 (libphonenumber-js), email addresses lowercased.
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** E.164 of a phone number given with its country code (`+44 7700 900123`, `447700900123`), or null. */
export function normalisePhone(raw: string): string | null {
  const trimmed = raw.trim().replace(/^whatsapp:/i, '');
  if (trimmed.length === 0 || trimmed.length > 32) return null;
  const withPlus = trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
  const parsed = parsePhoneNumberFromString(withPlus);
  // Possible, not "valid": test ranges (+1 555 01xx) are possible numbers and real traffic uses
  // them too; the provider has already delivered from this number.
  return parsed?.isPossible() ? parsed.number : null;
}

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

/** An email address lowercased, or null when it is not one. */
export function normaliseEmail(raw: string): string | null {
  const address = raw.trim().toLowerCase();
  return address.length <= 254 && EMAIL.test(address) ? address : null;
}
