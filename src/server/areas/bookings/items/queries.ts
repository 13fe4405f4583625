import { sql } from 'drizzle-orm';
import type { BookingPassenger, PassengerInput, TourLineUpdate } from '../../../../shared/api/booking-edit';
import type { ExtrasOffer, OfferedExtra } from '../../../../shared/api/extras-offer';
import { NONE } from '../../../../shared/booking-changes';
import { type Db, queryRows } from '../../../db/client';
import type { PricedLine } from '../tour-lines';

/**
 * The SQL of the use cases on a booking's parts (tours.ts, passengers.ts, extras.ts, discounts.ts,
 * special-request.ts beside this file). Each runs in the caller's transaction, after the booking
 * row is locked (ledger.ts), except the look-ups of a booking by one of its parts made before it.
 */

const ids = (list: readonly number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

// ---- tour lines -------------------------------------------------------------------------------

/** A tour line's airline cost rows, with their stored invoice keys. */
export async function lineAirlineCosts(tx: Db, lineId: number) {
  return queryRows<{ id: number; airline_invoice_path: string | null }>(
    tx,
    sql`select id, airline_invoice_path from tour_booking_airline_costs where tour_booking_id = ${lineId}`,
  );
}

type AirlineCostRow = TourLineUpdate['airline_cost'][number];
/** An uploaded invoice as stored: its file name and store key. */
type StoredInvoice = { filename: string; key: string | null };

/** Updates airline cost row `row.id` (and its invoice when a new one was uploaded). */
export async function updateAirlineCost(
  tx: Db,
  row: AirlineCostRow & { id: number },
  invoice?: StoredInvoice,
) {
  await tx.execute(
    sql`update tour_booking_airline_costs set airline_ref = ${row.airline_ref ?? null}, flight_cost = ${row.flight_cost},
               booked_date = ${row.booked_date ?? null}, updated_at = now()
               ${invoice ? sql`, airline_invoice_name = ${invoice.filename}, airline_invoice_path = ${invoice.key}` : sql``}
        where id = ${row.id}`,
  );
}

/** Adds an airline cost row to tour line `lineId`. */
export async function insertAirlineCost(
  tx: Db,
  lineId: number,
  row: AirlineCostRow,
  invoice?: StoredInvoice,
) {
  await tx.execute(
    sql`insert into tour_booking_airline_costs (tour_booking_id, airline_ref, flight_cost, booked_date, airline_invoice_name, airline_invoice_path)
        values (${lineId}, ${row.airline_ref ?? null}, ${row.flight_cost}, ${row.booked_date ?? null},
                ${invoice?.filename ?? null}, ${invoice?.key ?? null})`,
  );
}

/** Deletes the airline cost rows `costIds` (none: nothing). */
export async function deleteAirlineCosts(tx: Db, costIds: readonly number[]) {
  if (!costIds.length) return;
  await tx.execute(sql`delete from tour_booking_airline_costs where id in (${ids(costIds)})`);
}

/**
 * Stores a tour line's edited fields (update-booking-tour-supplements): an edited price replaces
 * the sale price (and is kept as adjusted_price); the airline ref's date moves when the ref changed.
 */
export async function updateLineDetails(
  tx: Db,
  lineId: number,
  v: TourLineUpdate,
  o: { priceChanged: boolean; refChanged: boolean; flightCost: string },
) {
  await tx.execute(
    sql`update tour_bookings set guests = ${v.guests}, rooms = ${v.rooms}, price = ${v.price},
               ${o.priceChanged ? sql`sale_price = null, adjusted_price = ${v.price},` : sql``}
               cost = ${v.cost ?? null}, airline_ref = ${v.airline_ref || null},
               ${o.refChanged ? sql`airline_ref_added_at = ${v.airline_ref ? sql`now()` : null},` : sql``}
               airline_flight_cost = ${v.airline_cost.length ? o.flightCost : null},
               special_requests = ${v.special_requests || null}, updated_at = now()
        where id = ${lineId}`,
  );
}

/** Replaces the passengers allocated to tour line `lineId` by `passengerIds`. */
export async function replaceLinePassengers(tx: Db, lineId: number, passengerIds: readonly number[]) {
  await tx.execute(sql`delete from tour_booking_passengers where tour_booking_id = ${lineId}`);
  if (passengerIds.length)
    await tx.execute(
      sql`insert into tour_booking_passengers (tour_booking_id, passenger_id) values ${sql.join(
        passengerIds.map((p) => sql`(${lineId}, ${p})`),
        sql`, `,
      )}`,
    );
}

/** Deletes tour line `lineId` (its rooms given back first by the caller). */
export async function deleteTourLine(tx: Db, lineId: number) {
  await tx.execute(sql`delete from tour_bookings where id = ${lineId}`);
}

/** The accommodation an accommodation room belongs to; undefined when unknown. */
export async function accommodationOfRoom(tx: Db, accommodationRoomId: number) {
  const [row] = await queryRows<{ accommodation_id: number }>(
    tx,
    sql`select accommodation_id from accommodation_rooms where id = ${accommodationRoomId}`,
  );
  return row?.accommodation_id;
}

/** Moves tour line `lineId` to the priced room, with `rooms` rooms, repriced and re-dated. */
export async function storeLineRoom(tx: Db, lineId: number, priced: PricedLine, rooms: number) {
  await tx.execute(
    sql`update tour_bookings set tour_room_id = ${priced.tour_room_id}, rooms = ${rooms}, price = ${priced.price},
               sale_price = ${priced.sale_price}, base_price = ${priced.base_price},
               supplement_price = ${priced.supplement_price}, adjusted_price = ${priced.adjusted_price},
               cost = ${priced.cost}, check_in_date = ${priced.check_in_date}, check_out_date = ${priced.check_out_date},
               updated_at = now()
        where id = ${lineId}`,
  );
}

// ---- passengers -------------------------------------------------------------------------------

const passengerColumns = [
  'title',
  'first_name',
  'last_name',
  'dob',
  'gender',
  'passport_no',
  'passport_issue',
  'passport_expiry',
  'passport_nationality',
  'policy_number',
  'insurance_company',
  'insurance_telephone_number',
] as const;

/** The passengers of a booking, in the order added. */
export async function passengerList(db: Db, bookingId: number) {
  return queryRows<BookingPassenger>(
    db,
    sql`select id, holiday_booking_id, title, first_name, last_name, dob::text as dob, gender, passport_no,
               passport_issue::text as passport_issue, passport_expiry::text as passport_expiry,
               passport_nationality, policy_number, insurance_company, insurance_telephone_number
        from passengers where holiday_booking_id = ${bookingId} order by id`,
  );
}

/** The passengers' names as the change email lists them ('Mrs Ann Hay, Mr Tom Hay'; '—' for none). */
export async function passengerNames(tx: Db, bookingId: number): Promise<string> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`select concat_ws(' ', nullif(trim(title), ''), nullif(trim(first_name), ''), nullif(trim(last_name), '')) as name
        from passengers where holiday_booking_id = ${bookingId} order by id`,
  );
  return rows.map((r) => r.name).join(', ') || NONE;
}

