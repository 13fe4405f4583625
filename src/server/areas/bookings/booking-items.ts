import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AccommodationPreview,
  addTourLineSchema,
  BookingPassenger,
  discountApplySchema,
  extrasUpdateSchema,
  PassengerInput,
  TourLineUpdate,
  updateAccommodationSchema,
} from '../../../shared/api/booking-edit';
import {
  type ExtrasOffer,
  extrasOfferFor,
  extrasOfferSchema,
  type OfferedExtra,
} from '../../../shared/api/extras-offer';
import { NONE, totalChange } from '../../../shared/booking-changes';
import { money, roomsForGuests, sumMoney } from '../../../shared/booking-totals';
import { ukDate } from '../../../shared/dates';
import { poundsText } from '../../../shared/money-text';
import { type Db, queryRows } from '../../db/client';
import { type AtolDeps, refreshAtolCertificate } from '../../documents/atol';
import { notFound, validationError } from '../../http/errors';
import { assertPdf, type UploadedFile } from '../../http/uploads';
import type { FileStore } from '../../storage/files';
import { getBookingDetail } from './detail';
import { inTransaction, lockBooking, recomputeBooking, writeHistory } from './ledger';
import { claimPlaces } from './places';
import { lockRoomNights, takeRooms } from './room-stock';
import {
  adjustLineRooms,
  assertNotCancelled,
  assertRoomsMatchGuests,
  checkAllocatedPassengers,
  oneLine,
  placeTourLine,
  priceTourLine,
  releaseLine,
} from './tour-lines';

/**
 * Use cases on the parts of a booking (spec 1 §2 Booking edit: tour lines, passengers, extras,
 * discounts, special requests; §7 update-booking/* calls). Each runs in ONE transaction: lock the
 * booking (409 on a stale version), change, write history, recompute (ledger.ts). Changes to tour
 * lines and passengers end with `refreshAtolCertificate` (issue #12: a new ATOL certificate when its
 * protected content changed); the route kicks the outbox after commit.
 */

// ---- tour lines -------------------------------------------------------------------------------

/**
 * POST update-booking/{id}/update-tours: adds a tour line (priced by the rule, places claimed,
 * rooms taken) and moves balance_due with the new departure. Answers the new balance-due date
 * (YYYY-MM-DD). 409 when the departure's places or the room are gone; 422 once cancelled.
 */
export async function addTourToBooking(
  db: Db,
  bookingId: number,
  v: z.infer<typeof addTourLineSchema>,
  userId: number,
  docs: AtolDeps,
) {
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, bookingId, v.version);
    assertNotCancelled(b);
    const field = 'tour_bookings.0';
    const priced = await priceTourLine(tx, v.tour_id, v.tour_instance_id, v.tour_room_id, field);
    assertRoomsMatchGuests(v.guests, v.rooms, priced.occupancy, field);
    // Lock order (ARCHITECTURE.md): the departure, then every night the booking holds or takes.
    await claimPlaces(tx, new Map([[v.tour_instance_id, v.guests]]));
    await lockRoomNights(tx, bookingId, [priced]);
    await placeTourLine(tx, bookingId, v, priced, field);
    const { totals, balance_due: due } = await recomputeBooking(tx, bookingId, { tourLinesChanged: true });
    await writeHistory(tx, {
      bookingId,
      userId,
      type: 'Tour',
      action: 'Tour added',
      comment: `${priced.label}, departing ${ukDate(priced.departure_date)}, ${v.guests} guest(s) in ${v.rooms} room(s) at ${poundsText(priced.price)} per guest. Total due ${poundsText(totals.total_due)}.`,
      changes: [
        {
          field: `Tour added`,
          before: NONE,
          after: `${priced.label}, departing ${ukDate(priced.departure_date)}`,
        },
        ...totalChange(poundsText(b.total_due), poundsText(totals.total_due)),
      ],
    });
    await refreshAtolCertificate(tx, docs, bookingId, userId, 'tour added');
    return { updated_balance_due_date: due };
  });
}

