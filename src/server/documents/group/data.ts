import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/**
 * What the group documents print (spec 3 §2 Tour group 'Documents'), read in a few set-based
 * queries so a 200-booking group loads in milliseconds. A booking counts as cancelled when
 * `bookings.cancelled_at` is set; with `excludeCancellations` such bookings are not read at all.
 * A line's passengers are those allocated to it (tour_booking_passengers), else — a line with none
 * allocated — every passenger of its booking, so nobody travelling is left off a list.
 */

/** The group a document is about: its tour, start and effective duration (group, else tour). */
export interface GroupHeader {
  id: number;
  start_date: string;
  duration: number | null;
  tour_id: number;
  tour_name: string;
  tour_reference: string | null;
  tour_type: string;
}

export interface DocPassenger {
  title: string | null;
  first_name: string;
  last_name: string;
  dob: string | null;
  gender: string | null;
  passport_no: string | null;
  passport_nationality: string | null;
  passport_issue: string | null;
  passport_expiry: string | null;
}

/** One tour line of the group with its room and passengers (a rooming list row). */
export interface RoomingLine {
  line_id: number;
  booking_id: number;
  booking_ref: string;
  status: string;
  cancelled: boolean;
  special_request: string | null;
  line_special_requests: string | null;
  guests: number;
  rooms: number;
  departure_date: string;
  accommodation_id: number | null;
  accommodation_name: string | null;
  accommodation_address: string | null;
  accommodation_phone: string | null;
  room_id: number | null;
  room_name: string | null;
  board_basis: string | null;
  occupancy: number | null;
  check_in: string | null;
  check_out: string | null;
  passengers: DocPassenger[];
}

/** One flight of the group's instances, with the instance it serves and its direction. */
export interface GroupFlight {
  instance_id: number;
  flight_id: number;
  flight_number: string;
  airline: string | null;
  /** Local date-time 'YYYY-MM-DD HH:MM:SS'. */
  departure_time: string;
  arrival_time: string;
  from_iata: string;
  from_name: string;
  to_iata: string;
  to_name: string;
  departure_terminal: string | null;
  direction: 'outbound' | 'inbound';
}

/** A passenger of one line on one instance (a manifest row). */
export interface ManifestPassenger extends DocPassenger {
  instance_id: number;
  instance_label: string;
  departure_date: string;
  booking_id: number;
  booking_ref: string;
  airline_ref: string | null;
  status: string;
  cancelled: boolean;
}

/** The group and its tour; null when there is no such group. */
export async function loadGroupHeader(db: Db, groupId: number): Promise<GroupHeader | null> {
  const [g] = await queryRows<GroupHeader>(
    db,
    sql`select g.id, g.start_date::text as start_date, coalesce(g.duration, t.duration)::int as duration,
               t.id as tour_id, t.name as tour_name, t.reference as tour_reference, t.tour_type
        from tour_groups g join tours t on t.id = g.tour_id where g.id = ${groupId}`,
  );
  return g ?? null;
}

const cancelledSql = sql`b.cancelled_at is not null`;

/** The passengers of line `tb` (allocated to it, else all of booking `b`) as a JSON array. */
const passengersJson = sql`coalesce(
  (select json_agg(json_build_object('title', p.title, 'first_name', p.first_name, 'last_name', p.last_name,
            'dob', p.dob::text, 'gender', p.gender, 'passport_no', p.passport_no,
            'passport_nationality', p.passport_nationality, 'passport_issue', p.passport_issue::text,
            'passport_expiry', p.passport_expiry::text) order by p.id)
     from tour_booking_passengers tbp join passengers p on p.id = tbp.passenger_id
    where tbp.tour_booking_id = tb.id),
  (select json_agg(json_build_object('title', p.title, 'first_name', p.first_name, 'last_name', p.last_name,
            'dob', p.dob::text, 'gender', p.gender, 'passport_no', p.passport_no,
            'passport_nationality', p.passport_nationality, 'passport_issue', p.passport_issue::text,
            'passport_expiry', p.passport_expiry::text) order by p.id)
     from passengers p where p.holiday_booking_id = b.id),
  '[]'::json)`;

/**
 * The group's tour lines for the rooming list, ordered by accommodation, room, check-in and
 * booking reference. Check-in/out are the line's own dates, else the stay rule on the instance's
 * departure (shared/pricing.ts stayDates: departure + (day − 1)).
 */
