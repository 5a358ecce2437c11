import { describe, expect, it } from 'vitest';
import { dialCountries, formatPhoneNumber, parseDialedNumber } from './phone-numbers';
import { readRecentNumbers, rememberRecentNumber } from './recent-numbers';

describe('parseDialedNumber', () => {
  it('reads a number written with its country code and separators as E.164', () => {
    expect(parseDialedNumber('+44 20 7123 4567')).toEqual({
      e164: '+442071234567',
      international: '+44 20 7123 4567',
      country: 'GB',
    });
    expect(parseDialedNumber('+1 (415) 555-0100')?.e164).toBe('+14155550100');
  });

  it('reads a national number in the default country, and refuses it without one', () => {
    expect(parseDialedNumber('020 7123 4567', 'GB')?.e164).toBe('+442071234567');
    expect(parseDialedNumber('01 23 45 67 89', 'FR')?.e164).toBe('+33123456789');
    expect(parseDialedNumber('020 7123 4567')).toBeNull();
    expect(parseDialedNumber('020 7123 4567', 'XX')).toBeNull();
  });

  it('refuses what is not a possible phone number', () => {
    expect(parseDialedNumber('')).toBeNull();
    expect(parseDialedNumber('hello')).toBeNull();
    expect(parseDialedNumber('+44 12')).toBeNull();
  });

  it('formats a readable number internationally and leaves anything else as given', () => {
    expect(formatPhoneNumber('+442071234567')).toBe('+44 20 7123 4567');
    expect(formatPhoneNumber('not a number')).toBe('not a number');
  });
});

describe('dialCountries', () => {
  it('names every country in the display language with its calling code', () => {
    const countries = dialCountries('en-US');
    expect(countries.find((c) => c.code === 'GB')).toEqual({
      code: 'GB',
      name: 'United Kingdom',
      callingCode: '+44',
    });
    expect(dialCountries('de-DE').find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(countries.length).toBeGreaterThan(200);
  });
});

describe('recent numbers', () => {
  function memory() {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      items,
    };
  }

  it('keeps the last five numbers of each agent, newest first, each once', () => {
    const storage = memory();
    for (let i = 0; i < 7; i++)
      rememberRecentNumber('a1', { number: `+4420712345${60 + i}`, name: null, at: i }, storage);
    rememberRecentNumber('a1', { number: '+442071234563', name: 'Ada', at: 9 }, storage);
    expect(readRecentNumbers('a1', storage).map((r) => r.number)).toEqual([
      '+442071234563',
      '+442071234566',
      '+442071234565',
      '+442071234564',
      '+442071234562',
    ]);
    expect(readRecentNumbers('a2', storage)).toEqual([]);
  });

  it('reads a damaged stored value as no numbers', () => {
    const storage = memory();
    storage.setItem('xv-dialer-recent:a1', '{"not":"a list"');
    expect(readRecentNumbers('a1', storage)).toEqual([]);
    storage.setItem('xv-dialer-recent:a1', '[{"number":1}]');
    expect(readRecentNumbers('a1', storage)).toEqual([]);
  });
});
