import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { DebtorReportInput } from '../../../../shared/api/reports';
import { daysBetween, londonToday } from '../../../../shared/dates';
import { type PaymentStage, scheduleText } from '../../../../shared/payment-schedule';
import type { Db } from '../../../db/client';
import { loadPaymentSchedules } from '../../../lib/payment-schedules';
import { allOf, dateBetween, filterLines, partyNameSql, rangeText } from '../filters';
import type { ReportSpec } from '../sheet';

interface DebtorRow {
  [k: string]: unknown;
  booking_id: number;
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
  schedule: string;
}

/**
 * Aged debtors (POST reports/debtor-booking, Debtor-Report.xlsx): one row per live booking (not
 * cancelled) with a balance outstanding (`bookings.balance` > 0, the customer-side balance of
 * booking-totals.ts) whose balance due date is in from..to. The money owed is aged stage by stage of
 * the payment schedule (src/shared/payment-schedule.ts, the one rule the booking screen, the
 * Confirmation and the emails show): each stage's outstanding amount stands in exactly one bucket by
 * today (London) − its due date — not due, 1–30, 31–60, 61–90 or 90+ days overdue (a stage with no
 * date is due now) — so an unpaid deposit past its date is overdue though the balance is not yet
 * due; days overdue is the oldest stage's. The schedule column reads as on the Confirmation.
 * Ordered by balance due date, then reference. Totals of every money column.
 */
export function debtorReport(db: Db, input: DebtorReportInput, today = londonToday()): ReportSpec<DebtorRow> {
  const where = allOf(
    sql`b.cancelled_at is null`,
    sql`b.balance > 0`,
    dateBetween(sql`b.balance_due`, input.from_date, input.to_date),
  );
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
      { key: 'schedule', header: 'Payment schedule', kind: 'text' },
    ],
    count: sql`select count(*)::int as n from bookings b where ${where}`,
    query: sql`
      select b.id as booking_id, b.booking_ref,
             ${partyNameSql('a', 'c')} as party,
             b.departure_date::text as departure_date,
             b.balance_due::text as balance_due,
             b.total_due::text as total_due,
             b.paid::text as paid,
             b.balance::text as balance
      from bookings b
      left join customers c on c.id = b.customer_id
      left join agents a on a.id = b.agent_id
      where ${where}
      order by b.balance_due, b.booking_ref, b.id`,
    mapBatch: async (rows) => {
      const schedules = await loadPaymentSchedules(
        db,
        rows.map((r) => r.booking_id),
      );
      return rows.map((r) => ({
        ...r,
        ...agedBySchedule(schedules.get(r.booking_id) ?? [], r.balance, today),
      }));
    },
    emptyText: 'No bookings with a balance outstanding fall due in these dates.',
  };
}

const BUCKETS = [
  ['not_due', 0, 0],
  ['d1_30', 1, 30],
  ['d31_60', 31, 60],
  ['d61_90', 61, 90],
  ['d90_plus', 91, Number.POSITIVE_INFINITY],
] as const;

/**
 * One booking's aging from its schedule's stages: each outstanding stage in its bucket by days
 * overdue (today − due, 0 when not yet due or without a date); the balance due date is the last
 * stage's. A booking with no schedule (nothing to stage) ages its balance as not due.
 */
function agedBySchedule(stages: PaymentStage[], balance: string, today: string) {
  const amounts = new Map<string, Decimal>();
  let daysOverdue = 0;
  const owed = stages.filter((st) => new Decimal(st.outstanding).gt(0));
  if (!owed.length) amounts.set('not_due', new Decimal(balance));
  for (const st of owed) {
    const days = st.due ? Math.max(0, daysBetween(st.due, today)) : 0;
    daysOverdue = Math.max(daysOverdue, days);
    const [key] = BUCKETS.find(([, lo, hi]) => days >= lo && days <= hi) ?? BUCKETS[0];
    amounts.set(key, (amounts.get(key) ?? new Decimal(0)).plus(st.outstanding));
  }
  const cell = (key: string) => {
    const a = amounts.get(key);
    return a ? a.toFixed(2) : null;
  };
  return {
    balance_due: stages.at(-1)?.due ?? null,
    days_overdue: daysOverdue,
    not_due: cell('not_due'),
    d1_30: cell('d1_30'),
    d31_60: cell('d31_60'),
    d61_90: cell('d61_90'),
    d90_plus: cell('d90_plus'),
    schedule: scheduleText(stages).join('; '),
  };
}
