import type { z } from 'zod';
import type { discountApplySchema } from '../../../../shared/api/booking-edit';
import { NONE, totalChange } from '../../../../shared/booking-changes';
import { poundsText } from '../../../../shared/money-text';
import type { Db } from '../../../db/client';
import { notFound, validationError } from '../../../http/errors';
import { inTransaction, lockBooking, recomputeBooking, writeHistory } from '../ledger';
import { assertNotCancelled } from '../tour-lines';
import {
  appliedDiscount,
  catalogueDiscount,
  deleteBookingDiscount,
  discountApplied,
  insertBookingDiscount,
} from './queries';

/**
 * Discounts on a booking (spec 1 §2 Booking edit, §7 update-booking/update-discount and
 * delete-discount): applied as a snapshot of the catalogue discount, or removed, in ONE
 * transaction (lock, change, history, recompute: ledger.ts).
 */

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
    const d = await catalogueDiscount(tx, v.discount_applied_id);
    if (!d) throw validationError({ discount_applied_id: ['Choose a discount from the list.'] });
    if (d.is_suppressed) throw validationError({ discount_applied_id: ['This discount is suppressed.'] });
    if (await discountApplied(tx, v.holiday_booking_id, d.id))
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
    await insertBookingDiscount(tx, {
      bookingId: v.holiday_booking_id,
      discountId: d.id,
      qty,
      manualPrice: d.is_manual ? (v.manual_discount_amount ?? null) : null,
      content,
    });
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
  const row = await appliedDiscount(db, v.discount_id);
  if (!row) throw notFound('Discount not found on this booking.');
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, row.holiday_booking_id, v.version);
    assertNotCancelled(b);
    await deleteBookingDiscount(tx, v.discount_id);
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
