import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, toApiDate } from './format';

describe('formatDate (spec 1 §9: dates displayed DD/MM/YYYY)', () => {
  it('reformats a calendar date without a time-zone shift', () => {
    expect(formatDate('2026-03-29')).toBe('29/03/2026');
    expect(formatDate('2025-01-01')).toBe('01/01/2025');
  });

  it('shows a date-time as its London day', () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('01/07/2026');
    expect(formatDate('2026-01-15T23:30:00Z')).toBe('15/01/2026');
  });

  it('gives empty text for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime (spec 1 §9: booking date DD/MM/YYYY H:mm)', () => {
  it('shows London time across summer time', () => {
    expect(formatDateTime('2026-01-15T09:05:00Z')).toBe('15/01/2026 9:05');
    expect(formatDateTime('2026-07-15T09:05:00Z')).toBe('15/07/2026 10:05');
    expect(formatDateTime('2026-07-15T23:59:00.000Z')).toBe('16/07/2026 0:59');
  });

  it('reads offsets', () => {
    expect(formatDateTime('2026-07-15T09:05:00+02:00')).toBe('15/07/2026 8:05');
  });

  it('gives empty text for nothing', () => {
    expect(formatDateTime(null)).toBe('');
  });
});

describe('toApiDate (dates are sent as YYYY-MM-DD)', () => {
  it('uses the local calendar day of a Date', () => {
    expect(toApiDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(toApiDate(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });

  it('passes YYYY-MM-DD through and drops empties and bad input', () => {
    expect(toApiDate('2026-02-28')).toBe('2026-02-28');
    expect(toApiDate('2026-02-30')).toBeUndefined();
    expect(toApiDate('')).toBeUndefined();
    expect(toApiDate(null)).toBeUndefined();
    expect(toApiDate(new Date('nope'))).toBeUndefined();
  });
});

describe('formatMoney (money in pounds, 2 decimals)', () => {
  it('formats pounds with thousands separators', () => {
    expect(formatMoney('1234.5')).toBe('£1,234.50');
    expect(formatMoney('0')).toBe('£0.00');
    expect(formatMoney('12')).toBe('£12.00');
    expect(formatMoney('1234567.89')).toBe('£1,234,567.89');
    expect(formatMoney('.5')).toBe('£0.50');
  });

  it('is exact on values a float would spoil', () => {
    expect(formatMoney('0.285')).toBe('£0.29');
    expect(formatMoney('1.005')).toBe('£1.01');
    expect(formatMoney('9999999999999999.99')).toBe('£9,999,999,999,999,999.99');
    expect(formatMoney('999.995')).toBe('£1,000.00');
    expect(formatMoney('0.004')).toBe('£0.00');
  });

  it('handles negatives and numbers', () => {
    expect(formatMoney('-12.3')).toBe('-£12.30');
    expect(formatMoney('-0.001')).toBe('£0.00');
    expect(formatMoney(42.1)).toBe('£42.10');
  });

  it('leaves empties empty and nonsense alone', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('abc');
  });
});
