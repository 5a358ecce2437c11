/**
 * Phone numbers in the app, read and shown with `libphonenumber-js` in the workspace's default
 * country (Settings → General): one helper for the dialer, contacts, call history and campaigns.
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { formatPhone, phoneCountryOf } from '../../server/src/contract/phone-format';

export { formatPhone };

/** A typed number in E.164 (`+442071234567`), read in the workspace's country; null if it is not one. */
export function toE164(text: string, country?: string | null): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), phoneCountryOf(country));
  return parsed?.isPossible() ? parsed.number : null;
}

/** A country's English name (`GB` → `United Kingdom`), or the code when it has none. */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return regionNames.of(code) ?? code;
}
let regionNames: Intl.DisplayNames | null = null;

/** Every country `libphonenumber-js` knows, named in English with its calling code, sorted by name. */
export function phoneCountries(): readonly { code: string; name: string; callingCode: string }[] {
  return getCountries()
    .map((code) => ({
      code,
      name: countryName(code),
      callingCode: `+${getCountryCallingCode(code)}`,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
