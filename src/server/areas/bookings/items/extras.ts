import type { z } from 'zod';
import type { extrasUpdateSchema } from '../../../../shared/api/booking-edit';
import {
  type ExtrasOffer,
  extrasOfferFor,
  extrasOfferSchema,
  type OfferedExtra,
} from '../../../../shared/api/extras-offer';
import { NONE, totalChange } from '../../../../shared/booking-changes';
import { poundsText } from '../../../../shared/money-text';
import type { Db } from '../../../db/client';
import { validationError } from '../../../http/errors';
import { getBookingDetail } from '../detail';
import { inTransaction, lockBooking, recomputeBooking, writeHistory } from '../ledger';
import { assertNotCancelled } from '../tour-lines';
import {
  bookingExtras,
  type CatalogueExtra,
  catalogueExtras,
  deleteBookingExtras,
  insertBookingExtra,
  offeredExtras,
  passengerCount,
  updateBookingExtra,
} from './queries';

/**
 * Extras on a booking (spec 1 §2 Booking edit, §5 Extras, §7 extras/get-booking/extra and
 * update-booking/update-extras): which catalogue extras fit a booking, and its list of extras
 * changed in ONE transaction (lock, change, history, recompute: ledger.ts).
 */

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
  return offeredExtras(db, offer);
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
    const catalogue = await catalogueExtras(tx, ids);
    const byId = new Map(catalogue.map((e) => [e.id, e]));
    v.extras.forEach((e, n) => {
      if (!byId.has(e.id)) throw validationError({ [`extras.${n}.id`]: ['Choose an extra from the list.'] });
    });
    const current = await bookingExtras(tx, bookingId);
    const pax = await passengerCount(tx, bookingId);
    const added: string[] = [];
    for (const e of v.extras) {
      const cat = byId.get(e.id) as CatalogueExtra;
      const qty = cat.for_per_person && pax > 0 ? pax : e.pivot.qty;
      if (current.some((c) => c.extra_id === e.id)) {
        await updateBookingExtra(tx, bookingId, e.id, qty, e.pivot.extra_note ?? null);
      } else {
        added.push(`${cat.name} × ${qty}`);
        await insertBookingExtra(tx, bookingId, cat, qty, e.pivot.extra_note ?? null);
      }
    }
    const removed = current.filter((c) => !ids.includes(c.extra_id));
    await deleteBookingExtras(
      tx,
      bookingId,
      removed.map((r) => r.extra_id),
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
