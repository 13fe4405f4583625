import type { Db } from '../../../db/client';
import { inTransaction, lockBooking, recomputeBooking, writeHistory } from '../ledger';
import { storeSpecialRequest } from './queries';

/** POST update-booking/update-special-request. */
export async function updateSpecialRequest(
  db: Db,
  v: { holiday_booking_id: number; special_req?: string; version?: number },
  userId: number,
) {
  return inTransaction(db, async (tx) => {
    await lockBooking(tx, v.holiday_booking_id, v.version);
    await storeSpecialRequest(tx, v.holiday_booking_id, v.special_req?.trim() || null);
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
