import { describe, expect, it } from 'vitest';
import { contactDisplayName } from './contact-name';

describe('contact names (§3)', () => {
  it('a name starting with the visitor prefix is shown as the phone', () => {
    expect(contactDisplayName({ name: 'visitor-+15550001', phone: '+15550001' })).toBe('+15550001');
    expect(contactDisplayName({ name: 'visitor-+15550002' })).toBe('+15550002');
    expect(contactDisplayName({ name: 'Maria Lopez', phone: '+1555' })).toBe('Maria Lopez');
  });
});
