import { type SQL, sql } from 'drizzle-orm';
import { HAS_ACTIVE_BOOKINGS } from '../../../shared/api/instances';
import { type Db, queryRows } from '../../db/client';
import { conflict } from '../../http/errors';

/**
 * Bookings on departures (spec 3 §4, §8): which tour lines are on an instance or a group, how many
 * bookings and passengers they make, and the refusal to delete while bookings use them. The one
 * home of these rules for the instance and group screens; each builder takes the departure as an
 * id or a correlated column (`sql\`i.id\``) and reads tour lines as `tb`.
 */

/** Spec 3 §8's refusal (the contract holds the words: the screens show them too). */
export { HAS_ACTIVE_BOOKINGS };

/** SQL condition on tour line `tb`: it is on instance `instance`. */
export const linesOnInstance = (instance: SQL | number) => sql`tb.tour_instance_id = ${instance}`;

/** SQL condition on tour line `tb`: it is on an instance of group `group`. */
export const linesOnGroup = (group: SQL | number) =>
  sql`tb.tour_instance_id in (select gi.id from tour_instances gi where gi.tour_group_id = ${group})`;

/** SQL: how many bookings (each once, cancelled ones too) have a tour line matching `lines`. */
export const bookingCount = (lines: SQL) =>
  sql`(select count(distinct tb.holiday_booking_id)::int from tour_bookings tb where ${lines})`;

/**
 * SQL: the passengers counted on the departures (spec 3 §4: 'Bookings with status Paid or
 * Confirmed'): guests of the tour lines matching `lines` whose booking is Paid or Confirmed and not
 * cancelled.
 */
export const countedPassengers = (lines: SQL) => sql`(
  select coalesce(sum(tb.guests), 0)::int from tour_bookings tb
  join bookings b on b.id = tb.holiday_booking_id
  where ${lines} and b.status in ('Paid', 'Confirmed') and b.cancelled_at is null)`;

/**
 * 409 with HAS_ACTIVE_BOOKINGS while any booking has a tour line matching `lines` (a cancelled
 * booking's lines stay, so it counts too). Runs in the deleting transaction, after the instance or
 * group row is locked.
 */
export async function refuseWhileBookings(tx: Db, lines: SQL): Promise<void> {
  const [used] = await queryRows(tx, sql`select 1 from tour_bookings tb where ${lines} limit 1`);
  if (used) throw conflict(HAS_ACTIVE_BOOKINGS);
}
