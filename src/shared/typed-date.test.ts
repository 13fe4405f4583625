import { describe, expect, it } from 'vitest';
import { DATE_SHAPE_MESSAGE, isYmd, notADateMessage, readTypedDate } from './typed-date';

// Issue #22 point 6: '2/11/59', '31/02/2027' and '32/13/2026' typed into a date of birth or a date
// field were blanked with no word. A date that cannot be read stays as typed with 'Enter a date as
// DD/MM/YYYY' (or '31/02/2027 is not a date'); a two-digit year in a date of birth means the past.
const today = '2026-11-27';
const dob = (text: string) => readTypedDate(text, { twoDigitYear: 'past', today });
const other = (text: string) => readTypedDate(text, { today });

describe('readTypedDate', () => {
  it('reads DD/MM/YYYY and its short and run-together forms, day first', () => {
    expect(other('02/11/2027')).toEqual({ kind: 'date', ymd: '2027-11-02' });
    expect(other('2/1/2027')).toEqual({ kind: 'date', ymd: '2027-01-02' });
    expect(other('2.11.2027')).toEqual({ kind: 'date', ymd: '2027-11-02' });
    expect(other('2-11-2027')).toEqual({ kind: 'date', ymd: '2027-11-02' });
    expect(other(' 02 11 2027 ')).toEqual({ kind: 'date', ymd: '2027-11-02' });
    expect(other('02112027')).toEqual({ kind: 'date', ymd: '2027-11-02' });
    expect(other('29/02/2028')).toEqual({ kind: 'date', ymd: '2028-02-29' });
    // The API's own form, when pasted.
    expect(other('2027-11-02')).toEqual({ kind: 'date', ymd: '2027-11-02' });
  });

  it("reads '2/11/59' in a date of birth as 02/11/1959: a two-digit year there means the past", () => {
    expect(dob('2/11/59')).toEqual({ kind: 'date', ymd: '1959-11-02' });
    expect(dob('021159')).toEqual({ kind: 'date', ymd: '1959-11-02' });
    expect(dob('2/11/26')).toEqual({ kind: 'date', ymd: '2026-11-02' });
    expect(dob('27/11/26')).toEqual({ kind: 'date', ymd: '2026-11-27' });
    // Later this year than today is not yet past: the century before.
    expect(dob('30/11/26')).toEqual({ kind: 'date', ymd: '1926-11-30' });
    expect(dob('1/1/00')).toEqual({ kind: 'date', ymd: '2000-01-01' });
    expect(dob('1/1/27')).toEqual({ kind: 'date', ymd: '1927-01-01' });
    // A four-digit year is taken as typed.
    expect(dob('2/11/2059')).toEqual({ kind: 'date', ymd: '2059-11-02' });
  });

  it('reads a two-digit year elsewhere by the fixed pivot: 00–68 are 20xx, 69–99 are 19xx', () => {
    expect(other('2/11/59')).toEqual({ kind: 'date', ymd: '2059-11-02' });
    expect(other('2/11/27')).toEqual({ kind: 'date', ymd: '2027-11-02' });
    expect(other('2/11/68')).toEqual({ kind: 'date', ymd: '2068-11-02' });
    expect(other('2/11/69')).toEqual({ kind: 'date', ymd: '1969-11-02' });
    expect(other('2/11/99')).toEqual({ kind: 'date', ymd: '1999-11-02' });
  });

  it("says '31/02/2027 is not a date' when the shape is right but the day does not exist", () => {
    expect(other('31/02/2027')).toEqual({ kind: 'unreadable', message: '31/02/2027 is not a date' });
    expect(other('32/13/2026')).toEqual({ kind: 'unreadable', message: '32/13/2026 is not a date' });
    expect(other('29/02/2027')).toEqual({ kind: 'unreadable', message: '29/02/2027 is not a date' });
    expect(other('0/1/2027')).toEqual({ kind: 'unreadable', message: '0/1/2027 is not a date' });
    expect(dob(' 31/02/59 ')).toEqual({ kind: 'unreadable', message: '31/02/59 is not a date' });
    expect(other('2027-02-31')).toEqual({ kind: 'unreadable', message: notADateMessage('2027-02-31') });
  });

  it("says 'Enter a date as DD/MM/YYYY' for anything not shaped like a date", () => {
    for (const text of ['abc', '2/11', '1/2/026', '2026-1', '12/12/12345', '1/2/3', 'tomorrow', '2/11/59x'])
      expect(other(text), text).toEqual({ kind: 'unreadable', message: DATE_SHAPE_MESSAGE });
    expect(DATE_SHAPE_MESSAGE).toBe('Enter a date as DD/MM/YYYY');
  });

  it('gives blank for nothing typed', () => {
    expect(other('')).toEqual({ kind: 'blank' });
    expect(other('   ')).toEqual({ kind: 'blank' });
  });
});

describe('isYmd', () => {
  it('accepts only a real date written YYYY-MM-DD', () => {
    expect(isYmd('2027-02-28')).toBe(true);
    expect(isYmd('2027-02-31')).toBe(false);
    expect(isYmd('31/02/2027')).toBe(false);
    expect(isYmd(null)).toBe(false);
  });
});
