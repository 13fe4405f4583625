import type { z } from 'zod';
import type {
  AccommodationPreview,
  addTourLineSchema,
  TourLineUpdate,
  updateAccommodationSchema,
} from '../../../../shared/api/booking-edit';
import { NONE, totalChange } from '../../../../shared/booking-changes';
import { money, roomsForGuests, sumMoney } from '../../../../shared/booking-totals';
import { ukDate } from '../../../../shared/dates';
import { poundsText } from '../../../../shared/money-text';
import type { Db } from '../../../db/client';
import { notFound, validationError } from '../../../http/errors';
import { assertPdf, type UploadedFile } from '../../../http/uploads';
import type { FileStore } from '../../../storage/files';
import { claimPlaces } from '../../availability';
import { type AtolDeps, refreshAtolCertificate } from '../documents/atol';
import { inTransaction, lockBooking, recomputeBooking, writeHistory } from '../ledger';
import { lockRoomNights, takeRooms } from '../room-stock';
import {
  adjustLineRooms,
  assertNotCancelled,
  assertRoomsMatchGuests,
  checkAllocatedPassengers,
  oneLine,
  placeTourLine,
  priceTourLine,
  releaseLine,
} from '../tour-lines';
import {
  accommodationOfRoom,
  deleteAirlineCosts,
  deleteTourLine,
  insertAirlineCost,
  lineAirlineCosts,
  replaceLinePassengers,
  storeLineRoom,
  updateAirlineCost,
  updateLineDetails,
} from './queries';

/**
 * Use cases on a booking's tour lines (spec 1 §2 Booking edit, §7 update-booking/* calls): add,
 * remove, edit, move to another room (and its preview). Each runs in ONE transaction: lock the
 * booking (409 on a stale version), change, write history, recompute (ledger.ts), then
 * `refreshAtolCertificate` (issue #12: a new ATOL certificate when its protected content changed);
 * the route kicks the outbox after commit. The line's pricing and room stock: ../tour-lines.ts.
 */

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
    // Lock order (docs/bookings.md): the departure, then every night the booking holds or takes.
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
    await deleteTourLine(tx, lineId);
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
      const existing = await lineAirlineCosts(tx, line.id);
      const keep = new Set<number>();
      const flightCost = sumMoney(v.airline_cost.map((row) => row.flight_cost));
      for (const [n, row] of v.airline_cost.entries()) {
        const file = files[`airline_invoice_${n}`];
        let key: string | null = null;
        if (file) {
          key = await store.save('airline-invoices', file.data, 'pdf');
          saved.push(key);
        }
        const invoice = file ? { filename: file.filename, key } : undefined;
        if (row.id) {
          const old = existing.find((e) => e.id === row.id);
          if (!old)
            throw validationError({ [`airline_cost.${n}.id`]: ['This airline cost is not on this tour.'] });
          keep.add(row.id);
          await updateAirlineCost(tx, { ...row, id: row.id }, invoice);
        } else {
          await insertAirlineCost(tx, line.id, row, invoice);
        }
      }
      const removed = existing.filter((e) => !keep.has(e.id));
      await deleteAirlineCosts(
        tx,
        removed.map((r) => r.id),
      );
      if (v.airline_cost.length || existing.length) notes.push(`airline costs ${poundsText(flightCost)}`);

      await updateLineDetails(tx, line.id, v, { priceChanged, refChanged, flightCost });
      await replaceLinePassengers(tx, line.id, passengers);
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
    if ((await accommodationOfRoom(tx, priced.accommodation_room_id)) !== v.accommodation_id)
      throw validationError({ room_id: ['This room is not in the chosen accommodation.'] });
  }
  const rooms = roomsForGuests(line.guests, priced.occupancy);
  // Every night the booking holds and the new stay's are locked first, in the global order (by
  // accommodation room, docs/bookings.md), so two opposite moves never wait on each other; the
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
  await storeLineRoom(tx, line.id, priced, rooms);
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
