import { type SQL, sql } from 'drizzle-orm';
import { MESSAGES, type NewTourLine } from '../../../shared/api/booking-edit';
import { passengerCap, roomsForGuests } from '../../../shared/booking-totals';
import { nightsOfStay } from '../../../shared/pricing';
import { type Db, preparedRows, queryRows } from '../../db/client';
import { HttpError, notFound, validationError } from '../../http/errors';
import { getInstanceOffer } from '../availability';
import { refuseRooms, releaseRooms, takeRoomNightsSql, takeRooms } from './room-stock';

/**
 * Tour lines of a booking (spec 1 §2 tour line, §4 'Rooms', §5): each line is priced by the price
 * rule (src/shared/pricing.ts via getInstanceOffer) and holds its rooms for the stay. Every function
 * runs inside the caller's transaction, after the booking row is locked (ledger.ts).
 */

/** The line fields a booking stores for a room the instance offers. */
export interface PricedLine {
  tour_id: number;
  tour_instance_id: number;
  tour_room_id: number;
  accommodation_room_id: number;
  occupancy: number;
  label: string;
  price: string;
  sale_price: string | null;
  base_price: string | null;
  supplement_price: string;
  adjusted_price: string;
  cost: string | null;
  check_in_date: string;
  check_out_date: string;
  departure_date: string;
}

/**
 * Prices tour room `tourRoomId` on instance `instanceId` by the price rule and checks it may be
 * sold today: the instance belongs to `tourId`, the room is offered (not excluded), it has a price,
 * the departure has not left, the release days (instance, else group, else tour) have not passed,
 * and nothing is on stop sell. 422 on `field` with a message otherwise; 404 for an unknown instance.
 */
export async function priceTourLine(
  tx: Db,
  tourId: number,
  instanceId: number,
  tourRoomId: number,
  field: string,
): Promise<PricedLine> {
  const offer = await getInstanceOffer(tx, instanceId);
  if (offer.instance.tour_id !== tourId)
    throw validationError({ [`${field}.tour_instance_id`]: ['This departure is not of the chosen tour.'] });
  const room = offer.data.find((r) => r.tour_room_id === tourRoomId);
  if (!room)
    throw validationError({ [`${field}.tour_room_id`]: ['This room is not offered on this departure.'] });
  if (room.price === null)
    throw validationError({ [`${field}.tour_room_id`]: ['This room has no price on this departure.'] });
  const departure = offer.instance.departure_date;
  if (offer.instance.sale_closed)
    throw validationError({ [`${field}.tour_instance_id`]: [offer.instance.sale_closed] });
  if (offer.instance.stop_sell_level) {
    throw validationError({
      [`${field}.tour_instance_id`]: [`This ${offer.instance.stop_sell_level} is on stop sell.`],
    });
  }
  return {
    tour_id: tourId,
    tour_instance_id: instanceId,
    tour_room_id: tourRoomId,
    accommodation_room_id: room.accommodation_room_id,
    occupancy: room.occupancy,
    label: `${room.accommodation.name} – ${room.name}`,
    price: room.price,
    sale_price: room.sale_price,
    base_price: offer.instance.base_price,
    supplement_price: room.supplement,
    adjusted_price: room.price,
    cost: room.cost,
    check_in_date: room.check_in_date,
    check_out_date: room.check_out_date,
    departure_date: departure,
  };
}

/** 422 with the spec's message unless rooms = guests ÷ occupancy, rounded up (spec 1 §5). */
export function assertRoomsMatchGuests(guests: number, rooms: number, occupancy: number, field: string) {
  if (rooms !== roomsForGuests(guests, occupancy))
    throw validationError({ [`${field}.rooms`]: [MESSAGES.roomsMismatch] }, MESSAGES.roomsMismatch);
}

/**
 * Adds tour line `line`, already priced as `priced`, to booking `bookingId`: checks rooms against
 * guests (422) and takes its rooms (409 when they are gone). `roomsConfirmed`: the booking's
 * rooms_confirmed when the caller knows it (it wrote the row in this transaction), else read here.
 * Answers the new line's id.
 */
export async function placeTourLine(
  tx: Db,
  bookingId: number,
  line: NewTourLine,
  priced: PricedLine,
  field: string,
  roomsConfirmed?: boolean,
) {
  assertRoomsMatchGuests(line.guests, line.rooms, priced.occupancy, field);
  const rooms_confirmed =
    roomsConfirmed ??
    (
      await queryRows<{ rooms_confirmed: boolean }>(
        tx,
        sql`select rooms_confirmed from bookings where id = ${bookingId}`,
      )
    )[0].rooms_confirmed;
  const lineInsert = (
    where: SQL,
  ) => sql`insert into tour_bookings (holiday_booking_id, tour_id, tour_instance_id,
          tour_room_id, rooms, guests, price, sale_price, base_price, supplement_price, adjusted_price, cost, airline_ref,
          airline_ref_added_at, airline_flight_cost, check_in_date, check_out_date)
        select ${bookingId}, ${priced.tour_id}, ${priced.tour_instance_id}, ${priced.tour_room_id}, ${line.rooms},
          ${line.guests}, ${priced.price}, ${priced.sale_price}, ${priced.base_price}, ${priced.supplement_price},
          ${priced.adjusted_price}, ${line.cost ?? priced.cost}, ${line.airline_ref ?? null},
          ${line.airline_ref ? sql`now()` : null}, ${line.airline_flight_cost ?? null},
          ${priced.check_in_date}, ${priced.check_out_date}
        ${where}
        returning id`;
  const nights = nightsOfStay(priced.check_in_date, priced.check_out_date);
  if (nights.length === 0 || line.rooms <= 0) {
    const [row] = await queryRows<{ id: number }>(tx, lineInsert(sql``));
    return row.id;
  }
  // Its rooms taken (takeRooms' one UPDATE) and the line stored in one statement: the line only
  // when every night was taken; otherwise the 409 names the night (and rolls the transaction back).
  const [row] = await preparedRows<{ id: number | null; taken: number[] }>(
    tx,
    sql`with taken as (${takeRoomNightsSql(priced.accommodation_room_id, nights, line.rooms, rooms_confirmed)}),
        line as (${lineInsert(sql`where (select count(*) from taken) = ${nights.length}`)})
        select (select id from line) as id, (select coalesce(array_agg(id), '{}') from taken) as taken`,
  );
  if (row.id === null) await refuseRooms(tx, priced.accommodation_room_id, nights, row.taken, priced.label);
  return row.id as number;
}

