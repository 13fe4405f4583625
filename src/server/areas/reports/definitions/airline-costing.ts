import { sql } from 'drizzle-orm';
import type { AirlineCostingReportInput } from '../../../../shared/api/reports';
import type { Db } from '../../../db/client';
import { londonZoneSql } from '../../../lib/dates';
import { allOf, dateBetween, filterLines, londonDaysBetween, namesOf, rangeText } from '../filters';
import type { ReportSpec } from '../sheet';

interface AirlineCostingRow {
  [k: string]: unknown;
  airline: string | null;
  airline_ref: string;
  booking_ref: string;
  tour: string;
  departure_date: string;
  passengers: number;
  flight_cost: string | null;
  ref_added_on: string | null;
  invoice_on_file: string;
  status: string;
}

/**
 * The airline of each tour instance: the airline of its first flight by departure time (the
 * outbound flight — the airline the booking emails name as {airline_name}, mail/templates.ts).
 * Instances without a flight with an airline have none.
 */
const INSTANCE_AIRLINE = sql`
  select distinct on (tif.tour_instance_id) tif.tour_instance_id, f.airline_id
  from tour_instance_flights tif
  join flights f on f.id = tif.flight_id
  where f.airline_id is not null
  order by tif.tour_instance_id, f.departure_time, f.id`;

/**
 * Airline costing (spec 3 §7 POST reports/airline-costing-report → Airline-Costing-Report.csv;
 * issue #15): one row per tour line (`tour_bookings`) with an airline reference (`airline_ref` not
 * blank). The line's airline is its instance's outbound airline (INSTANCE_AIRLINE); `airlines`
 * keeps the lines of those airlines (empty: every line, those whose instance has no airline
 * included with the airline blank). Filters: booking_start..booking_end on the booking date (London
 * days of `bookings.created_at`), departure_start..departuare_end (spelling as in the product) on the
 * line's departure (its instance's date); any end may be left out. Columns: airline, airline ref,
 * booking ref, tour, departure, passengers (the line's guests), flight cost (`airline_flight_cost`,
 * the sum of the line's airline costs, blank when none were entered), booked date (London day of
 * `airline_ref_added_at`, when the reference was entered), invoice on file (Yes when one of the
 * line's airline costs has its PDF invoice stored, `tour_booking_airline_costs.airline_invoice_path`),
 * and the booking's status — cancelled bookings stay listed (the seats were bought) as 'Cancelled'.
 * Ordered by airline (blank last), departure, booking ref. A CSV: no title or totals rows.
 */
export async function airlineCostingReport(
  db: Db,
  input: AirlineCostingReportInput,
): Promise<ReportSpec<AirlineCostingRow>> {
  const ids = input.airlines;
  const names = await namesOf(db, 'airlines', ids);
  const where = allOf(
    sql`btrim(coalesce(tb.airline_ref, '')) <> ''`,
    ids.length
      ? sql`ia.airline_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : null,
    londonDaysBetween(sql`b.created_at`, input.booking_start, input.booking_end),
    dateBetween(sql`i.departure_date`, input.departure_start, input.departuare_end),
  );
  const from = sql`
      from tour_bookings tb
      join bookings b on b.id = tb.holiday_booking_id
      join tour_instances i on i.id = tb.tour_instance_id
      left join instance_airline ia on ia.tour_instance_id = tb.tour_instance_id`;
  return {
    title: 'Airline Costing Report',
    fileName: 'Airline-Costing-Report.csv',
    filters: filterLines(
      ids.length ? `Airlines: ${names.join(', ')}` : 'Airlines: all',
      rangeText('Booking date', input.booking_start, input.booking_end),
      rangeText('Departure', input.departure_start, input.departuare_end),
    ),
    columns: [
      { key: 'airline', header: 'Airline', kind: 'text' },
      { key: 'airline_ref', header: 'Airline ref', kind: 'text' },
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'tour', header: 'Tour', kind: 'text' },
      { key: 'departure_date', header: 'Departure', kind: 'date' },
      { key: 'passengers', header: 'Passengers', kind: 'int', total: true },
      { key: 'flight_cost', header: 'Flight cost', kind: 'money', total: true },
      { key: 'ref_added_on', header: 'Booked date', kind: 'date' },
      { key: 'invoice_on_file', header: 'Invoice on file', kind: 'text' },
      { key: 'status', header: 'Status', kind: 'text' },
    ],
    count: sql`with instance_airline as (${INSTANCE_AIRLINE}) select count(*)::int as n ${from} where ${where}`,
    query: sql`
      with instance_airline as (${INSTANCE_AIRLINE})
      select al.name as airline,
             btrim(tb.airline_ref) as airline_ref,
             coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
             t.name as tour,
             i.departure_date::text as departure_date,
             tb.guests::int as passengers,
             tb.airline_flight_cost::text as flight_cost,
             to_char(tb.airline_ref_added_at at time zone ${londonZoneSql}, 'YYYY-MM-DD') as ref_added_on,
             case when exists (select 1 from tour_booking_airline_costs ac
                               where ac.tour_booking_id = tb.id and ac.airline_invoice_path is not null)
                  then 'Yes' else 'No' end as invoice_on_file,
             case when b.cancelled_at is not null then 'Cancelled' else b.status end as status
      ${from}
      join tours t on t.id = tb.tour_id
      left join airlines al on al.id = ia.airline_id
      where ${where}
      order by al.name nulls last, al.id, i.departure_date, booking_ref, tb.id`,
    emptyText: 'No tour lines with an airline reference match these filters.',
  };
}