/** POST update-booking/remove-tour/{tourBookingId}: removes a line and gives its rooms back. */
export async function removeTourFromBooking(
  db: Db,
  lineId: number,
  v: { holiday_booking_id?: number; version?: number },
  userId: number,
  docs: AtolDeps,
) {
  const line0 = await oneLine(db, lineId);
  if (v.holiday_booking_id && v.holiday_booking_id !== line0.holiday_booking_id)
    throw notFound('Tour booking not found.');
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, line0.holiday_booking_id, v.version);
    assertNotCancelled(b);
    const line = await oneLine(tx, lineId);
    await lockRoomNights(tx, b.id);
    await releaseLine(tx, line);
    await tx.execute(sql`delete from tour_bookings where id = ${lineId}`);
    const { totals, balance_due: due } = await recomputeBooking(tx, b.id, { tourLinesChanged: true });
    await writeHistory(tx, {
      bookingId: b.id,
      userId,
      type: 'Tour',
      action: 'Tour removed',
      comment: `${line.tour_name}: ${line.label} (${line.guests} guest(s), ${line.rooms} room(s)). Total due ${poundsText(totals.total_due)}.`,
      changes: [
        { field: `Tour removed`, before: `${line.tour_name}: ${line.label}`, after: NONE },
        ...totalChange(poundsText(b.total_due), poundsText(totals.total_due)),
      ],
    });
    await refreshAtolCertificate(tx, docs, b.id, userId, 'tour removed');
    return { updated_balance_due_date: due, holiday_booking_id: b.id };
  });
}

/**
 * POST update-booking/update-booking-tour-supplements: edits one line — guests (rooms must be
 * guests ÷ occupancy rounded up; the difference in rooms is taken or given back), price per guest
 * (an edited price replaces the sale price), cost, airline ref, special requests, passengers
 * allocated (capped, spec 1 §5), and the airline costs with their PDF invoices (rows not sent are
 * deleted). `files` holds airline_invoice_{n} for airline_cost row n.
 */
