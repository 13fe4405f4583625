import type { BookingTableFilters } from '../../../shared/api/bookings';
import type { Db } from '../../db/client';
import { type DataTablesRequest, resolveTablePage, tablePageAnswer } from '../../http/datatables';
import { validationError } from '../../http/errors';
import { bookingFilterConditions } from './list-conditions';
import * as q from './queries';

/** Spec 1 §9: bookings table page sizes 25/50/100/500 (default 25), sorted by booking date desc. */
export const BOOKINGS_DEFAULT_LENGTH = 25;

/**
 * The bookings list (spec 1 §2, §7 GET bookings/table) in the DataTables protocol. Dates are
 * YYYY-MM-DD; a range whose start is after its end answers 422.
 */
export async function listBookings(db: Db, req: DataTablesRequest & BookingTableFilters) {
  const errors: Record<string, string[]> = {};
  if (
    req.search_by_booking_start &&
    req.search_by_booking_end &&
    req.search_by_booking_start > req.search_by_booking_end
  ) {
    errors.search_by_booking_end = ['The booking date range ends before it starts.'];
  }
  if (
    req.search_by_departure_start &&
    req.search_by_departure_end &&
    req.search_by_departure_start > req.search_by_departure_end
  ) {
    errors.search_by_departure_end = ['The departure date range ends before it starts.'];
  }
  if (
    req.search_by_balance_due_start &&
    req.search_by_balance_due_end &&
    req.search_by_balance_due_start > req.search_by_balance_due_end
  ) {
    errors.search_by_balance_due_end = ['The balance due date range ends before it starts.'];
  }
  if (Object.keys(errors).length) throw validationError(errors);

  const page = resolveTablePage(req, {
    sortable: q.bookingSortable,
    defaultOrder: { column: 'created_at', dir: 'desc' },
    defaultLength: BOOKINGS_DEFAULT_LENGTH,
    tieBreaker: q.bookingTieBreaker,
    thenBy: q.bookingThenBy,
  });
  const conditions = bookingFilterConditions(req, page.search);
  const [rows, total, filtered] = await Promise.all([
    q.selectBookingsPage(db, conditions, page),
    q.countBookings(db),
    conditions.where.length || conditions.anyOf.length
      ? q.countBookings(db, conditions)
      : Promise.resolve(-1),
  ]);
  return tablePageAnswer(page, total, filtered === -1 ? total : filtered, rows);
}

/** Agents and affiliates for the list's pickers (spec 1 §7 POST get-booking-filters-data). */
export async function getBookingFiltersData(db: Db) {
  return { status: true, data: await q.selectFilterParties(db) };
}
