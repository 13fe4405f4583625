import { type SQL, sql } from 'drizzle-orm';
import type { RoomingReportInput } from '../../../../shared/api/reports';
import { TOUR_TYPE_LABELS } from '../../../../shared/api/tour-catalogue';
import { type Db, queryRows } from '../../../db/client';
import { londonZoneSql } from '../../../lib/dates';
import { allOf, dateBetween, filterLines, londonDaysBetween, nameOf, rangeText } from '../filters';
import type { ReportSpec } from '../sheet';

interface RoomingRow {
  [k: string]: unknown;
  accommodation_id: number;
  accommodation: string;
  resort: string | null;
  supplier: string | null;
  arrival: string;
  departure: string;
  nights: number;
  room: string;
  board_basis: string | null;
  occupancy: number;
  rooms: number;
  booking_ref: string;
  booking_date: string;
  tour: string;
  lead_passenger: string | null;
  passengers: string | null;
  guests: number;
  special_requests: string | null;
  status: string;
}

/** A booking counts as cancelled when it has a cancellation time or the Cancelled status. */
const cancelled = sql`(b.cancelled_at is not null or b.status = 'Cancelled')`;

/**
 * The stay of line `tb`, as the group rooming list gives it (documents/group/data.ts): the line's
 * own check-in and check-out dates — the nights its rooms were taken for when it was booked — else
 * the one rule of shared/pricing.ts `stayDates` (docs/bookings.md 'Price and availability rules'): in on the instance's
 * departure + (check_in_day − 1), out on departure + (check_out_day − 1) of its tour accommodation.
 * Dates, so they compare and sort as dates.
 */
export const stayArrivalSql = sql`coalesce(tb.check_in_date, i.departure_date + (ta.check_in_day - 1))`;
export const stayDepartureSql = sql`coalesce(tb.check_out_date, i.departure_date + (ta.check_out_day - 1))`;

/**
 * The arrival range on the instance's departure date too, so the instance index
 * (tour_instances_departure_idx) finds the departures: a stay arrives between departure + (least
 * check-in day − 1) and departure + (greatest check-in day − 1) — days from the few tour
 * accommodation rows, read once per query.
 */
function arrivalWindow(from?: string, to?: string): SQL | null {
  const lo = from
    ? sql`i.departure_date >= ${from}::date - (select coalesce(max(check_in_day), 1) - 1 from tour_accommodations)`
    : null;
  const hi = to
    ? sql`i.departure_date <= ${to}::date - (select coalesce(min(check_in_day), 1) - 1 from tour_accommodations)`
    : null;
  return allOf(lo, hi, dateBetween(stayArrivalSql, from, to));
}

/**
 * The passengers of line `tb` — those allocated to it (tour_booking_passengers), else, a line with
 * none allocated, every passenger of its booking (the group rooming list's rule,
 * documents/group/data.ts) — as the names list ('Mr John Smith, Mrs Ann Smith', by passenger id),
 * the first of them (the lead passenger) and their number.
 */
const linePassengers = sql`left join lateral (
    select string_agg(x.name, ', ' order by x.id) as names, (array_agg(x.name order by x.id))[1] as lead
    from (
      select p.id, concat_ws(' ', nullif(btrim(p.title), ''), p.first_name, p.last_name) as name
      from tour_booking_passengers tbp join passengers p on p.id = tbp.passenger_id
      where tbp.tour_booking_id = tb.id
      union all
      select p.id, concat_ws(' ', nullif(btrim(p.title), ''), p.first_name, p.last_name) as name
      from passengers p
      where p.holiday_booking_id = b.id
        and not exists (select 1 from tour_booking_passengers tbp where tbp.tour_booking_id = tb.id)
    ) x
  ) px on true`;

/** The booking states listed (spec 3 §4): Confirmed and Paid; Pending and cancelled ones when asked. */
function statusCondition(input: RoomingReportInput): SQL {
  const states = [sql`(not ${cancelled} and b.status in ('Confirmed', 'Paid'))`];
  if (input.include_pending) states.push(sql`(not ${cancelled} and b.status = 'Pending')`);
  if (input.include_cancelled) states.push(cancelled);
  return sql`(${sql.join(states, sql` or `)})`;
}