export async function updateTourLine(
  db: Db,
  store: FileStore,
  v: TourLineUpdate,
  files: Record<string, UploadedFile>,
  userId: number,
  docs: AtolDeps,
) {
  const line0 = await oneLine(db, v.id);
  for (const [name, file] of Object.entries(files)) assertPdf(file, name);
  const saved: string[] = [];
  try {
    return await inTransaction(db, async (tx) => {
      const b = await lockBooking(tx, line0.holiday_booking_id, v.version);
      assertNotCancelled(b);
      const line = await oneLine(tx, v.id);
      const notes: string[] = [];
      if (v.guests !== line.guests || v.rooms !== line.rooms) {
        assertRoomsMatchGuests(v.guests, v.rooms, line.occupancy ?? 1, 'tour_booking');
        // Lock order: the departure (more guests take more places), then the booking's nights.
        await claimPlaces(tx, new Map([[line.tour_instance_id, v.guests - line.guests]]));
        if (v.rooms !== line.rooms) await lockRoomNights(tx, b.id);
        await adjustLineRooms(tx, line, v.rooms - line.rooms);
        notes.push(`guests ${line.guests} → ${v.guests}, rooms ${line.rooms} → ${v.rooms}`);
      }
      const priceChanged = money(v.price) !== money(line.price);
      if (priceChanged) notes.push(`price per guest ${poundsText(line.price)} → ${poundsText(v.price)}`);
      const passengers = await checkAllocatedPassengers(tx, b.id, v.passengers);
      const refChanged = (v.airline_ref ?? '') !== (line.airline_ref ?? '');
      if (refChanged) notes.push(`airline ref ${v.airline_ref || '—'}`);

      // Airline costs: update the ones sent with an id, insert new ones, delete the rest.
      const existing = await queryRows<{ id: number; airline_invoice_path: string | null }>(
        tx,
        sql`select id, airline_invoice_path from tour_booking_airline_costs where tour_booking_id = ${line.id}`,
      );
      const keep = new Set<number>();
      const flightCost = sumMoney(v.airline_cost.map((row) => row.flight_cost));
      for (const [n, row] of v.airline_cost.entries()) {
        const file = files[`airline_invoice_${n}`];
        let key: string | null = null;
        if (file) {
          key = await store.save('airline-invoices', file.data, 'pdf');
          saved.push(key);
        }
        if (row.id) {
          const old = existing.find((e) => e.id === row.id);
          if (!old)
            throw validationError({ [`airline_cost.${n}.id`]: ['This airline cost is not on this tour.'] });
          keep.add(row.id);
          await tx.execute(
            sql`update tour_booking_airline_costs set airline_ref = ${row.airline_ref ?? null}, flight_cost = ${row.flight_cost},
                       booked_date = ${row.booked_date ?? null}, updated_at = now()
                       ${file ? sql`, airline_invoice_name = ${file.filename}, airline_invoice_path = ${key}` : sql``}
                where id = ${row.id}`,
          );
        } else {
          await tx.execute(
            sql`insert into tour_booking_airline_costs (tour_booking_id, airline_ref, flight_cost, booked_date, airline_invoice_name, airline_invoice_path)
                values (${line.id}, ${row.airline_ref ?? null}, ${row.flight_cost}, ${row.booked_date ?? null},
                        ${file?.filename ?? null}, ${key})`,
          );
        }
      }
      const removed = existing.filter((e) => !keep.has(e.id));
      if (removed.length)
        await tx.execute(
          sql`delete from tour_booking_airline_costs where id in (${sql.join(
            removed.map((r) => sql`${r.id}`),
            sql`, `,
          )})`,
        );
      if (v.airline_cost.length || existing.length) notes.push(`airline costs ${poundsText(flightCost)}`);

      await tx.execute(
        sql`update tour_bookings set guests = ${v.guests}, rooms = ${v.rooms}, price = ${v.price},
                   ${priceChanged ? sql`sale_price = null, adjusted_price = ${v.price},` : sql``}
                   cost = ${v.cost ?? null}, airline_ref = ${v.airline_ref || null},
                   ${refChanged ? sql`airline_ref_added_at = ${v.airline_ref ? sql`now()` : null},` : sql``}
                   airline_flight_cost = ${v.airline_cost.length ? flightCost : null},
                   special_requests = ${v.special_requests || null}, updated_at = now()
            where id = ${line.id}`,
      );
      await tx.execute(sql`delete from tour_booking_passengers where tour_booking_id = ${line.id}`);
      if (passengers.length)
        await tx.execute(
          sql`insert into tour_booking_passengers (tour_booking_id, passenger_id) values ${sql.join(
            passengers.map((p) => sql`(${line.id}, ${p})`),
            sql`, `,
          )}`,
        );
      const { totals } = await recomputeBooking(tx, b.id);
      await writeHistory(tx, {
        bookingId: b.id,
        userId,
        type: 'Tour',
        action: 'Tour updated',
        comment: `${line.tour_name}: ${notes.length ? notes.join('; ') : 'details saved'}. Total due ${poundsText(totals.total_due)}.`,
      });
      await refreshAtolCertificate(tx, docs, b.id, userId, 'tour updated');
      return { removedFiles: removed.map((r) => r.airline_invoice_path).filter((k): k is string => !!k) };
    });
  } catch (e) {
    for (const key of saved) await store.remove(key);
    throw e;
  }
}

/**
 * POST bookings/tour-booking/update-accommodation: moves a line to another room the instance offers
 * (room_id = a tour room id): the old stay's rooms are given back, the new stay's taken (409 when
 * gone), rooms recomputed from guests ÷ the new occupancy, and the line repriced by the rule.
 */
