import { describe, expect, it } from 'vitest';
import { defaultGroupDocumentName, groupDocumentEndDate, groupDocumentFileName } from './group-documents';

describe('group document names (spec 3 §9)', () => {
  it("'default to a length of 7 days after the start (duration minus 1)'", () => {
    // An 8-day tour starting 12 April covers 12 to 19 April: start + (8 − 1) days.
    expect(groupDocumentEndDate('2027-04-12', 8)).toBe('2027-04-19');
    expect(groupDocumentEndDate('2027-04-12', 5)).toBe('2027-04-16');
    // No duration on the group or its tour: the legacy's 7 days after the start.
    expect(groupDocumentEndDate('2027-04-12', null)).toBe('2027-04-19');
    expect(groupDocumentEndDate('2027-12-28', 8)).toBe('2028-01-04');
    expect(defaultGroupDocumentName('rooming', '2027-04-12', 8)).toBe(
      'Rooming List 12-04-2027 to 19-04-2027',
    );
    expect(defaultGroupDocumentName('flight-return', '2027-04-12', null)).toBe(
      'Flight Manifest Return 12-04-2027 to 19-04-2027',
    );
  });

  it('makes a typed name safe as a file name', () => {
    expect(groupDocumentFileName('Outbound: LS871 / April')).toBe('Outbound- LS871 - April');
    expect(groupDocumentFileName('../../etc/passwd')).toBe('-..-etc-passwd');
    expect(groupDocumentFileName('  a\tb\nc  ')).toBe('a b c');
    expect(groupDocumentFileName('...')).toBe('');
    expect(groupDocumentFileName('x'.repeat(300))).toHaveLength(120);
  });
});
