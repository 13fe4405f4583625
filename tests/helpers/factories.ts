import type { Db } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';

// One-line builders for API tests. Each returns the new row; pass only what the test cares about.

let seq = 0;
const next = () => ++seq;

export async function createCustomer(db: Db, c: Partial<typeof s.customers.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(s.customers)
    .values({
      first_name: `First${n}`,
      last_name: `Last${n}`,
      postcode: 'SW1A 1AA',
      email: `c${n}@example.test`,
      ...c,
    })
    .returning();
  return row;
}

export async function createAgent(db: Db, a: Partial<typeof s.agents.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(s.agents)
    .values({ name: `Agency ${n}`, abta: `P${1000 + n}`, commission: '10.00', postcode: 'M1 1AA', ...a })
    .returning();
  return row;
}

export async function createAffiliate(db: Db, a: Partial<typeof s.affiliates.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(s.affiliates)
    .values({ name: `Affiliate ${n}`, code: `AFF${n}`, ...a })
    .returning();
  return row;
}

/** A coach tour with one group, one instance on `departure_date`, one hotel room offered. */
export async function createTourInstance(
  db: Db,
  opts: { departure_date?: string; tour_type?: 'air' | 'coach' } = {},
) {
  const n = next();
  const departure = opts.departure_date ?? '2027-06-01';
  const [tour] = await db
    .insert(s.tours)
    .values({ name: `Tour ${n}`, tour_type: opts.tour_type ?? 'coach', duration: 5 })
    .returning();
  const [group] = await db
    .insert(s.tour_groups)
    .values({ tour_id: tour.id, start_date: departure, base_price: '499.00' })
    .returning();
  const [instance] = await db
    .insert(s.tour_instances)
    .values({ tour_id: tour.id, tour_group_id: group.id, departure_date: departure, base_price: '499.00' })
    .returning();
  const [hotel] = await db
    .insert(s.accommodations)
    .values({ accommodation_name: `Hotel ${n}` })
    .returning();
  const [room] = await db
    .insert(s.accommodation_rooms)
    .values({ accommodation_id: hotel.id, name: 'Twin Room', board_basis: 'Half Board', occupancy: 2 })
    .returning();
  const [tourAcc] = await db
    .insert(s.tour_accommodations)
    .values({ tour_id: tour.id, accommodation_id: hotel.id, check_in_day: 1, check_out_day: 5 })
    .returning();
  const [tourRoom] = await db
    .insert(s.tour_rooms)
    .values({ tour_accommodation_id: tourAcc.id, accommodation_room_id: room.id, supplement: '25.00' })
    .returning();
  return { tour, group, instance, hotel, room, tourRoom };
}

/** A booking with one tour line on `instance` (when given). created_at is ISO; dates YYYY-MM-DD. */
export async function createBooking(
  db: Db,
  b: Partial<typeof s.bookings.$inferInsert> & {
    instance?: { id: number; tour_id: number; departure_date: string };
    airline_ref?: string;
  } = {},
) {
  const { instance, airline_ref, ...fields } = b;
  const n = next();
  const [booking] = await db
    .insert(s.bookings)
    .values({
      booking_ref: fields.old_booking_id ? null : `HB${900000 + n}`,
      departure_date: instance?.departure_date,
      changes_accepted: 1,
      ...fields,
    })
    .returning();
  if (instance) {
    await db.insert(s.tour_bookings).values({
      holiday_booking_id: booking.id,
      tour_id: instance.tour_id,
      tour_instance_id: instance.id,
      guests: 2,
      rooms: 1,
      price: '524.00',
      airline_ref,
    });
  }
  return booking;
}

/**
 * Availability of an accommodation room: `availability` rooms on each of `nights` nights from
 * `from` (YYYY-MM-DD), all still remaining.
 */
export async function createAvailability(
  db: Db,
  accommodationRoomId: number,
  from: string,
  nights: number,
  availability: number,
) {
  const start = new Date(`${from}T00:00:00Z`);
  const rows = Array.from({ length: nights }, (_, i) => {
    const d = new Date(start);
    d.setUTCDate(d.getUTCDate() + i);
    return {
      accommodation_room_id: accommodationRoomId,
      availability_date: d.toISOString().slice(0, 10),
      availability,
      remaining_availability: availability,
    };
  });
  await db.insert(s.room_availability).values(rows);
}

/**
 * A tour instance (see createTourInstance) whose room has `rooms` rooms on every night of its stay
 * (departure + 4 nights), ready to be booked through the API.
 */
export async function createBookableInstance(
  db: Db,
  opts: { departure_date?: string; tour_type?: 'air' | 'coach'; rooms?: number } = {},
) {
  const t = await createTourInstance(db, opts);
  await createAvailability(db, t.room.id, t.instance.departure_date, 4, opts.rooms ?? 10);
  return t;
}
