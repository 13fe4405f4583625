import { describe, expect, it } from 'vitest';
import { formatFlightTime, joinDateTime, splitDateTime } from './format';

describe('flight time formatting (spec 3 §9: DD/MM/YYYY hh:mm A)', () => {
  it('shows local times on the 12-hour clock', () => {
    expect(formatFlightTime('2027-05-03T06:40')).toBe('03/05/2027 06:40 AM');
    expect(formatFlightTime('2027-05-03T00:05')).toBe('03/05/2027 12:05 AM');
    expect(formatFlightTime('2027-05-03T12:00')).toBe('03/05/2027 12:00 PM');
    expect(formatFlightTime('2027-05-03 23:10:00')).toBe('03/05/2027 11:10 PM');
    expect(formatFlightTime(null)).toBe('');
  });
  it('splits and joins the form fields', () => {
    expect(splitDateTime('2027-05-03T06:40')).toEqual({ date: '2027-05-03', time: '06:40' });
    expect(joinDateTime('2027-05-03', '06:40')).toBe('2027-05-03T06:40');
    expect(joinDateTime(null, '06:40')).toBe('');
  });
});
