import { type SQL, sql } from 'drizzle-orm';
import { type BookingTableFilters, bookingTableFiltersShape } from '../../../shared/api/bookings';
import { likeEscape } from '../../http/datatables';
import { londonZoneSql } from '../../lib/dates';
import { type CustomerSearch, customersMatching, namesSearched } from './customer-search';
import { madeByAgent, workListConditions } from './work-lists';

/**
 * The WHERE conditions of the bookings list (spec 1 §7 bookings/table) and of the quick search,
 * as SQL fragments on `bookings b`; the queries that read them are in queries.ts.
 */

export const bookingsWithAirlineRef = (ref: string) =>
  sql`select holiday_booking_id from tour_bookings where upper(airline_ref) like ${`${likeEscape(ref.toUpperCase())}%`}`;

export const refMatches = (ref: string) => {
  const prefix = sql`b.booking_ref like ${`${likeEscape(ref.toUpperCase())}%`}`;
  return /^\d{1,9}$/.test(ref) ? sql`(${prefix} or b.old_booking_id = ${Number(ref)})` : prefix;
};

/**
 * WHERE conditions for the bookings list (spec 1 §7 bookings/table). Every condition is on
 * `bookings b` itself (joins only feed the columns), so counts need no joins. Booking dates are
 * calendar days in London.
 */
export function bookingFilterConditions(f: BookingTableFilters, search: string): BookingConditions {
  const where: SQL[] = [];
  if (f.search_by_ref) where.push(refMatches(f.search_by_ref));
  let bookingDateConditions = 0;
  if (f.search_by_booking_start) {
    bookingDateConditions++;
    where.push(
      sql`b.created_at >= (${f.search_by_booking_start}::date)::timestamp at time zone ${londonZoneSql}`,
    );
  }
  if (f.search_by_booking_end) {
    bookingDateConditions++;
    where.push(
      sql`b.created_at < (${f.search_by_booking_end}::date + 1)::timestamp at time zone ${londonZoneSql}`,
    );
  }
  // Departure and balance due ranges and the work lists (issue #14): shared with the dashboard.
  where.push(...workListConditions(f));
  if (f.search_by_customer) {
    where.push(
      /^\d+$/.test(f.search_by_customer)
        ? sql`b.customer_id = ${Number(f.search_by_customer)}`
        : // any(array(…)): the matching customers are collected first, so the planner walks the
          // customer index with the real count instead of guessing from the trigram estimate.
          sql`b.customer_id = any(array(${customersMatching(f.search_by_customer)}))`,
    );
  }
  if (f.search_by_agent) where.push(sql`b.agent_id = ${f.search_by_agent}`);
  if (f.search_by_from_agent) where.push(madeByAgent);
  if (f.search_by_affiliate) where.push(sql`b.affiliate_id = ${f.search_by_affiliate}`);
  if (f.search_by_airline_ref) where.push(sql`b.id in (${bookingsWithAirlineRef(f.search_by_airline_ref)})`);
  // The quick search box: reference, customer name or postcode (from three characters), or airline
  // reference — each alternative read from its own index (an OR across them would scan the table).
  const anyOf = search
    ? [
        refMatches(search),
        ...(namesSearched(search) ? [sql`b.customer_id = any(array(${customersMatching(search)}))`] : []),
        sql`b.id = any(array(${bookingsWithAirlineRef(search)}))`,
      ]
    : [];
  return {
    where,
    anyOf,
    selective: where.length > bookingDateConditions || anyOf.length > 0,
    dayRange: dayRangeOf(f, search),
    byCustomers: byCustomersOf(f, search),
  };
}

/** The search_by_* filters `f` has a value for (`f` is the whole request: paging and order too). */
const givenFilters = (f: BookingTableFilters) =>
  Object.keys(bookingTableFiltersShape).filter((k) => {
    const v = f[k as keyof BookingTableFilters];
    return v !== undefined && v !== null && v !== '';
  });

/**
 * A list searched by customer name or postcode and nothing else (`search_by_customer`, or the quick
 * search with its reference and airline-reference alternatives): see `CustomerSearch`.
 */
function byCustomersOf(f: BookingTableFilters, search: string): CustomerSearch | undefined {
  const given = givenFilters(f);
  if (search && !given.length && namesSearched(search)) {
    return {
      text: search,
      others: [refMatches(search), sql`b.id = any(array(${bookingsWithAirlineRef(search)}))`],
    };
  }
  const text = f.search_by_customer;
  if (!search && text && !/^\d+$/.test(text) && given.length === 1) return { text, others: [] };
  return undefined;
}

const rangeKeys = {
  departure: ['search_by_departure_start', 'search_by_departure_end'],
  booked: ['search_by_booking_start', 'search_by_booking_end'],
} as const;

/** The one date range `f` filters on, when it filters on nothing else (see `DayRange`). */
function dayRangeOf(f: BookingTableFilters, search: string): DayRange | undefined {
  if (search) return undefined;
  const given = givenFilters(f);
  if (!given.length) return undefined;
  for (const kind of ['departure', 'booked'] as const) {
    const [start, end] = rangeKeys[kind];
    if (given.every((k) => k === start || k === end)) return { kind, from: f[start], to: f[end] };
  }
  return undefined;
}

/**
 * The list filtered by one date range and nothing else: departure days, or booking days
 * (created_at's calendar day in London). Inclusive YYYY-MM-DD; an end may be open.
 */
export interface DayRange {
  kind: 'departure' | 'booked';
  from?: string;
  to?: string;
}

/**
 * `selective`: a condition other than the booking-date range is present, so the matching set is
 * best found first and then sorted (an ordered walk of the booking-date index could pass over
 * most of the table before it meets 25 matches — say, departures three years ago).
 */
export interface BookingConditions {
  /** Every one must hold. */
  where: SQL[];
  /** At least one must hold, when any are given (the quick search's alternatives). */
  anyOf: SQL[];
  selective: boolean;
  /** Set when the only filter is one date range: counted from `booking_day_counts`. */
  dayRange?: DayRange;
  /** Set when the only filter is a customer search: counted from `customer_booking_counts`. */
  byCustomers?: CustomerSearch;
}

/**
 * `columns` of the bookings meeting `c`. With alternatives it is a union of one select per
 * alternative, each with every `where`: each reads its own index — `bookings_customer_idx`
 * (customer_id, created_at, id) gives a name search's matches with their booking dates, index-only,
 * where `b.id in (…)` fetched every match's row again to sort it (the quick search's cost at 1M,
 * and its cliff at 10M).
 */
export function matchingSet(
  c: Pick<BookingConditions, 'where' | 'anyOf'>,
  columns: string[],
  eachTail?: SQL,
): SQL {
  const cols = sql.raw(columns.map((col) => `b.${col}`).join(', '));
  if (!c.anyOf.length)
    return sql`select ${cols} from bookings b ${whereClause(c.where)} ${eachTail ?? sql``}`;
  return sql.join(
    c.anyOf.map((alt) =>
      eachTail
        ? sql`(select ${cols} from bookings b ${whereClause([alt, ...c.where])} ${eachTail})`
        : sql`select ${cols} from bookings b ${whereClause([alt, ...c.where])}`,
    ),
    sql` union `,
  );
}

/** `where a and b …`, or nothing for no conditions. */
export const whereClause = (where: SQL[]) =>
  where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
