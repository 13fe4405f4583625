import { type SQL, sql } from 'drizzle-orm';
import type { DepartureCustomerReportInput } from '../../../../shared/api/reports';
import { type Db, queryRows } from '../../../db/client';
import { londonZoneSql } from '../../../lib/dates';
import { changesPending } from '../../bookings';
import { allOf, dateBetween, filterLines, londonDaysBetween, nameOf, rangeText } from '../filters';
import type { ReportSpec } from '../sheet';

interface DepartureCustomerRow {
  [k: string]: unknown;
  booking_ref: string;
  booking_date: string;
  tour: string;
  departure_date: string;
  departure_point: string | null;
  room: string | null;
  title: string | null;
  first_name: string;
  last_name: string;
  dob: string | null;
  passport_no: string | null;
  passport_expiry: string | null;
  passport_nationality: string | null;
  customer: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
}

/** Ids as a Postgres int[] parameter ('{3,7}'): one parameter however long the list. */
const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The customer choice of spec 3 §4: all, all but the excluded ones, or only the chosen ones. */
function customerCondition(input: DepartureCustomerReportInput): SQL | null {
  if (input.filterMode === 'exclude' && input.excluded_customer.length)
    return sql`(b.customer_id is null or not (b.customer_id = any(${idArray(input.excluded_customer)})))`;
  if (input.filterMode === 'only' && input.only_customer.length)
    return sql`b.customer_id = any(${idArray(input.only_customer)})`;
  return null;
}

/** 'Mrs Ann Lee, Mr Tom Hill' — or '12 customers' past five names — for the filters line. */
async function customerNames(db: Db, ids: number[]): Promise<string> {
  if (ids.length > 5) return `${ids.length} customers`;
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select concat_ws(' ', nullif(btrim(title), ''), first_name, last_name) as name
        from customers where id = any(${idArray(ids)}) order by lower(last_name), lower(first_name), id`,
  );
  return rows.map((r) => r.name).join(', ') || ids.map((id) => `#${id}`).join(', ');
}

/**
 * The home line of each passenger: the lines it is allocated to (tour_booking_passengers); a
 * passenger allocated to none goes on its booking's first line with nobody allocated (else its first
 * line), by departure then line — so every passenger appears once per line they travel on, and a
 * booking's unallocated passengers once.
 */
const linePassengers = sql`join lateral (
    select p.* from tour_booking_passengers tbp join passengers p on p.id = tbp.passenger_id
    where tbp.tour_booking_id = tb.id
    union all
    select p.* from passengers p
    where p.holiday_booking_id = b.id
      and not exists (select 1 from tour_bookings y join tour_booking_passengers x on x.tour_booking_id = y.id
                      where y.holiday_booking_id = b.id and x.passenger_id = p.id)
      and tb.id = (
        select y.id from tour_bookings y join tour_instances yi on yi.id = y.tour_instance_id
        where y.holiday_booking_id = b.id
        order by exists (select 1 from tour_booking_passengers z where z.tour_booking_id = y.id),
                 yi.departure_date, y.id
        limit 1)
  ) p on true`;

/**
 * Booking customer detail (POST reports/departure-customer-details, Departure-Report.xlsx; spec 3
 * §3 customer filter modes, §4, §5 'no effective validation', §7; issue #15): one row per passenger
 * of a live (not cancelled) booking per tour line departing in the range (the line's instance
 * date) — ref, booking date, tour, departure, the instance's pickup point or departure airport
 * ('Self drive' for self drive), room ('Accommodation – Room'), passenger title, first and last
 * name, date of birth, passport number, expiry and nationality (only when the tour asks for
 * passport details, tours.is_passport_details_required; blank otherwise), and the booking
 * customer's name, email, phone and mobile.
 *
 * Filters: departure range, booking range (London days of created_at), tour, unaccepted_only (the
 * customer has not accepted the latest changes: work-lists `changesPending`), filterMode all |
 * exclude (excluded_customer) | only (only_customer) on the booking's customer; an empty list does
 * not restrict. Ordered by departure, tour, ref, passenger (id). No totals.
 */