const ORDER: Record<RoomingReportInput['order_by'], SQL> = {
  accommodation: sql`lower(a.accommodation_name), a.id, ${stayArrivalSql}, booking_ref, tb.id`,
  date: sql`b.created_at, b.id, lower(a.accommodation_name), a.id, ${stayArrivalSql}, tb.id`,
  arrival_date: sql`${stayArrivalSql}, lower(a.accommodation_name), a.id, booking_ref, tb.id`,
};

const ORDER_TEXT: Record<RoomingReportInput['order_by'], string> = {
  accommodation: 'accommodation',
  date: 'booking date',
  arrival_date: 'arrival date',
};

/**
 * Rooming (POST reports/rooming, rooming-report.xlsx; spec 3 §2, §3 order_by, §4, §7; issue #15):
 * one row per room booked on a tour line — the line's tour room → accommodation room →
 * accommodation, i.e. one accommodation stay of a booking — with the stay's arrival and departure
 * (`stayArrivalSql` / `stayDepartureSql`, the `stayDates` rule), nights, room, board basis,
 * occupancy, rooms, booking ref and date, tour, lead passenger, every passenger's name, guests,
 * special requests (the booking's and the line's, ' / ' between) and status ('Cancelled' for a
 * cancelled booking).
 *
 * Filters: booking date (London days of bookings.created_at), arrival date (the stay's arrival),
 * accommodation, tour type, the accommodation's resort and supplier. Bookings Confirmed or Paid;
 * Pending ones with include_pending, cancelled ones with include_cancelled.
 *
 * Order by `order_by`: accommodation (name, arrival, ref) with a subtotal of rooms and guests per
 * accommodation; arrival_date (arrival, accommodation, ref) with a subtotal per arrival day; date
 * (booking date) without subtotals. A grand total of rooms and guests.
 */
