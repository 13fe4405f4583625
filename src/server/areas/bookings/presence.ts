import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { notFound } from '../../http/errors';

/** A presence row older than this is stale: the screen was closed without saying so. */
const STALE_AFTER = sql`interval '2 minutes'`;

/**
 * Spec 1 §4 'a pending state is flagged while the screen is open and cleared when leaving it':
 * marks booking `bookingId`'s edit screen open for `userId` (the screen calls this every 30 s) and
 * answers who else has it open now — names and since when (ISO 8601) — so two members of staff
 * know they are working on the same booking. 404 for an unknown booking.
 */
export async function markScreenOpen(db: Db, bookingId: number, userId: number) {
  const [b] = await queryRows(db, sql`select 1 from bookings where id = ${bookingId}`);
  if (!b) throw notFound('Booking not found.');
  await db.execute(
    sql`insert into booking_screen_presence (holiday_booking_id, user_id) values (${bookingId}, ${userId})
        on conflict (holiday_booking_id, user_id) do update set seen_at = now()`,
  );
  const others = await queryRows<{ name: string; since: string }>(
    db,
    sql`select u.name, to_char(p.seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as since
        from booking_screen_presence p join users u on u.id = p.user_id
        where p.holiday_booking_id = ${bookingId} and p.user_id <> ${userId} and p.seen_at > now() - ${STALE_AFTER}
        order by u.name`,
  );
  return { open_by: others };
}

/** The screen was left: clears `userId`'s flag on booking `bookingId` (nothing when none). */
export async function markScreenLeft(db: Db, bookingId: number, userId: number) {
  await db.execute(
    sql`delete from booking_screen_presence where holiday_booking_id = ${bookingId} and user_id = ${userId}`,
  );
}
