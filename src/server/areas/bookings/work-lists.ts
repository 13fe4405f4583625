import { type SQL, sql } from 'drizzle-orm';
import type { BookingTableFilters } from '../../../shared/api/bookings';
import { addDays } from '../../../shared/dates';

/**
 * The bookings that need doing something (issue #14), as conditions on `bookings b`: the one
 * definition behind both the bookings list's filters (GET bookings/table) and the dashboard's
 * figures (GET dashboard), so a tile's count is the total of the list it links to.
 *
 * Each work list is of live bookings only (cancelled_at is null). The partial indexes of
 * migrations 0017, 0020 and 0030 are written for these predicates word for word; keep them in step.
 */

/** A balance is owed: balance > 0 on a live booking (index bookings_balance_open_idx). */
export const balanceOutstanding = sql`(b.balance > 0 and b.cancelled_at is null)`;

/** The customer has not accepted the latest changes (spec 1 §4; index bookings_changes_pending_idx). */
export const changesPending = sql`(b.changes_accepted = 0 and b.cancelled_at is null)`;

/**
 * A live booking an agency made on its side (issue #25), still Pending and not yet reviewed by
 * staff (changes_reviewed 0 until staff accept its changes): the Dashboard's 'New bookings from
 * agents' (index bookings_agent_pending_idx, written for this predicate word for word).
 */
export const agentBookingToReview = sql`(b.created_from = 'agent' and b.status = 'Pending' and b.changes_reviewed = 0 and b.cancelled_at is null)`;

/** Made on the agent's side (issue #25): the bookings list's 'From agent' filter. */
export const madeByAgent = sql`b.created_from = 'agent'`;

/** Passengers entered on booking `b`. */
export const passengerCount = sql`(select count(*) from passengers p where p.holiday_booking_id = b.id)`;

/** Guests booking `b` travels with: those of its largest tour line (the same people travel on each). */
export const guestCount = sql`(select coalesce(max(tb.guests), 0) from tour_bookings tb where tb.holiday_booking_id = b.id)`;

/** A passenger of booking `b` has no passport number or no passport expiry date. */
const passportGap = sql`exists (select 1 from passengers p where p.holiday_booking_id = b.id
    and (coalesce(btrim(p.passport_no), '') = '' or p.passport_expiry is null))`;

/** The tours that ask for passports (evaluated once per query: it refers to no booking). */
const passportTours = sql`array(select t.id from tours t where t.is_passport_details_required)`;

/**
 * A tour of one of booking `b`'s lines asks for passports (tours.is_passport_details_required) and
 * a passenger has no passport number or no expiry date.
 */
export const passportsMissing = sql`(exists (select 1 from tour_bookings tb where tb.holiday_booking_id = b.id
    and tb.tour_id = any(${passportTours})) and ${passportGap})`;

/**
 * The rule of details missing on booking `b`, evaluated now: fewer passengers than the guests of a
 * tour line (the same people travel on each line), or a line on a tour asking for passports while
 * a passenger has no passport number or expiry date. Migration 0030 writes the same rule in SQL
 * (booking_details_missing_refresh / _load) and keeps its answer in bookings.details_missing;
 * tests compare the two after every kind of change.
 */
export const detailsMissingNow = sql`coalesce((select bool_or(
      tb.guests > ${passengerCount} or (tb.tour_id = any(${passportTours}) and ${passportGap}))
    from tour_bookings tb where tb.holiday_booking_id = b.id), false)`;

/**
 * Details are missing on a live booking (above), read from the kept flag through the partial index
 * bookings_details_missing_idx: the dashboard's 14 days at ten million bookings hold 113,700 live
 * bookings, and probing each one's lines and passengers took a second.
 */
export const missingDetails = sql`(b.details_missing and b.cancelled_at is null)`;

/** The filters of the bookings list this module owns. */
export type WorkListFilters = Pick<
  BookingTableFilters,
  | 'search_by_departure_start'
  | 'search_by_departure_end'
  | 'search_by_balance_due_start'
  | 'search_by_balance_due_end'
  | 'search_by_outstanding'
  | 'search_by_changes_pending'
  | 'search_by_missing_details'
>;

/**
 * WHERE conditions on `bookings b` for the departure and balance due date ranges (inclusive
 * YYYY-MM-DD) and the work-list flags. Used by the bookings list and the dashboard alike.
 */
export function workListConditions(f: WorkListFilters): SQL[] {
  const where: SQL[] = [];
  if (f.search_by_departure_start) where.push(sql`b.departure_date >= ${f.search_by_departure_start}::date`);
  if (f.search_by_departure_end) where.push(sql`b.departure_date <= ${f.search_by_departure_end}::date`);
  if (f.search_by_balance_due_start) where.push(sql`b.balance_due >= ${f.search_by_balance_due_start}::date`);
  if (f.search_by_balance_due_end) where.push(sql`b.balance_due <= ${f.search_by_balance_due_end}::date`);
  if (f.search_by_outstanding) where.push(balanceOutstanding);
  if (f.search_by_changes_pending) where.push(changesPending);
  if (f.search_by_missing_details) where.push(missingDetails);
  return where;
}

/** How far ahead the dashboard looks for balances due and departures (issue #14: 14 days). */
export const LOOK_AHEAD_DAYS = 14;

/**
 * The bookings list filters of each dashboard tile for London's `today` (YYYY-MM-DD), as the
 * list's query parameters ('1' for a flag). Windows: today .. today + 14 days, both inclusive.
 */
export function workListFilters(today: string) {
  const until = addDays(today, LOOK_AHEAD_DAYS);
  return {
    until,
    balancesDue: {
      search_by_balance_due_start: today,
      search_by_balance_due_end: until,
      search_by_outstanding: '1',
    },
    balancesOverdue: { search_by_balance_due_end: addDays(today, -1), search_by_outstanding: '1' },
    changesNotAccepted: { search_by_departure_start: today, search_by_changes_pending: '1' },
    missingDetails: {
      search_by_departure_start: today,
      search_by_departure_end: until,
      search_by_missing_details: '1',
    },
  };
}