export async function roomingReport(db: Db, input: RoomingReportInput): Promise<ReportSpec<RoomingRow>> {
  const where = allOf(
    londonDaysBetween(sql`b.created_at`, input.booking_start_date, input.booking_end_date),
    arrivalWindow(input.arrival_start_date, input.arrival_end_date),
    input.accommodation_id !== undefined ? sql`a.id = ${input.accommodation_id}` : null,
    input.tour_type ? sql`t.tour_type = ${input.tour_type}` : null,
    input.resort_id !== undefined ? sql`a.resort_id = ${input.resort_id}` : null,
    input.supplier_id !== undefined ? sql`a.supplier_id = ${input.supplier_id}` : null,
    statusCondition(input),
  );
  const from = sql`from tour_bookings tb
      join bookings b on b.id = tb.holiday_booking_id
      join tour_instances i on i.id = tb.tour_instance_id
      join tours t on t.id = tb.tour_id
      join tour_rooms tr on tr.id = tb.tour_room_id
      join tour_accommodations ta on ta.id = tr.tour_accommodation_id
      join accommodations a on a.id = ta.accommodation_id
      join accommodation_rooms ar on ar.id = tr.accommodation_room_id`;

  const [accommodation, resort, supplier] = await Promise.all([
    input.accommodation_id !== undefined ? nameOf(db, 'accommodations', input.accommodation_id) : null,
    input.resort_id !== undefined ? nameOf(db, 'resorts', input.resort_id) : null,
    input.supplier_id !== undefined ? nameOf(db, 'suppliers', input.supplier_id) : null,
  ]);
  const states = ['Confirmed', 'Paid'];
  if (input.include_pending) states.push('Pending');
  if (input.include_cancelled) states.push('Cancelled');

  const groupBy: ReportSpec<RoomingRow>['groupBy'] =
    input.order_by === 'accommodation'
      ? { key: (r) => String(r.accommodation_id), label: (r) => r.accommodation }
      : input.order_by === 'arrival_date'
        ? { key: (r) => r.arrival, label: (r) => `arrivals ${r.arrival.split('-').reverse().join('/')}` }
        : undefined;

  return {
    title: 'Rooming Report',
    fileName: 'rooming-report.xlsx',
    filters: filterLines(
      rangeText('Booking date', input.booking_start_date, input.booking_end_date),
      rangeText('Arrival', input.arrival_start_date, input.arrival_end_date),
      input.accommodation_id !== undefined && `Accommodation: ${accommodation}`,
      input.tour_type && `Tour type: ${TOUR_TYPE_LABELS[input.tour_type]}`,
      input.resort_id !== undefined && `Resort: ${resort}`,
      input.supplier_id !== undefined && `Supplier: ${supplier}`,
      `Bookings: ${states.join(', ')}`,
      `Ordered by ${ORDER_TEXT[input.order_by]}`,
    ),
    columns: [
      { key: 'accommodation', header: 'Accommodation', kind: 'text' },
      { key: 'resort', header: 'Resort', kind: 'text' },
      { key: 'supplier', header: 'Supplier', kind: 'text' },
      { key: 'arrival', header: 'Arrival', kind: 'date' },
      { key: 'departure', header: 'Departure', kind: 'date' },
      { key: 'nights', header: 'Nights', kind: 'int' },
      { key: 'room', header: 'Room', kind: 'text' },
      { key: 'board_basis', header: 'Board basis', kind: 'text' },
      { key: 'occupancy', header: 'Occupancy', kind: 'int' },
      { key: 'rooms', header: 'Rooms', kind: 'int', total: true },
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'booking_date', header: 'Booking date', kind: 'date' },
      { key: 'tour', header: 'Tour', kind: 'text' },
      { key: 'lead_passenger', header: 'Lead passenger', kind: 'text' },
      { key: 'passengers', header: 'Passengers', kind: 'text' },
      { key: 'guests', header: 'Guests', kind: 'int', total: true },
      { key: 'special_requests', header: 'Special requests', kind: 'text' },
      { key: 'status', header: 'Status', kind: 'text' },
    ],
    count: sql`select count(*)::int as n ${from} where ${where}`,
    query: sql`
      select a.id as accommodation_id, a.accommodation_name as accommodation,
             rs.resort_name as resort, s.supplier_name as supplier,
             ${stayArrivalSql}::text as arrival, ${stayDepartureSql}::text as departure,
             (${stayDepartureSql} - ${stayArrivalSql})::int as nights,
             ar.name as room, ar.board_basis, ar.occupancy::int as occupancy,
             tb.rooms::int as rooms,
             coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
             (b.created_at at time zone ${londonZoneSql})::date::text as booking_date,
             t.name as tour, px.lead as lead_passenger, px.names as passengers,
             tb.guests::int as guests,
             nullif(concat_ws(' / ', nullif(btrim(b.special_request), ''), nullif(btrim(tb.special_requests), '')), '') as special_requests,
             case when ${cancelled} then 'Cancelled' else b.status end as status
      ${from}
      left join resorts rs on rs.id = a.resort_id
      left join suppliers s on s.id = a.supplier_id
      ${linePassengers}
      where ${where}
      order by ${ORDER[input.order_by]}`,
    groupBy,
    emptyText: 'No rooms are booked for these filters.',
  };
}

/**
 * The rooming report's accommodation list (POST reports/rooming/accommodation-list): accommodation
 * of resort `resortId` and/or supplier `supplierId` (neither: all), [{id, name}] by name.
 */
export function roomingAccommodationList(
  db: Db,
  input: { resort_id?: number; supplier_id?: number },
): Promise<Array<{ id: number; name: string }>> {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select id, accommodation_name as name from accommodations
        where ${allOf(
          input.resort_id !== undefined ? sql`resort_id = ${input.resort_id}` : null,
          input.supplier_id !== undefined ? sql`supplier_id = ${input.supplier_id}` : null,
        )}
        order by lower(accommodation_name), id`,
  );
}
