import { integer, pgTable } from 'drizzle-orm/pg-core';
import { tour_instances } from './catalogue';

/**
 * Guests booked on each departure instance, kept by triggers (migration `departure_guest_counts`)
 * so the Tour summary (spec 2 §2) reads a year of departures without summing a third of a million
 * tour lines: `total_guests` counts the guests of lines whose booking is not cancelled,
 * `confirmed_guests` those whose booking is Confirmed or Paid (spec 3 §4's passenger count),
 * `places_taken` those whose booking has no cancelled_at (the places rule, whatever the status). The
 * triggers add the change of each statement on `tour_bookings` and `bookings` (transition tables,
 * ascending instance id), and subtract a deleted booking's lines before they cascade away.
 */
export const departure_guest_counts = pgTable('departure_guest_counts', {
  tour_instance_id: integer('tour_instance_id')
    .primaryKey()
    .references(() => tour_instances.id, { onDelete: 'cascade' }),
  total_guests: integer('total_guests').notNull().default(0),
  confirmed_guests: integer('confirmed_guests').notNull().default(0),
  /**
   * The places the departure's lines take (areas/bookings/places.ts): guests of lines whose booking
   * has no cancelled_at, whatever its status — what claimPlaces and the offer read instead of
   * summing the instance's lines (thousands on a busy departure) twice per booking.
   */
  places_taken: integer('places_taken').notNull().default(0),
});
