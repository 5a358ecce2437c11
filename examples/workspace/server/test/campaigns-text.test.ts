// Campaign text rules (shared by the server and the editor): personalisation tokens, WhatsApp
// template variables, SMS segments (GSM-7 and UCS-2), the schedule on a time zone's clock, and
// CSV cells that a spreadsheet would run as formulas.
import { describe, expect, it } from 'vitest';
import { restoreCell } from '../src/contract/csv-cell';
import { safeCell } from '../src/modules/campaigns/routes';
import { fromLocal, toLocal } from '../src/modules/campaigns/local-time';
import {
  personalize,
  placeholdersOf,
  renderTemplate,
  smsSegments,
  unknownTokens,
} from '../src/contract/campaign-text';

const maria = { name: 'Maria  Garcia', company: null, email: 'maria@example.com', phone: null };

describe('campaign text', () => {
  it('fills personalisation tokens once (a value is never read as a token)', () => {
    expect(personalize('Hi {{first_name}} ({{ email }}), {{company}}!', maria)).toBe(
      'Hi Maria (maria@example.com), !',
    );
    expect(personalize('{{name}}', { ...maria, name: '{{email}}' })).toBe('{{email}}');
    expect(unknownTokens('{{name}} {{nickname}} {{1}}')).toEqual(['nickname', '1']);
  });

  it('fills a WhatsApp template: each variable value personalised, a missing one left empty', () => {
    expect(placeholdersOf('Hi {{1}}, order {{2}}; {{1}} again')).toEqual(['1', '2']);
    expect(
      renderTemplate('Hi {{1}}, order {{2}}. {{3}}', { '1': '{{first_name}}', '2': '#7' }, maria),
    ).toBe('Hi Maria, order #7. ');
  });

  it('counts SMS segments: GSM-7 160 then 153 per part, extension characters twice, UCS-2 70 then 67', () => {
    expect(smsSegments('')).toMatchObject({ segments: 0, encoding: 'GSM-7' });
    expect(smsSegments('x'.repeat(160))).toMatchObject({ units: 160, segments: 1 });
    expect(smsSegments('x'.repeat(161))).toMatchObject({
      units: 161,
      segments: 2,
      perSegment: 153,
    });
    expect(smsSegments('x'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments('x'.repeat(307))).toMatchObject({ segments: 3 });
    expect(smsSegments('€{}')).toMatchObject({ units: 6, encoding: 'GSM-7' });
    expect(smsSegments('Olá è ü ñ')).toMatchObject({ encoding: 'UCS-2' });
    expect(smsSegments('📦'.repeat(35))).toMatchObject({
      encoding: 'UCS-2',
      units: 70,
      segments: 1,
    });
    expect(smsSegments('ç'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
  });

  it('converts a wall-clock time of a time zone, refusing a time the clock skips', () => {
    expect(fromLocal({ date: '2027-01-15', time: '09:30' }, 'Europe/Madrid')?.toISOString()).toBe(
      '2027-01-15T08:30:00.000Z',
    );
    expect(
      fromLocal({ date: '2027-07-15', time: '09:30' }, 'America/New_York')?.toISOString(),
    ).toBe('2027-07-15T13:30:00.000Z');
    // 2027-03-28: Madrid goes from 02:00 to 03:00
    expect(fromLocal({ date: '2027-03-28', time: '02:30' }, 'Europe/Madrid')).toBeNull();
    expect(toLocal(new Date('2027-01-15T23:30:00Z'), 'Asia/Tokyo')).toEqual({
      date: '2027-01-16',
      time: '08:30',
    });
  });

  it('quotes every CSV cell a spreadsheet would run, leaves plain signed numbers (phone numbers) as they are, and an import takes the quote off', () => {
    expect(safeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(safeCell('@cmd')).toBe("'@cmd");
    expect(safeCell('+cmd')).toBe("'+cmd");
    expect(safeCell('-1+2')).toBe("'-1+2");
    expect(safeCell('\tx')).toBe("'\tx");
    expect(safeCell('\rx')).toBe("'\rx");
    expect(safeCell('+15555550101')).toBe('+15555550101');
    expect(safeCell('-42.5')).toBe('-42.5');
    expect(safeCell('+1 555')).toBe("'+1 555");
    expect(safeCell('Maria')).toBe('Maria');
    for (const v of ['=SUM(A1)', '-1+2', '+15555550101', "'quoted", "'=x", "''+1", 'Maria'])
      expect(restoreCell(safeCell(v))).toBe(v);
  });
});
