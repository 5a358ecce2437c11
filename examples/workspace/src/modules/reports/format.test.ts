import { describe, expect, it } from 'vitest';
import { formatShare, formatSpan } from './format';

describe('report figures', () => {
  it('writes report spans to two units and shares as percentages', () => {
    expect(formatSpan(null)).toBe('—');
    expect(formatSpan(45)).toBe('45s');
    expect(formatSpan(1200)).toBe('20m');
    expect(formatSpan(1230)).toBe('20m 30s');
    expect(formatSpan(5400)).toBe('1h 30m');
    expect(formatSpan(2 * 86_400 + 4 * 3_600 + 59)).toBe('2d 4h');
    expect(formatShare(null)).toBe('—');
    expect(formatShare(1 / 3)).toBe('33%');
  });
});
