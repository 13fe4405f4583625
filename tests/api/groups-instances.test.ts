import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createCustomer } from '../helpers/factories';

// Tour groups and instances (spec 3 §2 Tour group, Tour instance; §4; §5 Group, Instance,
// Transfers; §7 Groups, Instances; §8): groups table and passenger count, fall-back, deletion
// check, links, instances by tour type, flights, transfers and pickup times, the bulk
// accommodation update moving availability, and role 2 refused on every write.
describe.each(testDbKinds)('groups and instances on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = t.adminToken) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const rows = async <T>(q: string) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
  const one = async <T>(q: string) => (await rows<T>(q))[0];
  const airport = async (iata: string) =>
    (await one<{ id: number }>(`select id from airports where iata_code = '${iata}'`)).id;

  let airTour: number;
  let coachTour: number;
  let group: number;
  let group2: number;
  let instance: number;

  it('creates groups: start date required, a pickup region for coach tours', async () => {
    const base = { deposit_price: '200', duration: 4, release_days_before: 42, tour_places: 30 };
    airTour = (
      await call('POST', '/tours', {
        ...base,
        name: 'Seville City Break',
        reference: 'SEV-4',
        tour_type: 'air',
      })
    ).json().data.id;
    coachTour = (
      await call('POST', '/tours', {
        ...base,
        name: 'Yorkshire Dales',
        reference: 'YD-4',
        tour_type: 'coach',
      })
    ).json().data.id;

    const missing = await call('POST', '/tours/groups', { tour_id: airTour });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ start_date: ['Start date is required.'] });
    const noRegion = await call('POST', '/tours/groups', { tour_id: coachTour, start_date: '2027-05-10' });
    expect(noRegion.json().errors).toEqual({
      pick_up_point_region_id: ['A pickup region is required for coach tours.'],
    });

    const created = await call('POST', '/tours/groups', {
      tour_id: airTour,
      start_date: '2027-04-12',
      base_price: '549',
    });
    expect(created.json()).toMatchObject({ success: true, message: 'Group created successfully.' });
    group = created.json().data.id;
    group2 = (await call('POST', '/tours/groups', { tour_id: airTour, start_date: '2027-05-17' })).json().data
      .id;
  });

  it('creates instances by tour type: an airport for air tours, a pickup point of the region for coach', async () => {
    const noAirport = await call('POST', '/tours/instances', {
      tour_id: airTour,
      tour_group_id: group,
      departure_date: '2027-04-12',
    });
    expect(noAirport.json().errors).toEqual({
      departure_airport_id: ['Departure airport is required for air tours.'],
    });
    const noDate = await call('POST', '/tours/instances', {
      tour_group_id: group,
      departure_airport: await airport('MAN'),
    });
    expect(noDate.json().errors).toEqual({ departure_date: ['Departure date is required.'] });
    const ok = await call('POST', '/tours/instances', {
      tour_id: airTour,
      tour_group_id: group,
      departure_date: '2027-04-12',
      departure_airport: await airport('MAN'),
      currency: 'GBP',
      indirect_flights: 0,
    });
    expect(ok.json()).toMatchObject({ success: true });
    instance = ok.json().data.id;
    const detail = (await call('GET', `/tours/instances/${instance}`, undefined, t.accountantToken)).json()
      .data;
    expect(detail).toMatchObject({
      instance_title: 'Manchester (MAN)',
      departure_date: '2027-04-12',
      airport: { iata_code: 'MAN' },
      pickup_point_id: null,
      currency: 'GBP',
      booking_count: 0,
      group: { base_price: '549.00' },
      tour: { name: 'Seville City Break', tour_type: 'air' },
      flights: [],
      price_rooms: [],
      tour_has_accommodation: false,
    });
    await call('POST', '/tours/instances', {
      tour_group_id: group,
      departure_date: '2027-04-13',
      departure_airport: await airport('LGW'),
    });

    const region = await one<{ id: number }>(
      `insert into pickup_regions (region_name) values ('Yorkshire') returning id`,
    );
    const leeds = await one<{ id: number }>(
      `insert into pickup_points (pickup_point_name) values ('Leeds Coach Station') returning id`,
    );
    const hull = await one<{ id: number }>(
      `insert into pickup_points (pickup_point_name) values ('Hull Paragon') returning id`,
    );
    await t.db.execute(`insert into pickup_region_points values (${region.id}, ${leeds.id})`);
    const coachGroup = (
      await call('POST', '/tours/groups', {
        tour_id: coachTour,
        start_date: '2027-05-10',
        pick_up_point_region_id: region.id,
      })
    ).json().data.id;
    const outside = await call('POST', '/tours/instances', {
      tour_group_id: coachGroup,
      departure_date: '2027-05-10',
      pickup_point_id: hull.id,
    });
    expect(outside.json().errors).toEqual({
      pickup_point_id: ["Choose a pickup point of the group's pickup region."],
    });
    const coach = await call('POST', '/tours/instances', {
      tour_group_id: coachGroup,
      departure_date: '2027-05-10',
      pickup_point_id: leeds.id,
    });
    expect(coach.json()).toMatchObject({ success: true });
    const listed = (await call('GET', `/tours/${coachTour}/instances`)).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      instance_title: 'Leeds Coach Station',
      pick_up_point: { pickup_point_name: 'Leeds Coach Station' },
    });
  });

  it('filters a tour’s instances by departure airport and dates', async () => {
    const all = (await call('GET', `/tours/${airTour}/instances`)).json().data;
    expect(all.map((i: { airport: { iata_code: string } }) => i.airport.iata_code)).toEqual(['MAN', 'LGW']);
    expect((await call('GET', `/tours/${airTour}/instances?DepartureAirport=LGW`)).json().data).toHaveLength(
      1,
    );
    expect(
      (await call('GET', `/tours/${airTour}/instances?DepartureAirport=${await airport('MAN')}`)).json().data,
    ).toHaveLength(1);
    expect(
      (
        await call(
          'GET',
          `/tours/${airTour}/instances?departureFromDate=2027-04-13&departureToDate=2027-04-30`,
        )
      ).json().data,
    ).toHaveLength(1);
  });

  it('updates a group (blank values fall back to the tour) and an instance', async () => {
    const res = await call('POST', `/tours/groups/${group}`, {
      start_date: '2027-04-12',
      base_price: '549',
      base_cost: '380.5',
      duration: '',
      available_places: 28,
      stop_sell: false,
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Group updated successfully.' });
    const g = (await call('GET', `/tours/groups/${group}`, undefined, t.accountantToken)).json().data;
    expect(Object.keys(g).sort()).toEqual(['servicesTypes', 'suppliers', 'tourGroup', 'tour_managers']);
    expect(g.tourGroup).toMatchObject({
      base_cost: '380.50',
      duration: null,
      available_places: 28,
      passengers: 0,
      tour: { duration: 4, deposit_price: '200.00' },
      linkable_groups: [{ id: group2, start_date: '2027-05-17' }],
    });
    expect(g.tourGroup.instances).toHaveLength(2);
    const inst = await call('POST', `/tours/instances/${instance}`, {
      departure_date: '2027-04-12',
      departure_airport_id: await airport('MAN'),
      base_price: '559.00',
      base_sale_price: '529.00',
      tour_places: 20,
      stop_sell: true,
    });
    expect(inst.json()).toMatchObject({ success: true, message: 'Instance updated successfully.' });
    expect((await call('GET', `/tours/instances/${instance}`)).json().data).toMatchObject({
      base_price: '559.00',
      base_sale_price: '529.00',
      stop_sell: true,
      tour_places: 20,
    });
  });

  it('lists groups newest first with passenger count (Paid or Confirmed) and taken places', async () => {
    const customer = await createCustomer(t.db);
    for (const [ref, status, guests, cancelled] of [
      ['BK-G-1', 'Confirmed', 2, false],
      ['BK-G-2', 'Paid', 3, false],
      ['BK-G-3', 'Pending', 4, false],
      ['BK-G-4', 'Paid', 5, true],
    ] as const) {
      const b = await one<{ id: number }>(
        `insert into bookings (booking_ref, customer_id, status, cancelled_at) values ('${ref}', ${customer.id}, '${status}', ${cancelled ? 'now()' : 'null'}) returning id`,
      );
      await t.db.execute(
        `insert into tour_bookings (holiday_booking_id, tour_id, tour_instance_id, guests) values (${b.id}, ${airTour}, ${instance}, ${guests})`,
      );
    }
    const table = (
      await call('GET', `/tours/${airTour}/groups/table?show_taken_places=yes`, undefined, t.accountantToken)
    ).json();
    expect(table.recordsTotal).toBe(2);
    expect(table.data.map((r: { id: number }) => r.id)).toEqual([group2, group]);
    expect(table.data[1]).toMatchObject({
      start_date: '2027-04-12',
      passenger_count: 5,
      taken_places: '5 / 28',
    });
    const plain = (await call('GET', `/tours/${airTour}/groups/table?show_taken_places=no`)).json();
    expect(plain.data[1].taken_places).toBeUndefined();
    const detail = (await call('GET', `/tours/groups/${group}`)).json().data.tourGroup;
    expect(detail.passengers).toBe(5);
    expect(detail.bookings).toHaveLength(4);
    expect(
      detail.bookings.find((b: { booking_ref: string }) => b.booking_ref === 'BK-G-4').cancelled_at,
    ).not.toBeNull();
  });

  it('refuses to delete a group or instance with bookings; deletes them without', async () => {
    const check = await call('POST', `/tours/groups/${group}/check-deletion`, undefined, t.accountantToken);
    expect(check.json()).toMatchObject({
      can_delete: false,
      message: 'Oops... Sorry, this instance have active bookings.',
    });
    const refused = await call('POST', `/tours/groups/${group}/delete`);
    expect(refused.statusCode).toBe(409);
    const inst = await call('POST', `/tours/instances/${instance}/delete`);
    expect(inst.statusCode).toBe(409);
    expect(inst.json().message).toBe('Oops... Sorry, this instance have active bookings.');

    const spare = (await call('POST', '/tours/groups', { tour_id: airTour, start_date: '2027-09-01' })).json()
      .data.id;
    const spareInst = (
      await call('POST', '/tours/instances', {
        tour_group_id: spare,
        departure_date: '2027-09-01',
        departure_airport: await airport('BHX'),
      })
    ).json().data.id;
    expect((await call('POST', `/tours/groups/${spare}/check-deletion`)).json().can_delete).toBe(true);
    expect((await call('POST', `/tours/groups/${spare}/delete`)).json()).toMatchObject({
      success: true,
      message: 'Group deleted successfully.',
    });
    expect((await call('GET', `/tours/instances/${spareInst}`)).statusCode).toBe(404);
  });

  it('links groups of the same tour with a different start date, and unlinks them', async () => {
    const self = await call('POST', `/tours/groups/${group}/link`, { id: group });
    expect(self.json().errors).toEqual({
      id: ['Choose a group of the same tour with a different start date.'],
    });
    expect((await call('POST', `/tours/groups/${group}/link`, { id: group2 })).json()).toMatchObject({
      success: true,
    });
    expect((await call('GET', `/tours/groups/${group2}`)).json().data.tourGroup.links).toEqual([
      { id: group, start_date: '2027-04-12' },
    ]);
    expect((await call('GET', `/tours/groups/${group}`)).json().data.tourGroup.linkable_groups).toEqual([]);
    expect((await call('POST', `/tours/groups/${group2}/unlink`, { id: group })).json()).toMatchObject({
      success: true,
    });
    expect((await call('GET', `/tours/groups/${group}`)).json().data.tourGroup.links).toEqual([]);
  });

  let outbound: number;
  let inbound: number;
  it('adds flights to an air instance, marks them indirect and removes them', async () => {
    const svq = await airport('SVQ');
    const man = await airport('MAN');
    outbound = (
      await one<{ id: number }>(
        `insert into flights (flight_number, departure_airport_id, arrival_airport_id, departure_time, arrival_time)
         values ('LS871', ${man}, ${svq}, '2027-04-12 07:00', '2027-04-12 10:45') returning id`,
      )
    ).id;
    inbound = (
      await one<{ id: number }>(
        `insert into flights (flight_number, departure_airport_id, arrival_airport_id, departure_time, arrival_time)
         values ('LS872', ${svq}, ${man}, '2027-04-15 11:40', '2027-04-15 13:25') returning id`,
      )
    ).id;
    expect(
      (await call('POST', `/tours/instances/${instance}/flights`, { flight_id: outbound })).json(),
    ).toMatchObject({ success: true });
    await call('POST', `/tours/instances/${instance}/flights`, { id: inbound });
    const dup = await call('POST', `/tours/instances/${instance}/flights`, { flight_id: outbound });
    expect(dup.json().errors).toEqual({ flight_id: ['This flight is already added.'] });
    const flag = await call('POST', `/tours/instances/${instance}/flights/${inbound}`, {
      type: 'indirect',
      status: true,
      direction: 'inbound',
    });
    expect(flag.json()).toMatchObject({ success: true });
    const flights = (await call('GET', `/tours/instances/${instance}`)).json().data.flights;
    expect(
      flights.map((f: { flight_number: string; indirect_inbound: boolean }) => [
        f.flight_number,
        f.indirect_inbound,
      ]),
    ).toEqual([
      ['LS871', false],
      ['LS872', true],
    ]);
    const coachInstance = (
      await rows<{ id: number }>(`select id from tour_instances where tour_id = ${coachTour}`)
    )[0].id;
    const refused = await call('POST', `/tours/instances/${coachInstance}/flights`, { flight_id: outbound });
    expect(refused.json().errors).toEqual({ flight_id: ['Flights can be added to air tours only.'] });
  });

  it("saves transfers per instance flight and pickup times per transfer and accommodation ('Please add transfer')", async () => {
    const acc = await one<{ id: number }>(
      `insert into accommodations (accommodation_name) values ('Hotel Alfonso XIII') returning id`,
    );
    await call('POST', `/tours/${airTour}/accommodation`, {
      accommodation_id: acc.id,
      check_in_day: 1,
      check_out_day: 4,
    });
    const data = (await call('GET', `/tours/groups/${group}/fetch-instances-data`)).json().data;
    const man = data.instance.find((i: { id: number }) => i.id === instance);
    expect(
      man.flights.map((f: { flight_number: string; direction: string }) => [f.flight_number, f.direction]),
    ).toEqual([
      ['LS871', 'outbound'],
      ['LS872', 'inbound'],
    ]);
    expect(data.accomodations).toEqual([{ id: acc.id, accommodation_name: 'Hotel Alfonso XIII' }]);

    const empty = await call('POST', `/tours/groups/${group}/update-instances-transfers`, {
      transfer_for: 'outbound',
      transfer_data: [{ transfer: ' ', flight_id: outbound, instance_id: instance }],
      pickup_times: [],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Please add transfer');
    const saved = await call('POST', `/tours/groups/${group}/update-instances-transfers`, {
      transfer_for: 'outbound',
      transfer_data: [{ transfer: 'Coach A to Seville centre', flight_id: outbound, instance_id: instance }],
      pickup_times: [
        { transfer: 'Coach A to Seville centre', accommodation_id: acc.id, pickup_time: '11:30' },
      ],
    });
    expect(saved.json()).toMatchObject({ success: true, message: 'Transfers updated successfully.' });
    const pickups = (
      await call(
        'POST',
        `/tours/groups/${group}/get-instance-pickups`,
        { transfer_for: 'outbound' },
        t.accountantToken,
      )
    ).json().data;
    expect(pickups).toEqual({
      group_common_accomodation_ids: [acc.id],
      group_common_accomodation_tranafers: ['Coach A to Seville centre'],
      group_transfer_pickups: [
        { transfer: 'Coach A to Seville centre', accommodation_id: acc.id, pickup_time: '11:30' },
      ],
    });
    const again = (await call('GET', `/tours/groups/${group}/fetch-instances-data`)).json().data;
    expect(again.group_instance_transfers).toMatchObject([
      {
        tour_instance_id: instance,
        flight_id: outbound,
        transfer_for: 'outbound',
        transfer: 'Coach A to Seville centre',
      },
    ]);
  });

  it('moves selected bookings to another room, moving availability in one transaction; cancelled ones ignored', async () => {
    const ta = (await call('GET', `/tours/${airTour}`)).json().data[0].accommodation[0];
    const roomIds = [];
    for (const name of ['Twin Room', 'Double Room']) {
      const r = await one<{ id: number }>(
        `insert into accommodation_rooms (accommodation_id, name, board_basis, occupancy) values (${ta.accommodation_id}, '${name}', 'Bed & Breakfast', 2) returning id`,
      );
      await t.db.execute(
        // 10 rooms a night, 5 held by pending bookings (Unconfirmed): availability adds up (issue #10).
        `insert into room_availability (accommodation_room_id, availability_date, availability, remaining_availability, locked_availability)
         select ${r.id}, d::date, 10, 5, 5 from generate_series(date '2027-04-12', date '2027-04-14', interval '1 day') d`,
      );
      roomIds.push({
        room: r.id,
        tourRoom: (
          await call('POST', `/tours/accommodation/${ta.id}/rooms`, { accommodation_room_id: r.id })
        ).json().data.id,
      });
    }
    const [twin, double] = roomIds;
    await t.db.execute(
      `update tour_bookings set tour_room_id = ${twin.tourRoom}, rooms = 1 where tour_instance_id = ${instance}`,
    );
    const ids = (
      await rows<{ id: number; booking_ref: string }>(
        `select id, booking_ref from bookings order by booking_ref`,
      )
    ).map((b) => b.id);

    const grouped = await call('POST', `/tours/groups/${group}/booking/group-accommodation`, {
      selected_bookings: ids,
    });
    expect(grouped.json().data).toEqual([
      expect.objectContaining({
        room_id: twin.tourRoom,
        name: 'Twin Room',
        booking_ids: ids.slice(0, 3),
        guests: 9,
      }),
    ]);
    expect(grouped.json().rooms.map((r: { tour_room_id: number }) => r.tour_room_id)).toEqual([
      double.tourRoom,
      twin.tourRoom,
    ]);

    // Not enough Double Rooms on one night: refused, nothing changes.
    await t.db.execute(
      `update room_availability set remaining_availability = 2 where accommodation_room_id = ${double.room} and availability_date = '2027-04-13'`,
    );
    const refused = await call('POST', `/tours/groups/${group}/booking/bulk-update-accommodation`, {
      booking_ids: ids,
      updated_accommodation: [
        { old_room_id: twin.tourRoom, new_room_id: double.tourRoom, accommodation_id: ta.accommodation_id },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Not enough availability in Hotel Alfonso XIII – Double Room/);
    expect((await rows(`select 1 from tour_bookings where tour_room_id = ${double.tourRoom}`)).length).toBe(
      0,
    );
    expect(
      (
        await one<{ n: number }>(
          `select sum(remaining_availability)::int as n from room_availability where accommodation_room_id = ${twin.room}`,
        )
      ).n,
    ).toBe(15);

    await t.db.execute(
      `update room_availability set remaining_availability = 5 where accommodation_room_id = ${double.room}`,
    );
    const moved = await call('POST', `/tours/groups/${group}/booking/bulk-update-accommodation`, {
      booking_ids: ids,
      updated_accommodation: [{ old_room_id: twin.tourRoom, new_room_id: double.tourRoom }],
    });
    expect(moved.json()).toMatchObject({
      success: true,
      message: 'Accommodation updated successfully.',
      data: { moved: 3 },
    });
    // Nights 12–14 April: 3 rooms back on the Twin, 3 taken from the Double; the cancelled booking stays.
    const left = await rows<{ room: number; n: number }>(
      `select accommodation_room_id as room, min(remaining_availability)::int as n from room_availability
       where accommodation_room_id in (${twin.room}, ${double.room}) group by 1 order by 1`,
    );
    expect(left).toEqual([
      { room: twin.room, n: 8 },
      { room: double.room, n: 2 },
    ]);
    // The moved rooms are held (Unconfirmed) on the Double now, 3 more than the 5 it had: each
    // night still adds up.
    const held = await rows<{ room: number; u: number; sums: boolean }>(
      `select accommodation_room_id as room, min(locked_availability)::int as u,
              bool_and(availability = remaining_availability + confirmed_locked_availability + locked_availability) as sums
       from room_availability where accommodation_room_id in (${twin.room}, ${double.room}) group by 1 order by 1`,
    );
    expect(held).toEqual([
      { room: twin.room, u: 2, sums: true },
      { room: double.room, u: 8, sums: true },
    ]);
    const lines = await rows<{ booking_ref: string; tour_room_id: number; check_in_date: string }>(
      `select b.booking_ref, tb.tour_room_id, tb.check_in_date::text from tour_bookings tb join bookings b on b.id = tb.holiday_booking_id order by 1`,
    );
    expect(lines.map((l) => l.tour_room_id)).toEqual([
      double.tourRoom,
      double.tourRoom,
      double.tourRoom,
      twin.tourRoom,
    ]);
    expect(lines[0].check_in_date).toBe('2027-04-12');
    const history = await rows<{ action: string }>(`select action from booking_history`);
    expect(history).toHaveLength(3);
    expect(history[0].action).toBe('Accommodation updated');
  });

  it('answers 403 to role 2 on every group and instance write', async () => {
    const writes: [string, object][] = [
      ['/tours/groups', { tour_id: airTour, start_date: '2027-01-01' }],
      [`/tours/groups/${group}`, { start_date: '2027-04-12' }],
      [`/tours/groups/${group}/delete`, {}],
      [`/tours/groups/${group}/link`, { id: group2 }],
      [`/tours/groups/${group}/unlink`, { id: group2 }],
      [`/tours/groups/${group}/accommodation`, { accommodation_id: 1, check_in_day: 1, check_out_day: 2 }],
      [`/tours/groups/${group}/update-instances-transfers`, { transfer_for: 'outbound', transfer_data: [] }],
      [`/tours/groups/${group}/booking/group-accommodation`, { selected_bookings: [] }],
      [
        `/tours/groups/${group}/booking/bulk-update-accommodation`,
        { booking_ids: [], updated_accommodation: [] },
      ],
      ['/tours/instances', { tour_group_id: group, departure_date: '2027-04-12' }],
      [`/tours/instances/${instance}`, { departure_date: '2027-04-12' }],
      [`/tours/instances/${instance}/delete`, {}],
      [`/tours/instances/${instance}/flights`, { flight_id: outbound }],
      [
        `/tours/instances/${instance}/flights/${outbound}`,
        { type: 'indirect', status: true, direction: 'outbound' },
      ],
      [`/tours/instances/${instance}/flights/${outbound}/delete`, {}],
      [`/tours/instances/${instance}/prices`, { tour_room_id: 1, price: '1.00' }],
    ];
    for (const [url, body] of writes) {
      expect((await call('POST', url, body, t.accountantToken)).statusCode, url).toBe(403);
    }
    expect((await call('GET', '/tours/groups/999999')).statusCode).toBe(404);
    expect((await call('GET', '/tours/instances/999999')).statusCode).toBe(404);
    expect(
      (await call('POST', `/tours/instances/${instance}/flights/${outbound}/delete`)).json(),
    ).toMatchObject({ success: true });
  });
});
