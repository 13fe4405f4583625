import { type SQL, sql } from 'drizzle-orm';

/**
 * The fall-back of a departure's values (spec 3 §3 Tour group: 'Blank group values fall back to the
 * master tour's values'; an instance's blank values fall back to its group's): the first level, in
 * the order instance → group → tour, whose column is set (not null) gives the value. This is the
 * one home of that rule for the values read in SQL; money the price rule reads (base price, base
 * cost) falls back instance → group in `effectiveValue` of src/shared/pricing.ts.
 */

/** Where each value lives on each level: the column name on tour_instances, tour_groups, tours. */
export const FALLBACK_FIELDS = {
  /** Sales close this many days before departure (spec 3 §3). */
  release_days_before: {
    instance: 'release_days_before',
    group: 'release_days_before',
    tour: 'release_days_before',
  },
  /** The deposit asked per guest, pounds. */
  deposit_price: { instance: 'deposit_price', group: 'deposit_price', tour: 'deposit_price' },
  /** Places on a departure; none set anywhere means no limit (issue #10). */
  places: { instance: 'tour_places', group: 'available_places', tour: 'tour_places' },
  /** Days of the tour; check-in and check-out days count against it (spec 3 §5). */
  duration: { instance: 'duration', group: 'duration', tour: 'duration' },
} as const;

export type FallbackField = keyof typeof FALLBACK_FIELDS;

const ALIAS = { instance: 'i', group: 'g', tour: 't' } as const;

/**
 * The columns `field` is read from, first to last, starting at level `from` (`instance`: aliases
 * i, g, t; `group`: g, t — a group or a tour accommodation of a group has no instance), e.g.
 * places from the instance: ['i.tour_places', 'g.available_places', 't.tour_places'].
 */
export function fallbackColumns(field: FallbackField, from: 'instance' | 'group' = 'instance'): string[] {
  const levels =
    from === 'instance' ? (['instance', 'group', 'tour'] as const) : (['group', 'tour'] as const);
  return levels.map((level) => `${ALIAS[level]}.${FALLBACK_FIELDS[field][level]}`);
}

/**
 * SQL: the effective value of `field`, `coalesce(…)` over `fallbackColumns(field, from)`. The query
 * names its instance `i`, group `g` and tour `t` (a left-joined group that is missing counts as
 * blank). Built from the constant table above only, never from input.
 */
export function effectiveSql(field: FallbackField, from: 'instance' | 'group' = 'instance'): SQL {
  return sql.raw(`coalesce(${fallbackColumns(field, from).join(', ')})`);
}