export async function updateLineAccommodation(
  db: Db,
  v: z.infer<typeof updateAccommodationSchema>,
  userId: number,
  docs: AtolDeps,
) {
  const line0 = await oneLine(db, v.tour_booking_id);
  return inTransaction(db, async (tx) => {
    const m = await moveLineAccommodation(tx, line0.holiday_booking_id, v);
    await writeHistory(tx, {
      bookingId: m.bookingId,
      userId,
      type: 'Tour',
      action: 'Accommodation updated',
      comment: `${m.tourName}: ${m.preview.room_before} → ${m.preview.room_after} (${m.preview.rooms_after} room(s), ${poundsText(m.preview.price_after)} per guest). Total due ${poundsText(m.preview.total_after)}.`,
      changes: [
        { field: `Room (${m.tourName})`, before: m.preview.room_before, after: m.preview.room_after },
        {
          field: `Rooms (${m.tourName})`,
          before: String(m.preview.rooms_before),
          after: String(m.preview.rooms_after),
        },
        ...totalChange(poundsText(m.preview.total_before), poundsText(m.preview.total_after)),
      ].filter((c) => c.before !== c.after),
    });
    await refreshAtolCertificate(tx, docs, m.bookingId, userId, 'accommodation changed');
  });
}

/** Thrown to roll a preview's transaction back, carrying what the change would be. */
class PreviewRolledBack extends Error {
  constructor(readonly preview: AccommodationPreview) {
    super('preview rolled back');
  }
}

/**
 * POST bookings/tour-booking/update-accommodation/preview (issue #22 point 7): what
 * update-accommodation would do — room, rooms, price per guest and the booking's total due, before
 * → after — found by running the very same move (same pricing rule, same room stock checks: 409
 * when the room is gone, on a stale version or a cancelled booking) in a transaction that is then
 * rolled back, so nothing changes: no rooms, no history, no certificate, no email.
 */
export async function previewLineAccommodation(
  db: Db,
  v: z.infer<typeof updateAccommodationSchema>,
): Promise<AccommodationPreview> {
  const line0 = await oneLine(db, v.tour_booking_id);
  try {
    await inTransaction(db, async (tx) => {
      const m = await moveLineAccommodation(tx, line0.holiday_booking_id, v);
      throw new PreviewRolledBack(m.preview);
    });
  } catch (e) {
    if (e instanceof PreviewRolledBack) return e.preview;
    throw e;
  }
  throw new Error('A preview always rolls back.');
}

/**
 * The move of a tour line to another room, inside the caller's transaction (shared by the change
 * and its preview): locks the booking, gives back and takes rooms, reprices the line, recomputes
 * the booking; answers what changed.
 */
