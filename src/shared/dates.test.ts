import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  londonDateTime,
  londonDay,
  londonInstant,
  londonText,
  londonToday,
  ukDate,
} from './dates';

// The hand-written helpers these replace (issue #24 step 1), kept here as the reference: on every
// day of 2023–2029 the dayjs-based ones must give the same answers.
const refAddDays = (ymd: string, days: number) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const refAddMonths = (ymd: string, months: number) => {
  const [y, m, d] = ymd.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
};
const refDaysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const everyDay = (() => {
  const days: string[] = [];
  for (let t = Date.UTC(2023, 0, 1); t <= Date.UTC(2029, 11, 31); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
})();

describe('calendar arithmetic on YYYY-MM-DD (no time zone)', () => {
  it('adds days as before, across month ends, leap days and the clock changes', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29'); // BST starts on 29/03/2026
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24'); // GMT returns on 25/10/2026
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    for (const day of everyDay)
      for (const n of [-400, -31, -1, 0, 1, 14, 29, 365]) expect(addDays(day, n)).toBe(refAddDays(day, n));
  });

  it('adds months as before: the same day, or the last of a shorter month', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 13)).toBe('2027-02-28');
    for (const day of everyDay)
      for (const n of [-13, -1, 0, 1, 2, 12]) expect(addMonths(day, n)).toBe(refAddMonths(day, n));
  });

  it('counts days between as before (negative when the end is earlier)', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-26', '2026-10-24')).toBe(-2);
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(0);
    for (const day of everyDay.filter((_, i) => i % 7 === 0))
      for (const other of ['2023-01-01', '2026-03-29', '2026-10-25', '2029-12-31'])
        expect(daysBetween(day, other)).toBe(refDaysBetween(day, other));
  });

  it('shows a date DD/MM/YYYY', () => {
    expect(ukDate('2026-07-04')).toBe('04/07/2026');
  });
});

describe('London days and times (spec 3 §1)', () => {
  it('takes the London day of an instant, in winter and in summer time', () => {
    expect(londonDay('2026-01-15T23:59:59Z')).toBe('2026-01-15'); // GMT
    expect(londonDay('2026-07-15T23:00:00Z')).toBe('2026-07-16'); // BST: midnight in London
    expect(londonDay('2026-07-15T22:59:59Z')).toBe('2026-07-15');
    expect(londonDay(Date.parse('2026-07-15T23:00:00Z'))).toBe('2026-07-16');
    expect(londonToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it('turns at London midnight on the BST↔GMT change days', () => {
    // 29/03/2026: clocks go forward at 01:00 UTC; 25/10/2026: back at 01:00 UTC.
    expect(londonDay('2026-03-28T23:59:59Z')).toBe('2026-03-28');
    expect(londonDay('2026-03-29T00:00:00Z')).toBe('2026-03-29');
    expect(londonDay('2026-03-29T23:00:00Z')).toBe('2026-03-30');
    expect(londonDay('2026-10-24T22:59:59Z')).toBe('2026-10-24');
    expect(londonDay('2026-10-24T23:00:00Z')).toBe('2026-10-25');
    expect(londonDay('2026-10-25T23:59:59Z')).toBe('2026-10-25');
    expect(londonDay('2026-10-26T00:00:00Z')).toBe('2026-10-26');
  });

  it('formats an instant in London time, blank for nothing or nonsense', () => {
    expect(londonDateTime(new Date('2026-03-29T00:59:00Z'))).toBe('29/03/2026 00:59');
    expect(londonDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('29/03/2026 02:00');
    expect(londonDateTime(new Date('2026-10-25T00:30:00Z'))).toBe('25/10/2026 01:30');
    expect(londonDateTime(new Date('2026-10-25T01:30:00Z'))).toBe('25/10/2026 01:30');
    expect(londonDateTime(new Date('2026-12-01T00:05:00Z'))).toBe('01/12/2026 00:05');
    expect(londonText('2026-07-01T13:04:05Z', 'YYYYMMDD-HHmmss')).toBe('20260701-140405');
    expect(londonText('2026-07-01T13:04:05Z', 'DD/MM/YYYY H:mm')).toBe('01/07/2026 14:04');
    expect(londonText(null, 'DD/MM/YYYY')).toBe('');
    expect(londonText('', 'DD/MM/YYYY')).toBe('');
    expect(londonText('not a date', 'DD/MM/YYYY')).toBe('');
  });

  it('reads London wall-clock time as the instant, summer and winter', () => {
    expect(londonInstant('2026-01-10 09:15:00').toISOString()).toBe('2026-01-10T09:15:00.000Z');
    expect(londonInstant('2026-07-10T09:15').toISOString()).toBe('2026-07-10T08:15:00.000Z');
    expect(londonInstant('2026-03-29 00:00:00').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonInstant('2026-03-29 03:00:00').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(londonInstant('2026-10-25 00:00:00').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(londonInstant('2026-10-25 03:00:00').toISOString()).toBe('2026-10-25T03:00:00.000Z');
    expect(Number.isNaN(londonInstant('tomorrow').getTime())).toBe(true);
  });

  it('reads the hours a change day skips or repeats as GMT, as the hand-written shift did', () => {
    expect(londonInstant('2026-03-29 01:30:00').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(londonInstant('2026-10-25 01:30:00').toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });
});
