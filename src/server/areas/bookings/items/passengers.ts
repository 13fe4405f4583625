import type { PassengerInput } from '../../../../shared/api/booking-edit';
import { totalChange } from '../../../../shared/booking-changes';
import { poundsText } from '../../../../shared/money-text';
import type { Db } from '../../../db/client';
import { notFound, validationError } from '../../../http/errors';
import { type AtolDeps, refreshAtolCertificate } from '../documents/atol';
import { inTransaction, lockBooking, recomputeBooking, writeHistory } from '../ledger';
import { assertNotCancelled } from '../tour-lines';
import {
  deletePassenger,
  insertPassengerRow,
  passengerList,
  passengerNames,
  passengerOwner,
  syncPerPersonExtras,
  updatePassengerRow,
} from './queries';

/**
 * Use cases on a booking's passengers (spec 1 §2 Booking edit, §7 update-booking/* calls): add or
 * update one, remove one. Each runs in ONE transaction: lock the booking (409 on a stale version),
 * change, write history, recompute (ledger.ts), then `refreshAtolCertificate` (issue #12); the
 * route kicks the outbox after commit. Per-person extras follow the passenger count.
 */

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
    const row = await passengerOwner(db, p.id);
    if (!row || (bookingId && bookingId !== row.holiday_booking_id)) throw notFound('Passenger not found.');
    bookingId = row.holiday_booking_id;
  }
  if (!bookingId) throw validationError({ holiday_booking_id: ['The booking is required.'] });
  const id = bookingId;
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, id, p.version);
    assertNotCancelled(b);
    const namesBefore = await passengerNames(tx, id);
    const name = [p.title, p.first_name, p.last_name].filter(Boolean).join(' ');
    if (p.id) {
      await updatePassengerRow(tx, { ...p, id: p.id });
    } else {
      await insertPassengerRow(tx, id, p);
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
  const row = await passengerOwner(db, passengerId);
  if (!row || (v.holiday_booking_id && v.holiday_booking_id !== row.holiday_booking_id))
    throw notFound('Passenger not found.');
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, row.holiday_booking_id, v.version);
    assertNotCancelled(b);
    const namesBefore = await passengerNames(tx, b.id);
    await deletePassenger(tx, passengerId);
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
