import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { effectiveSql, fallbackColumns } from './effective-values';

describe('fall-back of departure values: instance → group → tour', () => {
  it('reads the instance first, then its group, then the tour (spec 3 §3 Tour group)', () => {
    expect(fallbackColumns('release_days_before')).toEqual([
      'i.release_days_before',
      'g.release_days_before',
      't.release_days_before',
    ]);
    expect(fallbackColumns('deposit_price')).toEqual([
      'i.deposit_price',
      'g.deposit_price',
      't.deposit_price',
    ]);
  });
  it("places: the instance's tour_places, else the group's available_places, else the tour's", () => {
    expect(fallbackColumns('places')).toEqual(['i.tour_places', 'g.available_places', 't.tour_places']);
  });
  it('from a group: the group, then the tour', () => {
    expect(fallbackColumns('places', 'group')).toEqual(['g.available_places', 't.tour_places']);
    expect(fallbackColumns('duration', 'group')).toEqual(['g.duration', 't.duration']);
  });
  it('as SQL: one coalesce over those columns, in that order', () => {
    expect(new PgDialect().sqlToQuery(effectiveSql('places')).sql).toBe(
      'coalesce(i.tour_places, g.available_places, t.tour_places)',
    );
  });
});
