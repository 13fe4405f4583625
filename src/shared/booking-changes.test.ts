import { describe, expect, it } from 'vitest';
import { summariseChanges, TOTAL_DUE_FIELD, totalChange } from './booking-changes';

describe('summariseChanges (spec 1 §4 changes since last accepted)', () => {
  it('merges each field from its first before to its last after, total last', () => {
    expect(
      summariseChanges([
        [
          { field: 'Room (Lakes)', before: 'Double', after: 'Twin' },
          ...totalChange('£1,198.00', '£1,250.00'),
        ],
        [{ field: 'Passenger', before: '—', after: 'Mr Tom Hay' }],
        [{ field: 'Room (Lakes)', before: 'Twin', after: 'Suite' }, ...totalChange('£1,250.00', '£1,378.00')],
      ]),
    ).toEqual([
      { field: 'Room (Lakes)', before: 'Double', after: 'Suite' },
      { field: 'Passenger', before: '—', after: 'Mr Tom Hay' },
      { field: TOTAL_DUE_FIELD, before: '£1,198.00', after: '£1,378.00' },
    ]);
  });
  it('leaves out a field that came back to where it was', () => {
    expect(
      summariseChanges([
        [{ field: 'Room (Lakes)', before: 'Double', after: 'Suite' }],
        [{ field: 'Room (Lakes)', before: 'Suite', after: 'Double' }],
      ]),
    ).toEqual([]);
    expect(totalChange('£1.00', '£1.00')).toEqual([]);
  });
});
