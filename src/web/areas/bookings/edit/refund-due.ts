import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { londonToday, ukDate } from '../../../../shared/dates';
import { refundClock } from '../../../../shared/refund-clock';

/**
 * A cancelled booking's refund still owed, as the booking screen shows it (issue #27; PTR 2018
 * reg. 14, shared/refund-clock.ts): the amount, 'by DD/MM/YYYY' (the London day of the
 * cancellation + 14 days) and whether that day has passed; null when nothing is owed back (the
 * refund recorded stops the clock).
 */
export function refundDueOf(
  booking: Pick<BookingDetail, 'cancelled_at' | 'totals'>,
  today = londonToday(),
): { amount: string; byText: string; overdue: boolean } | null {
  const clock = refundClock({
    cancelledAt: booking.cancelled_at,
    refundDue: booking.totals.refund_due,
    settledAt: null,
    today,
  });
  if (clock.state !== 'due' && clock.state !== 'overdue') return null;
  return { amount: clock.amount, byText: ukDate(clock.due_by), overdue: clock.state === 'overdue' };
}
