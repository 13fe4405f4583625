import { z } from 'zod';
import { optionalId, optionalText, optionalYmd } from './common';

/**
 * Filters of GET /api/bookings/table (spec 1 §7). search_by_customer takes a customer id (from
 * the type-ahead) or free text matched against customer name and postcode.
 */
export const bookingTableFiltersShape = {
  search_by_ref: optionalText(50),
  search_by_booking_start: optionalYmd,
  search_by_booking_end: optionalYmd,
  search_by_departure_start: optionalYmd,
  search_by_departure_end: optionalYmd,
  search_by_customer: optionalText(100),
  search_by_agent: optionalId,
  search_by_affiliate: optionalId,
  search_by_airline_ref: optionalText(50),
};

export const bookingTableFiltersSchema = z.object(bookingTableFiltersShape);
export type BookingTableFilters = z.infer<typeof bookingTableFiltersSchema>;

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

export const tableResponseSchema = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ draw: z.number(), recordsTotal: z.number(), recordsFiltered: z.number(), data: z.array(row) });
