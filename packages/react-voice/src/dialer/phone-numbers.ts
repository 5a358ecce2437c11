/**
 * Phone numbers as people type them, read with `libphonenumber-js`: a number written with its
 * country code (`+44 20 7123 4567`) or in a country's national form (`020 7123 4567` with the
 * country GB) becomes the E.164 number the contact centre dials.
 */
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';

/** A number the dialer can call. @public */
export interface DialedNumber {
  /** The E.164 form (`+442071234567`). */
  readonly e164: string;
  /** The international form for display (`+44 20 7123 4567`). */
  readonly international: string;
  /** The country the number belongs to (ISO 3166-1 alpha-2), when known. */
  readonly country: string | null;
}

/** Whether a string is an ISO 3166-1 alpha-2 code `libphonenumber-js` knows. @public */
export function isDialCountry(code: string | null | undefined): code is string {
  return typeof code === 'string' && isSupportedCountry(code);
}

/**
 * Reads a typed number: with its country code, or national in `defaultCountry`. Null when it is
 * not a possible phone number (the dialer then shows 'Phone number is not valid.').
 * @example
 * ```ts
 * parseDialedNumber('020 7123 4567', 'GB')?.e164; // '+442071234567'
 * parseDialedNumber('+1 (415) 555-0100')?.e164;   // '+14155550100'
 * ```
 * @public
 */
export function parseDialedNumber(
  text: string,
  defaultCountry?: string | null,
): DialedNumber | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const country = isDialCountry(defaultCountry) ? (defaultCountry as CountryCode) : undefined;
  // Without a country, only a number written with its country code can be read.
  const parsed = parsePhoneNumberFromString(trimmed, country ? { defaultCountry: country } : {});
  if (!parsed?.isPossible()) return null;
  return {
    e164: parsed.number,
    international: parsed.formatInternational(),
    country: parsed.country ?? null,
  };
}

/**
 * A number in its international form (`+44 20 7123 4567`) when it can be read, else as given.
 * @public
 */
export function formatPhoneNumber(text: string, defaultCountry?: string | null): string {
  return parseDialedNumber(text, defaultCountry)?.international ?? text;
}

/** A country of the dialer's picker. @public */
export interface DialCountry {
  /** ISO 3166-1 alpha-2 code (`GB`). */
  readonly code: string;
  /** Its name in the display language (`United Kingdom`). */
  readonly name: string;
  /** Its calling code with the plus (`+44`). */
  readonly callingCode: string;
}

/** Every country `libphonenumber-js` knows, named in `languageTag`, sorted by name. @public */
export function dialCountries(languageTag: string): readonly DialCountry[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([languageTag], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(languageTag);
  return getCountries()
    .map((code) => ({
      code,
      name: names?.of(code) ?? code,
      callingCode: `+${getCountryCallingCode(code)}`,
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
