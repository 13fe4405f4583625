import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, recomputeBooking } from '../../src/server/areas/bookings/ledger';
import { detailsMissingNow } from '../../src/server/areas/bookings/work-lists';
import { queryRows } from '../../src/server/db/client';
import { MESSAGES } from '../../src/shared/api/booking-edit';
import { bookingTotals } from '../../src/shared/booking-totals';
import { poundsText } from '../../src/shared/money-text';
import { createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import {
  createAgent,
  createAvailability,
  createBookableInstance,
  createCustomer,
} from '../helpers/factories';
import { outboxMessages } from '../helpers/outbox';

// Bookings end to end through the API (spec 1 §2–§9; issue #5): create, price, edit, cancel, accept
// and audit a booking, with the rooms' availability kept right under every change.
describe.each(testDbKinds)('bookings on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const { call, detail, lineOf, newBooking } = bookingCalls(() => t);
  const remaining = async (roomId: number) =>
    (
      await queryRows<{ r: number }>(
        t.db,
        sql`select remaining_availability as r from room_availability where accommodation_room_id = ${roomId} order by availability_date`,
      )
    ).map((x) => x.r);

  it('refuses a booking without a tour, without a party, or with rooms that do not fit the guests', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    let res = await call('POST', '/bookings', { customer_id: c.id, tour_bookings: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tour_bookings).toEqual([MESSAGES.tourNotSelected]);
    res = await call('POST', '/bookings', { tour_bookings: [lineOf(inst)] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.customer_id).toEqual(['Please select customer or an agent for this booking']);
    res = await call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(inst, 3, 1)] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'The number of guests you provided does not match the required room count',
    );
    expect(await remaining(inst.room.id)).toEqual([10, 10, 10, 10]);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from bookings`);
    expect(n).toBe(0);
  });

  it('role 2 may not create a booking', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    const res = await call(
      'POST',
      '/bookings',
      { customer_id: c.id, tour_bookings: [lineOf(inst)] },
      t.accountantToken,
    );
    expect(res.statusCode).toBe(403);
  });

  it('creates a customer booking priced by the rule, takes the room for every night, writes history', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db, { departure_date: '2027-06-01' });
    const id = await newBooking({ customer_id: c.id, tour_bookings: [{ ...lineOf(inst), price: '1.00' }] });
    const b = await detail(id);
    expect(b.booking_ref).toBe(`HB${100000 + id}`);
    // Base 499.00 + supplement 25.00 per guest, whatever price the client sent.
    expect(b.tour_bookings[0]).toMatchObject({
      price: '524.00',
      base_price: '499.00',
      supplement_price: '25.00',
      guests: 2,
      rooms: 1,
      check_in_date: '2027-06-01',
      check_out_date: '2027-06-05',
    });
    expect(b).toMatchObject({
      total_due: '1048.00',
      paid: '0.00',
      balance: '1048.00',
      departure_date: '2027-06-01',
      balance_due: '2027-03-09', // 84 days before departure
      changes_accepted: 0,
      status: 'Pending',
    });
    expect(await remaining(inst.room.id)).toEqual([9, 9, 9, 9]);
    const history = await queryRows<{ action: string }>(
      t.db,
      sql`select action from booking_history where holiday_booking_id = ${id}`,
    );
    expect(history.map((h) => h.action)).toEqual(['Booking created']);
  });

  it('GET bookings/{id} answers 404 for an unknown booking and 422 for a bad id', async () => {
    expect((await call('GET', '/bookings/999999')).statusCode).toBe(404);
    expect((await call('GET', '/bookings/abc')).statusCode).toBe(422);
  });

  it('sells the last room once: 50 concurrent attempts give one booking and 49 clear refusals', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db, { rooms: 1 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(inst)] }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(49);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toMatch(
      /^Sorry, Hotel \d+ – Twin Room is sold out on 01\/06\/2027/,
    );
    expect(await remaining(inst.room.id)).toEqual([0, 0, 0, 0]);
  });

  it('honours stop sell and release days', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    await t.db.execute(
      sql`update room_availability set stop_sell = true where accommodation_room_id = ${inst.room.id} and availability_date = '2027-06-02'`,
    );
    let res = await call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(inst)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('is on stop sell on 02/06/2027');
    await t.db.execute(
      sql`update room_availability set stop_sell = false where accommodation_room_id = ${inst.room.id}`,
    );
    // Released 200 days before a departure about 7 months away: closed.
    await t.db.execute(sql`update tours set release_days_before = 250 where id = ${inst.tour.id}`);
    res = await call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(inst)] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['tour_bookings.0.tour_instance_id'][0]).toMatch(
      /^Bookings for this departure closed on/,
    );
    // The offer says so too: listed, not for sale, with the reason.
    const offer = await call('POST', '/tours/get-instance-rooms', { instance_id: inst.instance.id });
    expect(offer.json().data[0]).toMatchObject({ for_sale: false });
    expect(offer.json().data[0].sale_closed).toMatch(/^Bookings for this departure closed on/);
    // The instance's own value wins over the tour's.
    await t.db.execute(
      sql`update tour_instances set release_days_before = 14 where id = ${inst.instance.id}`,
    );
    res = await call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(inst)] });
    expect(res.statusCode).toBe(200);
    await t.db.execute(sql`update tour_instances set stop_sell = true where id = ${inst.instance.id}`);
    res = await call('POST', '/bookings', { customer_id: c.id, tour_bookings: [lineOf(inst)] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['tour_bookings.0.tour_instance_id']).toEqual(['This instance is on stop sell.']);
  });

  it('edits: ref unique, stale version 409, a booking keeps a customer or agent, an agent brings its commission', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    const a = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    const b = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    const bRef = (await detail(b)).booking_ref;
    let res = await call('POST', `/bookings/${a}`, { booking_ref: bRef });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.booking_ref).toEqual(['This booking ref is already used by another booking.']);
    const v = (await detail(a)).version;
    res = await call('POST', `/bookings/${a}`, { booking_ref: 'hb-special-1', version: v });
    expect(res.statusCode).toBe(200);
    expect((await detail(a)).booking_ref).toBe('HB-SPECIAL-1');
    res = await call('POST', `/bookings/${a}`, { booking_ref: 'HB-OTHER', version: v });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.stale);
    res = await call('POST', `/bookings/${a}`, { customer_id: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.customer_id).toEqual([MESSAGES.partyRequired]);
    const agent = await createAgent(t.db, { commission: '12.50' });
    res = await call('POST', `/bookings/${a}`, { agent_id: agent.id });
    expect(res.statusCode).toBe(200);
    const after = await detail(a);
    expect(after.agent_comission_percent).toBe('12.50');
    // 1048.00 × 12.5 % = 131.00; VAT 20 % = 26.20; agent balance 1048 − 157.20 = 890.80; the
    // customer-side balance stays total due − paid = 1048.00 (issue #10: each column adds up).
    expect(after.totals).toMatchObject({
      commission: '131.00',
      vat: '26.20',
      agent_balance: '890.80',
      balance: '1048.00',
    });
    expect(after.balance).toBe('1048.00');
    res = await call('POST', `/bookings/${a}`, { booking_ref: 'x' }, t.accountantToken);
    expect(res.statusCode).toBe(403);
  });

  it('tour lines: more guests take more rooms, an edited price is charged, removing gives the rooms back', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    const line = (await detail(id)).tour_bookings[0];
    let res = await call('POST', '/update-booking/update-booking-tour-supplements', {
      id: line.id,
      guests: 3,
      rooms: 1,
      price: '524.00',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.roomsMismatch);
    res = await call('POST', '/update-booking/update-booking-tour-supplements', {
      id: line.id,
      guests: 3,
      rooms: 2,
      price: '510.50',
      airline_ref: 'ABC123',
      airline_cost: [{ airline_ref: 'ABC123', flight_cost: '120.00', booked_date: '2026-11-20' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await remaining(inst.room.id)).toEqual([8, 8, 8, 8]);
    let b = await detail(id);
    expect(b.total_due).toBe('1531.50'); // 510.50 × 3
    expect(b.tour_bookings[0]).toMatchObject({ airline_ref: 'ABC123', airline_flight_cost: '120.00' });
    expect(b.tour_bookings[0].airline_cost).toHaveLength(1);
    res = await call('POST', `/update-booking/remove-tour/${line.id}`, { holiday_booking_id: id });
    expect(res.statusCode).toBe(200);
    expect(await remaining(inst.room.id)).toEqual([10, 10, 10, 10]);
    b = await detail(id);
    expect(b.total_due).toBe('0.00');
    expect(b.tour_bookings).toHaveLength(0);
    // Add it back on the edit screen.
    res = await call('POST', `/update-booking/${id}/update-tours`, lineOf(inst));
    expect(res.statusCode).toBe(200);
    expect(res.json().updated_balance_due_date).toBe('2027-03-09');
    expect(await remaining(inst.room.id)).toEqual([9, 9, 9, 9]);
  });

  it('Edit Accommodation moves a line to another room: rooms given back and taken, line repriced', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    const [family] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into accommodation_rooms (accommodation_id, name, board_basis, occupancy)
          values (${inst.hotel.id}, 'Family Room', 'Half Board', 4) returning id`,
    );
    const [tourRoom] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into tour_rooms (tour_accommodation_id, accommodation_room_id, supplement)
          select tour_accommodation_id, ${family.id}, 60.00 from tour_rooms where id = ${inst.tourRoom.id} returning id`,
    );
    await createAvailability(t.db, family.id, inst.instance.departure_date, 4, 3);
    const line = (await detail(id)).tour_bookings[0];
    const res = await call('POST', '/bookings/tour-booking/update-accommodation', {
      tour_booking_id: line.id,
      room_id: tourRoom.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await remaining(inst.room.id)).toEqual([10, 10, 10, 10]);
    expect(await remaining(family.id)).toEqual([2, 2, 2, 2]);
    const b = await detail(id);
    // 499.00 base + 60.00 supplement per guest; 2 guests fit one family room.
    expect(b.tour_bookings[0]).toMatchObject({ price: '559.00', rooms: 1, tour_room_id: tourRoom.id });
    expect(b.total_due).toBe('1118.00');
  });

  it('passengers, extras (per person follows the passengers), a percentage discount: totals as the spec works them', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    for (const first_name of ['Ann', 'Bob']) {
      const res = await call('POST', '/update-booking/update-pessenger', {
        holiday_booking_id: id,
        title: 'Mx',
        first_name,
        last_name: 'Smith',
        gender: 'Female',
        dob: '1980-01-02',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    let res = await call('POST', '/update-booking/update-pessenger', {
      holiday_booking_id: id,
      title: 'Sir',
      first_name: '',
      last_name: 'X',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['first_name', 'title']);
    const [insurance] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into extras (name, price, for_per_person) values ('Travel insurance', '35.00', true) returning id`,
    );
    const [transfer] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into extras (name, price, commissionable) values ('Airport parking', '60.00', false) returning id`,
    );
    const offered = (await call('POST', '/extras/get-booking/extra', { holiday_booking_id: id })).json().data;
    expect(offered.map((e: { id: number }) => e.id)).toEqual(
      expect.arrayContaining([insurance.id, transfer.id]),
    );
    res = await call('POST', `/update-booking/update-extras/${id}`, {
      extras: [
        { id: insurance.id, pivot: { qty: 5 } },
        { id: transfer.id, pivot: { qty: 1, extra_note: 'Week at Gatwick' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [tenPercent] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into discounts (code, value, penalty_type) values ('TEN', '10.00', true) returning id`,
    );
    res = await call('POST', '/update-booking/update-discount', {
      holiday_booking_id: id,
      discount_applied_id: tenPercent.id,
      discount_applied_qty: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('POST', '/update-booking/update-discount', {
      holiday_booking_id: id,
      discount_applied_id: tenPercent.id,
      discount_applied_qty: 1,
    });
    expect(res.statusCode).toBe(422);
    const b = await detail(id);
    // Insurance per person: qty fixed to the 2 passengers. Tours 1048.00; extras 70.00 + 60.00;
    // 10 % of the tours total = 104.80; total due 1048 + 130 − 104.80 = 1073.20.
    expect(b.extras.find((e: { id: number }) => e.id === insurance.id).pivot.qty).toBe(2);
    expect(b.discounts[0].amount).toBe('104.80');
    expect(b).toMatchObject({ total_due: '1073.20', balance: '1073.20', non_commissionable_extras: '60.00' });
    // Removing a passenger brings the per-person quantity down with it.
    res = await call('POST', `/update-booking/remove-passenger/${b.passengers[1].id}`, {
      holiday_booking_id: id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().passenger_list).toHaveLength(1);
    expect((await detail(id)).total_due).toBe('1038.20');
    // Role 2 sees, but does not change.
    res = await call('POST', `/update-booking/update-extras/${id}`, { extras: [] }, t.accountantToken);
    expect(res.statusCode).toBe(403);
  });

  it('a charge of 0.00 entered at cancellation is waived (refund due = paid); a charge never set bills the total due', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db, { departure_date: '2027-07-01' });
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    await call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: 'bacs',
      payment_amount: '200.00',
    });
    const res = await call('POST', `/bookings/${id}/cancel`, { cancellation_charge: '0.00' });
    expect(res.statusCode, res.body).toBe(200);
    const b = await detail(id);
    expect(b.cancellation_charge).toBe('0.00');
    // Charge 0.00 − 200.00 paid = −200.00: the 200.00 paid is to be given back; nothing is billed.
    expect(b.totals).toMatchObject({
      total_due: '1048.00',
      cancellation_value: '0.00',
      balance: '-200.00',
      refund_due: '200.00',
    });
    const [h] = await queryRows<{ comment: string }>(
      t.db,
      sql`select comment from booking_history where holiday_booking_id = ${id} and action = 'Booking cancelled'`,
    );
    expect(h.comment).toBe('Cancellation charge waived; refund due £200.00. Rooms released.');
    // Spec 1 §4 for a charge that was never set (an imported or older cancellation): the total due counts.
    await t.db.execute(sql`update bookings set cancellation_charge = null where id = ${id}`);
    await inTransaction(t.db, (tx) => recomputeBooking(tx, id, { staffChange: false }));
    expect((await detail(id)).totals).toMatchObject({ cancellation_value: '1048.00', balance: '848.00' });
  });

  it('cancels with the charge the policy proposes, gives the rooms back, leaves the balance outstanding', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db, { departure_date: '2027-06-01' });
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    await t.db.execute(
      sql`insert into cancellation_policies (days_before_start, days_before_end, penalty_type, penalty_charge, tour_type)
          values (9999, 60, 1, 25.00, 'coach')`,
    );
    await t.db.execute(
      sql`insert into payments (holiday_booking_id, payment_method, payment_amount) values (${id}, 'bacs', 200.00)`,
    );
    expect((await detail(id)).proposed_cancellation_charge).toBe('262.00'); // 25 % of 1048.00
    let res = await call('POST', `/bookings/${id}/cancel`, {}, t.accountantToken);
    expect(res.statusCode).toBe(403);
    res = await call('POST', `/bookings/${id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    const b = await detail(id);
    expect(b.status).toBe('Cancelled');
    expect(b.cancelled_at).not.toBeNull();
    expect(b.cancellation_charge).toBe('262.00');
    expect(b.balance).toBe('62.00'); // 262.00 − 200.00 paid
    expect(await remaining(inst.room.id)).toEqual([10, 10, 10, 10]);
    res = await call('POST', `/bookings/${id}/cancel`, {});
    expect(res.statusCode).toBe(422);
    // The charge can be changed afterwards: 0.00 entered waives it, so the 200.00 paid is due back
    // (issue #10: a waived charge no longer bills the full price). Tours can no longer change.
    res = await call('POST', `/bookings/${id}`, { cancellation_charge: '0' });
    expect(res.statusCode).toBe(200);
    const waived = await detail(id);
    expect(waived.balance).toBe('-200.00');
    expect(waived.totals).toMatchObject({
      cancellation_value: '0.00',
      refund_due: '200.00',
      balance: '-200.00',
    });
    res = await call('POST', `/update-booking/${id}/update-tours`, lineOf(inst));
    expect(res.statusCode).toBe(422);
  });

  it('accepting changes emails the customer; a later change by staff sets the booking back to pending', async () => {
    const c = await createCustomer(t.db, { email: 'accept.me@example.test' });
    const inst = await createBookableInstance(t.db);
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    const res = await call(
      'POST',
      `/bookings/${id}/accept-booking-change`,
      { send_email: 'yes' },
      t.accountantToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.accepted_at).toBeTruthy();
    let b = await detail(id);
    expect(b).toMatchObject({ changes_accepted: 1, changes_reviewed: 1, changes_accepted_from: 'admin' });
    const mail = await outboxMessages(t, 'accept.me@example.test');
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(`Changes to your booking`);
    // Read back with a real MIME parser: the total due is the stored figure, written as staff read money.
    const parsed = await simpleParser(await readFile(path.join(t.dataDir, 'outbox', mail[0].file)));
    expect(parsed.text).toContain(`Total due: ${poundsText(b.total_due)} (unchanged)`);
    expect(parsed.html || '').toContain(`Total due:</strong> ${poundsText(b.total_due)} (unchanged)`);
    await call('POST', '/update-booking/update-special-request', {
      holiday_booking_id: id,
      special_req: 'Sea view please',
    });
    b = await detail(id);
    expect(b).toMatchObject({ changes_accepted: 0, changes_reviewed: 0, special_request: 'Sea view please' });
    // Notify Customer of Change: the reasons go to the customer by email.
    let res2 = await call('POST', `/bookings/${id}`, { intimate_customer: 'yes' });
    expect(res2.statusCode).toBe(422);
    res2 = await call('POST', `/bookings/${id}`, {
      intimate_customer: 'yes',
      intimate_customer_reasons: ['Flight time change'],
    });
    expect(res2.statusCode, res2.body).toBe(200);
    const notices = await outboxMessages(t, 'accept.me@example.test');
    expect(notices).toHaveLength(2);
    expect(notices[1].text).toContain('Flight time change');
  });

  it('agent bookings: commission and VAT from the agent, Mark Confirmed', async () => {
    const agent = await createAgent(t.db, { commission: '10.00' });
    const inst = await createBookableInstance(t.db);
    const id = await newBooking({ agent_id: agent.id, tour_bookings: [lineOf(inst)] });
    let b = await detail(id);
    // 1048.00 × 10 % = 104.80 commission; VAT 20 % = 20.96; agent balance 1048 − 125.76 = 922.24
    expect(b.totals).toMatchObject({ commission: '104.80', vat: '20.96', agent_balance: '922.24' });
    expect(b.agent_confirmed).toBe(false);
    const res = await call('POST', `/bookings/${id}/agent-confirm`, {}, t.accountantToken);
    expect(res.statusCode).toBe(200);
    b = await detail(id);
    expect(b).toMatchObject({ agent_confirmed: true, status: 'Confirmed' });
  });

  it('spec 1 §6 on the server: role 2 gets 403 on every role-1 change and nothing changes', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    const before = await detail(id);
    const line = before.tour_bookings[0].id;
    const roleOne: [string, object][] = [
      ['/bookings', { customer_id: c.id, tour_bookings: [lineOf(inst)] }],
      [`/bookings/${id}`, { booking_ref: 'HB-ROLE2' }],
      [`/bookings/${id}/cancel`, {}],
      [`/update-booking/${id}/update-tours`, lineOf(inst)],
      [`/update-booking/remove-tour/${line}`, {}],
      ['/update-booking/update-booking-tour-supplements', { id: line, guests: 2, rooms: 1, price: '1.00' }],
      ['/bookings/tour-booking/update-accommodation', { tour_booking_id: line, room_id: inst.tourRoom.id }],
      ['/update-booking/update-pessenger', { holiday_booking_id: id, first_name: 'A', last_name: 'B' }],
      [`/update-booking/update-extras/${id}`, { extras: [] }],
      [
        '/update-booking/update-discount',
        { holiday_booking_id: id, discount_applied_id: 1, discount_applied_qty: 1 },
      ],
      ['/update-booking/update-special-request', { holiday_booking_id: id, special_req: 'x' }],
      [`/update-booking/${id}/update-booking-custom-airline`, {}],
    ];
    for (const [url, body] of roleOne) {
      const res = await call('POST', url, body, t.accountantToken);
      expect(res.statusCode, url).toBe(403);
    }
    const after = await detail(id);
    expect(after.version).toBe(before.version);
    expect(await remaining(inst.room.id)).toEqual([9, 9, 9, 9]);
  });

  it('spec 1 §4: the edit screen is flagged open while shown and cleared on leaving', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db);
    const id = await newBooking({ customer_id: c.id, tour_bookings: [lineOf(inst)] });
    let res = await call('POST', `/bookings/${id}/screen-open`, {});
    expect(res.json().data.open_by).toEqual([]);
    res = await call('POST', `/bookings/${id}/screen-open`, {}, t.accountantToken);
    expect(res.json().data.open_by.map((o: { name: string }) => o.name)).toEqual(['Test Admin']);
    await call('POST', `/bookings/${id}/screen-left`, {});
    res = await call('POST', `/bookings/${id}/screen-open`, {}, t.accountantToken);
    expect(res.json().data.open_by).toEqual([]);
    expect((await call('POST', '/bookings/999999/screen-open', {})).statusCode).toBe(404);
  });

  it('every booking made and edited through the API has the details-missing flag the rule gives (migration 0030)', async () => {
    const [r] = await queryRows<{ n: number; flagged: number }>(
      t.db,
      sql`select count(*) filter (where b.details_missing is distinct from ${detailsMissingNow})::int as n,
            count(*) filter (where b.details_missing)::int as flagged from bookings b`,
    );
    expect(r.flagged).toBeGreaterThan(0);
    expect(r.n).toBe(0);
  });

  it('stored totals never drift from a recomputation from the rows', async () => {
    const rows = await queryRows<{
      id: number;
      total_due: string;
      paid: string;
      balance: string;
      cancelled_at: string | null;
    }>(
      t.db,
      sql`select id, total_due::text as total_due, paid::text as paid, balance::text as balance, cancelled_at from bookings`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      const b = await detail(r.id);
      const again = bookingTotals({
        tour_lines: b.tour_bookings,
        extras: b.extras.map((e: { price: string; pivot: { qty: number }; commissionable: boolean }) => ({
          price: e.price,
          qty: e.pivot.qty,
          commissionable: e.commissionable,
        })),
        discounts: b.discounts.map(
          (d: {
            value: string;
            penalty_type: number;
            on_base_price: boolean;
            pivot: { qty: number; manual_discount_price: string | null };
          }) => ({
            value: d.value,
            penalty_type: d.penalty_type,
            on_base_price: d.on_base_price,
            qty: d.pivot.qty,
            manual_discount_price: d.pivot.manual_discount_price,
          }),
        ),
        paid:
          b.payments.reduce(
            (s: number, p: { payment_amount: string }) => s + Math.round(Number(p.payment_amount) * 100),
            0,
          ) / 100,
        agent_commission_percent: b.agent_id ? b.agent_comission_percent : null,
        vat_percent: b.booking_vat_percent,
        cancelled: b.cancelled_at !== null,
        cancellation_charge: b.cancellation_charge,
      });
      expect(r.total_due, `booking ${r.id}`).toBe(again.total_due);
      expect(r.balance, `booking ${r.id}`).toBe(again.balance);
    }
  });
});
