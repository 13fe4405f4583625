import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../client';
import { seedReference } from './reference';
import { seedScale } from './scale';

// Reference data and a small scale load on an in-memory PGlite.
describe('seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(database.db, query))[0];

  it('loads countries with the United Kingdom at id 220 and UK departure airports', async () => {
    await seedReference(database.db);
    await seedReference(database.db); // idempotent
    const uk = await one<{ id: number; name: string }>(
      sql`select id, name from countries where iso_code = 'GB'`,
    );
    expect(Number(uk.id)).toBe(220);
    expect(uk.name).toBe('United Kingdom');
    const lhr = await one<{ country_code: string; country_id: number; is_departure_airport: boolean }>(
      sql`select country_code, country_id, is_departure_airport from airports where iata_code = 'LHR'`,
    );
    expect(lhr).toMatchObject({ country_code: 'GB', is_departure_airport: true });
    expect(Number(lhr.country_id)).toBe(220);
    const counts = await one<{ countries: number; dups: number; settings: number }>(sql`
      select (select count(*) from countries)::int as countries,
        (select count(*) from (select iata_code from airports group by 1 having count(*) > 1) d)::int as dups,
        (select count(*) from system_settings)::int as settings`);
    expect(counts.countries).toBeGreaterThan(240);
    expect(counts.dups).toBe(0);
    expect(counts.settings).toBeGreaterThanOrEqual(4);
  });

  it('generates consistent scale data', async () => {
    await seedScale(database.db, 2000);
    const c = await one<Record<string, number>>(sql`
      select (select count(*) from bookings)::int as bookings,
        (select count(*) from tour_bookings)::int as lines,
        (select count(*) from passengers)::int as passengers,
        (select count(*) from payments)::int as payments,
        (select count(*) from customers)::int as customers,
        (select count(*) from agents)::int as agents,
        (select count(*) from tours)::int as tours,
        (select count(distinct tour_type) from tours)::int as tour_types,
        (select count(*) from bookings where old_booking_id is not null)::int as old,
        (select count(*) from bookings where status = 'Cancelled')::int as cancelled,
        (select count(*) from room_availability)::int as availability,
        (select count(*) from room_availability where remaining_availability < 0)::int as negative,
        (select count(*) from room_availability where availability <>
          remaining_availability + confirmed_locked_availability + locked_availability)::int as unbalanced,
        (select sum(confirmed_locked_availability)::int from room_availability) as confirmed,
        (select sum(locked_availability)::int from room_availability) as unconfirmed,
        (select count(*) from bookings where rooms_confirmed <> (status in ('Confirmed', 'Paid')))::int as bad_flags,
        (select count(*) from bookings where booking_ref is not null and booking_ref <> 'HB' || (100000 + id))::int as bad_refs,
        (select count(*) from bookings where details_missing)::int as details_missing,
        (select count(*) from bookings b where b.paid <> coalesce((select sum(payment_amount) from payments p
          where p.holiday_booking_id = b.id), 0) or b.balance <> greatest(b.total_due - b.paid, 0))::int as bad_money`);
    expect(c.bookings).toBe(2000);
    expect(c.lines).toBe(2000 - c.old);
    expect(c.old).toBeGreaterThan(20);
    expect(c.cancelled).toBeGreaterThan(40);
    expect(c.passengers).toBeGreaterThan(3000);
    expect(c.payments).toBeGreaterThan(1500);
    expect(c.customers).toBeGreaterThanOrEqual(700);
    expect(c.agents).toBe(150);
    expect(c.tours).toBe(40);
    expect(c.tour_types).toBe(4);
    expect(c.availability).toBeGreaterThan(0);
    expect(c.negative).toBe(0);
    // Booked rooms are Confirmed or Unconfirmed by their booking's status; every night adds up.
    expect(c.unbalanced).toBe(0);
    expect(c.confirmed).toBeGreaterThan(0);
    expect(c.unconfirmed).toBeGreaterThan(0);
    expect(c.bad_flags).toBe(0);
    expect(c.bad_refs).toBe(0);
    expect(c.bad_money).toBe(0);
    // Loaded with the triggers off (replica role), each booking's details-missing flag is set
    // afterwards, set-based (migration 0030), and agrees with the rule.
    // The per-booking recompute the triggers use finds nothing to change.
    expect(c.details_missing).toBeGreaterThan(0);
    await database.db.execute(
      sql`create temp table flags_before as select id, details_missing from bookings`,
    );
    await database.db.execute(sql`select booking_details_missing_refresh(array(select id from bookings))`);
    const changed = await one<{ n: number }>(sql`select count(*)::int as n from bookings b
      join flags_before f on f.id = b.id where f.details_missing <> b.details_missing`);
    expect(changed.n).toBe(0);
    // Asking again for no more bookings than exist does nothing.
    await seedScale(database.db, 2000);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from bookings`)).n).toBe(2000);
  }, 60_000);
});
