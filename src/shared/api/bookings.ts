import { z } from 'zod';
import { blankToUndefined, flagSchema, idOrText, optionalId, optionalText, optionalYmd } from './common';
import { endpoint } from './contract';
import { dataTablesShape, tableAnswer } from './datatables';

const optionalFlag = z.preprocess(blankToUndefined, flagSchema.optional());

/**
 * Filters of GET /api/bookings/table (spec 1 §7). search_by_customer takes a customer id (from
 * the type-ahead) or free text matched against customer name and postcode. Beyond the spec (issue
 * #14, the dashboard's tiles): the balance due date range, and the work lists — outstanding
 * balance, changes not accepted, missing passenger or passport details — each of live (not
 * cancelled) bookings only; and (issue #25) the bookings agencies made on their side.
 */
export const bookingTableFiltersShape = {
  search_by_ref: optionalText(50),
  search_by_booking_start: optionalYmd,
  search_by_booking_end: optionalYmd,
  search_by_departure_start: optionalYmd,
  search_by_departure_end: optionalYmd,
  search_by_customer: idOrText(100),
  search_by_agent: optionalId,
  search_by_affiliate: optionalId,
  search_by_airline_ref: optionalText(50),
  search_by_balance_due_start: optionalYmd,
  search_by_balance_due_end: optionalYmd,
  search_by_outstanding: optionalFlag,
  search_by_changes_pending: optionalFlag,
  search_by_missing_details: optionalFlag,
  /** Made by an agency on the agent's side (issue #25: created_from 'agent'). */
  search_by_from_agent: optionalFlag,
};

export const bookingTableFiltersSchema = z.object(bookingTableFiltersShape);
export type BookingTableFilters = z.infer<typeof bookingTableFiltersSchema>;

/** GET bookings/table: the DataTables protocol plus the search_by_* filters (unknown keys → 422). */
export const bookingTableRequestSchema = z.strictObject({ ...dataTablesShape, ...bookingTableFiltersShape });

const party = z.object({ id: z.number(), name: z.string() });

/** One row of the bookings list. Dates YYYY-MM-DD; date-times ISO 8601. */
export const bookingRowSchema = z.object({
  id: z.number(),
  booking_ref: z.string().nullable(),
  old_booking_id: z.number().nullable(),
  departure_date: z.string().nullable(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  status: z.string(),
  changes_accepted: z.number(),
  /** What is left to pay, pounds (decimal text; stored on the booking, spec 1 §9). */
  balance: z.string(),
  /** When the balance is due (YYYY-MM-DD), or null. */
  balance_due: z.string().nullable(),
  customer: z
    .object({
      id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      full_name: z.string(),
      is_blacklisted: z.boolean(),
    })
    .nullable(),
  agent: party.nullable(),
  affiliate: party.nullable(),
  old_customer: z
    .object({ id: z.number(), first_name: z.string().nullable(), last_name: z.string().nullable() })
    .nullable(),
  old_agent: party.nullable(),
  old_affiliate: party.nullable(),
});
export type BookingRow = z.infer<typeof bookingRowSchema>;

/** POST get-booking-filters-data: the agents and affiliates the list's pickers offer. */
export const bookingFiltersDataAnswer = z.object({
  status: z.boolean(),
  data: z.object({
    agents: z.array(z.object({ id: z.number(), name: z.string(), abta: z.string().nullable() })),
    affiliates: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
  }),
});
export type BookingFiltersData = z.infer<typeof bookingFiltersDataAnswer>['data'];

/** The bookings list (spec 1 §2, §7). One booking's calls are `bookingEditApi` (booking-edit.ts). */
export const bookingsApi = {
  table: endpoint({
    method: 'GET',
    path: '/bookings/table',
    summary: 'Bookings list, DataTables server-side protocol, with the search_by_* filters.',
    query: bookingTableRequestSchema,
    answer: tableAnswer(bookingRowSchema),
  }),
  filtersData: endpoint({
    method: 'POST',
    path: '/get-booking-filters-data',
    summary: 'Agents and affiliates for the bookings list filters.',
    permission: 'bookings.filtersData',
    answer: bookingFiltersDataAnswer,
  }),
};