/**
 * The order in which a transaction takes or gives back rooms: by accommodation room, then stay.
 * Every writer follows it, so two bookings that share rooms never wait on each other in a cycle.
 */
export const byRoomStock = (
  a: { accommodation_room_id: number | null; check_in_date: string | null },
  b: { accommodation_room_id: number | null; check_in_date: string | null },
) =>
  (a.accommodation_room_id ?? 0) - (b.accommodation_room_id ?? 0) ||
  (a.check_in_date ?? '').localeCompare(b.check_in_date ?? '');

/** A stored tour line with what availability needs: its accommodation room and stay. */
export interface StoredLine {
  id: number;
  holiday_booking_id: number;
  tour_id: number;
  tour_instance_id: number;
  tour_room_id: number | null;
  accommodation_room_id: number | null;
  occupancy: number | null;
  rooms: number;
  guests: number;
  price: string;
  sale_price: string | null;
  check_in_date: string | null;
  check_out_date: string | null;
  airline_ref: string | null;
  label: string;
  tour_name: string;
  departure_date: string;
  /** Its booking's rooms count as Confirmed (else Unconfirmed): see room-stock.ts. */
  rooms_confirmed: boolean;
}

/** The tour lines of a booking (or one line by id), with room and stay. */
export async function storedLines(tx: Db, where: { bookingId?: number; lineId?: number }) {
  return queryRows<StoredLine>(
    tx,
    sql`select tb.id, tb.holiday_booking_id, tb.tour_id, tb.tour_instance_id, tb.tour_room_id,
               tr.accommodation_room_id, ar.occupancy, tb.rooms, tb.guests, tb.price::text as price,
               tb.sale_price::text as sale_price, tb.check_in_date::text as check_in_date,
               tb.check_out_date::text as check_out_date, tb.airline_ref,
               coalesce(a.accommodation_name || ' – ' || ar.name, 'no room') as label, t.name as tour_name,
               i.departure_date::text as departure_date, b.rooms_confirmed
        from tour_bookings tb
        join bookings b on b.id = tb.holiday_booking_id
        join tours t on t.id = tb.tour_id
        join tour_instances i on i.id = tb.tour_instance_id
        left join tour_rooms tr on tr.id = tb.tour_room_id
        left join accommodation_rooms ar on ar.id = tr.accommodation_room_id
        left join accommodations a on a.id = ar.accommodation_id
        where ${where.lineId ? sql`tb.id = ${where.lineId}` : sql`tb.holiday_booking_id = ${where.bookingId}`}
        order by tb.id`,
  );
}

/** Gives back the rooms a stored line holds (nothing when it has no room or stay). */
export async function releaseLine(tx: Db, line: StoredLine) {
  if (line.accommodation_room_id && line.check_in_date && line.check_out_date)
    await releaseRooms(
      tx,
      line.accommodation_room_id,
      line.check_in_date,
      line.check_out_date,
      line.rooms,
      line.rooms_confirmed,
    );
}

/** Takes `rooms` more (or gives back, when negative) on a stored line's stay. */
export async function adjustLineRooms(tx: Db, line: StoredLine, delta: number) {
  if (!line.accommodation_room_id || !line.check_in_date || !line.check_out_date || delta === 0) return;
  if (delta > 0)
    await takeRooms(
      tx,
      line.accommodation_room_id,
      line.check_in_date,
      line.check_out_date,
      delta,
      line.label,
      line.rooms_confirmed,
    );
  else
    await releaseRooms(
      tx,
      line.accommodation_room_id,
      line.check_in_date,
      line.check_out_date,
      -delta,
      line.rooms_confirmed,
    );
}

/** Passenger ids allocated to a line: each must be the booking's, at most passengerCap of them. */
export async function checkAllocatedPassengers(tx: Db, bookingId: number, ids: number[]) {
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from passengers where holiday_booking_id = ${bookingId}`,
  );
  const cap = passengerCap(n);
  const unique = [...new Set(ids)];
  if (unique.length > cap)
    throw validationError({ passengers: [`At most ${cap} passengers can be allocated to this tour.`] });
  if (unique.length) {
    const own = await queryRows<{ id: number }>(
      tx,
      sql`select id from passengers where holiday_booking_id = ${bookingId} and id in (${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    if (own.length !== unique.length)
      throw validationError({ passengers: ['Choose passengers of this booking.'] });
  }
  return unique;
}

/**
 * 422 when a booking is cancelled (issue #10): its tour lines, passengers, extras and discounts are
 * read-only; payments, refunds, documents and notes stay open.
 */
export function assertNotCancelled(b: { cancelled_at: string | null }) {
  if (b.cancelled_at) throw new HttpError(422, MESSAGES.cancelledReadOnly);
}

/** 404 unless the line exists. */
export async function oneLine(tx: Db, lineId: number) {
  const [line] = await storedLines(tx, { lineId });
  if (!line) throw notFound('Tour booking not found.');
  return line;
}
