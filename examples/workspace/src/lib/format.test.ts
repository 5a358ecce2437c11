import { describe, expect, it } from 'vitest';
import { formatDayHeading, formatDuration, formatListTime } from './format';

describe('formatting', () => {
  it('durations read m:ss, and h:mm:ss from an hour up', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('list times are compact', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(formatListTime('2026-11-23T11:59:30Z', now)).toBe('now');
    expect(formatListTime('2026-11-23T11:15:00Z', now)).toBe('45m');
    expect(formatListTime('2026-11-23T09:00:00Z', now)).toBe('3h');
  });

  it('day headings are Today, Yesterday, or a medium date', () => {
    const now = new Date(2026, 10, 23, 12);
    expect(formatDayHeading(new Date(2026, 10, 23, 8).toISOString(), now)).toBe('Today');
    expect(formatDayHeading(new Date(2026, 10, 22, 23).toISOString(), now)).toBe('Yesterday');
    expect(formatDayHeading(new Date(2026, 10, 2, 9).toISOString(), now)).toBe('Nov 2, 2026');
  });
});
