import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { likeEscape } from '../../http/datatables';
import { newestMeeting } from './newest';

/**
 * The customers' side of the bookings list's searches (spec 1 §7 bookings/table `search_by_customer`
 * and the quick search; issue #28): which customers a term finds, and the bookings list's count and
 * newest pages of their bookings read from `customers.booking_count` / `last_booked_at` (migration
 * 0028) instead of from every matching booking. The conditions and the choice of path stay in
 * queries.ts.
 */

/**
 * Whether the quick search looks for `text` in customers' names and postcodes: from three
 * characters, as the global search's customers (the trigram index needs three; "ne" would read
 * every customer and match most bookings). Shorter terms find references and airline references.
 */
export const namesSearched = (text: string) => text.length >= 3;

/** Customers whose name or postcode holds `text` (the trigram index on the generated search_text). */
const customerText = (text: string) => sql`search_text like ${`%${likeEscape(text.toLowerCase())}%`}`;

export const customersMatching = (text: string) => sql`select id from customers where ${customerText(text)}`;

/**
 * The bookings of the customers whose name or postcode holds `text`, and those meeting any of
 * `others` (the quick search's reference and airline reference): counted from the trigger-kept
 * bookings per customer (migration 0028) plus the `others` matches of no matching customer, and
 * paged newest first from the customers with the newest last booking (`customerWalk`).
 */
export interface CustomerSearch {
  text: string;
  others: SQL[];
}

/** `customerWalk`'s statement: the ids of rows offset + 1 … offset + limit, newest first. */
export function customerWalkSql(s: CustomerSearch, limit: number, offset: number): SQL {
  const depth = offset + limit;
  const newest = sql`order by b.created_at desc, b.id desc limit ${depth}`;
  const others = s.others.map((alt) => sql` union (${newestMeeting(alt, depth)})`);
  return sql`with m as materialized (
      select id, last_booked_at from customers where ${customerText(s.text)} and last_booked_at is not null)
    select w.id from (
      (select b.id, b.created_at
       from (select id from m where last_booked_at >= coalesce(
               (select last_booked_at from m order by last_booked_at desc offset ${depth - 1} limit 1),
               '-infinity')) top
       cross join lateral (select b.id, b.created_at from bookings b where b.customer_id = top.id ${newest}) b)
      ${sql.join(others, sql``)}
    ) w
    order by w.created_at desc, w.id desc limit ${limit} offset ${offset}`;
}

/**
 * Bookings of a customer search (`CustomerSearch`): the matching customers' `booking_count`
 * (migration 0028) summed in the scan that finds them — where counting their 25,000 bookings at
 * ten million read 25,000 index entries — plus the bookings meeting one of `others` whose customer
 * is not among them (so none is counted twice).
 */
export async function countByCustomers(
  db: Db,
  { text, others }: CustomerSearch,
  cap?: number,
): Promise<number> {
  // With a cap, at most cap + 1 customers with bookings are read: when there are more, their
  // bookings alone pass the cap (each has one at least); when not, the set is whole and exact.
  const upTo = cap === undefined ? sql`` : sql` limit ${cap + 1}`;
  // Each alternative is filtered and cut at cap + 1 on its own (a union of whole alternatives read
  // a reference prefix's 900,000 matches before the cut): the union reaches cap + 1 exactly when
  // the uncut one would.
  const rest = others.length
    ? sql` + (select count(*) from (${sql.join(
        others.map(
          (alt) => sql`(select b.id from bookings b where ${alt}
            and (b.customer_id is null or b.customer_id not in (select id from m))${upTo})`,
        ),
        sql` union `,
      )}) r)`
    : sql``;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`with m as materialized (
        select id, booking_count from customers where ${customerText(text)} and booking_count > 0${upTo})
      select (select coalesce(sum(booking_count), 0) from m)${rest} as n`,
  );
  const n = Number(row?.n ?? 0);
  return cap === undefined ? n : Math.min(n, cap + 1);
}
