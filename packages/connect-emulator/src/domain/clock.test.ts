import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';

describe('manual clock', () => {
  it('runs due timers in time order when advanced, and not before', () => {
    const clock = new ManualClock(1000);
    const ran: string[] = [];
    clock.setTimer(50, () => ran.push('b'));
    clock.setTimer(10, () => ran.push('a'));
    const c = clock.setTimer(200, () => ran.push('c'));
    clock.advance(49);
    expect(ran).toEqual(['a']);
    clock.clearTimer(c);
    clock.advance(500);
    expect(ran).toEqual(['a', 'b']);
    expect(clock.now()).toBe(1549);
  });
});