/** The booking a passenger is on, and their name; undefined for an unknown passenger. */
export async function passengerOwner(db: Db, passengerId: number) {
  const [row] = await queryRows<{ holiday_booking_id: number; name: string }>(
    db,
    sql`select holiday_booking_id, concat_ws(' ', title, first_name, last_name) as name from passengers where id = ${passengerId}`,
  );
  return row;
}

/** Per-person extras follow the passenger count when passengers exist (spec 1 §5 Extras). */
export async function syncPerPersonExtras(tx: Db, bookingId: number) {
  await tx.execute(
    sql`update booking_extras set qty = p.n, updated_at = now()
        from (select count(*)::int as n from passengers where holiday_booking_id = ${bookingId}) p
        where holiday_booking_id = ${bookingId} and for_per_person and p.n > 0 and qty <> p.n`,
  );
}

/** Stores passenger `p.id`'s fields. */
export async function updatePassengerRow(tx: Db, p: PassengerInput & { id: number }) {
  await tx.execute(
    sql`update passengers set ${sql.join(
      passengerColumns.map((c) => sql`${sql.identifier(c)} = ${p[c] ?? null}`),
      sql`, `,
    )}, updated_at = now() where id = ${p.id}`,
  );
}

/** Adds passenger `p` to booking `bookingId`. */
export async function insertPassengerRow(tx: Db, bookingId: number, p: PassengerInput) {
  await tx.execute(
    sql`insert into passengers (holiday_booking_id, ${sql.join(
      passengerColumns.map((c) => sql.identifier(c)),
      sql`, `,
    )}) values (${bookingId}, ${sql.join(
      passengerColumns.map((c) => sql`${p[c] ?? null}`),
      sql`, `,
    )})`,
  );
}

