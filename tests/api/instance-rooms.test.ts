import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createCustomer } from '../helpers/factories';

// POST tours/get-instance-rooms end to end (spec 3 §7 Instances; docs/bookings.md 'Price and
// availability rules'): tour vs group accommodation, exclusion, instance price vs base +
// supplement, availability as the minimum over the stay, stop sell at night and instance level.
describe.each(testDbKinds)('get-instance-rooms on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = t.adminToken) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const sqlRow = async <T>(q: string) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows[0];

  /** A hotel with rooms (another area's screens make these; here plain SQL). */
  async function hotel(name: string, rooms: { name: string; occupancy: number }[]) {
    const h = await sqlRow<{ id: number }>(
      `insert into accommodations (accommodation_name) values ('${name}') returning id`,
    );
    const ids: number[] = [];
    for (const r of rooms) {
      const row = await sqlRow<{ id: number }>(
        `insert into accommodation_rooms (accommodation_id, name, board_basis, occupancy)
         values (${h.id}, '${r.name}', 'Half Board', ${r.occupancy}) returning id`,
      );
      ids.push(row.id);
    }
    return { id: h.id, rooms: ids };
  }
  /** Availability for a room from `from`, one number per night. */
  async function nights(roomId: number, from: string, remaining: number[], stopOn?: number) {
    for (const [i, n] of remaining.entries()) {
      await t.db.execute(
        `insert into room_availability (accommodation_room_id, availability_date, availability, remaining_availability, stop_sell)
         values (${roomId}, date '${from}' + ${i}, ${n + 2}, ${n}, ${i === stopOn})`,
      );
    }
  }

  let tourId: number;
  let groupId: number;
  let instanceId: number;
  let miramare: { id: number; rooms: number[] };
  let grand: { id: number; rooms: number[] };
  let twinTourRoom: number;
  let singleTourRoom: number;
  let grandTourAcc: number;

  it('builds a coach tour through the API', async () => {
    const region = await sqlRow<{ id: number }>(
      `insert into pickup_regions (region_name) values ('North West') returning id`,
    );
    const point = await sqlRow<{ id: number }>(
      `insert into pickup_points (pickup_point_name) values ('Preston Bus Station') returning id`,
    );
    await t.db.execute(`insert into pickup_region_points values (${region.id}, ${point.id})`);
    const tour = await call('POST', '/tours', {
      tour: {
        name: 'Lake Garda by Coach',
        reference: 'GARDA-5',
        tour_type: 'coach',
        deposit_price: '100',
        duration: 5,
        release_days_before: 21,
        tour_places: 49,
      },
    });
    expect(tour.json()).toMatchObject({ success: true, message: 'Tour created successfully.' });
    tourId = tour.json().data.id;
    const group = await call('POST', '/tours/groups', {
      tour_id: tourId,
      start_date: '2027-06-01',
      base_price: '399.00',
      pick_up_point_region_id: region.id,
    });
    groupId = group.json().data.id;
    const inst = await call('POST', '/tours/instances', {
      tour_id: tourId,
      tour_group_id: groupId,
      departure_date: '2027-06-01',
      pickup_point_id: point.id,
    });
    expect(inst.json()).toMatchObject({ success: true });
    instanceId = inst.json().data.id;

    miramare = await hotel('Hotel Miramare', [
      { name: 'Twin Room', occupancy: 2 },
      { name: 'Single Room', occupancy: 1 },
    ]);
    grand = await hotel('Grand Hotel Gardone', [{ name: 'Double Room', occupancy: 2 }]);
    const ta = await call('POST', `/tours/${tourId}/accommodation`, {
      tour_id: tourId,
      accommodation_id: miramare.id,
      check_in_day: 1,
      check_out_day: 5,
    });
    expect(ta.json()).toMatchObject({ success: true });
    const taId = ta.json().data.id;
    twinTourRoom = (
      await call('POST', `/tours/accommodation/${taId}/rooms`, { accommodation_room_id: miramare.rooms[0] })
    ).json().data.id;
    singleTourRoom = (
      await call('POST', `/tours/accommodation/${taId}/rooms`, {
        accommodation_room_id: miramare.rooms[1],
        supplement: '95.00',
      })
    ).json().data.id;
    const grandTa = await call('POST', `/tours/${tourId}/accommodation`, {
      accommodation_id: grand.id,
      check_in_day: 2,
      check_out_day: 4,
    });
    grandTourAcc = grandTa.json().data.id;
    await call('POST', `/tours/accommodation/${grandTourAcc}/rooms`, {
      accommodation_room_id: grand.rooms[0],
      supplement: '15.00',
    });

    // Nights 1–4 June for Miramare; 2–3 June for Grand (check-in day 2, out day 4).
    await nights(miramare.rooms[0], '2027-06-01', [8, 3, 6, 9]);
    await nights(miramare.rooms[1], '2027-06-01', [4, 4, 4]); // the night of 4 June is missing
    await nights(grand.rooms[0], '2027-06-02', [5, 7]);
  });

  const offer = async (body: object = { instance_id: instanceId, departure_date: '2027-06-01' }) => {
    const res = await call('POST', '/tours/get-instance-rooms', body, t.accountantToken);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const byName = (rooms: { name: string }[], name: string) =>
    rooms.find((r) => r.name === name) as Record<string, unknown>;

  it("offers the tour's rooms at base price + supplement, with the minimum left over the stay", async () => {
    const answer = await offer();
    expect(answer.group_overrides).toBe(false);
    expect(answer.data.map((r: { name: string }) => r.name).sort()).toEqual([
      'Double Room',
      'Single Room',
      'Twin Room',
    ]);
    expect(byName(answer.data, 'Twin Room')).toMatchObject({
      tour_room_id: twinTourRoom,
      accommodation_room_id: miramare.rooms[0],
      accommodation: { id: miramare.id, name: 'Hotel Miramare' },
      board_basis: 'Half Board',
      occupancy: 2,
      price: '399.00', // group base price (instance blank) + £0.00 supplement
      sale_price: null,
      supplement: '0.00',
      remaining_availability: 3, // min(8, 3, 6, 9)
      stop_sell: false,
      for_sale: true,
      check_in_date: '2027-06-01',
      check_out_date: '2027-06-05',
    });
    expect(byName(answer.data, 'Single Room')).toMatchObject({
      price: '494.00',
      remaining_availability: 0, // a missing night counts 0
      for_sale: false,
    });
    expect(byName(answer.data, 'Double Room')).toMatchObject({
      price: '414.00',
      remaining_availability: 5, // nights 2 and 3 June only
      check_in_date: '2027-06-02',
      check_out_date: '2027-06-04',
    });
  });

  it("the instance's room price wins when above 0.00; 0.00 falls back; sale and cost follow the rule", async () => {
    const saved = await call('POST', `/tours/instances/${instanceId}/prices`, {
      tour_instance_id: instanceId,
      tour_room_id: singleTourRoom,
      price: '520.00',
    });
    expect(saved.json()).toMatchObject({ success: true, message: 'Price updated' });
    await call('POST', `/tours/instances/${instanceId}/prices`, {
      tour_room_id: twinTourRoom,
      price: '0.00',
      sale_price: '0',
    });
    await call('POST', `/tours/instances/${instanceId}`, {
      departure_date: '2027-06-01',
      pickup_point_id: (
        await sqlRow<{ id: number }>(
          `select pickup_point_id as id from tour_instances where id = ${instanceId}`,
        )
      ).id,
      base_price: '410.00',
      base_sale_price: '389.00',
      base_cost: '300.00',
    });
    const answer = await offer();
    expect(byName(answer.data, 'Single Room')).toMatchObject({
      price: '520.00',
      sale_price: '484.00',
      cost: '395.00',
      price_source: 'instance',
    });
    expect(byName(answer.data, 'Twin Room')).toMatchObject({
      price: '410.00',
      sale_price: '389.00',
      cost: '300.00',
      price_source: 'base',
    });
    const getprices = await call('POST', `/tours/instances/${instanceId}/getprices`, {
      room_id: singleTourRoom,
    });
    expect(getprices.json().data).toEqual({ price: '520.00', cost: '0.00', sale_price: '0.00' });
  });

  it('leaves out accommodation the group excludes', async () => {
    const res = await call('POST', '/tours/groups/exclude-accommodation', {
      tour_group_id: groupId,
      tour_accommodation_id: grandTourAcc,
      accommodation_id: grand.id,
      checked: true,
    });
    expect(res.json()).toMatchObject({ success: true });
    const answer = await offer();
    expect(answer.data.map((r: { name: string }) => r.name).sort()).toEqual(['Single Room', 'Twin Room']);
    await call('POST', '/tours/groups/exclude-accommodation', {
      tour_group_id: groupId,
      tour_accommodation_id: grandTourAcc,
      checked: false,
    });
    expect((await offer()).data).toHaveLength(3);
  });

  it("the group's own accommodation overrides the tour's", async () => {
    const res = await call('POST', `/tours/groups/${groupId}/accommodation`, {
      accommodation_id: grand.id,
      check_in_day: 2,
      check_out_day: 4,
    });
    expect(res.json()).toMatchObject({ success: true });
    const groupAcc = res.json().data.id;
    await call('POST', `/tours/accommodation/${groupAcc}/rooms`, {
      accommodation_room_id: grand.rooms[0],
      supplement: '20.00',
    });
    const answer = await offer();
    expect(answer.group_overrides).toBe(true);
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]).toMatchObject({
      name: 'Double Room',
      tour_accommodation_id: groupAcc,
      price: '430.00',
    });
    expect((await call('POST', `/tours/accommodation/${groupAcc}/delete`)).json()).toMatchObject({
      success: true,
    });
    expect((await offer()).group_overrides).toBe(false);
  });

  it('a night on stop sell gives 0 and is flagged; instance, group or tour stop sell: not for sale', async () => {
    await t.db.execute(
      `update room_availability set stop_sell = true where accommodation_room_id = ${miramare.rooms[0]} and availability_date = '2027-06-03'`,
    );
    expect(byName((await offer()).data, 'Twin Room')).toMatchObject({
      remaining_availability: 0,
      stop_sell: true,
      for_sale: false,
    });
    await t.db.execute(`update room_availability set stop_sell = false`);
    await t.db.execute(`update tour_groups set stop_sell = true where id = ${groupId}`);
    const stopped = await offer();
    expect(stopped.instance.stop_sell_level).toBe('group');
    expect(byName(stopped.data, 'Twin Room')).toMatchObject({
      remaining_availability: 3,
      stop_sell: true,
      for_sale: false,
    });
    await t.db.execute(`update tour_groups set stop_sell = false where id = ${groupId}`);
    await t.db.execute(`update tours set stop_sell = true where id = ${tourId}`);
    expect((await offer()).instance.stop_sell_level).toBe('tour');
    await t.db.execute(`update tours set stop_sell = false where id = ${tourId}`);
  });

  it('counts the stay from another departure date when asked, and answers 404 / 422', async () => {
    const shifted = await offer({ instance_id: instanceId, departure_date: '2027-05-31' });
    expect(byName(shifted.data, 'Twin Room').remaining_availability).toBe(0); // 31 May has no row
    expect((await call('POST', '/tours/get-instance-rooms', { instance_id: 999999 })).statusCode).toBe(404);
    const bad = await call('POST', '/tours/get-instance-rooms', {
      instance_id: 'x',
      departure_date: '31/05/2027',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['departure_date', 'instance_id']);
  });

  it('refuses to delete a room or accommodation bookings use', async () => {
    const customer = await createCustomer(t.db);
    const b = await sqlRow<{ id: number }>(
      `insert into bookings (booking_ref, customer_id, status) values ('BK-IR-1', ${customer.id}, 'Confirmed') returning id`,
    );
    await t.db.execute(
      `insert into tour_bookings (holiday_booking_id, tour_id, tour_instance_id, tour_room_id, guests)
       values (${b.id}, ${tourId}, ${instanceId}, ${twinTourRoom}, 2)`,
    );
    const room = await call('POST', `/tours/accommodation/rooms/${twinTourRoom}/delete`);
    expect(room.statusCode).toBe(409);
    expect(room.json().message).toBe('This room cannot be deleted: bookings use it.');
    const taId = (
      await sqlRow<{ id: number }>(
        `select tour_accommodation_id as id from tour_rooms where id = ${twinTourRoom}`,
      )
    ).id;
    const acc = await call('POST', `/tours/accommodation/${taId}/delete`);
    expect(acc.statusCode).toBe(409);
    expect(acc.json().message).toBe('This accommodation cannot be deleted: bookings use its rooms.');
  });
});
