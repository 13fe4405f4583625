import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { conflict } from '../../http/errors';

/**
 * Rooms taken and given back by bookings (DESIGN.md §5 Availability; ARCHITECTURE.md 'Price and
 * availability rules'): a tour line holds `rooms` rooms on every night of its stay, by lowering
 * room_availability.remaining_availability. Both calls run inside the booking's transaction and
 * lock the nights' rows first, in date order, so concurrent bookings of the same room queue on the
 * locks (no deadlock) and the second one re-reads what the first left: the last room is sold once.
 */

/** The nights from check-in up to the night before check-out, YYYY-MM-DD. */
export function nightsOfStay(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  const d = new Date(`${checkIn}T00:00:00Z`);
  const end = new Date(`${checkOut}T00:00:00Z`);
  while (d < end && nights.length < 400) {
    nights.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return nights;
}

const dateList = (nights: string[]) =>
  sql.join(
    nights.map((n) => sql`${n}::date`),
    sql`, `,
  );

/**
 * Takes `rooms` rooms of accommodation room `accommodationRoomId` on each night of the stay
 * [checkIn, checkOut). Refused with 409 and `label` in the message — nothing taken — when a night
 * has no availability row, is on stop sell, or has fewer than `rooms` left.
 */
export async function takeRooms(
  tx: Db,
  accommodationRoomId: number,
  checkIn: string,
  checkOut: string,
  rooms: number,
  label: string,
) {
  const nights = nightsOfStay(checkIn, checkOut);
  if (nights.length === 0 || rooms <= 0) return;
  // One statement: the nights' rows are locked in index (date) order, and a night changed by a
  // concurrent booking is re-checked once that booking commits, so only nights that still have
  // the rooms are taken.
  const taken = await queryRows<{ id: number }>(
    tx,
    sql`update room_availability set remaining_availability = remaining_availability - ${rooms}, updated_at = now()
        where accommodation_room_id = ${accommodationRoomId} and availability_date in (${dateList(nights)})
          and not stop_sell and remaining_availability >= ${rooms}
        returning id`,
  );
  if (taken.length === nights.length) return;
  // Some night did not have them: name the first (the 409 rolls the caller's transaction back).
  const takenIds = new Set(taken.map((t) => t.id));
  const rows = await queryRows<{
    id: number;
    availability_date: string;
    remaining_availability: number;
    stop_sell: boolean;
  }>(
    tx,
    sql`select id, availability_date::text as availability_date, remaining_availability, stop_sell
        from room_availability
        where accommodation_room_id = ${accommodationRoomId} and availability_date in (${dateList(nights)})`,
  );
  const byDate = new Map(rows.map((r) => [r.availability_date, r]));
  const night = nights.find((n) => {
    const r = byDate.get(n);
    return !r || !takenIds.has(r.id);
  }) as string;
  const r = byDate.get(night);
  const why = !r
    ? 'is not available'
    : r.stop_sell
      ? 'is on stop sell'
      : r.remaining_availability === 0
        ? 'is sold out'
        : `has only ${r.remaining_availability} room${r.remaining_availability === 1 ? '' : 's'} left`;
  const [y, m, d] = night.split('-');
  throw conflict(`Sorry, ${label} ${why} on ${d}/${m}/${y}. Nothing was booked; choose another room.`);
}

/**
 * Gives back `rooms` rooms on each night of the stay [checkIn, checkOut) — never above the night's
 * availability (nights removed from the allotment meanwhile stay as they are).
 */
export async function releaseRooms(
  tx: Db,
  accommodationRoomId: number,
  checkIn: string,
  checkOut: string,
  rooms: number,
) {
  const nights = nightsOfStay(checkIn, checkOut);
  if (nights.length === 0 || rooms <= 0) return;
  await queryRows(
    tx,
    sql`select id from room_availability
        where accommodation_room_id = ${accommodationRoomId} and availability_date in (${dateList(nights)})
        order by availability_date for update`,
  );
  await tx.execute(
    sql`update room_availability
        set remaining_availability = least(availability, remaining_availability + ${rooms}), updated_at = now()
        where accommodation_room_id = ${accommodationRoomId} and availability_date in (${dateList(nights)})`,
  );
}
