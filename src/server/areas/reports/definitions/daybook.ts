import { type SQL, sql } from 'drizzle-orm';
import { paymentMethodLabel } from '../../../../shared/api/booking-edit';
import type { DaybookReportInput } from '../../../../shared/api/reports';
import { ukDate } from '../../../../shared/dates';
import { londonZoneSql } from '../../../lib/dates';
import { filterLines, londonDaysBetween, partyNameSql, rangeText } from '../filters';
import type { ReportRow, ReportSpec } from '../sheet';

interface DaybookRow {
  [k: string]: unknown;
  paid_at: string;
  booking_ref: string | null;
  party: string;
  method: string;
  transaction_id: string | null;
  notes: string | null;
  amount: string;
  account_number: string | null;
}

/** A timestamp as London wall-clock text ('YYYY-MM-DD HH:MI'), and its London day 'DD/MM/YYYY'. */
const LONDON_TIME = (column: SQL) =>
  sql`to_char(${column} at time zone ${londonZoneSql}, 'YYYY-MM-DD HH24:MI')`;
const LONDON_DAY = (column: SQL) => sql`to_char(${column} at time zone ${londonZoneSql}, 'DD/MM/YYYY')`;

/**
 * Day report (spec 3 §7 POST reports/daybook; issue #15): one row per money movement on booking
 * payments recorded in the London days start_date..end_date (end_date defaults to start_date for
 * type 'report'; type 'csv' always has both). Movements are `payments` rows as stored — receipts
 * positive, refunds negative; a voided receipt is kept and its reversal row (the opposite amount)
 * appears too, so the two sum to 0. Card payments still pending at the gateway live only in
 * `ecommpay_payments` and never appear. Columns: date and time (London), booking ref, customer or
 * agent, method (paymentMethodLabel), transaction id, notes (refund, voided with its reason, or the
 * reversal of which receipt), amount in pounds, and the account number Monthly accounts holds for
 * the payment's year and month. Ordered by time then id.
 *
 * - type 'report' → Day-Report.xlsx: a subtotal per day, the grand total, and 'Totals per payment method'.
 * - type 'csv' → Day-Report-{start}-{end}.csv (YYYY-MM-DD): the same columns, dates DD/MM/YYYY.
 */
export function daybookReport(input: DaybookReportInput): ReportSpec<DaybookRow> {
  const start = input.start_date as string;
  const end = input.end_date ?? start;
  const isCsv = input.type === 'csv';
  const where = londonDaysBetween(sql`p.created_at`, start, end);
  return {
    title: 'Day Report',
    fileName: isCsv ? `Day-Report-${start}-${end}.csv` : 'Day-Report.xlsx',
    filters: filterLines(
      start === end ? `Payment date: ${ukDate(start)}` : rangeText('Payment date', start, end),
    ),
    columns: [
      { key: 'paid_at', header: 'Date', kind: 'datetime' },
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'party', header: 'Customer / agent', kind: 'text' },
      { key: 'method', header: 'Method', kind: 'text' },
      { key: 'transaction_id', header: 'Transaction id', kind: 'text' },
      { key: 'notes', header: 'Notes', kind: 'text' },
      { key: 'amount', header: 'Amount', kind: 'money', total: true },
      { key: 'account_number', header: 'Account number', kind: 'text' },
    ],
    count: sql`select count(*)::int as n from payments p where ${where}`,
    query: sql`
      select ${LONDON_TIME(sql`p.created_at`)} as paid_at,
             coalesce(b.booking_ref, 'Old #' || b.old_booking_id::text) as booking_ref,
             ${partyNameSql('a', 'c')} as party,
             p.payment_method as method,
             p.transaction_id,
             case
               when p.reverses_payment_id is not null
                 then 'Reversal of the receipt of ' || ${LONDON_DAY(sql`o.created_at`)}
               when p.voided_at is not null
                 then 'Voided ' || ${LONDON_DAY(sql`p.voided_at`)} || coalesce(': ' || nullif(p.void_reason, ''), '')
               when p.payment_amount < 0 then 'Refund'
             end as notes,
             p.payment_amount::text as amount,
             ma.account_number
      from payments p
      join bookings b on b.id = p.holiday_booking_id
      left join customers c on c.id = b.customer_id
      left join agents a on a.id = b.agent_id
      left join payments o on o.id = p.reverses_payment_id
      left join monthly_accounts ma
        on ma.year = extract(year from p.created_at at time zone ${londonZoneSql})::int
       and ma.month = extract(month from p.created_at at time zone ${londonZoneSql})::int
      where ${where}
      order by p.created_at, p.id`,
    map: (row: ReportRow) => ({ ...(row as DaybookRow), method: paymentMethodLabel(String(row.method)) }),
    groupBy: isCsv
      ? undefined
      : { key: (r) => r.paid_at.slice(0, 10), label: (r) => ukDate(r.paid_at.slice(0, 10)) },
    summaries: isCsv ? undefined : [{ title: 'Totals per payment method', key: (r) => r.method }],
    emptyText: 'No payments were recorded on these dates.',
  };
}
