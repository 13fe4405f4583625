import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/users/service';
import { AGENT_MESSAGES } from '../../src/shared/api/agent-side';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBookableInstance, createCustomer } from '../helpers/factories';

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const person = (first: string, last = 'Hay') => ({ title: 'Mrs', first_name: first, last_name: last });

// Issue #25, 'Book for a client': an agency lists what it may book, quotes and books for its
// client through staff's own rules (price, totals, locks), and the office sees the booking.
describe.each(testDbKinds)("the agent's booking for a client on %s", (kind) => {
  let t: TestContext;
  const { call, detail, lineOf } = bookingCalls(() => t);
  let token: string;
  let agency: typeof s.agents.$inferSelect;
  let main: Awaited<ReturnType<typeof createBookableInstance>>;
  let hidden: Awaited<ReturnType<typeof createBookableInstance>>;
  let man: number;
  let lgw: number;
  const agent = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/agent${url}`, headers: bearer(token), payload });
  const bookingCount = async () =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from bookings`))[0].n;

  beforeAll(async () => {
    t = await createTestContext(kind);
    await t.db.execute(
      sql`insert into system_settings (name, value) values ('default_vat_percent', '20')
          on conflict (name) do update set value = excluded.value`,
    );
    agency = await createAgent(t.db, {
      name: 'Sunway Travel',
      email: 'desk@sunway.test',
      commission: '12.35',
      password_hash: await hashPassword('agency-pass-1'),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agent/sign-in',
      payload: { email: 'desk@sunway.test', password: 'agency-pass-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    token = res.json().token;
    [{ id: man }, { id: lgw }] = await t.db
      .insert(s.airports)
      .values([
        { airport_name: 'Manchester', iata_code: 'XMA', country_code: 'GB', is_departure_airport: true },
        { airport_name: 'Gatwick', iata_code: 'XGW', country_code: 'GB', is_departure_airport: true },
      ])
      .returning();
    // 524.00 a guest (499.00 + 25.00 supplement), on sale at 504.99; 10 places; £100 deposit a guest.
    main = await createBookableInstance(t.db, { departure_date: daysFromNow(200), rooms: 10 });
    await t.db.execute(
      sql`update tour_instances set tour_places = 10, base_sale_price = '479.99', departure_airport_id = ${man},
                 deposit_price = '100.00', base_cost = '300.00'
          where id = ${main.instance.id}`,
    );
    hidden = await createBookableInstance(t.db, { departure_date: daysFromNow(200) });
    await t.db.execute(sql`update tours set is_suppressed = true where id = ${hidden.tour.id}`);
  });
  afterAll(async () => t?.close());

  const input = (guests: number, names = guests) => ({
    tour_instance_id: main.instance.id,
    tour_room_id: main.tourRoom.id,
    guests,
    passengers: ['Ann', 'Tom', 'Eve', 'Joe'].slice(0, names).map((n) => person(n)),
  });

  it('lists tours, UK airports, departures and the rooms by staff’s offer rule — no cost anywhere', async () => {
    const tours = await agent('GET', '/tours');
    expect(tours.statusCode, tours.body).toBe(200);
    const ids = tours.json().data.map((x: { id: number }) => x.id);
    expect(ids).toContain(main.tour.id);
    expect(ids).not.toContain(hidden.tour.id);

    const airports = (await agent('GET', '/departure-airports')).json().data;
    expect(airports).toEqual(
      expect.arrayContaining([
        { id: man, name: 'Manchester (XMA)' },
        { id: lgw, name: 'Gatwick (XGW)' },
      ]),
    );

    const deps = await agent('GET', `/tours/${main.tour.id}/departures?airport_id=${man}`);
    expect(deps.statusCode, deps.body).toBe(200);
    expect(deps.json().data).toEqual([
      {
        id: main.instance.id,
        departure_date: main.instance.departure_date,
        duration: 5,
        airports: ['Manchester (XMA)'],
        places_left: 10,
        sale_closed: null,
      },
    ]);
    expect((await agent('GET', `/tours/${main.tour.id}/departures?airport_id=${lgw}`)).json().data).toEqual(
      [],
    );
    expect(
      (await agent('GET', `/tours/${main.tour.id}/departures?to=${daysFromNow(100)}`)).json().data,
    ).toEqual([]);

    const offer = await agent('GET', `/departures/${main.instance.id}/rooms`);
    expect(offer.statusCode, offer.body).toBe(200);
    const room = offer.json().data.rooms[0];
    expect(room).toMatchObject({
      tour_room_id: main.tourRoom.id,
      room: 'Twin Room',
      occupancy: 2,
      price: '504.99',
      was_price: '524.00',
      rooms_left: 10,
      for_sale: true,
      reason: null,
    });
    // The same figures as staff's add-tour panel, which does carry the cost.
    const staff = await call('POST', '/tours/get-instance-rooms', { instance_id: main.instance.id });
    expect(staff.json().data[0]).toMatchObject({
      sale_price: '504.99',
      price: '524.00',
      remaining_availability: 10,
    });
    expect(staff.body).toMatch(/cost/);
    for (const body of [tours.body, deps.body, offer.body]) expect(body).not.toMatch(/cost|supplier/i);
  });

  it('quotes what create stores, to the penny; the booking is the agency’s, Pending, with its passengers; the office sees it', async () => {
    const quote = await agent('POST', '/bookings/quote', input(3));
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json().data;
    // 3 × 504.99 = 1514.97; commission 12.35% = 187.098… → 187.10; VAT 20% of it = 37.42.
    expect(q).toMatchObject({
      guests: 3,
      rooms: 2,
      price: '504.99',
      total_due: '1514.97',
      commission_percent: '12.35',
      commission: '187.10',
      vat: '37.42',
      net_due: '1290.45',
      deposit: '300.00',
    });
    expect(quote.body).not.toMatch(/cost|supplier/i);
    const before = await bookingCount();
    expect(before).toBe(0);

    const res = await agent('POST', '/bookings', {
      ...input(3),
      agent_reference: 'SUN-42',
      special_request: 'Sea view, please.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: AGENT_MESSAGES.bookingCreated });
    const { id, booking_ref } = res.json().data;
    expect(booking_ref).toMatch(/^HB\d+$/);

    const [b] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select created_by, created_from, created_by_agent_name, agent_id, customer_id, status, changes_reviewed,
                 changes_accepted, details_missing, agent_comission_percent::text as pct, total_due::text as total_due,
                 deposit_due::text as deposit_due, balance_due::text as balance_due, special_request
          from bookings where id = ${id}`,
    );
    expect(b).toMatchObject({
      created_by: null,
      created_from: 'agent',
      created_by_agent_name: 'Sunway Travel',
      agent_id: agency.id,
      customer_id: null,
      status: 'Pending',
      changes_reviewed: 0,
      // The agency accepted it as it made it; staff still review it.
      changes_accepted: 1,
      // Every guest named (the tour asks no passports): the kept flag follows the passengers.
      details_missing: false,
      total_due: q.total_due,
      deposit_due: q.deposit_due,
      balance_due: q.balance_due,
    });
    expect(Number(b.pct)).toBe(12.35);
    expect(b.special_request).toBe("Agent's reference: SUN-42\nSea view, please.");

    // Staff's booking screen: the agent accounts equal the quote.
    const d = await detail(id);
    expect(d.totals).toMatchObject({ total_due: q.total_due, commission: q.commission, vat: q.vat });
    expect(d.totals.agent_balance).toBe(q.net_due);
    expect(d.deposit).toBe(q.deposit);
    // And the agency's own view of it.
    const mine = (await agent('GET', `/bookings/${id}`)).json().data;
    expect(mine).toMatchObject({ created_from: 'agent', created_by_agent_name: 'Sunway Travel' });
    expect(mine.accounts).toMatchObject({
      commission: q.commission,
      vat: q.vat,
      total_due: q.total_due,
      net_due: q.net_due,
      net_balance: q.net_due,
    });
    expect(d.passengers.map((p: { first_name: string }) => p.first_name)).toEqual(['Ann', 'Tom', 'Eve']);
    expect(d.tour_bookings).toHaveLength(1);
    expect(d.tour_bookings[0]).toMatchObject({ guests: 3, rooms: 2 });
    const [{ n: allocated }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from tour_booking_passengers tbp
          join tour_bookings tb on tb.id = tbp.tour_booking_id where tb.holiday_booking_id = ${id}`,
    );
    expect(allocated).toBe(3);
    const [h] = await queryRows<{ user_id: number | null; actor: string | null; comment: string }>(
      t.db,
      sql`select user_id, actor, comment from booking_history where holiday_booking_id = ${id} and action = 'Booking created'`,
    );
    expect(h).toMatchObject({ user_id: null, actor: 'agent' });
    expect(h.comment).toMatch(/^By agent Sunway Travel: /);

    // The Dashboard's 'New bookings from agents'.
    const dash = (await call('GET', '/dashboard')).json();
    expect(dash.agent_bookings.count).toBe(1);
    expect(dash.agent_bookings.bookings[0]).toMatchObject({
      id,
      reference: booking_ref,
      agency: 'Sunway Travel',
      client: 'Mrs Ann Hay',
      departure_date: main.instance.departure_date,
      total_due: '1514.97',
    });
    // Accepted by the agency as it made it: not on staff's 'Changes not accepted' work list.
    expect(dash.changes_not_accepted.bookings.map((x: { id: number }) => x.id)).not.toContain(id);
    // Staff's 'From agent' filter of the bookings list.
    const list = await call('GET', '/bookings/table?draw=1&start=0&length=10&search_by_from_agent=1');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('refuses passengers not one per guest, and a suppressed tour’s departure, with nothing saved', async () => {
    const before = await bookingCount();
    for (const url of ['/bookings/quote', '/bookings']) {
      const res = await agent('POST', url, input(2, 1));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(AGENT_MESSAGES.passengersMismatch(2));
      const gone = await agent('POST', url, {
        ...input(2),
        tour_instance_id: hidden.instance.id,
        tour_room_id: hidden.tourRoom.id,
      });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe(AGENT_MESSAGES.departureNotFound);
    }
    // A room the departure does not offer: staff's 422, on the agent's own field name.
    const room = await agent('POST', '/bookings', { ...input(2), tour_room_id: hidden.tourRoom.id });
    expect(room.statusCode).toBe(422);
    expect(Object.keys(room.json().errors)).toEqual(['tour_room_id']);
    const offer = await agent('GET', `/departures/${hidden.instance.id}/rooms`);
    expect(offer.statusCode).toBe(404);
    expect(offer.json().message).toBe(AGENT_MESSAGES.departureNotFound);
    expect((await agent('GET', '/departures/999999/rooms')).statusCode).toBe(404);
    expect((await agent('GET', `/tours/${hidden.tour.id}/departures`)).json().message).toBe(
      AGENT_MESSAGES.tourNotFound,
    );
    expect(await bookingCount()).toBe(before);
  });

  it('the race for the last places and room: the agent and the office at once — one booked, the other 409', async () => {
    // 4 places and 2 rooms a night; the office books 2 guests in 1 room: 2 places and 1 room left.
    const race = await createBookableInstance(t.db, { departure_date: daysFromNow(150), rooms: 2 });
    await t.db.execute(sql`update tour_instances set tour_places = 4 where id = ${race.instance.id}`);
    const c = await createCustomer(t.db);
    const first = await call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(race, 2)] });
    expect(first.statusCode, first.body).toBe(200);
    const offer = (await agent('GET', `/departures/${race.instance.id}/rooms`)).json().data;
    expect(offer.departure.places_left).toBe(2);
    expect(offer.rooms[0].rooms_left).toBe(1);
    const before = await bookingCount();

    const [a, o] = await Promise.all([
      agent('POST', '/bookings', {
        tour_instance_id: race.instance.id,
        tour_room_id: race.tourRoom.id,
        guests: 2,
        passengers: [person('Ann'), person('Tom')],
      }),
      call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(race, 2)] }),
    ]);
    expect([a.statusCode, o.statusCode].sort()).toEqual([200, 409]);
    expect(await bookingCount()).toBe(before + 1);
    const [{ taken }] = await queryRows<{ taken: number }>(
      t.db,
      sql`select coalesce(sum(tb.guests), 0)::int as taken from tour_bookings tb
          join bookings b on b.id = tb.holiday_booking_id
          where tb.tour_instance_id = ${race.instance.id} and b.cancelled_at is null`,
    );
    expect(taken).toBe(4);
    const rooms = await queryRows<{ r: number }>(
      t.db,
      sql`select remaining_availability as r from room_availability where accommodation_room_id = ${race.room.id}`,
    );
    expect(rooms.every((x) => x.r === 0)).toBe(true);
    // The loser left nothing behind: no passengers without a booking, no extra line.
    const [{ n: orphans }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from passengers p where not exists (select 1 from bookings b where b.id = p.holiday_booking_id)`,
    );
    expect(orphans).toBe(0);
    // Sold out now: a further agent booking is refused with 409, nothing saved.
    const late = await agent('POST', '/bookings', {
      tour_instance_id: race.instance.id,
      tour_room_id: race.tourRoom.id,
      guests: 1,
      passengers: [person('Eve')],
    });
    expect(late.statusCode).toBe(409);
    expect(await bookingCount()).toBe(before + 1);
  });
});
