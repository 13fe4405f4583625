import { type SQL, sql } from 'drizzle-orm';

/** Matches up to which the newest are found by sorting them all; past it, by walking booking dates. */
export const SORT_AT_MOST = 20_000;

/**
 * The statement of the newest `n` bookings meeting `alt` (a condition on `bookings b`), as rows
 * (id, created_at) newest first — one alternative of the quick search (a reference prefix, an
 * airline reference). At most SORT_AT_MOST matches are collected from the condition's own index and
 * sorted; more are found by walking the booking-date index backwards, which meets them soon. Left
 * to itself the planner walked for a reference prefix whose 1,000 matches were all old bookings:
 * 926,000 rows read, 127 ms at a million. The choice is made inside the statement from a capped
 * count; each branch sits behind a one-time filter, so only one runs. (`sortAtMost` lets tests
 * take either branch on a small data set.)
 */
export function newestMeeting(alt: SQL, n: number, sortAtMost = SORT_AT_MOST): SQL {
  return sql`select q.id, q.created_at from (
    with k as (select count(*) as c from (select 1 from bookings b where ${alt} limit ${sortAtMost + 1}) x)
    (select m.id, m.created_at from (select b.id, b.created_at from bookings b where ${alt} offset 0) m
      where (select c from k) <= ${sortAtMost} order by m.created_at desc, m.id desc limit ${n})
    union all
    (select b.id, b.created_at from bookings b where ${alt} and (select c from k) > ${sortAtMost}
      order by b.created_at desc, b.id desc limit ${n})) q`;
}