/** Deletes passenger `passengerId` (their line allocations go with them). */
export async function deletePassenger(tx: Db, passengerId: number) {
  await tx.execute(sql`delete from passengers where id = ${passengerId}`);
}

/** How many passengers booking `bookingId` has. */
export async function passengerCount(tx: Db, bookingId: number): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from passengers where holiday_booking_id = ${bookingId}`,
  );
  return n;
}

// ---- extras -----------------------------------------------------------------------------------

/** The catalogue extras that fit an offer's payload (the rule: extras.ts `availableExtras`). */
export async function offeredExtras(db: Db, offer: ExtrasOffer): Promise<OfferedExtra[]> {
  const lines = offer.tour_bookings.map((l, n) => ({
    n,
    tour_id: l.tour_id,
    departure_date: l.departure_date,
    return_date: l.return_date ?? l.departure_date,
  }));
  const airlines = offer.tour_bookings.flatMap((l, n) => l.airlines.map((airline_id) => ({ n, airline_id })));
  return queryRows<OfferedExtra>(
    db,
    sql`with lines as (
          select * from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
            as l(n int, tour_id int, departure_date date, return_date date)),
        line_airlines as (
          select * from jsonb_to_recordset(${JSON.stringify(airlines)}::jsonb) as la(n int, airline_id int))
        select e.id, e.name, e.price::text as price, e.for_per_person, e.commissionable, e.short_description
        from extras e
        cross join lateral (select
          not exists (select 1 from extra_tours et where et.extra_id = e.id)
          and not exists (select 1 from extra_airlines ea where ea.extra_id = e.id)
          and e.tour_id is null as unlinked) u
        where (e.booking_start_date is null or e.booking_start_date <= ${offer.booking_date}::date)
          and (e.booking_end_date is null or e.booking_end_date >= ${offer.booking_date}::date)
          and (
            exists (
              select 1 from lines l
              where (e.start_date is null or l.departure_date >= e.start_date)
                and (e.end_date is null or l.return_date <= e.end_date)
                and (u.unlinked
                  or e.tour_id = l.tour_id
                  or exists (select 1 from extra_tours et where et.extra_id = e.id and et.tour_id = l.tour_id)
                  or exists (select 1 from extra_airlines ea join line_airlines la on la.airline_id = ea.airline_id
                             where ea.extra_id = e.id and la.n = l.n)))
            or (u.unlinked and e.start_date is null and e.end_date is null and not exists (select 1 from lines)))
        order by lower(e.name), e.id`,
  );
}

/** A catalogue extra as a booking snapshots it. */
export interface CatalogueExtra {
  id: number;
  name: string;
  price: string;
  commissionable: boolean;
  for_per_person: boolean;
}

/** The catalogue extras `extraIds` (unknown ids are absent). */
export async function catalogueExtras(tx: Db, extraIds: readonly number[]): Promise<CatalogueExtra[]> {
  if (!extraIds.length) return [];
  return queryRows<CatalogueExtra>(
    tx,
    sql`select id, name, price::text as price, commissionable, for_per_person from extras where id in (${ids(extraIds)})`,
  );
}

/** The extras on booking `bookingId` (catalogue id and snapshotted name). */
export async function bookingExtras(tx: Db, bookingId: number) {
  return queryRows<{ extra_id: number; name: string }>(
    tx,
    sql`select extra_id, name from booking_extras where holiday_booking_id = ${bookingId}`,
  );
}

/** Sets the quantity and note of an extra already on the booking (its snapshotted price stays). */
export async function updateBookingExtra(
  tx: Db,
  bookingId: number,
  extraId: number,
  qty: number,
  note: string | null,
) {
  await tx.execute(
    sql`update booking_extras set qty = ${qty}, extra_note = ${note}, updated_at = now()
        where holiday_booking_id = ${bookingId} and extra_id = ${extraId}`,
  );
}

/** Adds catalogue extra `cat` to the booking, snapshotting its name, price and flags. */
export async function insertBookingExtra(
  tx: Db,
  bookingId: number,
  cat: CatalogueExtra,
  qty: number,
  note: string | null,
) {
  await tx.execute(
    sql`insert into booking_extras (holiday_booking_id, extra_id, name, price, commissionable, for_per_person, qty, extra_note)
        values (${bookingId}, ${cat.id}, ${cat.name}, ${cat.price}, ${cat.commissionable}, ${cat.for_per_person}, ${qty}, ${note})`,
  );
}

/** Removes the extras `extraIds` (catalogue ids) from booking `bookingId` (none: nothing). */
export async function deleteBookingExtras(tx: Db, bookingId: number, extraIds: readonly number[]) {
  if (!extraIds.length) return;
  await tx.execute(
    sql`delete from booking_extras where holiday_booking_id = ${bookingId} and extra_id in (${ids(extraIds)})`,
  );
}

// ---- discounts --------------------------------------------------------------------------------

/** A catalogue discount as applying it reads it; undefined for an unknown id. */
export async function catalogueDiscount(tx: Db, discountId: number) {
  const [d] = await queryRows<{
    id: number;
    code: string;
    description: string | null;
    value: string;
    penalty_type: boolean;
    per_person: boolean;
    on_base_price: boolean;
    is_manual: boolean;
    is_suppressed: boolean;
    tour_id: number | null;
  }>(
    tx,
    sql`select id, code, description, value::text as value, penalty_type, per_person, on_base_price, is_manual,
               is_suppressed, tour_id from discounts where id = ${discountId}`,
  );
  return d;
}

/** Whether catalogue discount `discountId` is already applied to booking `bookingId`. */
export async function discountApplied(tx: Db, bookingId: number, discountId: number): Promise<boolean> {
  const [dup] = await queryRows(
    tx,
    sql`select 1 from booking_discounts where holiday_booking_id = ${bookingId} and discount_id = ${discountId}`,
  );
  return !!dup;
}

/** Applies a discount: its pivot row with the snapshot `content` (JSON). */
export async function insertBookingDiscount(
  tx: Db,
  row: { bookingId: number; discountId: number; qty: number; manualPrice: string | null; content: object },
) {
  await tx.execute(
    sql`insert into booking_discounts (holiday_booking_id, discount_id, qty, manual_discount_price, discount_content)
        values (${row.bookingId}, ${row.discountId}, ${row.qty}, ${row.manualPrice},
                ${JSON.stringify(row.content)}::jsonb)`,
  );
}

/** An applied discount (by its pivot id): its booking and snapshotted code; undefined when unknown. */
export async function appliedDiscount(db: Db, pivotId: number) {
  const [row] = await queryRows<{ holiday_booking_id: number; code: string | null }>(
    db,
    sql`select holiday_booking_id, discount_content->>'code' as code from booking_discounts where id = ${pivotId}`,
  );
  return row;
}

/** Removes an applied discount (by its pivot id). */
export async function deleteBookingDiscount(tx: Db, pivotId: number) {
  await tx.execute(sql`delete from booking_discounts where id = ${pivotId}`);
}

// ---- special request --------------------------------------------------------------------------

/** Stores the booking's special request (null clears it). */
export async function storeSpecialRequest(tx: Db, bookingId: number, text: string | null) {
  await tx.execute(sql`update bookings set special_request = ${text} where id = ${bookingId}`);
}
