import { sql } from 'drizzle-orm';
import type { RefundsReportInput } from '../../../../shared/api/compliance-reports';
import { londonDay, londonToday, ukDate } from '../../../../shared/dates';
import { REFUND_DAYS, refundClock, refundDueBy } from '../../../../shared/refund-clock';
import { isoTimestampSql } from '../../../lib/dates';
import { allOf, filterLines, londonDaysBetween, partyNameSql, rangeText } from '../filters';
import type { ReportRow, ReportSpec } from '../sheet';

interface RefundRow {
  [k: string]: unknown;
  booking_ref: string;
  party: string | null;
  cancelled_on: string;
  refund_amount: string;
  refunded: string;
  still_due: string;
  due_by: string;
  refunded_on: string | null;
  days_taken: number | null;
  late: string;
}

/** Refunds given back on a cancelled booking: its negative payments since the cancellation, not voided nor reversals. */
const refundedSql = sql`coalesce((select -sum(p.payment_amount) from payments p
  where p.holiday_booking_id = b.id and p.payment_amount < 0 and p.reverses_payment_id is null
    and p.voided_at is null and p.created_at >= b.cancelled_at), 0)`;

/**
 * Refunds (POST reports/refunds, Refunds-Report.xlsx; issue #27, PTR 2018 reg. 14): one row per
 * booking cancelled on a London day in the range that owes money back or has had it back
 * (balance < 0, or `refund_settled_at` set — the partial index bookings_refunds_idx). Columns:
 * ref, customer/agent, cancelled on, refund amount (given back + still due), refunded (negative
 * payments since the cancellation), still due, due by (cancelled + 14 days), refunded on (the day
 * the refund due came down to 0.00), days taken, late ('Yes' settled after the due day, 'Overdue'
 * still owed after it, else 'No') — the clock of shared/refund-clock.ts as of `today`. Ordered by
 * cancellation. Totals of the money columns.
 */
export function refundsReport(input: RefundsReportInput, today = londonToday()): ReportSpec<RefundRow> {
  const where = allOf(
    sql`b.cancelled_at is not null and (b.balance < 0 or b.refund_settled_at is not null)`,
    londonDaysBetween(sql`b.cancelled_at`, input.cancelledFrom, input.cancelledTo),
  );
  return {
    title: 'Refunds',
    fileName: 'Refunds-Report.xlsx',
    filters: filterLines(
      rangeText('Cancelled', input.cancelledFrom, input.cancelledTo),
      `Refunds due within ${REFUND_DAYS} days of the cancellation (PTR 2018 reg. 14); late as of ${ukDate(today)}`,
    ),
    columns: [
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'party', header: 'Customer / agent', kind: 'text' },
      { key: 'cancelled_on', header: 'Cancelled on', kind: 'date' },
      { key: 'refund_amount', header: 'Refund amount', kind: 'money', total: true },
      { key: 'refunded', header: 'Refunded', kind: 'money', total: true },
      { key: 'still_due', header: 'Still due', kind: 'money', total: true },
      { key: 'due_by', header: 'Due by', kind: 'date' },
      { key: 'refunded_on', header: 'Refunded on', kind: 'date' },
      { key: 'days_taken', header: 'Days taken', kind: 'int' },
      { key: 'late', header: 'Late?', kind: 'text' },
    ],
    count: sql`select count(*)::int as n from bookings b where ${where}`,
    query: sql`
      select coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
             ${partyNameSql('ag', 'c')} as party,
             ${isoTimestampSql(sql`b.cancelled_at`)} as cancelled_at,
             ${isoTimestampSql(sql`b.refund_settled_at`)} as settled_at,
             greatest(-b.balance, 0)::numeric(12, 2)::text as still_due,
             ${refundedSql}::numeric(12, 2)::text as refunded,
             (${refundedSql} + greatest(-b.balance, 0))::numeric(12, 2)::text as refund_amount
      from bookings b
      left join customers c on c.id = b.customer_id
      left join agents ag on ag.id = b.agent_id
      where ${where}
      order by b.cancelled_at, b.id`,
    map: (r: ReportRow) => refundRow(r, today),
    emptyText: 'No booking cancelled in these dates owes or was given a refund.',
  };
}

/** One row's clock (shared/refund-clock.ts); the money as the query summed it. */
function refundRow(r: ReportRow, today: string): RefundRow {
  const cancelledAt = r.cancelled_at as string;
  const stillDue = r.still_due as string;
  const clock = refundClock({
    cancelledAt,
    refundDue: stillDue,
    settledAt: (r.settled_at as string) ?? null,
    today,
  });
  return {
    booking_ref: r.booking_ref as string,
    party: (r.party as string) ?? null,
    cancelled_on: londonDay(cancelledAt),
    refund_amount: r.refund_amount as string,
    refunded: r.refunded as string,
    still_due: stillDue,
    due_by: refundDueBy(cancelledAt),
    refunded_on: clock.state === 'refunded' ? clock.settled_on : null,
    days_taken: clock.state === 'refunded' ? clock.days_taken : null,
    late:
      clock.state === 'refunded' ? (clock.late ? 'Yes' : 'No') : clock.state === 'overdue' ? 'Overdue' : 'No',
  };
}
