import { sql } from 'drizzle-orm';
import { ukDate } from '../../../shared/dates';
import { nightsOfStay } from '../../../shared/pricing';
import { type Db, queryRows } from '../../db/client';
import { conflict } from '../../http/errors';

/**
 * Rooms taken and given back by bookings (DESIGN.md §5 Availability; docs/bookings.md 'Price and
 * availability rules'): a tour line holds `rooms` rooms on every night of its stay, by lowering
 * room_availability.remaining_availability. Both calls run inside the booking's transaction and
 * lock the nights' rows first, in date order, so concurrent bookings of the same room queue on the
 * locks (no deadlock) and the second one re-reads what the first left: the last room is sold once.
 *
 * A room taken is also counted as held (spec 3 §3 availability row): in
 * confirmed_locked_availability (Confirmed) while its booking's `rooms_confirmed` is set (status
 * Confirmed or Paid), else in locked_availability (Unconfirmed). Taking, giving back and
 * `moveHeldRooms` keep, on every night, availability = remaining + Confirmed + Unconfirmed.
 */

const dateList = (nights: readonly string[]) =>
  sql.join(
    nights.map((n) => sql`${n}::date`),
    sql`, `,
  );

/** The column that holds a booking's rooms: Confirmed or Unconfirmed. */
const heldColumn = (confirmed: boolean) =>
  sql.identifier(confirmed ? 'confirmed_locked_availability' : 'locked_availability');

/**
 * Takes `rooms` rooms of accommodation room `accommodationRoomId` on each of `nights` in ONE
 * statement, held as Confirmed when `confirmed`, else Unconfirmed: only nights that still have them
 * (and, unless `ignoreStopSell`, are not on stop sell) are taken; the nights' rows are locked in
 * index (date) order and a night changed by a concurrent booking is re-checked once that booking
 * commits. Answers the ids of the nights taken: fewer than `nights` means the caller must refuse
 * (its 409 rolls the transaction back). The one UPDATE that takes rooms (`takeRooms`, the group
 * bulk accommodation move).
 */
export async function takeRoomNights(
  tx: Db,
  accommodationRoomId: number,
  nights: readonly string[],
  rooms: number,
  confirmed: boolean,
  { ignoreStopSell = false } = {},
): Promise<{ id: number }[]> {
  if (nights.length === 0 || rooms <= 0) return [];
  return queryRows<{ id: number }>(
    tx,
    takeRoomNightsSql(accommodationRoomId, nights, rooms, confirmed, { ignoreStopSell }),
  );
}

/** takeRoomNights' UPDATE (returning the ids of the nights taken), for a statement that writes more than it. */
export function takeRoomNightsSql(
  accommodationRoomId: number,
  nights: readonly string[],
  rooms: number,
  confirmed: boolean,
  { ignoreStopSell = false } = {},
) {
  const held = heldColumn(confirmed);
  return sql`update room_availability set remaining_availability = remaining_availability - ${rooms},
               ${held} = ${held} + ${rooms}, updated_at = now()
        where accommodation_room_id = ${accommodationRoomId} and availability_date in (${dateList(nights)})
          ${ignoreStopSell ? sql`` : sql`and not stop_sell`} and remaining_availability >= ${rooms}
        returning id`;
}

/**
 * Takes `rooms` rooms of accommodation room `accommodationRoomId` on each night of the stay
 * [checkIn, checkOut), held as Confirmed when `confirmed`, else Unconfirmed. Refused with 409 and
 * `label` in the message — nothing taken — when a night has no availability row, is on stop sell,
 * or has fewer than `rooms` left.
 */
export async function takeRooms(
  tx: Db,
  accommodationRoomId: number,
  checkIn: string,
  checkOut: string,
  rooms: number,
  label: string,
  confirmed: boolean,
) {
  const nights = nightsOfStay(checkIn, checkOut);
  if (nights.length === 0 || rooms <= 0) return;
  const taken = await takeRoomNights(tx, accommodationRoomId, nights, rooms, confirmed);
  if (taken.length === nights.length) return;
  await refuseRooms(
    tx,
    accommodationRoomId,
    nights,
    taken.map((t) => t.id),
    label,
  );
}

/**
 * The 409 of a stay whose nights were not all taken (`takenIds`: those that were): names the first
 * night that was not and why. Always throws (the 409 rolls the caller's transaction back).
 */
export async function refuseRooms(
  tx: Db,
  accommodationRoomId: number,
  nights: readonly string[],
  takenIds: readonly number[],
  label: string,
): Promise<never> {
  const taken = new Set(takenIds);
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
    return !r || !taken.has(r.id);
  }) as string;
  const r = byDate.get(night);
  const why = !r
    ? 'is not available'
    : r.stop_sell
      ? 'is on stop sell'
      : r.remaining_availability === 0
        ? 'is sold out'
        : `has only ${r.remaining_availability} room${r.remaining_availability === 1 ? '' : 's'} left`;
  throw conflict(`Sorry, ${label} ${why} on ${ukDate(night)}. Nothing was booked; choose another room.`);
}

