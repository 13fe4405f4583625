import { sql } from 'drizzle-orm';
import type { DebtorReportInput } from '../../../../shared/api/reports';
import { londonToday } from '../../../lib/dates';
import { allOf, dateBetween, filterLines, partyNameSql, rangeText } from '../filters';
import type { ReportSpec } from '../sheet';

interface DebtorRow {
  [k: string]: unknown;
  booking_ref: string;
  party: string;
  departure_date: string | null;
  balance_due: string | null;
  total_due: string;
  paid: string;
  balance: string;
  days_overdue: number;
  not_due: string | null;
  d1_30: string | null;
  d31_60: string | null;
  d61_90: string | null;
  d90_plus: string | null;
}

/**
 * Aged debtors (POST reports/debtor-booking, Debtor-Report.xlsx): one row per live booking (not
 * cancelled) with a balance outstanding (`bookings.balance` > 0, the customer-side balance of
 * booking-totals.ts) whose balance due date is in from..to. Days overdue = today (London) − balance
 * due date, 0 when not yet due; the balance stands in exactly one bucket: not due, 1–30, 31–60,
 * 61–90 or 90+ days overdue. Ordered by balance due date, then reference. Totals of every money column.
 */
export function debtorReport(input: DebtorReportInput, today = londonToday()): ReportSpec<DebtorRow> {
  const where = allOf(
    sql`b.cancelled_at is null`,
    sql`b.balance > 0`,
    dateBetween(sql`b.balance_due`, input.from_date, input.to_date),
  );
  const overdue = sql`greatest(0, ${today}::date - b.balance_due)`;
  const bucket = (lo: number, hi: number | null) =>
    hi === null
      ? sql`case when ${overdue} > ${lo} then b.balance::text end`
      : sql`case when ${overdue} between ${lo} and ${hi} then b.balance::text end`;
  return {
    title: 'Aged Debtor Report',
    fileName: 'Debtor-Report.xlsx',
    filters: filterLines(
      rangeText('Balance due', input.from_date, input.to_date),
      `Aged at ${today.split('-').reverse().join('/')}`,
    ),
    columns: [
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'party', header: 'Customer / agent', kind: 'text' },
      { key: 'departure_date', header: 'Departure', kind: 'date' },
      { key: 'balance_due', header: 'Balance due date', kind: 'date' },
      { key: 'total_due', header: 'Total due', kind: 'money', total: true },
      { key: 'paid', header: 'Paid', kind: 'money', total: true },
      { key: 'balance', header: 'Balance', kind: 'money', total: true },
      { key: 'days_overdue', header: 'Days overdue', kind: 'int' },
      { key: 'not_due', header: 'Not due', kind: 'money', total: true },
      { key: 'd1_30', header: '1–30 days', kind: 'money', total: true },
      { key: 'd31_60', header: '31–60 days', kind: 'money', total: true },
      { key: 'd61_90', header: '61–90 days', kind: 'money', total: true },
      { key: 'd90_plus', header: '90+ days', kind: 'money', total: true },
    ],
    count: sql`select count(*)::int as n from bookings b where ${where}`,
    query: sql`
      select b.booking_ref,
             ${partyNameSql('a', 'c')} as party,
             b.departure_date::text as departure_date,
             b.balance_due::text as balance_due,
             b.total_due::text as total_due,
             b.paid::text as paid,
             b.balance::text as balance,
             ${overdue}::int as days_overdue,
             case when b.balance_due is null or b.balance_due >= ${today}::date then b.balance::text end as not_due,
             ${bucket(1, 30)} as d1_30,
             ${bucket(31, 60)} as d31_60,
             ${bucket(61, 90)} as d61_90,
             ${bucket(90, null)} as d90_plus
      from bookings b
      left join customers c on c.id = b.customer_id
      left join agents a on a.id = b.agent_id
      where ${where}
      order by b.balance_due, b.booking_ref, b.id`,
    emptyText: 'No bookings with a balance outstanding fall due in these dates.',
  };
}
