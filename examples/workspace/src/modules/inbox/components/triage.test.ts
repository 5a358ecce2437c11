import { describe, expect, it } from 'vitest';
import { snoozeChoices } from './triage';

describe('snoozeChoices', () => {
  it('offers an hour, this evening before 17:00, tomorrow morning and next Monday morning', () => {
    // Wednesday 2026-03-04 10:30 local time
    const now = new Date(2026, 2, 4, 10, 30);
    const choices = snoozeChoices(now);
    expect(choices.map((c) => c.label)).toEqual([
      'In 1 hour',
      'This evening (18:00)',
      'Tomorrow (09:00)',
      'Next week (Monday 09:00)',
    ]);
    expect(choices.map((c) => c.until)).toEqual([
      new Date(2026, 2, 4, 11, 30),
      new Date(2026, 2, 4, 18, 0),
      new Date(2026, 2, 5, 9, 0),
      new Date(2026, 2, 9, 9, 0),
    ]);
  });

  it('after 17:00 there is no evening choice; on a Monday next week is a week away', () => {
    const monday = new Date(2026, 2, 9, 18, 15);
    const choices = snoozeChoices(monday);
    expect(choices.map((c) => c.label)).not.toContain('This evening (18:00)');
    expect(choices.at(-1)!.until).toEqual(new Date(2026, 2, 16, 9, 0));
  });
});
