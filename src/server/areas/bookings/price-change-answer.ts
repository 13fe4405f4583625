import { sql } from 'drizzle-orm';
import { PRICE_CHANGE_MESSAGES } from '../../../shared/api/booking-price-changes';
import { londonToday } from '../../../shared/dates';
import { poundsText } from '../../../shared/money-text';
import { type Db, queryRows } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { cancelLockedBooking } from './booking-service';
import { inTransaction, lockBooking, recomputeBooking, writeHistory } from './ledger';
import { priceChangesOf } from './price-changes';

/** Who gives the answer: staff recording it (given by phone), or the customer on their side. */
export type PriceChangeAnswerer = { via: 'staff'; userId: number } | { via: 'customer' };

/**
 * Records the answer to booking `bookingId`'s pending price change `changeId` (PTR 2018 reg. 11(4)–
 * (5)), in the caller's transaction, the booking already locked: 'accepted' keeps the new price;
 * 'cancelled' cancels the booking with NO cancellation charge (charge 0.00, so everything paid is
 * the refund due) — cancelLockedBooking, the staff cancel's own change. 404 when the change is not
 * this booking's; 422 when it waits for no answer (answered, deemed accepted after its date, or the
 * booking already cancelled). Writes history (by the customer: user null, actor 'customer').
 * Answers the new version.
 */
export async function answerPriceChangeLocked(
  tx: Db,
  bookingId: number,
  changeId: number,
  answer: 'accepted' | 'cancelled',
  who: PriceChangeAnswerer,
  today = londonToday(),
): Promise<number> {
  const [change] = await priceChangesOf(tx, bookingId, today, changeId);
  if (!change) throw notFound('Price change not found.');
  if (change.decision !== 'pending')
    throw validationError(
      { price_change_id: [PRICE_CHANGE_MESSAGES.notPending] },
      PRICE_CHANGE_MESSAGES.notPending,
    );
  const userId = who.via === 'staff' ? who.userId : null;
  const actor = who.via === 'customer' ? ('customer' as const) : undefined;
  await tx.execute(
    sql`update booking_price_changes set decision = ${answer}, decided_via = ${who.via}, decided_by = ${userId},
               decided_at = now()
        where id = ${changeId}`,
  );
  const by = who.via === 'customer' ? 'by the customer' : 'for the customer (recorded by staff)';
  if (answer === 'accepted') {
    await writeHistory(tx, {
      bookingId,
      userId,
      actor,
      // Not a change to what the customer bought (the increase was listed when applied): its own type.
      type: 'Price change',
      action: 'Price change accepted',
      comment: `New total price ${poundsText(change.total_after)} accepted ${by}.`,
    });
    return (await recomputeBooking(tx, bookingId, { staffChange: false })).version;
  }
  await cancelLockedBooking(tx, bookingId, '0.00', {
    userId,
    actor,
    reason: `Cancelled ${by} instead of accepting the price increase of ${poundsText(change.amount)} (PTR 2018 reg. 11: no cancellation charge)`,
  });
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`select version from bookings where id = ${bookingId}`,
  );
  return row.version;
}

/** POST bookings/{id}/price-changes/answer (staff): one transaction, the booking locked at `version`. */
export async function recordPriceChangeAnswer(
  db: Db,
  bookingId: number,
  v: { version?: number; price_change_id: number; answer: 'accepted' | 'cancelled' },
  userId: number,
) {
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, bookingId, v.version);
    if (b.cancelled_at) throw validationError({}, PRICE_CHANGE_MESSAGES.notPending);
    return answerPriceChangeLocked(tx, bookingId, v.price_change_id, v.answer, { via: 'staff', userId });
  });
}
