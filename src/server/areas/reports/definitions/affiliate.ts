import { sql } from 'drizzle-orm';
import { type AffiliateReportInput, REPORT_MESSAGES } from '../../../../shared/api/reports';
import type { Db } from '../../../db/client';
import { validationError } from '../../../http/errors';
import { londonZoneSql } from '../../../lib/dates';
import { allOf, dateBetween, filterLines, londonDaysBetween, namesOf, rangeText } from '../filters';
import type { ReportSpec } from '../sheet';

interface AffiliateRow {
  [k: string]: unknown;
  affiliate: string;
  booking_ref: string;
  customer: string;
  booked_on: string;
  departure_date: string | null;
  tours: string | null;
  passengers: number;
  status: string;
  total_due: string;
  paid: string;
  balance: string;
}

/**
 * Affiliate report (spec 3 §7 POST reports/affiliate-report → Affiliate-Report.xlsx; §5 'Affiliate
 * report'; issue #15): one row per booking of the chosen affiliate (`bookings.affiliate_id`) whose
 * departure (`bookings.departure_date`, the earliest of its tour lines) falls in
 * departure_from..to and whose booking date (London day of `created_at`) falls in
 * booking_from..to — either range or both (both must hold). Columns: affiliate, booking ref
 * (old booking id when it has none), customer (title and name, or the old system's lead passenger),
 * booking date, departure, tours (the distinct tours of its lines), passengers (guests of its lines),
 * status, total due, paid, balance (pounds, as stored). Cancelled bookings are listed with status
 * 'Cancelled' and their stored figures (total due is then what the cancellation left owing), so the
 * totals match the booking screens. Ordered by booking date, then id (the affiliate index's order).
 * Totals of passengers and the money columns. An unknown affiliate id is refused like a missing one.
 */
export async function affiliateReport(
  db: Db,
  input: AffiliateReportInput,
): Promise<ReportSpec<AffiliateRow>> {
  const affiliateId = input.affiliate as number;
  const [affiliate] = await namesOf(db, 'affiliates', [affiliateId]);
  if (!affiliate) throw validationError({ affiliate: [REPORT_MESSAGES.affiliate] });
  const where = allOf(
    sql`b.affiliate_id = ${affiliateId}`,
    dateBetween(sql`b.departure_date`, input.departure_from_date, input.departure_to_date),
    londonDaysBetween(sql`b.created_at`, input.booking_from_date, input.booking_to_date),
  );
  return {
    title: 'Affiliate Report',
    fileName: 'Affiliate-Report.xlsx',
    filters: filterLines(
      `Affiliate: ${affiliate}`,
      rangeText('Departure', input.departure_from_date, input.departure_to_date),
      rangeText('Booking date', input.booking_from_date, input.booking_to_date),
    ),
    columns: [
      { key: 'affiliate', header: 'Affiliate', kind: 'text' },
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'customer', header: 'Customer', kind: 'text' },
      { key: 'booked_on', header: 'Booking date', kind: 'date' },
      { key: 'departure_date', header: 'Departure', kind: 'date' },
      { key: 'tours', header: 'Tours', kind: 'text' },
      { key: 'passengers', header: 'Passengers', kind: 'int', total: true },
      { key: 'status', header: 'Status', kind: 'text' },
      { key: 'total_due', header: 'Total due', kind: 'money', total: true },
      { key: 'paid', header: 'Paid', kind: 'money', total: true },
      { key: 'balance', header: 'Balance', kind: 'money', total: true },
    ],
    count: sql`select count(*)::int as n from bookings b where ${where}`,
    query: sql`
      select af.name as affiliate,
             coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
             coalesce(nullif(trim(coalesce(c.title || ' ', '') || c.first_name || ' ' || c.last_name), ''),
                      b.old_lead_passenger, '') as customer,
             to_char(b.created_at at time zone ${londonZoneSql}, 'YYYY-MM-DD') as booked_on,
             b.departure_date::text as departure_date,
             l.tours,
             coalesce(l.passengers, 0)::int as passengers,
             case when b.cancelled_at is not null then 'Cancelled' else b.status end as status,
             b.total_due::text as total_due,
             b.paid::text as paid,
             b.balance::text as balance
      from bookings b
      join affiliates af on af.id = b.affiliate_id
      left join customers c on c.id = b.customer_id
      left join lateral (
        select string_agg(distinct t.name, ', ' order by t.name) as tours, sum(tb.guests) as passengers
        from tour_bookings tb join tours t on t.id = tb.tour_id
        where tb.holiday_booking_id = b.id) l on true
      where ${where}
      order by b.created_at, b.id`,
    emptyText: 'No bookings of this affiliate match these dates.',
  };
}
