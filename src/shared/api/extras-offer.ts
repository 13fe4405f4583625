import { z } from 'zod';
import { addDays, londonDay } from '../dates';
import type { BookingDetail } from './booking-edit';
import { idSchema, optionalId, optionalYmd, ymdSchema } from './common';

/** An airline given as its id or as an object carrying it (`{id, name}`, as the detail lists it). */
const airlineId = z.preprocess(
  (v) => (v !== null && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v),
  idSchema,
);

/** One tour line of the booking the extras are offered for. */
export const extrasOfferLineSchema = z
  .object({
    tour_id: idSchema,
    departure_date: ymdSchema,
    /** The holiday's last day; blank: the departure date. */
    return_date: optionalYmd,
    /** Airlines of the line's flights (ids, or objects with an id). */
    airlines: z
      .preprocess((v) => (v === undefined || v === null || v === '' ? [] : v), z.array(airlineId).max(50))
      .transform((ids) => [...new Set(ids)]),
  })
  .refine((l) => !l.return_date || l.return_date >= l.departure_date, {
    message: 'The return date should be on or after the departure date.',
    path: ['return_date'],
  });

/**
 * POST extras/get-booking/extra (spec 1 §7): the booking's date (YYYY-MM-DD, London) and its
 * tour lines (tour, departure and return dates, airlines). Answers `data`: the extras that fit.
 */
export const extrasOfferSchema = z.object({
  booking_date: ymdSchema,
  tour_bookings: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : v),
    z.array(extrasOfferLineSchema).max(50, 'At most 50 tour lines.'),
  ),
});
export type ExtrasOffer = z.output<typeof extrasOfferSchema>;

/**
 * What the route accepts: the spec payload above, or — the older call, kept for callers that hold
 * only the id — `holiday_booking_id` alone, the payload then being built from the stored booking.
 */
export const extrasOfferRequestSchema = extrasOfferSchema
  .extend({ booking_date: optionalYmd, holiday_booking_id: optionalId })
  .refine((v) => v.booking_date || v.holiday_booking_id, {
    message: 'Booking date is required.',
    path: ['booking_date'],
  });
export type ExtrasOfferLine = z.output<typeof extrasOfferLineSchema>;

/** An extra a booking may take, as POST extras/get-booking/extra answers it. */
export interface OfferedExtra {
  id: number;
  name: string;
  price: string;
  for_per_person: boolean;
  commissionable: boolean;
  short_description: string | null;
}

/**
 * The spec 1 §7 payload of POST extras/get-booking/extra for a loaded booking: booking_date is the
 * London day it was made; each tour line gives its tour, departure date, return date (the
 * line's check-out date, else departure + duration − 1 days, else none) and its flights' airlines.
 */
export function extrasOfferFor(
  booking: Pick<BookingDetail, 'created_at' | 'tour_bookings'>,
): z.input<typeof extrasOfferSchema> {
  return {
    booking_date: londonDay(booking.created_at),
    tour_bookings: booking.tour_bookings.map((line) => {
      const departure = line.instance.departure_date.slice(0, 10);
      const duration = line.instance.duration;
      return {
        tour_id: line.tour_id,
        departure_date: departure,
        return_date:
          line.check_out_date ?? (duration && duration > 0 ? addDays(departure, duration - 1) : undefined),
        airlines: [...new Set(line.instance.flights.flatMap((f) => (f.airline ? [f.airline.id] : [])))],
      };
    }),
  };
}
