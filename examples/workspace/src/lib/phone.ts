/**
 * Phone numbers in the app, read and shown with `libphonenumber-js` in the workspace's default
 * country (Settings → General): one helper for the dialer, contacts, call history and campaigns.
 */
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';

const countryOf = (country: string | null | undefined): CountryCode | undefined =>
  country && isSupportedCountry(country) ? country : undefined;

/**
 * A number as people read it: national in the workspace's country (`020 7123 4567` in GB),
 * international elsewhere (`+1 415 555 0100`); anything that is not a number is shown as given.
 */
export function formatPhone(number: string, country?: string | null): string {
  const parsed = parsePhoneNumberFromString(number, countryOf(country));
  if (!parsed?.isPossible()) return number;
  return parsed.country && parsed.country === countryOf(country)
    ? parsed.formatNational()
    : parsed.formatInternational();
}

/** A typed number in E.164 (`+442071234567`), read in the workspace's country; null if it is not one. */
export function toE164(text: string, country?: string | null): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), countryOf(country));
  return parsed?.isPossible() ? parsed.number : null;
}

/** Every country `libphonenumber-js` knows, named in English with its calling code, sorted by name. */
export function phoneCountries(): readonly { code: string; name: string; callingCode: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((code) => ({
      code,
      name: names.of(code) ?? code,
      callingCode: `+${getCountryCallingCode(code)}`,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
