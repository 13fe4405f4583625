import { sql } from 'drizzle-orm';
import type { BondingReportInput } from '../../../../shared/api/reports';
import { londonToday, ukDate } from '../../../../shared/dates';
import type { Db } from '../../../db/client';
import { londonZoneSql } from '../../../lib/dates';
import { guestCount } from '../../bookings';
import {
  allOf,
  dateBetween,
  filterLines,
  londonDaysBetween,
  nameOf,
  partyNameSql,
  rangeText,
} from '../filters';
import type { ReportSpec } from '../sheet';

interface BondingRow {
  [k: string]: unknown;
  bonding_type_id: number;
  bonding_type: string;
  booking_ref: string;
  party: string;
  booking_date: string;
  departure_date: string | null;
  passengers: number;
  status: string;
  total_due: string;
  paid: string;
  money_held: string;
  atol_reference: string | null;
  atol_passengers: number | null;
  apc_due: string | null;
}

/** A booking counts as cancelled when it has a cancellation time or the Cancelled status. */
const cancelled = sql`(b.cancelled_at is not null or b.status = 'Cancelled')`;

/**
 * Bonding (POST reports/bondingreport, Bonding-Report.xlsx; spec 3 §5 Bonding, §7; issue #15): one
 * row per booking of the chosen bonding type (`bookings.bonding_type`; 'all': every booking with a
 * bonding type, ordered by type with a subtotal per type — bookings without one are not bonded and
 * not listed) whose departure (bookings.departure_date) and booking date (London days of
 * created_at) fall in the ranges given. Columns: ref, bonding type, customer/agent, booking date,
 * departure, passengers (the guests of the booking's largest tour line, work-lists `guestCount`),
 * status, total due, paid, customer money held — what was paid while the holiday has not been
 * taken (departure today or later in London, or no departure yet), else 0, never negative — and
 * from the booking's latest ATOL certificate (highest version) its reference, the passengers
 * carrying the APC and the APC due (blank without a certificate).
 *
 * Cancelled bookings are listed with the status 'Cancelled': what they paid and have not had back
 * is still customer money held (refunds already lower `paid`). Ordered by bonding type, departure,
 * ref. Totals of passengers, money, ATOL passengers and APC.
 */
export async function bondingReport(
  db: Db,
  input: BondingReportInput,
  today = londonToday(),
): Promise<ReportSpec<BondingRow>> {
  const all = input.bonding_type === 'all';
  const where = allOf(
    all ? sql`b.bonding_type is not null` : sql`b.bonding_type = ${input.bonding_type}`,
    dateBetween(sql`b.departure_date`, input.departureDateRangeStart, input.departureDateRangeEnd),
    londonDaysBetween(sql`b.created_at`, input.bookingDateRangeStart, input.bookingDateRangeEnd),
  );
  const typeName = all ? 'All' : await nameOf(db, 'bonding_types', input.bonding_type as number);

  return {
    title: 'Bonding Report',
    fileName: 'Bonding-Report.xlsx',
    filters: filterLines(
      `Bonding type: ${typeName}`,
      rangeText('Departure', input.departureDateRangeStart, input.departureDateRangeEnd),
      rangeText('Booking date', input.bookingDateRangeStart, input.bookingDateRangeEnd),
      `Money held: paid on bookings departing on or after ${ukDate(today)}`,
    ),
    columns: [
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'bonding_type', header: 'Bonding type', kind: 'text' },
      { key: 'party', header: 'Customer / agent', kind: 'text' },
      { key: 'booking_date', header: 'Booking date', kind: 'date' },
      { key: 'departure_date', header: 'Departure', kind: 'date' },
      { key: 'passengers', header: 'Passengers', kind: 'int', total: true },
      { key: 'status', header: 'Status', kind: 'text' },
      { key: 'total_due', header: 'Total due', kind: 'money', total: true },
      { key: 'paid', header: 'Paid', kind: 'money', total: true },
      { key: 'money_held', header: 'Customer money held', kind: 'money', total: true },
      { key: 'atol_reference', header: 'ATOL certificate', kind: 'text' },
      { key: 'atol_passengers', header: 'ATOL passengers', kind: 'int', total: true },
      { key: 'apc_due', header: 'APC due', kind: 'money', total: true },
    ],
    count: sql`select count(*)::int as n from bookings b where ${where}`,
    query: sql`
      select bt.id as bonding_type_id, bt.name as bonding_type,
             coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
             ${partyNameSql('ag', 'c')} as party,
             (b.created_at at time zone ${londonZoneSql})::date::text as booking_date,
             b.departure_date::text as departure_date,
             ${guestCount}::int as passengers,
             case when ${cancelled} then 'Cancelled' else b.status end as status,
             b.total_due::text as total_due,
             b.paid::text as paid,
             case when b.departure_date is null or b.departure_date >= ${today}::date
                  then greatest(b.paid, 0) else 0 end::numeric(12, 2)::text as money_held,
             ac.reference as atol_reference,
             ac.apc_passengers::int as atol_passengers,
             ac.apc_total::text as apc_due
      from bookings b
      join bonding_types bt on bt.id = b.bonding_type
      left join customers c on c.id = b.customer_id
      left join agents ag on ag.id = b.agent_id
      left join lateral (
        select x.reference, x.apc_passengers, x.apc_total from atol_certificates x
        where x.holiday_booking_id = b.id order by x.version desc limit 1
      ) ac on true
      where ${where}
      order by lower(bt.name), bt.id, b.departure_date nulls last, booking_ref, b.id`,
    groupBy: all ? { key: (r) => String(r.bonding_type_id), label: (r) => r.bonding_type } : undefined,
    emptyText: 'No bookings of this bonding type match these dates.',
  };
}