async function moveLineAccommodation(
  tx: Db,
  bookingId: number,
  v: z.infer<typeof updateAccommodationSchema>,
) {
  const b = await lockBooking(tx, bookingId, v.version);
  assertNotCancelled(b);
  const line = await oneLine(tx, v.tour_booking_id);
  const priced = await priceTourLine(tx, line.tour_id, line.tour_instance_id, v.room_id, 'tour_booking');
  if (v.accommodation_id) {
    const [acc] = await queryRows<{ accommodation_id: number }>(
      tx,
      sql`select accommodation_id from accommodation_rooms where id = ${priced.accommodation_room_id}`,
    );
    if (acc?.accommodation_id !== v.accommodation_id)
      throw validationError({ room_id: ['This room is not in the chosen accommodation.'] });
  }
  const rooms = roomsForGuests(line.guests, priced.occupancy);
  // Every night the booking holds and the new stay's are locked first, in the global order (by
  // accommodation room, ARCHITECTURE.md), so two opposite moves never wait on each other; the
  // same room is given back before it is taken.
  await lockRoomNights(tx, b.id, [priced]);
  const takeNew = () =>
    takeRooms(
      tx,
      priced.accommodation_room_id,
      priced.check_in_date,
      priced.check_out_date,
      rooms,
      priced.label,
      line.rooms_confirmed,
    );
  if ((line.accommodation_room_id ?? 0) <= priced.accommodation_room_id) {
    await releaseLine(tx, line);
    await takeNew();
  } else {
    await takeNew();
    await releaseLine(tx, line);
  }
  await tx.execute(
    sql`update tour_bookings set tour_room_id = ${priced.tour_room_id}, rooms = ${rooms}, price = ${priced.price},
               sale_price = ${priced.sale_price}, base_price = ${priced.base_price},
               supplement_price = ${priced.supplement_price}, adjusted_price = ${priced.adjusted_price},
               cost = ${priced.cost}, check_in_date = ${priced.check_in_date}, check_out_date = ${priced.check_out_date},
               updated_at = now()
        where id = ${line.id}`,
  );
  const { totals } = await recomputeBooking(tx, b.id);
  const preview: AccommodationPreview = {
    room_before: line.label,
    room_after: priced.label,
    rooms_before: line.rooms,
    rooms_after: rooms,
    price_before: money(line.price),
    price_after: money(priced.price),
    total_before: money(b.total_due),
    total_after: money(totals.total_due),
  };
  return { bookingId: b.id, tourName: line.tour_name, preview };
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
async function passengerNames(tx: Db, bookingId: number): Promise<string> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`select concat_ws(' ', nullif(trim(title), ''), nullif(trim(first_name), ''), nullif(trim(last_name), '')) as name
        from passengers where holiday_booking_id = ${bookingId} order by id`,
  );
  return rows.map((r) => r.name).join(', ') || NONE;
}

/** Per-person extras follow the passenger count when passengers exist (spec 1 §5 Extras). */
async function syncPerPersonExtras(tx: Db, bookingId: number) {
  await tx.execute(
    sql`update booking_extras set qty = p.n, updated_at = now()
        from (select count(*)::int as n from passengers where holiday_booking_id = ${bookingId}) p
        where holiday_booking_id = ${bookingId} and for_per_person and p.n > 0 and qty <> p.n`,
  );
}

function passengerChecks(p: PassengerInput) {
  if (p.passport_issue && p.passport_expiry && p.passport_expiry <= p.passport_issue)
    throw validationError({ passport_expiry: ['The passport expiry must be after its issue date.'] });
  if (p.dob && p.dob > new Date().toISOString().slice(0, 10))
    throw validationError({ dob: ['The date of birth cannot be in the future.'] });
}

/**
 * POST update-booking/update-pessenger (with holiday_booking_id: adds) and
 * update-pessenger-detail (with id: updates). Answers the booking's passenger list.
 */
export async function savePassenger(db: Db, p: PassengerInput, userId: number, docs: AtolDeps) {
  passengerChecks(p);
  let bookingId = p.holiday_booking_id;
  if (p.id) {
    const [row] = await queryRows<{ holiday_booking_id: number }>(
      db,
      sql`select holiday_booking_id from passengers where id = ${p.id}`,
    );
    if (!row || (bookingId && bookingId !== row.holiday_booking_id)) throw notFound('Passenger not found.');
    bookingId = row.holiday_booking_id;
  }
  if (!bookingId) throw validationError({ holiday_booking_id: ['The booking is required.'] });
  const id = bookingId;
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, id, p.version);
    assertNotCancelled(b);
    const namesBefore = await passengerNames(tx, id);
    const values = passengerColumns.map((c) => sql`${p[c] ?? null}`);
    const name = [p.title, p.first_name, p.last_name].filter(Boolean).join(' ');
    if (p.id) {
      await tx.execute(
        sql`update passengers set ${sql.join(
          passengerColumns.map((c, i) => sql`${sql.identifier(c)} = ${values[i]}`),
          sql`, `,
        )}, updated_at = now() where id = ${p.id}`,
      );
    } else {
      await tx.execute(
        sql`insert into passengers (holiday_booking_id, ${sql.join(
          passengerColumns.map((c) => sql.identifier(c)),
          sql`, `,
        )}) values (${id}, ${sql.join(values, sql`, `)})`,
      );
      await syncPerPersonExtras(tx, id);
    }
    const { totals } = await recomputeBooking(tx, id);
    await writeHistory(tx, {
      bookingId: id,
      userId,
      type: 'Passenger',
      action: p.id ? 'Passenger updated' : 'Passenger added',
      comment: name,
      changes: [
        { field: 'Passengers', before: namesBefore, after: await passengerNames(tx, id) },
        ...totalChange(poundsText(b.total_due), poundsText(totals.total_due)),
      ].filter((c) => c.before !== c.after),
    });
    await refreshAtolCertificate(tx, docs, id, userId, p.id ? 'passenger updated' : 'passenger added');
    return { bookingId: id, passenger_list: await passengerList(tx, id) };
  });
}

