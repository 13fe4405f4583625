import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { MESSAGES } from '../../src/shared/api/booking-edit';
import { createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBookableInstance, createCustomer } from '../helpers/factories';

// Issue #10, capacity and stock: places on a departure are a limit like rooms (7), the rooms a
// booking holds count as Confirmed or Unconfirmed so every availability row adds up (8), and a
// cancelled booking's tours, passengers, extras and discounts are read-only (9).
describe.each(testDbKinds)('capacity and stock on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  type Inst = Awaited<ReturnType<typeof createBookableInstance>>;
  const { call, detail, lineOf, newBooking } = bookingCalls(() => t);

  /** A bookable departure of a twin room with `rooms` rooms a night and `places` on the instance. */
  const departure = async (places: number | null, rooms = 30) => {
    const inst = await createBookableInstance(t.db, { departure_date: '2027-06-01', rooms });
    await t.db.execute(sql`update tour_instances set tour_places = ${places} where id = ${inst.instance.id}`);
    return inst;
  };
  /** Availability rows of a room: [availability, remaining, Confirmed, Unconfirmed] per night. */
  const nights = async (roomId: number) =>
    (
      await queryRows<{ a: number; r: number; c: number; u: number }>(
        t.db,
        sql`select availability as a, remaining_availability as r, confirmed_locked_availability as c,
                   locked_availability as u
            from room_availability where accommodation_room_id = ${roomId} order by availability_date`,
      )
    ).map((x) => [x.a, x.r, x.c, x.u]);
  const guestsOn = async (instanceId: number) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select coalesce(sum(tb.guests), 0)::int as n from tour_bookings tb
            join bookings b on b.id = tb.holiday_booking_id
            where tb.tour_instance_id = ${instanceId} and b.cancelled_at is null`,
      )
    )[0].n;
  const offer = async (inst: Inst) => {
    const res = await call('POST', '/tours/get-instance-rooms', { instance_id: inst.instance.id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  // ---- 7: places ------------------------------------------------------------------------------

  it('7: a departure with 18 places and 18 passengers is full: the next booking is refused with the departure and places left', async () => {
    const c = await createCustomer(t.db);
    const inst = await departure(18);
    expect((await offer(inst)).instance).toMatchObject({ places: 18, places_left: 18 });
    await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 16)] });
    let o = await offer(inst);
    expect(o.instance.places_left).toBe(2);
    expect(o.data[0].for_sale).toBe(true);

    // 4 guests on 2 places left: 409 naming the departure, nothing saved.
    const [{ n: before }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from bookings`,
    );
    let res = await call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(inst, 4)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Sorry, ${inst.tour.name} departing 01/06/2027 has only 2 places left. Nothing was booked.`,
    );
    const [{ n: after }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from bookings`);
    expect(after).toBe(before);
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([30, 22, 0, 8]));

    // The last two places sell; then the departure is full and its rooms are not for sale.
    await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 2)] });
    expect(await guestsOn(inst.instance.id)).toBe(18);
    o = await offer(inst);
    expect(o.instance.places_left).toBe(0);
    expect(o.data.every((r: { for_sale: boolean }) => !r.for_sale)).toBe(true);
    res = await call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(inst, 2)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Sorry, ${inst.tour.name} departing 01/06/2027 is full: no places are left. Nothing was booked.`,
    );
    expect(await guestsOn(inst.instance.id)).toBe(18);
  });

  it('issue #22 12g: the departures list (GET tours/{id}/instances) shows the places left the room panel shows', async () => {
    const c = await createCustomer(t.db);
    const inst = await departure(null);
    /** The departure's row in the list of the tour's departures. */
    const listed = async () => {
      const res = await call('GET', `/tours/${inst.tour.id}/instances`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.find((r: { id: number }) => r.id === inst.instance.id);
    };
    const agree = async (places: number | null, left: number | null) => {
      expect((await offer(inst)).instance).toMatchObject({ places, places_left: left });
      expect(await listed()).toMatchObject({ places, places_left: left });
    };
    await agree(null, null);
    // 17 places from the group (the instance's own is blank); 12 guests booked, then 2 more.
    await t.db.execute(sql`update tour_groups set available_places = 17 where id = ${inst.group.id}`);
    await agree(17, 17);
    await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 12, 6)] });
    await agree(17, 5);
    const second = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 2)] });
    await agree(17, 3);
    // A cancelled booking gives its places back on both.
    const res = await call('POST', `/bookings/${second}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    await agree(17, 5);
  });

  it('7: places fall back instance → group → tour; none set is no limit; two lines on one departure count together', async () => {
    const c = await createCustomer(t.db);
    const inst = await departure(null);
    expect((await offer(inst)).instance).toMatchObject({ places: null, places_left: null });
    await t.db.execute(sql`update tours set tour_places = 3 where id = ${inst.tour.id}`);
    expect((await offer(inst)).instance.places_left).toBe(3);
    await t.db.execute(sql`update tour_groups set available_places = 5 where id = ${inst.group.id}`);
    expect((await offer(inst)).instance.places_left).toBe(5);
    // Two lines of 3 on the same departure: 6 guests on 5 places.
    const res = await call('POST', '/bookings', {
      customer_id: c.id,
      tour_bookings: [lineOf(inst, 3), lineOf(inst, 3)],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('has only 5 places left');
    await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 3), lineOf(inst, 2)] });
    expect((await offer(inst)).instance.places_left).toBe(0);
  });

  it('7: adding a tour and more guests on a line are held to the places; fewer guests and cancelling give places back', async () => {
    const c = await createCustomer(t.db);
    const inst = await departure(6);
    const a = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 2)] });
    const b = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 2)] });
    // Add tour: 3 more on 2 left.
    let res = await call('POST', `/update-booking/${a}/update-tours`, lineOf(inst, 3));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('has only 2 places left');
    // More guests on a line: 2 → 5 needs 3 places, 2 are left.
    const line = (await detail(b)).tour_bookings[0];
    const edit = (guests: number) =>
      call('POST', '/update-booking/update-booking-tour-supplements', {
        id: line.id,
        guests,
        rooms: Math.ceil(guests / 2),
        price: line.price,
      });
    res = await edit(5);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('has only 2 places left');
    expect((await detail(b)).tour_bookings[0].guests).toBe(2);
    expect((await edit(4)).statusCode).toBe(200);
    expect(await guestsOn(inst.instance.id)).toBe(6);
    expect((await edit(1)).statusCode).toBe(200);
    expect(await guestsOn(inst.instance.id)).toBe(3);
    // Cancelling gives its places back.
    res = await call('POST', `/bookings/${a}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await offer(inst)).instance.places_left).toBe(5);
    res = await call('POST', `/update-booking/${b}/update-tours`, lineOf(inst, 5));
    expect(res.statusCode, res.body).toBe(200);
    expect(await guestsOn(inst.instance.id)).toBe(6);
  });

  it('7: sells exactly the places left: 30 concurrent one-guest bookings on 7 places give 7 bookings and 23 refusals', async () => {
    const c = await createCustomer(t.db);
    const inst = await departure(7, 40);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(inst, 1)] }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(7);
    expect(codes.filter((s) => s === 409)).toHaveLength(23);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toMatch(
      /^Sorry, Tour \d+ departing 01\/06\/2027 is full: no places are left\. Nothing was booked\.$/,
    );
    expect(await guestsOn(inst.instance.id)).toBe(7);
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([40, 33, 0, 7]));
  });

  it('7: concurrent guest increases on lines of different bookings never overfill the departure', async () => {
    const c = await createCustomer(t.db);
    const inst = await departure(10, 40);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 1)] }));
    const lines = await Promise.all(ids.map(async (id) => (await detail(id)).tour_bookings[0]));
    // Each asks for 1 → 3 guests (2 more places); 5 places are left: two succeed.
    const results = await Promise.all(
      lines.map((l) =>
        call('POST', '/update-booking/update-booking-tour-supplements', {
          id: l.id,
          guests: 3,
          rooms: 2,
          price: l.price,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect(await guestsOn(inst.instance.id)).toBe(9);
  });

  // ---- 8: Confirmed and Unconfirmed -------------------------------------------------------------

  it('8: a pending booking holds Unconfirmed rooms, a paid one Confirmed; cancelling gives them back; the row always adds up', async () => {
    const c = await createCustomer(t.db);
    const inst = await departure(null, 25);
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 4)] });
    expect((await detail(id)).status).toBe('Pending');
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([25, 23, 0, 2]));
    // A deposit (no deposit set: any payment covers it) makes it Confirmed: its rooms move.
    let res = await call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: 'bacs',
      payment_amount: '100.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(id)).status).toBe('Confirmed');
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([25, 23, 2, 0]));
    // A second, pending booking's rooms sit beside them in Unconfirmed.
    const other = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 6)] });
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([25, 20, 2, 3]));
    // More guests on the confirmed booking take Confirmed rooms; a line added to it too.
    const line = (await detail(id)).tour_bookings[0];
    res = await call('POST', '/update-booking/update-booking-tour-supplements', {
      id: line.id,
      guests: 6,
      rooms: 3,
      price: line.price,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The total grew past what is paid but the deposit is still covered: still Confirmed.
    expect((await detail(id)).status).toBe('Confirmed');
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([25, 19, 3, 3]));
    // Paid in full: still Confirmed rooms.
    const due = (await detail(id)).balance;
    res = await call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: 'cheque',
      payment_amount: due,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(id)).status).toBe('Paid');
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([25, 19, 3, 3]));
    // Cancelling gives every room back, from Confirmed.
    res = await call('POST', `/bookings/${id}/cancel`, { cancellation_charge: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([25, 22, 0, 3]));
    res = await call('POST', `/bookings/${other}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([25, 25, 0, 0]));
  });

  it('8: Mark Confirmed moves an agent booking’s rooms to Confirmed; the availability screen shows them', async () => {
    const agent = await createAgent(t.db);
    const inst = await departure(null, 9);
    const id = await newBooking({ agent_id: agent.id, tour_bookings: [lineOf(inst, 2)] });
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([9, 8, 0, 1]));
    const res = await call('POST', `/bookings/${id}/agent-confirm`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([9, 8, 1, 0]));
    const table = await call(
      'GET',
      `/accommodation/room/availability/${inst.room.id}/table?draw=1&start=0&length=25&startDate=2027-06-01&endDate=2027-06-30`,
    );
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json().data[0]).toMatchObject({
      availability: 9,
      remaining_availability: 8,
      confirmed_locked_availability: 1,
      locked_availability: 0,
    });
  });

  it('8: concurrent changes that move confirmed bookings’ rooms back to Unconfirmed never deadlock', async () => {
    const c = await createCustomer(t.db);
    const inst = await departure(null, 60);
    // A second room (sleeps 4) on the same stay, and a deposit of £100 a guest, so more guests
    // take a confirmed booking back to Pending and all its rooms move.
    const [family] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into accommodation_rooms (accommodation_id, name, board_basis, occupancy)
          values (${inst.hotel.id}, 'Family Room', 'Half Board', 4) returning id`,
    );
    const [familyTourRoom] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into tour_rooms (tour_accommodation_id, accommodation_room_id, supplement)
          select tour_accommodation_id, ${family.id}, 60.00 from tour_rooms where id = ${inst.tourRoom.id} returning id`,
    );
    await t.db.execute(
      sql`insert into room_availability (accommodation_room_id, availability_date, availability, remaining_availability)
          select ${family.id}, d::date, 60, 60 from generate_series(date '2027-06-01', date '2027-06-04', interval '1 day') d`,
    );
    await t.db.execute(sql`update tours set deposit_price = 100.00 where id = ${inst.tour.id}`);
    // A second departure the same day (another airport, say): the same rooms and nights, but its
    // own places lock, so changes on the two departures do not queue on one instance row.
    const [second] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into tour_instances (tour_id, tour_group_id, departure_date, base_price)
          values (${inst.tour.id}, ${inst.group.id}, '2027-06-01', 499.00) returning id`,
    );
    const twinLine = (guests: number, on = inst.instance.id) => ({
      ...lineOf(inst, guests),
      tour_instance_id: on,
    });
    const familyLine = (guests: number, on = inst.instance.id) => ({
      ...lineOf(inst, guests, 1),
      tour_instance_id: on,
      tour_room_id: familyTourRoom.id,
    });
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const id = await newBooking({ customer_id: c.id, tour_bookings: [twinLine(2), familyLine(2)] });
      const res = await call('POST', '/payments', {
        holiday_booking_id: id,
        payment_method: 'bacs',
        payment_amount: '400.00',
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(id);
    }
    expect(await nights(family.id)).toEqual(Array(4).fill([60, 52, 8, 0]));
    // Half add a family room on one departure, half a twin on the other: each takes its new room
    // first, then (Pending again) moves every room it holds, in both rooms — all nights locked in
    // one order first, so none waits on another in a cycle.
    const results = await Promise.all(
      ids.map((id, i) =>
        call('POST', `/update-booking/${id}/update-tours`, i % 2 ? familyLine(2) : twinLine(2, second.id)),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    for (const id of ids) expect((await detail(id)).status).toBe('Pending');
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([60, 48, 0, 12]));
    expect(await nights(family.id)).toEqual(Array(4).fill([60, 48, 0, 12]));
  });

  // ---- 9: a cancelled booking is read-only -----------------------------------------------------

  it('9: on a cancelled booking every change to tours, passengers, extras and discounts is refused; payments and notes still work', async () => {
    const c = await createCustomer(t.db);
    const inst = await departure(null, 10);
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst, 2)] });
    let res = await call('POST', '/update-booking/update-pessenger', {
      holiday_booking_id: id,
      title: 'Mrs',
      first_name: 'Ann',
      last_name: 'Smith',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [extra] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into extras (name, price) values ('Airport parking', '60.00') returning id`,
    );
    const [discount] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into discounts (code, value, penalty_type) values ('FIVE${sql.raw(String(id))}', '5.00', false) returning id`,
    );
    const [another] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into discounts (code, value, penalty_type) values ('TEN${sql.raw(String(id))}', '10.00', false) returning id`,
    );
    res = await call('POST', `/update-booking/update-extras/${id}`, {
      extras: [{ id: extra.id, pivot: { qty: 1 } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('POST', '/update-booking/update-discount', {
      holiday_booking_id: id,
      discount_applied_id: discount.id,
      discount_applied_qty: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('POST', `/bookings/${id}/cancel`, { cancellation_charge: '200.00' });
    expect(res.statusCode, res.body).toBe(200);

    const before = await detail(id);
    const line = before.tour_bookings[0];
    const passenger = before.passengers[0];
    const refused = [
      ['add a tour', () => call('POST', `/update-booking/${id}/update-tours`, lineOf(inst, 2))],
      [
        'remove a tour',
        () => call('POST', `/update-booking/remove-tour/${line.id}`, { holiday_booking_id: id }),
      ],
      [
        'edit a tour line',
        () =>
          call('POST', '/update-booking/update-booking-tour-supplements', {
            id: line.id,
            guests: 2,
            rooms: 1,
            price: '1.00',
            airline_ref: 'LATE1',
          }),
      ],
      [
        'edit its accommodation',
        () =>
          call('POST', '/bookings/tour-booking/update-accommodation', {
            tour_booking_id: line.id,
            room_id: inst.tourRoom.id,
          }),
      ],
      [
        'add a passenger',
        () =>
          call('POST', '/update-booking/update-pessenger', {
            holiday_booking_id: id,
            title: 'Mr',
            first_name: 'Bob',
            last_name: 'Smith',
          }),
      ],
      [
        'edit a passenger',
        () =>
          call('POST', '/update-booking/update-pessenger-detail', {
            id: passenger.id,
            title: 'Mrs',
            first_name: 'Anne',
            last_name: 'Smith',
          }),
      ],
      [
        'remove a passenger',
        () => call('POST', `/update-booking/remove-passenger/${passenger.id}`, { holiday_booking_id: id }),
      ],
      ['change the extras', () => call('POST', `/update-booking/update-extras/${id}`, { extras: [] })],
      [
        'apply a discount',
        () =>
          call('POST', '/update-booking/update-discount', {
            holiday_booking_id: id,
            discount_applied_id: another.id,
            discount_applied_qty: 1,
          }),
      ],
      [
        'delete a discount',
        () => call('POST', '/update-booking/delete-discount', { discount_id: before.discounts[0].pivot.id }),
      ],
    ] as const;
    for (const [what, send] of refused) {
      const r = await send();
      expect(r.statusCode, `${what}: ${r.body}`).toBe(422);
      expect(r.json().message, what).toBe(MESSAGES.cancelledReadOnly);
    }
    const after = await detail(id);
    for (const k of ['tour_bookings', 'passengers', 'extras', 'discounts', 'total_due', 'version'] as const)
      expect(after[k], k).toEqual(before[k]);
    expect(await nights(inst.room.id)).toEqual(Array(4).fill([10, 10, 0, 0]));

    // Money and notes stay open: a payment towards the cancellation charge, the special request.
    res = await call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: 'bacs',
      payment_amount: '50.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(id)).paid).toBe('50.00');
    res = await call('POST', '/update-booking/update-special-request', {
      holiday_booking_id: id,
      special_req: 'Refund to the card ending 4242',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(id)).special_request).toBe('Refund to the card ending 4242');
  });
});
