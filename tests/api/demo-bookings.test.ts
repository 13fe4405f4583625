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
});
