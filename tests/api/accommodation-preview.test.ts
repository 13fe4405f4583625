import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import { createAvailability, createBookableInstance, createCustomer } from '../helpers/factories';

// Issue #22 point 7: Edit Accommodation → Choose changed the room and the total and sent a new
// ATOL certificate in one click. POST …/update-accommodation/preview answers the room and the
// total before → after, worked out by the same move in a transaction rolled back: nothing changes.
describe.each(testDbKinds)('accommodation change preview on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const { call, detail, lineOf, newBooking } = bookingCalls(() => t);
  const PREVIEW = '/bookings/tour-booking/update-accommodation/preview';

  /** Everything a change would touch, to compare before and after a preview. */
  const state = async (bookingId: number) => {
    const [row] = await queryRows<{
      rooms: unknown;
      history: number;
      certificates: number;
      emails: number;
      version: number;
      total_due: string;
    }>(
      t.db,
      sql`select
        (select coalesce(json_agg(json_build_object('r', accommodation_room_id, 'd', availability_date::text, 'n', remaining_availability)
           order by accommodation_room_id, availability_date), '[]') from room_availability) as rooms,
        (select count(*)::int from booking_history where holiday_booking_id = ${bookingId}) as history,
        (select count(*)::int from atol_certificates) as certificates,
        (select count(*)::int from email_outbox) as emails,
        (select version from bookings where id = ${bookingId}) as version,
        (select total_due::text from bookings where id = ${bookingId}) as total_due`,
    );
    return { ...row, line: (await detail(bookingId)).tour_bookings[0] };
  };

  /** A booking on a twin room (2 guests), and a 'Double Sea View' room of the same hotel £90 dearer. */
  const setUp = async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db, { tour_type: 'air' });
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    const [sea] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into accommodation_rooms (accommodation_id, name, board_basis, occupancy)
          values (${inst.hotel.id}, 'Double Sea View', 'Half Board', 2) returning id`,
    );
    const [tourRoom] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into tour_rooms (tour_accommodation_id, accommodation_room_id, supplement)
          select tour_accommodation_id, ${sea.id}, 115.00 from tour_rooms where id = ${inst.tourRoom.id} returning id`,
    );
    await createAvailability(t.db, sea.id, inst.instance.departure_date, 4, 3);
    const b = await detail(id);
    return { id, inst, seaRoom: sea.id, tourRoom: tourRoom.id, line: b.tour_bookings[0], version: b.version };
  };

  it('answers old → new room and total, and changes nothing; the change then gives that total', async () => {
    const s = await setUp();
    const before = await state(s.id);
    const body = { tour_booking_id: s.line.id, room_id: s.tourRoom, version: s.version };
    const res = await call('POST', PREVIEW, body);
    expect(res.statusCode, res.body).toBe(200);
    // 499.00 base + 25.00 supplement per guest → 499.00 + 115.00; two guests.
    expect(res.json().data).toEqual({
      room_before: `${s.inst.hotel.accommodation_name} – ${s.inst.room.name}`,
      room_after: `${s.inst.hotel.accommodation_name} – Double Sea View`,
      rooms_before: 1,
      rooms_after: 1,
      price_before: '524.00',
      price_after: '614.00',
      total_before: '1048.00',
      total_after: '1228.00',
    });
    expect(await state(s.id)).toEqual(before);

    // A second preview answers the same (the first left nothing behind).
    expect((await call('POST', PREVIEW, body)).json().data.total_after).toBe('1228.00');

    const change = await call('POST', '/bookings/tour-booking/update-accommodation', body);
    expect(change.statusCode, change.body).toBe(200);
    const after = await state(s.id);
    expect(after.total_due).toBe('1228.00');
    expect(after.history).toBeGreaterThan(before.history);
    expect(after.rooms).not.toEqual(before.rooms);
  });

  it('refuses what the change would refuse: a stale version, a room that is gone, role 2', async () => {
    const s = await setUp();
    const before = await state(s.id);
    let res = await call('POST', PREVIEW, {
      tour_booking_id: s.line.id,
      room_id: s.tourRoom,
      version: s.version - 1,
    });
    expect(res.statusCode).toBe(409);
    await t.db.execute(
      sql`update room_availability set remaining_availability = 0 where accommodation_room_id = ${s.seaRoom}`,
    );
    res = await call('POST', PREVIEW, {
      tour_booking_id: s.line.id,
      room_id: s.tourRoom,
      version: s.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBeTruthy();
    res = await call(
      'POST',
      PREVIEW,
      { tour_booking_id: s.line.id, room_id: s.tourRoom, version: s.version },
      t.accountantToken,
    );
    expect(res.statusCode).toBe(403);
    const { rooms: _r, ...rest } = await state(s.id);
    const { rooms: _b, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
  });
});
