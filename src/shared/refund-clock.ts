import Decimal from 'decimal.js';
import { addDays, daysBetween, londonDay } from './dates';

/**
 * The refund clock of a cancelled package (issue #27; The Package Travel and Linked Travel
 * Arrangements Regulations 2018, reg. 12(4) and reg. 14): when a package is terminated the organiser
 * "shall refund any payments made by or on behalf of the traveller … without undue delay and in any
 * event not later than 14 days after the package travel contract is terminated". The clock starts on
 * the London day the booking was cancelled (`bookings.cancelled_at`) and runs 14 calendar days —
 * weekends and bank holidays count, the regulation says days, not working days.
 */
export const REFUND_DAYS = 14;

/** The last day (YYYY-MM-DD) a refund may be paid: the London day of `cancelledAt` + 14 calendar days. */
export function refundDueBy(cancelledAt: Date | string): string {
  return addDays(londonDay(cancelledAt), REFUND_DAYS);
}

export type RefundClock =
  | { state: 'none' }
  | { state: 'due' | 'overdue'; amount: string; due_by: string; days_late: number }
  | { state: 'refunded'; due_by: string; settled_on: string; days_taken: number; late: boolean };

/**
 * Where a booking's refund stands. `cancelledAt`: the cancellation instant (null: live booking →
 * 'none'); `refundDue`: pounds still to give back (booking-totals `refund_due`, decimal text);
 * `settledAt`: when refund_due last reached 0.00 after being owed (`bookings.refund_settled_at`;
 * null when never owed or owed again); `today`: the London day (YYYY-MM-DD).
 * - refund_due > 0: 'due' until the due date, 'overdue' from the day after (today > due by);
 * - refund_due 0 and settled: 'refunded', days taken = settled day − cancelled day, late when the
 *   settled day is after the due date;
 * - otherwise 'none' (nothing was ever owed back).
 */
export function refundClock(input: {
  cancelledAt: Date | string | null;
  refundDue: string;
  settledAt: Date | string | null;
  today: string;
}): RefundClock {
  if (input.cancelledAt === null) return { state: 'none' };
  const cancelledOn = londonDay(input.cancelledAt);
  const dueBy = addDays(cancelledOn, REFUND_DAYS);
  if (new Decimal(input.refundDue || '0').gt(0)) {
    const late = daysBetween(dueBy, input.today);
    return {
      state: late > 0 ? 'overdue' : 'due',
      amount: new Decimal(input.refundDue).toFixed(2),
      due_by: dueBy,
      days_late: Math.max(0, late),
    };
  }
  if (input.settledAt === null) return { state: 'none' };
  const settledOn = londonDay(input.settledAt);
  return {
    state: 'refunded',
    due_by: dueBy,
    settled_on: settledOn,
    days_taken: daysBetween(cancelledOn, settledOn),
    late: settledOn > dueBy,
  };
}
