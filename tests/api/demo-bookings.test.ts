import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBookingDetail } from '../../src/server/areas/bookings/detail';
import { queryRows } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo';
import { createTestDatabase } from '../helpers/db';

// The demo operator's bookings carry the figures the spec's formulas give (spec 1 §9), so a
// booking opened on screen shows the same totals the server would store after any change.
describe('demo bookings', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDemo(database.db, { log: () => {} });
  }, 180_000);
  afterAll(async () => database?.close());

  it('store total due, paid and balance exactly as the formulas compute them', async () => {
    // A sample across every kind: agent bookings (commission and VAT), discounts, extras, cancelled,
    // and imports from the old system (charged what it invoiced).
    const ids = await queryRows<{ id: number }>(
      database.db,
      sql`(select id from bookings where agent_id is not null and cancelled_at is null order by id limit 15)
          union (select holiday_booking_id from booking_discounts order by 1 limit 15)
          union (select holiday_booking_id from booking_extras order by 1 limit 15)
          union (select id from bookings where cancelled_at is not null and old_booking_id is null order by id limit 15)
          union (select id from bookings where customer_id is not null order by id desc limit 15)
          union (select id from bookings where old_booking_id is not null order by id limit 15)`,
    );
    expect(ids.length).toBeGreaterThan(50);
    for (const { id } of ids) {
      const b = (await getBookingDetail(database.db, id)).data.booking[0];
      expect({ id, total_due: b.total_due, paid: b.paid, balance: b.balance }).toEqual({
        id,
        total_due: b.totals.total_due,
        paid: b.totals.paid,
        balance: b.totals.balance,
      });
    }
  });

  /** Nights that do not add up or do not hold what the live bookings hold; departures overfilled. */
  const stockProblems = async () => {
    const nights = await queryRows<{ id: number }>(
      database.db,
      sql`with held as (
            select ra.id,
                   coalesce(sum(tb.rooms) filter (where b.status in ('Confirmed', 'Paid')), 0)::int as confirmed,
                   coalesce(sum(tb.rooms) filter (where b.status = 'Pending'), 0)::int as unconfirmed
            from tour_bookings tb
            join bookings b on b.id = tb.holiday_booking_id and b.cancelled_at is null
            join tour_rooms tr on tr.id = tb.tour_room_id
            join room_availability ra on ra.accommodation_room_id = tr.accommodation_room_id
             and ra.availability_date >= tb.check_in_date and ra.availability_date < tb.check_out_date
            group by ra.id)
          select ra.id from room_availability ra left join held h on h.id = ra.id
          where ra.availability <> ra.remaining_availability + ra.confirmed_locked_availability + ra.locked_availability
             or ra.confirmed_locked_availability <> coalesce(h.confirmed, 0)
             or ra.locked_availability <> coalesce(h.unconfirmed, 0)`,
    );
    const flags = await queryRows<{ id: number }>(
      database.db,
      sql`select id from bookings
          where rooms_confirmed <> (cancelled_at is null and status in ('Confirmed', 'Paid'))`,
    );
    const overfull = await queryRows<{ id: number }>(
      database.db,
      sql`select i.id from tour_instances i join tour_groups g on g.id = i.tour_group_id join tours t on t.id = i.tour_id
          where coalesce(i.tour_places, g.available_places, t.tour_places) <
                (select coalesce(sum(tb.guests), 0) from tour_bookings tb join bookings b on b.id = tb.holiday_booking_id
                 where tb.tour_instance_id = i.id and b.cancelled_at is null)`,
    );
    return { nights: nights.length, flags: flags.length, overfull: overfull.length };
  };

  it('every availability night adds up: availability = remaining + Confirmed + Unconfirmed; no departure is overfull (issue #10)', async () => {
    const [{ confirmed, unconfirmed }] = await queryRows<{ confirmed: number; unconfirmed: number }>(
      database.db,
      sql`select sum(confirmed_locked_availability)::int as confirmed, sum(locked_availability)::int as unconfirmed
          from room_availability`,
    );
    expect(confirmed).toBeGreaterThan(0);
    expect(unconfirmed).toBeGreaterThan(0);
    expect(await stockProblems()).toEqual({ nights: 0, flags: 0, overfull: 0 });
  });

  it('the migration that brought in Confirmed / Unconfirmed rebuilds them on a database that had none', async () => {
    // The state before migration 0011: no booking's rooms confirmed, both columns 0 everywhere.
    await database.db.execute(sql`update bookings set rooms_confirmed = false`);
    await database.db.execute(
      sql`update room_availability set confirmed_locked_availability = 0, locked_availability = 0`,
    );
    expect((await stockProblems()).nights).toBeGreaterThan(0);
    const file = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../src/server/db/migrations/0011_rooms_confirmed_places.sql',
    );
    const backfill = (await readFile(file, 'utf8'))
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => !s.startsWith('ALTER TABLE'));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await database.db.execute(sql.raw(statement));
    expect(await stockProblems()).toEqual({ nights: 0, flags: 0, overfull: 0 });
  });
});
