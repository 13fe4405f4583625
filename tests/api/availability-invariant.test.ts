import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import {
  createAgent,
  createAvailability,
  createBookableInstance,
  createCustomer,
} from '../helpers/factories';

// Issue #10 item 8, as a property: whatever staff do to bookings — create, change guests, move a
// line to another room, confirm (a deposit paid or Mark Confirmed), take the confirmation away
// (more guests than the deposit paid covers, the agent unlinked), add and remove tours, cancel —
// every availability night adds up: availability = remaining + Confirmed + Unconfirmed, and
// Confirmed / Unconfirmed are exactly the rooms of the live confirmed-or-paid / pending bookings.
// Places on the departure are never exceeded along the way.

type Op =
  | { kind: 'create'; inst: 0 | 1; room: 0 | 1; guests: number; agent: boolean }
  | { kind: 'guests'; b: number; guests: number }
  | { kind: 'move'; b: number; room: 0 | 1 }
  | { kind: 'pay'; b: number }
  | { kind: 'payAll'; b: number }
  | { kind: 'agentConfirm'; b: number }
  | { kind: 'unlinkAgent'; b: number }
  | { kind: 'addTour'; b: number; inst: 0 | 1; room: 0 | 1; guests: number }
  | { kind: 'removeTour'; b: number }
  | { kind: 'cancel'; b: number };

const pick = fc.nat({ max: 7 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      inst: fc.constantFrom(0 as const, 1 as const),
      room: fc.constantFrom(0 as const, 1 as const),
      guests: fc.integer({ min: 1, max: 5 }),
      agent: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant('guests' as const), b: pick, guests: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('move' as const), b: pick, room: fc.constantFrom(0 as const, 1 as const) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), b: pick }) },
  fc.record({ kind: fc.constant('payAll' as const), b: pick }),
  fc.record({ kind: fc.constant('agentConfirm' as const), b: pick }),
  fc.record({ kind: fc.constant('unlinkAgent' as const), b: pick }),
  fc.record({
    kind: fc.constant('addTour' as const),
    b: pick,
    inst: fc.constantFrom(0 as const, 1 as const),
    room: fc.constantFrom(0 as const, 1 as const),
    guests: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('removeTour' as const), b: pick }),
  fc.record({ kind: fc.constant('cancel' as const), b: pick }),
);

