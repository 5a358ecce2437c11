import { describe, expect, it } from 'vitest';
import { formatPhone, phoneCountries, toE164 } from './phone';

describe('phone numbers in the workspace country', () => {
  it("shows a number of the workspace's country nationally and others internationally", () => {
    expect(formatPhone('+442071234567', 'GB')).toBe('020 7123 4567');
    expect(formatPhone('+442071234567', 'US')).toBe('+44 20 7123 4567');
    expect(formatPhone('+442071234567', null)).toBe('+44 20 7123 4567');
    expect(formatPhone('visitor-42', 'GB')).toBe('visitor-42');
  });

  it('reads a typed national number in the workspace country as E.164', () => {
    expect(toE164('020 7123 4567', 'GB')).toBe('+442071234567');
    expect(toE164('020 7123 4567', null)).toBeNull();
    expect(toE164('+1 (415) 555-0100', 'GB')).toBe('+14155550100');
  });

  it('lists the countries by name', () => {
    const countries = phoneCountries();
    expect(countries.find((c) => c.code === 'GB')).toEqual({
      code: 'GB',
      name: 'United Kingdom',
      callingCode: '+44',
    });
    expect(countries.length).toBeGreaterThan(200);
  });
});
