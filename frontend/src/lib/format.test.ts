import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format';

describe('formatNumber', () => {
  it('groups whole numbers the way en-US does, without building a formatter', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const value of [
      0,
      7,
      999,
      1000,
      12345,
      1_000_000,
      987_654_321,
      -1500,
      -42,
      Number.MAX_SAFE_INTEGER,
    ]) {
      expect(formatNumber(value)).toBe(intl.format(value));
    }
  });

  it('leaves other numbers to Intl', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });
});

describe('formatDate', () => {
  it('formats an ISO date, and returns anything else as it came', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('Nov 22, 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
