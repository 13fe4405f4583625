import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { DISCOUNT_DEPARTURE_DATES_MESSAGE, DISCOUNT_PERCENT_MESSAGE } from '../../src/shared/api/discounts';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBookableInstance, createCustomer } from '../helpers/factories';

// Issue #10: a number out of range is refused with its message at the field — never clipped, never
// taken without its sign ('-400' was saved as £400.00, a 150 % commission as 100 %). The web app
// keeps what was typed; these are the server's refusals behind it, and nothing is written.
describe.each(testDbKinds)('numbers out of range on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (url: string, payload?: object, method: 'GET' | 'POST' = 'POST') =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(t.adminToken), payload });

  it('an agent: a negative credit limit and a 150 % commission are refused, the agent unchanged', async () => {
    const agent = await createAgent(t.db, { commission: '10.00', credit_limit: '500.00' });
    const res = await call(`/agents/${agent.id}`, {
      name: agent.name,
      credit_limit: '-400',
      commission: '150',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      credit_limit: ['Credit limit must be at least 0.'],
      commission: ['Commission must be at most 100.'],
    });
    const after = (await call(`/agents/${agent.id}`, undefined, 'GET')).json().data;
    expect(after).toMatchObject({ commission: '10.00', credit_limit: '500.00' });
    const created = await call('/agents', { name: 'Minus Travel', credit_limit: -400 });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ credit_limit: ['Credit limit must be at least 0.'] });
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from agents where name = 'Minus Travel'`,
    );
    expect(n).toBe(0);
  });

  it('a discount: a negative value, or a percentage above 100, is refused', async () => {
    const body = {
      code: 'MINUS',
      description: 'Typed with a minus',
      penalty_type: false,
      start_date: '2026-03-01',
      end_date: '2026-05-31',
      valid_from_date: '2025-11-01',
      valid_to_date: '2026-02-28',
    };
    let res = await call('/discounts', { ...body, value: '-400' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ value: ['Value must be at least 0.'] });
    // The dates' rule speaks on the same answer, not only once the value is right.
    res = await call('/discounts', { ...body, value: '-400', end_date: '2026-02-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      value: ['Value must be at least 0.'],
      end_date: [DISCOUNT_DEPARTURE_DATES_MESSAGE],
    });
    expect((await call('/discounts', [])).statusCode).toBe(422);
    res = await call('/discounts', { ...body, value: '150', penalty_type: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ value: [DISCOUNT_PERCENT_MESSAGE] });
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from discounts where code = 'MINUS'`,
    );
    expect(n).toBe(0);
  });

  it('an extra: a negative price and a 150 % commission rate are refused', async () => {
    const res = await call('/extras', {
      extra: { name: 'Minus extra', price: '-400', cost: '0', commissionable: true, commission_rate: '150' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      price: ['Price must be at least 0.'],
      commission_rate: ['Commission rate must be at most 100.'],
    });
  });

  it('a booking: a negative tour-line price and a 150 % agent commission are refused, totals unchanged', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    const created = await call('/bookings', {
      customer_id: c.id,
      tour_bookings: [
        {
          tour_id: inst.tour.id,
          tour_instance_id: inst.instance.id,
          tour_room_id: inst.tourRoom.id,
          guests: 2,
          rooms: 1,
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const detail = async () => (await call(`/bookings/${id}`, undefined, 'GET')).json().data.booking[0];
    const before = await detail();
    const line = before.tour_bookings[0];

    let res = await call('/update-booking/update-booking-tour-supplements', {
      id: line.id,
      guests: 2,
      rooms: 1,
      price: '-400',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ price: ['Price must be at least 0.'] });

    const agent = await createAgent(t.db, { commission: '10.00' });
    res = await call(`/bookings/${id}`, { agent_id: agent.id, agent_comission_percent: '150' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ agent_comission_percent: ['Agent commission must be at most 100.'] });
    res = await call(`/bookings/${id}`, { agent_comission_percent: '-5' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ agent_comission_percent: ['Agent commission must be at least 0.'] });

    const after = await detail();
    expect(after.version).toBe(before.version);
    expect(after.agent_id).toBeNull();
    expect(after.total_due).toBe(before.total_due);
    expect(after.tour_bookings[0].price).toBe(line.price);
  });

  it('history comments write money with thousands separators', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    const created = await call('/bookings', {
      customer_id: c.id,
      tour_bookings: [
        {
          tour_id: inst.tour.id,
          tour_instance_id: inst.instance.id,
          tour_room_id: inst.tourRoom.id,
          guests: 2,
          rooms: 1,
        },
      ],
    });
    const id = created.json().data.id as number;
    const line = (await call(`/bookings/${id}`, undefined, 'GET')).json().data.booking[0].tour_bookings[0];
    const res = await call('/update-booking/update-booking-tour-supplements', {
      id: line.id,
      guests: 2,
      rooms: 1,
      price: '1959.10',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [{ comment }] = await queryRows<{ comment: string }>(
      t.db,
      sql`select comment from booking_history where holiday_booking_id = ${id} order by id desc limit 1`,
    );
    expect(comment).toContain('→ £1,959.10');
    expect(comment).toContain('Total due £3,918.20.');
  });
});
