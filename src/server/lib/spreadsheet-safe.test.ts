import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvSafeCast, spreadsheetCell, spreadsheetRow, spreadsheetText } from './spreadsheet-safe';

// OWASP CSV Injection: a cell starting with = + - @ tab or CR is prefixed with a single quote.
describe('spreadsheetText', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
    ['-1+1', "'-1+1"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tx', "'\tx"],
    ['\r=1', "'\r=1"],
  ])('neutralises %j', (text, safe) => {
    expect(spreadsheetText(text)).toBe(safe);
  });

  it.each(['Smith', '', ' =1', "O'Brien", 'a=b', '1-2', '£-5', '\n=1'])('leaves %j as it is', (text) => {
    expect(spreadsheetText(text)).toBe(text);
  });

  it('is idempotent: a neutralised value is not prefixed again', () => {
    expect(spreadsheetText(spreadsheetText('=1'))).toBe("'=1");
  });
});

describe('spreadsheetCell and spreadsheetRow', () => {
  it('touch text only: numbers (negative too), dates, booleans and blanks stay values', () => {
    const day = new Date('2027-06-01T00:00:00Z');
    expect(spreadsheetRow(['-1', -1, -10.5, day, true, null, undefined, '@x'])).toEqual([
      "'-1",
      -1,
      -10.5,
      day,
      true,
      null,
      null,
      "'@x",
    ]);
    expect(spreadsheetCell(0)).toBe(0);
  });
});

describe('csvSafeCast', () => {
  it('neutralises strings in csv-stringify and leaves numbers alone', () => {
    const csv = stringify([['=1+1', -5, 'ok']], { cast: csvSafeCast });
    expect(csv).toBe("'=1+1,-5,ok\n");
  });
});
