import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../src/server/db/client';
import { createTestDatabase } from '../helpers/db';
import { createBookableInstance, createCustomer } from '../helpers/factories';
import { type ServerProcess, startServerProcess } from '../helpers/server';

// DESIGN.md §7: the server keeps no state between requests, so any number of processes can share
// one PostgreSQL. Two processes start at once (migrations run once under a lock), a token issued by
// one works on the other, and a logout on one is seen by the other. Runs when TEST_DATABASE_URL is set.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void>;
  let db: Db;
  beforeAll(async () => {
    const database = await createTestDatabase('postgres');
    drop = database.drop;
    db = database.db;
    const url = database.url as string;
    const env = {
      DATABASE_URL: url,
      SEED: 'none',
      ADMIN_EMAIL: 'first.admin@test.test',
      ADMIN_PASSWORD: 'first-admin-pass',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    // SIGTERM stops each process cleanly.
    if (a) expect(await a.stop()).toBe(0);
    if (b) expect(await b.stop()).toBe(0);
    await drop?.().catch(() => {});
  });

  /** Signs in the first admin on process a; answers the token. */
  const signIn = async () => {
    const login = await fetch(`${a.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first.admin@test.test', password: 'first-admin-pass' }),
    });
    return (await login.json()).Token as string;
  };
  /** Sends the same booking `n` times at once, alternately to each process; answers status and message. */
  const raceBookings = (token: string, n: number, booking: object) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        fetch(`${(i % 2 ? a : b).url}/api/bookings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(booking),
        }).then(async (r) => ({ status: r.status, message: (await r.json()).message as string })),
      ),
    );

  it('sells the last room once when 50 attempts arrive at both processes at the same time', async () => {
    const Token = await signIn();
    const customer = await createCustomer(db);
    const inst = await createBookableInstance(db, { rooms: 1 });
    const statuses = (
      await raceBookings(Token, 50, {
        customer_id: customer.id,
        tour_bookings: [
          {
            tour_id: inst.tour.id,
            tour_instance_id: inst.instance.id,
            tour_room_id: inst.tourRoom.id,
            guests: 2,
            rooms: 1,
          },
        ],
      })
    ).map((x) => x.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const nights = await queryRows<{ r: number }>(
      db,
      sql`select remaining_availability as r from room_availability where accommodation_room_id = ${inst.room.id}`,
    );
    expect(nights.map((n) => n.r)).toEqual([0, 0, 0, 0]);
  });

  it('sells exactly the places left when 40 one-guest bookings of a 9-place departure arrive at both processes', async () => {
    const Token = await signIn();
    const customer = await createCustomer(db);
    const inst = await createBookableInstance(db, { rooms: 50 });
    await db.execute(sql`update tour_instances set tour_places = 9 where id = ${inst.instance.id}`);
    const answers = await raceBookings(Token, 40, {
      customer_id: customer.id,
      tour_bookings: [
        {
          tour_id: inst.tour.id,
          tour_instance_id: inst.instance.id,
          tour_room_id: inst.tourRoom.id,
          guests: 1,
          rooms: 1,
        },
      ],
    });
    expect(answers.filter((x) => x.status === 200)).toHaveLength(9);
    const refused = answers.filter((x) => x.status === 409);
    expect(refused).toHaveLength(31);
    expect(refused[0].message).toBe(
      `Sorry, ${inst.tour.name} departing 01/06/2027 is full: no places are left. Nothing was booked.`,
    );
    const [{ guests }] = await queryRows<{ guests: number }>(
      db,
      sql`select coalesce(sum(guests), 0)::int as guests from tour_bookings where tour_instance_id = ${inst.instance.id}`,
    );
    expect(guests).toBe(9);
    // Every room taken is held, as Unconfirmed (the bookings are pending): the nights add up.
    const nights = await queryRows<{ a: number; r: number; c: number; u: number }>(
      db,
      sql`select availability as a, remaining_availability as r, confirmed_locked_availability as c,
                 locked_availability as u
          from room_availability where accommodation_room_id = ${inst.room.id}`,
    );
    expect(nights.map((n) => [n.a, n.r, n.c, n.u])).toEqual(Array(4).fill([50, 41, 0, 9]));
  });

  it('accepts on one process a token issued by the other, and honours a logout across them', async () => {
    const login = await fetch(`${a.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first.admin@test.test', password: 'first-admin-pass' }),
    });
    expect(login.status).toBe(200);
    const { Token, user_role } = await login.json();
    expect(user_role).toBe(1);
    const auth = { authorization: `Bearer ${Token}` };

    const details = await fetch(`${b.url}/api/details`, { method: 'POST', headers: auth });
    expect(details.status).toBe(200);
    expect((await details.json()).data.email).toBe('first.admin@test.test');
    const table = await fetch(`${b.url}/api/bookings/table?draw=1&start=0&length=25`, { headers: auth });
    expect(table.status).toBe(200);

    expect((await fetch(`${b.url}/api/logout`, { method: 'POST', headers: auth })).status).toBe(200);
    expect((await fetch(`${a.url}/api/details`, { method: 'POST', headers: auth })).status).toBe(401);
  });
});