/**
 * Gives back `rooms` rooms on each night of the stay [checkIn, checkOut) from the column that
 * holds them (Confirmed when `confirmed`, else Unconfirmed). A night gives back no more than that
 * column holds, so remaining never rises above availability (nights taken out of the allotment
 * meanwhile stay as they are) and availability = remaining + Confirmed + Unconfirmed still holds.
 */
export async function releaseRooms(
  tx: Db,
  accommodationRoomId: number,
  checkIn: string,
  checkOut: string,
  rooms: number,
  confirmed: boolean,
) {
  const nights = nightsOfStay(checkIn, checkOut);
  if (nights.length === 0 || rooms <= 0) return;
  const held = heldColumn(confirmed);
  await queryRows(
    tx,
    sql`select id from room_availability
        where accommodation_room_id = ${accommodationRoomId} and availability_date in (${dateList(nights)})
        order by availability_date for update`,
  );
  await tx.execute(
    sql`update room_availability
        set remaining_availability = remaining_availability + least(${held}, ${rooms}),
            ${held} = ${held} - least(${held}, ${rooms}), updated_at = now()
        where accommodation_room_id = ${accommodationRoomId} and availability_date in (${dateList(nights)})`,
  );
}

/** A room and stay, as `lockRoomNights` takes them (lines without a room or stay are skipped). */
export interface RoomStay {
  accommodation_room_id: number | null;
  check_in_date: string | null;
  check_out_date: string | null;
}

/** The nights held by booking `bookingId`'s tour lines: (availability row id, rooms held on it). */
const heldNights = (bookingId: number) => sql`
  select ra.id, sum(tb.rooms)::int as n
  from tour_bookings tb
  join tour_rooms tr on tr.id = tb.tour_room_id
  join room_availability ra on ra.accommodation_room_id = tr.accommodation_room_id
   and ra.availability_date >= tb.check_in_date and ra.availability_date < tb.check_out_date
  where tb.holiday_booking_id = ${bookingId}
  group by ra.id`;

/**
 * Locks, in the global order (accommodation room, then night: the order of `byRoomStock`), every
 * night held by booking `bookingId`'s lines plus the nights of the `more` stays. A change to a
 * booking's lines calls it before taking or giving back any room, because recomputeBooking may
 * then move all the booking's rooms between Unconfirmed and Confirmed: every night it touches is
 * already locked, so it never locks a lower night after a higher one (no deadlock).
 */
export async function lockRoomNights(tx: Db, bookingId: number, more: readonly RoomStay[] = []) {
  const extra = more.flatMap((m) =>
    m.accommodation_room_id && m.check_in_date && m.check_out_date
      ? [
          sql`(ra.accommodation_room_id = ${m.accommodation_room_id}
               and ra.availability_date >= ${m.check_in_date}::date and ra.availability_date < ${m.check_out_date}::date)`,
        ]
      : [],
  );
  // The two sets are united inside the IN (each side walks its own index), never OR-ed in the
  // outer WHERE, which would make the planner scan the whole table.
  await queryRows(
    tx,
    sql`select ra.id from room_availability ra
        where ra.id in (
          select h.id from (${heldNights(bookingId)}) h
          ${extra.length ? sql`union all select ra.id from room_availability ra where ${sql.join(extra, sql` or `)}` : sql``})
        order by ra.accommodation_room_id, ra.availability_date
        for update`,
  );
}

/**
 * Moves every room booking `bookingId` holds to Confirmed (`toConfirmed`) or back to Unconfirmed,
 * locking its nights in the global order; remaining does not change. recomputeBooking calls it
 * when the booking's status crosses between Pending and Confirmed / Paid.
 */
export async function moveHeldRooms(tx: Db, bookingId: number, toConfirmed: boolean) {
  const from = heldColumn(!toConfirmed);
  const to = heldColumn(toConfirmed);
  const nights = await queryRows<{ id: number; n: number }>(
    tx,
    sql`select ra.id, h.n from room_availability ra join (${heldNights(bookingId)}) h on h.id = ra.id
        order by ra.accommodation_room_id, ra.availability_date
        for update of ra`,
  );
  if (nights.length === 0) return;
  await tx.execute(
    sql`update room_availability ra
        set ${to} = ra.${to} + least(ra.${from}, h.n), ${from} = ra.${from} - least(ra.${from}, h.n),
            updated_at = now()
        from (values ${sql.join(
          nights.map((x) => sql`(${x.id}::int, ${x.n}::int)`),
          sql`, `,
        )}) as h(id, n)
        where ra.id = h.id`,
  );
}

/**
 * After a change, files booking `bookingId`'s held rooms under its new `status` (ledger.ts
 * recomputeBooking, which read `held` from the booking row and stores the answer as
 * `rooms_confirmed` in its own UPDATE): Confirmed or Paid → Confirmed, else Unconfirmed; the rooms
 * move only when that changes. A cancelled booking holds no rooms: only the flag drops.
 */
export async function settleHeldRooms(
  tx: Db,
  bookingId: number,
  held: { rooms_confirmed: boolean; cancelled: boolean },
  status: string,
): Promise<boolean> {
  const confirmed = status === 'Confirmed' || status === 'Paid';
  if (held.rooms_confirmed !== confirmed && !held.cancelled) await moveHeldRooms(tx, bookingId, confirmed);
  return confirmed;
}