/** POST update-booking/remove-passenger/{id}: removes a passenger (and their line allocations). */
export async function removePassenger(
  db: Db,
  passengerId: number,
  v: { holiday_booking_id?: number; version?: number },
  userId: number,
  docs: AtolDeps,
) {
  const [row] = await queryRows<{ holiday_booking_id: number; name: string }>(
    db,
    sql`select holiday_booking_id, concat_ws(' ', title, first_name, last_name) as name from passengers where id = ${passengerId}`,
  );
  if (!row || (v.holiday_booking_id && v.holiday_booking_id !== row.holiday_booking_id))
    throw notFound('Passenger not found.');
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, row.holiday_booking_id, v.version);
    assertNotCancelled(b);
    const namesBefore = await passengerNames(tx, b.id);
    await tx.execute(sql`delete from passengers where id = ${passengerId}`);
    await syncPerPersonExtras(tx, row.holiday_booking_id);
    const { totals } = await recomputeBooking(tx, row.holiday_booking_id);
    await writeHistory(tx, {
      bookingId: row.holiday_booking_id,
      userId,
      type: 'Passenger',
      action: 'Passenger removed',
      comment: row.name,
      changes: [
        { field: 'Passengers', before: namesBefore, after: await passengerNames(tx, b.id) },
        ...totalChange(poundsText(b.total_due), poundsText(totals.total_due)),
      ],
    });
    await refreshAtolCertificate(tx, docs, row.holiday_booking_id, userId, 'passenger removed');
    return { passenger_list: await passengerList(tx, row.holiday_booking_id) };
  });
}

// ---- extras -----------------------------------------------------------------------------------

/**
 * POST extras/get-booking/extra (spec 1 §7): the catalogue extras that fit a booking, given as the
 * spec's payload (booking date, tour lines with tour, departure and return dates, airlines). An
 * extra fits when the booking date lies in its booking window (booking_start_date..end, either end
 * open) and some tour line both travels within its travel window (departure on or after
 * start_date, return — else departure — on or before end_date) and is one it is for: the line's
 * tour (a tour extra, or linked in extra_tours), an airline of the line's flights (extra_airlines),
 * or any line when it is linked to nothing. A booking without tour lines may take the unlinked
 * extras without a travel window. Ordered by name. Answers OfferedExtra rows.
 */