describe.each(testDbKinds)('availability adds up on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(t.adminToken), payload });

  /**
   * One tour with a twin (sleeps 2) and a family room (sleeps 4), two departures two days apart
   * whose stays share nights, 7 places on the first; a deposit of £100 per guest.
   */
  async function fixture() {
    const a = await createBookableInstance(t.db, { departure_date: '2027-06-01', rooms: 6 });
    const [family] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into accommodation_rooms (accommodation_id, name, board_basis, occupancy)
          values (${a.hotel.id}, 'Family Room', 'Half Board', 4) returning id`,
    );
    const [familyTourRoom] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into tour_rooms (tour_accommodation_id, accommodation_room_id, supplement)
          select tour_accommodation_id, ${family.id}, 60.00 from tour_rooms where id = ${a.tourRoom.id} returning id`,
    );
    await createAvailability(t.db, family.id, '2027-06-01', 6, 4);
    await createAvailability(t.db, a.room.id, '2027-06-05', 2, 6);
    const [second] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into tour_instances (tour_id, tour_group_id, departure_date, base_price)
          values (${a.tour.id}, ${a.group.id}, '2027-06-03', 450.00) returning id`,
    );
    await t.db.execute(sql`update tour_instances set tour_places = 7 where id = ${a.instance.id}`);
    await t.db.execute(sql`update tours set deposit_price = 100.00 where id = ${a.tour.id}`);
    const customer = await createCustomer(t.db);
    const agent = await createAgent(t.db);
    return {
      tourId: a.tour.id,
      instances: [a.instance.id, second.id] as const,
      tourRooms: [a.tourRoom.id, familyTourRoom.id] as const,
      occupancy: [2, 4] as const,
      rooms: [a.room.id, family.id],
      customer: customer.id,
      agent: agent.id,
    };
  }
  type Fixture = Awaited<ReturnType<typeof fixture>>;

  async function booking(id: number) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${id}`,
      headers: bearer(t.adminToken),
    });
    return res.json().data.booking[0] as {
      balance: string;
      tour_bookings: { id: number; guests: number; price: string }[];
    };
  }

  /** Makes the change `op` asks for; answers the HTTP status (0 when there was nothing to change). */
  async function apply(f: Fixture, ids: number[], op: Op): Promise<number> {
    const id = ids.length ? ids[('b' in op ? op.b : 0) % ids.length] : undefined;
    const line = (inst: 0 | 1, room: 0 | 1, guests: number) => ({
      tour_id: f.tourId,
      tour_instance_id: f.instances[inst],
      tour_room_id: f.tourRooms[room],
      guests,
      rooms: Math.ceil(guests / f.occupancy[room]),
    });
    const send = async (url: string, payload: object) => (await call(url, payload)).statusCode;
    if (op.kind === 'create') {
      const res = await call('/bookings', {
        customer_id: f.customer,
        ...(op.agent ? { agent_id: f.agent } : {}),
        tour_bookings: [line(op.inst, op.room, op.guests)],
      });
      if (res.statusCode === 200) ids.push(res.json().data.id);
      else expect(res.statusCode, res.body).toBe(409);
      return res.statusCode;
    }
    if (!id) return 0;
    switch (op.kind) {
      case 'addTour':
        return send(`/update-booking/${id}/update-tours`, line(op.inst, op.room, op.guests));
      case 'pay':
        return send('/payments', {
          holiday_booking_id: id,
          payment_method: 'bacs',
          payment_amount: '250.00',
        });
      case 'payAll': {
        const b = await booking(id);
        if (Number(b.balance) <= 0) return 0;
        return send('/payments', {
          holiday_booking_id: id,
          payment_method: 'cheque',
          payment_amount: b.balance,
        });
      }
      case 'agentConfirm':
        return send(`/bookings/${id}/agent-confirm`, {});
      case 'unlinkAgent':
        return send(`/bookings/${id}`, { agent_id: null });
      case 'cancel':
        return send(`/bookings/${id}/cancel`, { cancellation_charge: '100.00' });
    }
    const l = (await booking(id)).tour_bookings[0];
    if (!l) return 0;
    if (op.kind === 'guests') {
      const [{ occupancy }] = await queryRows<{ occupancy: number }>(
        t.db,
        sql`select ar.occupancy from tour_bookings tb join tour_rooms tr on tr.id = tb.tour_room_id
            join accommodation_rooms ar on ar.id = tr.accommodation_room_id where tb.id = ${l.id}`,
      );
      return send('/update-booking/update-booking-tour-supplements', {
        id: l.id,
        guests: op.guests,
        rooms: Math.ceil(op.guests / occupancy),
        price: l.price,
      });
    }
    if (op.kind === 'move')
      return send('/bookings/tour-booking/update-accommodation', {
        tour_booking_id: l.id,
        room_id: f.tourRooms[op.room],
      });
    return send(`/update-booking/remove-tour/${l.id}`, { holiday_booking_id: id });
  }

  /** Status of each booking: to see the moves between Pending and Confirmed / Paid happen. */
  const statuses = async (ids: number[]) =>
    ids.length
      ? new Map(
          (
            await queryRows<{ id: number; status: string }>(
              t.db,
              sql`select id, status from bookings where id in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`,
            )
          ).map((r) => [r.id, r.status]),
        )
      : new Map<number, string>();
  const confirmedLike = (s?: string) => s === 'Confirmed' || s === 'Paid';

  /** Every night of the fixture's rooms adds up and holds exactly what the live bookings hold. */
  async function check(f: Fixture, trail: Op[]) {
    const rows = await queryRows<{
      id: number;
      availability: number;
      remaining: number;
      confirmed: number;
      unconfirmed: number;
      want_confirmed: number;
      want_unconfirmed: number;
    }>(
      t.db,
      sql`select ra.id, ra.availability, ra.remaining_availability as remaining,
                 ra.confirmed_locked_availability as confirmed, ra.locked_availability as unconfirmed,
                 coalesce(sum(tb.rooms) filter (where b.status in ('Confirmed', 'Paid')), 0)::int as want_confirmed,
                 coalesce(sum(tb.rooms) filter (where b.status = 'Pending'), 0)::int as want_unconfirmed
          from room_availability ra
          left join tour_rooms tr on tr.accommodation_room_id = ra.accommodation_room_id
          left join tour_bookings tb on tb.tour_room_id = tr.id
               and ra.availability_date >= tb.check_in_date and ra.availability_date < tb.check_out_date
          left join bookings b on b.id = tb.holiday_booking_id and b.cancelled_at is null
          where ra.accommodation_room_id in (${f.rooms[0]}, ${f.rooms[1]})
          group by ra.id order by ra.id`,
    );
    const why = JSON.stringify(trail);
    for (const r of rows) {
      expect(r.availability, `availability = remaining + Confirmed + Unconfirmed after ${why}`).toBe(
        r.remaining + r.confirmed + r.unconfirmed,
      );
      expect([r.confirmed, r.unconfirmed], `held rooms after ${why}`).toEqual([
        r.want_confirmed,
        r.want_unconfirmed,
      ]);
    }
    const [{ guests }] = await queryRows<{ guests: number }>(
      t.db,
      sql`select coalesce(sum(tb.guests), 0)::int as guests from tour_bookings tb
          join bookings b on b.id = tb.holiday_booking_id
          where tb.tour_instance_id = ${f.instances[0]} and b.cancelled_at is null`,
    );
    expect(guests, `places after ${why}`).toBeLessThanOrEqual(7);
  }

  it('availability = remaining + Confirmed + Unconfirmed after any sequence of booking changes', async () => {
    // What the runs went through, so the property is known to have met every kind of change.
    const done = new Map<string, number>();
    const seen = (what: string) => done.set(what, (done.get(what) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const f = await fixture();
        const ids: number[] = [];
        const trail: Op[] = [];
        for (const op of ops) {
          const before = await statuses(ids);
          const code = await apply(f, ids, op);
          seen(`${op.kind} ${code}`);
          for (const [id, status] of await statuses(ids)) {
            if (!confirmedLike(before.get(id)) && confirmedLike(status) && before.has(id))
              seen('to confirmed');
            if (confirmedLike(before.get(id)) && status === 'Pending') seen('back to pending');
            if (confirmedLike(before.get(id)) && status === 'Cancelled') seen('confirmed cancelled');
          }
          trail.push(op);
          await check(f, trail);
        }
      }),
      { numRuns: kind === 'pglite' ? 30 : 20, seed: 20261124 },
    );
    for (const what of [
      'create 200',
      'create 409',
      'guests 200',
      'move 200',
      'pay 200',
      'agentConfirm 200',
      'unlinkAgent 200',
      'addTour 200',
      'removeTour 200',
      'cancel 200',
      'to confirmed',
      'back to pending',
      'confirmed cancelled',
    ])
      expect(done.get(what) ?? 0, `${what} in ${JSON.stringify([...done])}`).toBeGreaterThan(0);
  }, 300_000);
});