export async function loadRoomingLines(
  db: Db,
  groupId: number,
  excludeCancellations: boolean,
): Promise<RoomingLine[]> {
  return queryRows<RoomingLine>(
    db,
    sql`select tb.id as line_id, b.id as booking_id,
               coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
               b.status, ${cancelledSql} as cancelled, b.special_request,
               tb.special_requests as line_special_requests, tb.guests::int as guests, tb.rooms::int as rooms,
               i.departure_date::text as departure_date,
               a.id as accommodation_id, a.accommodation_name, a.address as accommodation_address,
               a.phone_number as accommodation_phone,
               ar.id as room_id, ar.name as room_name, ar.board_basis, ar.occupancy::int as occupancy,
               coalesce(tb.check_in_date, i.departure_date + (ta.check_in_day - 1))::text as check_in,
               coalesce(tb.check_out_date, i.departure_date + (ta.check_out_day - 1))::text as check_out,
               ${passengersJson} as passengers
        from tour_bookings tb
        join bookings b on b.id = tb.holiday_booking_id
        join tour_instances i on i.id = tb.tour_instance_id
        left join tour_rooms tr on tr.id = tb.tour_room_id
        left join tour_accommodations ta on ta.id = tr.tour_accommodation_id
        left join accommodations a on a.id = ta.accommodation_id
        left join accommodation_rooms ar on ar.id = tr.accommodation_room_id
        where i.tour_group_id = ${groupId} ${excludeCancellations ? sql`and not (${cancelledSql})` : sql``}
        order by a.accommodation_name nulls last, a.id, ar.name nulls last, ar.id, check_in,
                 booking_ref, tb.id`,
  );
}

/**
 * The flights of the group's instances, each marked outbound or inbound by the rule of the
 * Airport Transfer modal (areas/groups/transfers.ts): outbound when flagged indirect outbound, or
 * — not flagged indirect inbound — when it leaves from the instance's departure airport.
 */
export async function loadGroupFlights(db: Db, groupId: number): Promise<GroupFlight[]> {
  return queryRows<GroupFlight>(
    db,
    sql`select i.id as instance_id, f.id as flight_id, f.flight_number, al.name as airline,
               f.departure_time::text as departure_time, f.arrival_time::text as arrival_time,
               fa.iata_code as from_iata, fa.airport_name as from_name,
               xa.iata_code as to_iata, xa.airport_name as to_name, f.departure_terminal,
               case when tif.indirect_outbound
                      or (not tif.indirect_inbound and fa.iata_code is not distinct from ia.iata_code)
                    then 'outbound' else 'inbound' end as direction
        from tour_instances i
        join tour_instance_flights tif on tif.tour_instance_id = i.id
        join flights f on f.id = tif.flight_id
        left join airlines al on al.id = f.airline_id
        join airports fa on fa.id = f.departure_airport_id
        join airports xa on xa.id = f.arrival_airport_id
        left join airports ia on ia.id = i.departure_airport_id
        where i.tour_group_id = ${groupId}
        order by f.departure_time, f.flight_number, i.id`,
  );
}

/** Every passenger of the group's lines, per instance, for the flight manifests. */
export async function loadManifestPassengers(
  db: Db,
  groupId: number,
  excludeCancellations: boolean,
): Promise<ManifestPassenger[]> {
  const rows = await queryRows<Omit<ManifestPassenger, keyof DocPassenger> & { passengers: DocPassenger[] }>(
    db,
    sql`select i.id as instance_id,
               coalesce(i.instance_title, ia.airport_name || ' (' || ia.iata_code || ')', 'Instance ' || i.id) as instance_label,
               i.departure_date::text as departure_date, b.id as booking_id,
               coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
               tb.airline_ref, b.status, ${cancelledSql} as cancelled, ${passengersJson} as passengers
        from tour_bookings tb
        join bookings b on b.id = tb.holiday_booking_id
        join tour_instances i on i.id = tb.tour_instance_id
        left join airports ia on ia.id = i.departure_airport_id
        where i.tour_group_id = ${groupId} ${excludeCancellations ? sql`and not (${cancelledSql})` : sql``}
        order by i.departure_date, i.id, tb.id`,
  );
  return rows.flatMap(({ passengers, ...line }) => passengers.map((p) => ({ ...line, ...p })));
}