export async function availableExtras(db: Db, offer: ExtrasOffer): Promise<OfferedExtra[]> {
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

/**
 * The same offer for a stored booking (the older call by holiday_booking_id): the spec payload is
 * built from its detail exactly as the edit screen builds it (extrasOfferFor). 404 if unknown.
 */
export async function availableExtrasOfBooking(db: Db, bookingId: number): Promise<OfferedExtra[]> {
  const [booking] = (await getBookingDetail(db, bookingId)).data.booking;
  return availableExtras(db, extrasOfferSchema.parse(extrasOfferFor(booking)));
}

/**
 * POST update-booking/update-extras/{id}: the booking's whole list of extras. A new extra is
 * charged at its catalogue price (snapshotted); one already on the booking keeps its price.
 * Per-person extras take the passenger count as quantity when the booking has passengers.
 */
export async function updateExtras(
  db: Db,
  bookingId: number,
  v: z.infer<typeof extrasUpdateSchema>,
  userId: number,
) {
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, bookingId, v.version);
    assertNotCancelled(b);
    const ids = [...new Set(v.extras.map((e) => e.id))];
    if (ids.length !== v.extras.length) throw validationError({ extras: ['Each extra can be added once.'] });
    const catalogue = ids.length
      ? await queryRows<{
          id: number;
          name: string;
          price: string;
          commissionable: boolean;
          for_per_person: boolean;
        }>(
          tx,
          sql`select id, name, price::text as price, commissionable, for_per_person from extras where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      : [];
    const byId = new Map(catalogue.map((e) => [e.id, e]));
    v.extras.forEach((e, n) => {
      if (!byId.has(e.id)) throw validationError({ [`extras.${n}.id`]: ['Choose an extra from the list.'] });
    });
    const current = await queryRows<{ extra_id: number; name: string }>(
      tx,
      sql`select extra_id, name from booking_extras where holiday_booking_id = ${bookingId}`,
    );
    const [{ n: pax }] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from passengers where holiday_booking_id = ${bookingId}`,
    );
    const added: string[] = [];
    for (const e of v.extras) {
      const cat = byId.get(e.id) as (typeof catalogue)[number];
      const qty = cat.for_per_person && pax > 0 ? pax : e.pivot.qty;
      if (current.some((c) => c.extra_id === e.id)) {
        await tx.execute(
          sql`update booking_extras set qty = ${qty}, extra_note = ${e.pivot.extra_note ?? null}, updated_at = now()
              where holiday_booking_id = ${bookingId} and extra_id = ${e.id}`,
        );
      } else {
        added.push(`${cat.name} × ${qty}`);
        await tx.execute(
          sql`insert into booking_extras (holiday_booking_id, extra_id, name, price, commissionable, for_per_person, qty, extra_note)
              values (${bookingId}, ${e.id}, ${cat.name}, ${cat.price}, ${cat.commissionable}, ${cat.for_per_person}, ${qty}, ${e.pivot.extra_note ?? null})`,
        );
      }
    }
    const removed = current.filter((c) => !ids.includes(c.extra_id));
    if (removed.length)
      await tx.execute(
        sql`delete from booking_extras where holiday_booking_id = ${bookingId} and extra_id in (${sql.join(
          removed.map((r) => sql`${r.extra_id}`),
          sql`, `,
        )})`,
      );
    const { totals } = await recomputeBooking(tx, bookingId);
    await writeHistory(tx, {
      bookingId,
      userId,
      type: 'Extra',
      action: 'Extras updated',
      comment: [
        added.length ? `Added ${added.join(', ')}` : '',
        removed.length ? `Removed ${removed.map((r) => r.name).join(', ')}` : '',
        `Extras total ${poundsText(totals.extras_total)}`,
      ]
        .filter(Boolean)
        .join('. '),
      changes: [
        ...added.map((name) => ({ field: `Extra ${name}`, before: NONE, after: 'added' })),
        ...removed.map((r) => ({ field: `Extra ${r.name}`, before: 'included', after: 'removed' })),
        ...totalChange(poundsText(b.total_due), poundsText(totals.total_due)),
      ],
    });
  });
}

// ---- discounts --------------------------------------------------------------------------------

/**
 * POST update-booking/update-discount: applies a catalogue discount, snapshotting it (code,
 * description, value, penalty_type 0 fixed / 1 percent, per_person, on_base_price, is_manual). A
 * manual discount needs manual_discount_amount (≥ 1.00) and goes with quantity 1. 422 when it is
 * already applied or suppressed.
 */
