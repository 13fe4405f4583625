import { describe, expect, it } from 'vitest';
import { quarterLabel, vatQuarterOptions } from './toms-quarters';

describe('VAT quarters offered by the TOMS working', () => {
  it('labels a quarter by its months', () => {
    expect(quarterLabel('2026-01-01')).toBe('Jan–Mar 2026');
    expect(quarterLabel('2025-12-01')).toBe('Dec 2025 – Feb 2026');
  });

  it('offers, per stagger, the quarter holding today and those before it', () => {
    const [calendar, april, may] = vatQuarterOptions('2026-11-28', 2);
    expect(calendar.items).toEqual([
      { value: '2026-10', label: 'Oct–Dec 2026' },
      { value: '2026-07', label: 'Jul–Sep 2026' },
    ]);
    expect(april.items[0]).toEqual({ value: '2026-11', label: 'Nov 2026 – Jan 2027' });
    expect(may.items[0]).toEqual({ value: '2026-09', label: 'Sep–Nov 2026' });
  });
});