export async function departureCustomersReport(
  db: Db,
  input: DepartureCustomerReportInput,
): Promise<ReportSpec<DepartureCustomerRow>> {
  const where = allOf(
    sql`b.cancelled_at is null and b.status <> 'Cancelled'`,
    dateBetween(sql`i.departure_date`, input.departure_from_date, input.departure_to_date),
    // bookings.departure_date is the earliest of the lines: an upper bound on it lets the
    // booking-side indexes (bookings_live_departure_idx) serve the departure range too.
    input.departure_to_date ? sql`b.departure_date <= ${input.departure_to_date}::date` : null,
    londonDaysBetween(sql`b.created_at`, input.booking_from_date, input.booking_to_date),
    input.tour_id !== undefined ? sql`tb.tour_id = ${input.tour_id}` : null,
    input.unaccepted_only ? changesPending : null,
    customerCondition(input),
  );
  const from = sql`from tour_bookings tb
      join bookings b on b.id = tb.holiday_booking_id
      join tour_instances i on i.id = tb.tour_instance_id
      join tours t on t.id = tb.tour_id
      ${linePassengers}`;

  const [tourName, only, excluded] = await Promise.all([
    input.tour_id !== undefined ? nameOf(db, 'tours', input.tour_id) : null,
    input.filterMode === 'only' && input.only_customer.length ? customerNames(db, input.only_customer) : null,
    input.filterMode === 'exclude' && input.excluded_customer.length
      ? customerNames(db, input.excluded_customer)
      : null,
  ]);

  return {
    title: 'Booking Customer Detail',
    fileName: 'Departure-Report.xlsx',
    filters: filterLines(
      rangeText('Departure', input.departure_from_date, input.departure_to_date),
      rangeText('Booking date', input.booking_from_date, input.booking_to_date),
      tourName && `Tour: ${tourName}`,
      input.unaccepted_only && 'Changes not accepted only',
      only && `Only customers: ${only}`,
      excluded && `Excluding customers: ${excluded}`,
      'Live bookings',
    ),
    columns: [
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'booking_date', header: 'Booking date', kind: 'date' },
      { key: 'tour', header: 'Tour', kind: 'text' },
      { key: 'departure_date', header: 'Departure', kind: 'date' },
      { key: 'departure_point', header: 'Pickup point / airport', kind: 'text' },
      { key: 'room', header: 'Room', kind: 'text' },
      { key: 'title', header: 'Title', kind: 'text' },
      { key: 'first_name', header: 'First name', kind: 'text' },
      { key: 'last_name', header: 'Last name', kind: 'text' },
      { key: 'dob', header: 'Date of birth', kind: 'date' },
      { key: 'passport_no', header: 'Passport number', kind: 'text' },
      { key: 'passport_expiry', header: 'Passport expiry', kind: 'date' },
      { key: 'passport_nationality', header: 'Nationality', kind: 'text' },
      { key: 'customer', header: 'Customer', kind: 'text' },
      { key: 'email', header: 'Customer email', kind: 'text' },
      { key: 'phone', header: 'Phone', kind: 'text' },
      { key: 'mobile', header: 'Mobile', kind: 'text' },
    ],
    count: sql`select count(*)::int as n ${from} where ${where}`,
    query: sql`
      select coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
             (b.created_at at time zone ${londonZoneSql})::date::text as booking_date,
             t.name as tour, i.departure_date::text as departure_date,
             case when i.self_drive then 'Self drive'
                  else coalesce(pp.pickup_point_name, ap.airport_name || ' (' || ap.iata_code || ')') end as departure_point,
             case when a.id is not null then a.accommodation_name || ' – ' || ar.name end as room,
             nullif(btrim(p.title), '') as title, p.first_name, p.last_name, p.dob::text as dob,
             case when t.is_passport_details_required then p.passport_no end as passport_no,
             case when t.is_passport_details_required then p.passport_expiry::text end as passport_expiry,
             case when t.is_passport_details_required then p.passport_nationality end as passport_nationality,
             nullif(concat_ws(' ', nullif(btrim(c.title), ''), c.first_name, c.last_name), '') as customer,
             c.email, c.phone_number as phone, c.mobile_number as mobile
      ${from}
      left join pickup_points pp on pp.id = i.pickup_point_id
      left join airports ap on ap.id = i.departure_airport_id
      left join tour_rooms tr on tr.id = tb.tour_room_id
      left join tour_accommodations ta on ta.id = tr.tour_accommodation_id
      left join accommodations a on a.id = ta.accommodation_id
      left join accommodation_rooms ar on ar.id = tr.accommodation_room_id
      left join customers c on c.id = b.customer_id
      where ${where}
      order by i.departure_date, lower(t.name), t.id, booking_ref, b.id, p.id, tb.id`,
    emptyText: 'No passengers depart for these filters.',
  };
}