export async function applyDiscount(db: Db, v: z.infer<typeof discountApplySchema>, userId: number) {
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, v.holiday_booking_id, v.version);
    assertNotCancelled(b);
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
                 is_suppressed, tour_id from discounts where id = ${v.discount_applied_id}`,
    );
    if (!d) throw validationError({ discount_applied_id: ['Choose a discount from the list.'] });
    if (d.is_suppressed) throw validationError({ discount_applied_id: ['This discount is suppressed.'] });
    const [dup] = await queryRows(
      tx,
      sql`select 1 from booking_discounts where holiday_booking_id = ${v.holiday_booking_id} and discount_id = ${d.id}`,
    );
    if (dup)
      throw validationError({ discount_applied_id: ['This discount is already applied to this booking.'] });
    if (d.is_manual && !v.manual_discount_amount)
      throw validationError({ manual_discount_amount: ['Enter the manual discount amount.'] });
    const qty = d.is_manual ? 1 : v.discount_applied_qty;
    const content = {
      id: d.id,
      code: d.code,
      description: d.description,
      value: d.value,
      penalty_type: d.penalty_type ? 1 : 0,
      per_person: d.per_person,
      on_base_price: d.on_base_price,
      is_manual: d.is_manual,
      tour_id: d.tour_id,
    };
    await tx.execute(
      sql`insert into booking_discounts (holiday_booking_id, discount_id, qty, manual_discount_price, discount_content)
          values (${v.holiday_booking_id}, ${d.id}, ${qty}, ${d.is_manual ? (v.manual_discount_amount ?? null) : null},
                  ${JSON.stringify(content)}::jsonb)`,
    );
    const { totals } = await recomputeBooking(tx, v.holiday_booking_id);
    await writeHistory(tx, {
      bookingId: v.holiday_booking_id,
      userId,
      type: 'Discount',
      action: 'Discount applied',
      comment: `${d.code}: ${poundsText(totals.discount_amounts[totals.discount_amounts.length - 1] ?? '0')} off. Total due ${poundsText(totals.total_due)}.`,
      changes: [
        { field: `Discount ${d.code}`, before: NONE, after: 'applied' },
        ...totalChange(poundsText(b.total_due), poundsText(totals.total_due)),
      ],
    });
  });
}

/** POST update-booking/delete-discount: removes an applied discount (discount_id = its pivot id). */
export async function removeDiscount(db: Db, v: { discount_id: number; version?: number }, userId: number) {
  const [row] = await queryRows<{ holiday_booking_id: number; code: string | null }>(
    db,
    sql`select holiday_booking_id, discount_content->>'code' as code from booking_discounts where id = ${v.discount_id}`,
  );
  if (!row) throw notFound('Discount not found on this booking.');
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, row.holiday_booking_id, v.version);
    assertNotCancelled(b);
    await tx.execute(sql`delete from booking_discounts where id = ${v.discount_id}`);
    const { totals } = await recomputeBooking(tx, row.holiday_booking_id);
    await writeHistory(tx, {
      bookingId: row.holiday_booking_id,
      userId,
      type: 'Discount',
      action: 'Discount removed',
      comment: `${row.code ?? 'Discount'} removed. Total due ${poundsText(totals.total_due)}.`,
      changes: [
        { field: `Discount ${row.code ?? ''}`.trim(), before: 'applied', after: 'removed' },
        ...totalChange(poundsText(b.total_due), poundsText(totals.total_due)),
      ],
    });
  });
}

/** POST update-booking/update-special-request. */
export async function updateSpecialRequest(
  db: Db,
  v: { holiday_booking_id: number; special_req?: string; version?: number },
  userId: number,
) {
  return inTransaction(db, async (tx) => {
    await lockBooking(tx, v.holiday_booking_id, v.version);
    await tx.execute(
      sql`update bookings set special_request = ${v.special_req?.trim() || null} where id = ${v.holiday_booking_id}`,
    );
    await writeHistory(tx, {
      bookingId: v.holiday_booking_id,
      userId,
      type: 'Booking',
      action: 'Special request updated',
      comment: v.special_req?.trim() || '(cleared)',
    });
    await recomputeBooking(tx, v.holiday_booking_id);
  });
}
