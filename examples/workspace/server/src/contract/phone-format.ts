// Phone numbers as people read them, in the workspace's default country (Settings → General):
// one rule for the server's display names and the app's screens (no schema library here, so the
// browser bundle imports it too).
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';

/** A country code `libphonenumber-js` knows, else undefined. */
export const phoneCountryOf = (country: string | null | undefined): CountryCode | undefined =>
  country && isSupportedCountry(country) ? country : undefined;

/**
 * A number as people read it: national in the workspace's country (`020 7123 4567` in GB),
 * international elsewhere (`+1 415 555 0100`); anything that is not a number is shown as given.
 */
export function formatPhone(number: string, country?: string | null): string {
  const parsed = parsePhoneNumberFromString(number, phoneCountryOf(country));
  if (!parsed?.isPossible()) return number;
  return parsed.country && parsed.country === phoneCountryOf(country)
    ? parsed.formatNational()
    : parsed.formatInternational();
}
