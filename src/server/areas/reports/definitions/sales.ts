import { sql } from 'drizzle-orm';
import { type SalesReportInput, salesStatuses } from '../../../../shared/api/reports';
import { TOUR_TYPE_LABELS, type TourType } from '../../../../shared/api/tour-catalogue';
import type { Db } from '../../../db/client';
import { londonZoneSql } from '../../../lib/dates';
import {
  allOf,
  dateBetween,
  filterLines,
  londonDaysBetween,
  nameOf,
  partyNameSql,
  rangeText,
} from '../filters';
import type { ReportRow, ReportSpec } from '../sheet';

interface SalesRow {
  [k: string]: unknown;
  booking_ref: string | null;
  booked_on: string;
  departure_date: string | null;
  party: string;
  tours: string | null;
  /** Comma list of tour_type values from SQL; labels after `map`. */
  tour_types: string | null;
  passengers: number;
  status: string;
  total_due: string;
  paid: string;
  cancellation_charge: string | null;
  cost: string;
  margin: string;
}

const typeLabel = (t: string) => TOUR_TYPE_LABELS[t as TourType] ?? t;

/**
 * Which bookings the chosen states cover (spec 3 §4 sales switches via `salesStatuses`): confirmed
 * → live bookings Confirmed or Paid; cancelled → cancelled bookings (cancelled_at set); pending →
 * live bookings still Pending. No state chosen → no bookings.
 */
function statusCondition(s: ReturnType<typeof salesStatuses>) {
  const parts = [
    s.confirmed ? sql`(b.cancelled_at is null and b.status in ('Confirmed', 'Paid'))` : null,
    s.cancelled ? sql`b.cancelled_at is not null` : null,
    s.pending ? sql`(b.cancelled_at is null and b.status = 'Pending')` : null,
  ].filter((p) => p !== null);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** The states listed, as the filters line reads them. */
function statusText(s: ReturnType<typeof salesStatuses>) {
  const names = [s.confirmed && 'Confirmed, Paid', s.cancelled && 'Cancelled', s.pending && 'Pending'].filter(
    Boolean,
  );
  return `Status: ${names.length ? names.join(', ') : 'none'}`;
}

/**
 * Sales (spec 3 §7 POST reports/salesreport → Sales-Report.xlsx; issue #15): one row per booking
 * in the states the switches choose (`salesStatuses`, spec 3 §4), departing in
 * departureDateStart..End (`bookings.departure_date`, its earliest line) and/or booked in the London
 * days bookingDateStart..End, with a line on tour `tour_name` (an id) and/or on a tour of
 * `tour_type` when given. Columns: ref, booking date, departure, customer or agent, the tours of its
 * lines and their types, passengers (Σ line guests), status ('Cancelled' once cancelled), total due,
 * paid, cancellation charge, cost (Σ line cost per guest × guests; a line without a cost counts 0)
 * and margin (total due − cost), all pounds. Ordered by booking date then id; totals of every
 * figure. `db` reads the tour's name for the filters line.
 */
export async function salesReport(db: Db, input: SalesReportInput): Promise<ReportSpec<SalesRow>> {
  const states = salesStatuses(input);
  const where = allOf(
    statusCondition(states),
    dateBetween(sql`b.departure_date`, input.departureDateStart, input.departureDateEnd),
    londonDaysBetween(sql`b.created_at`, input.bookingDateStart, input.bookingDateEnd),
    input.tour_name !== undefined
      ? sql`exists (select 1 from tour_bookings x where x.holiday_booking_id = b.id and x.tour_id = ${input.tour_name})`
      : null,
    input.tour_type !== undefined
      ? sql`exists (select 1 from tour_bookings x join tours xt on xt.id = x.tour_id
                    where x.holiday_booking_id = b.id and xt.tour_type = ${input.tour_type})`
      : null,
  );
  const tourName = input.tour_name !== undefined ? await nameOf(db, 'tours', input.tour_name) : null;
  return {
    title: 'Sales Report',
    fileName: 'Sales-Report.xlsx',
    filters: filterLines(
      rangeText('Departure', input.departureDateStart, input.departureDateEnd),
      rangeText('Booking date', input.bookingDateStart, input.bookingDateEnd),
      tourName && `Tour: ${tourName}`,
      input.tour_type && `Tour type: ${typeLabel(input.tour_type)}`,
      statusText(states),
    ),
    columns: [
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'booked_on', header: 'Booking date', kind: 'date' },
      { key: 'departure_date', header: 'Departure', kind: 'date' },
      { key: 'party', header: 'Customer / agent', kind: 'text' },
      { key: 'tours', header: 'Tour', kind: 'text' },
      { key: 'tour_types', header: 'Tour type', kind: 'text' },
      { key: 'passengers', header: 'Passengers', kind: 'int', total: true },
      { key: 'status', header: 'Status', kind: 'text' },
      { key: 'total_due', header: 'Total due', kind: 'money', total: true },
      { key: 'paid', header: 'Paid', kind: 'money', total: true },
      { key: 'cancellation_charge', header: 'Cancellation charge', kind: 'money', total: true },
      { key: 'cost', header: 'Cost', kind: 'money', total: true },
      { key: 'margin', header: 'Margin', kind: 'money', total: true },
    ],
    count: sql`select count(*)::int as n from bookings b where ${where}`,
    query: sql`
      select coalesce(b.booking_ref, 'Old #' || b.old_booking_id::text) as booking_ref,
             (b.created_at at time zone ${londonZoneSql})::date::text as booked_on,
             b.departure_date::text as departure_date,
             ${partyNameSql('a', 'c')} as party,
             l.tours,
             l.tour_types,
             l.passengers,
             case when b.cancelled_at is not null then 'Cancelled' else b.status end as status,
             b.total_due::text as total_due,
             b.paid::text as paid,
             case when b.cancelled_at is not null then b.cancellation_charge::text end as cancellation_charge,
             l.cost::text as cost,
             (b.total_due - l.cost)::text as margin
      from bookings b
      left join customers c on c.id = b.customer_id
      left join agents a on a.id = b.agent_id
      cross join lateral (
        select string_agg(distinct t.name, ', ' order by t.name) as tours,
               string_agg(distinct t.tour_type, ',' order by t.tour_type) as tour_types,
               coalesce(sum(tb.guests), 0)::int as passengers,
               coalesce(sum(coalesce(tb.cost, 0) * tb.guests), 0)::numeric(12, 2) as cost
        from tour_bookings tb
        join tours t on t.id = tb.tour_id
        where tb.holiday_booking_id = b.id
      ) l
      where ${where}
      order by b.created_at, b.id`,
    map: (row: ReportRow) => {
      const r = row as SalesRow;
      return { ...r, tour_types: r.tour_types ? r.tour_types.split(',').map(typeLabel).join(', ') : null };
    },
    emptyText: 'No bookings match these filters.',
  };
}
