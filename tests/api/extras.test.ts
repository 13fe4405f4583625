import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking } from '../helpers/factories';

// Extras (spec 3 §2 'Discounts and extras', §3 Extra and Tour extra, §5, §7 'extras' and the
// tour-extra calls under §7 Tours).
describe.each(testDbKinds)('extras on %s', (kind) => {
  let t: TestContext;
  let airlineIds: number[];
  let tourIds: number[];
  beforeAll(async () => {
    t = await createTestContext(kind);
    // Airlines and tours belong to other areas: inserted directly.
    airlineIds = (
      await t.db
        .insert(s.airlines)
        .values([{ name: 'Jet2' }, { name: 'easyJet' }])
        .returning({ id: s.airlines.id })
    ).map((r) => r.id);
    tourIds = (
      await t.db
        .insert(s.tours)
        .values([
          { name: 'Lake Garda & Venice', tour_type: 'air' },
          { name: 'Scottish Highlands', tour_type: 'coach' },
        ])
        .returning({ id: s.tours.id })
    ).map((r) => r.id);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  const extra = (over: Record<string, unknown> = {}) => ({
    name: 'Airport Lounge Access',
    price: '32.50',
    cost: '24',
    commissionable: true,
    commission_rate: '10',
    booking_start_date: '2026-01-01',
    booking_end_date: '2026-12-31',
    start_date: '2026-04-01',
    end_date: '2026-10-31',
    short_description: 'Relax before your flight',
    for_admin: false,
    for_per_person: true,
    ...over,
  });

  it('creates a catalogue extra with airlines and tours, reads, lists, updates and deletes it', async () => {
    const created = await call('POST', '/extras', t.adminToken, {
      extra: extra(),
      airlines: airlineIds,
      tours: [tourIds[0]],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Extra created successfully.' });
    const id = created.json().data.id;

    const one = (await call('GET', `/extras/${id}`, t.accountantToken)).json().data;
    expect(one).toMatchObject({
      id,
      name: 'Airport Lounge Access',
      price: '32.50',
      cost: '24.00',
      commissionable: true,
      commission_rate: '10.00',
      booking_start_date: '2026-01-01',
      end_date: '2026-10-31',
      for_per_person: true,
      for_admin: false,
      tour_id: null,
    });
    expect(one.airlines.map((a: { name: string }) => a.name)).toEqual(['easyJet', 'Jet2']);
    expect(one.tours).toEqual([{ id: tourIds[0], name: 'Lake Garda & Venice' }]);

    await call('POST', '/extras', t.adminToken, { extra: extra({ name: 'Travel Insurance', price: 45 }) });
    const list = (await call('GET', '/extras/table?draw=2', t.accountantToken)).json();
    expect(list).toMatchObject({ draw: 2, recordsTotal: 2, recordsFiltered: 2 });
    expect(list.data.map((r: { name: string }) => r.name)).toEqual([
      'Airport Lounge Access',
      'Travel Insurance',
    ]);
    expect(list.data[1]).toMatchObject({ price: '45.00', cost: '24.00' });
    const searched = (await call('GET', '/extras/table?search[value]=insur', t.accountantToken)).json();
    expect(searched.recordsFiltered).toBe(1);

    const updated = await call('POST', `/extras/${id}`, t.adminToken, {
      extra: extra({ name: 'Lounge Access', price: '30', commission_rate: '', short_description: '' }),
      airlines: [airlineIds[1]],
      tours: tourIds,
    });
    expect(updated.json()).toMatchObject({ success: true, message: 'Extra updated successfully.' });
    const after = (await call('GET', `/extras/${id}`, t.adminToken)).json().data;
    expect(after).toMatchObject({
      name: 'Lounge Access',
      price: '30.00',
      commission_rate: null,
      short_description: null,
    });
    expect(after.airlines).toEqual([{ id: airlineIds[1], name: 'easyJet' }]);
    expect(after.tours.map((x: { id: number }) => x.id).sort()).toEqual([...tourIds].sort());

    const deleted = await call('POST', `/extras/${id}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Extra deleted successfully.' });
    expect((await call('GET', `/extras/${id}`, t.adminToken)).statusCode).toBe(404);
    const links = await t.db.execute(`select count(*)::int as n from extra_tours where extra_id = ${id}`);
    expect((links as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('creates and deletes a tour extra in the flat shape of the tour screen', async () => {
    const created = await call('POST', '/extras', t.adminToken, {
      tour_id: tourIds[1],
      name: 'Front Seats on the Coach',
      price: 20,
      cost: 0,
      commissionable: 1,
      commission_rate: 5,
      start_date: '2026-05-01',
      end_date: '2026-09-30',
    });
    expect(created.json()).toMatchObject({ success: true });
    const id = created.json().data.id;
    expect((await call('GET', `/extras/${id}`, t.adminToken)).json().data).toMatchObject({
      tour_id: tourIds[1],
      price: '20.00',
      commission_rate: '5.00',
      start_date: '2026-05-01',
    });
    // Tour extras stay off the catalogue list.
    const list = (await call('GET', '/extras/table?search[value]=front seats', t.adminToken)).json();
    expect(list.recordsFiltered).toBe(0);

    const missingDates = await call('POST', '/extras', t.adminToken, {
      tour_id: tourIds[1],
      name: 'Ferry',
      price: '10',
      cost: '5',
    });
    expect(missingDates.statusCode).toBe(422);
    expect(missingDates.json()).toMatchObject({
      success: false,
      errors: { start_date: ['Start date is required.'], end_date: ['End date is required.'] },
      error: 'Start date is required.',
    });
    const unknownTour = await call('POST', '/extras', t.adminToken, {
      tour_id: 999999,
      name: 'Ferry',
      price: '10',
      cost: '5',
      start_date: '2026-05-01',
      end_date: '2026-05-02',
    });
    expect(unknownTour.statusCode).toBe(422);
    expect(unknownTour.json().error).toBe('Unknown tour: 999999.');

    // Only tour extras go through tours/extras/{id}/delete/.
    const catalogueId = (
      await call('POST', '/extras', t.adminToken, { extra: extra({ name: 'Parking' }) })
    ).json().data.id;
    expect((await call('POST', `/tours/extras/${catalogueId}/delete/`, t.adminToken)).statusCode).toBe(404);
    const deleted = await call('POST', `/tours/extras/${id}/delete/`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Tour extra deleted successfully.' });
    expect((await call('GET', `/extras/${id}`, t.adminToken)).statusCode).toBe(404);
  });

  it('answers 422 with per-field messages and writes nothing', async () => {
    const before = (await call('GET', '/extras/table', t.adminToken)).json().recordsTotal;
    const res = await call('POST', '/extras', t.adminToken, {
      extra: extra({ name: ' ', price: '-1', cost: '1.234', commission_rate: '101' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      name: ['Name is required.'],
      price: ['Price must be at least 0.'],
      cost: ['Cost must be an amount with at most 2 decimals.'],
      commission_rate: ['Commission rate must be at most 100.'],
    });
    const dates = await call('POST', '/extras', t.adminToken, {
      extra: extra({ booking_end_date: '2025-12-31', end_date: '2026-03-31' }),
    });
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors).toEqual({
      booking_end_date: ['End date should be after the start date.'],
      end_date: ['End date should be after the start date.'],
    });
    const links = await call('POST', '/extras', t.adminToken, { extra: extra(), airlines: [999999] });
    expect(links.statusCode).toBe(422);
    expect(links.json().errors).toEqual({ airlines: ['Unknown airline: 999999.'] });
    const update = await call('POST', '/extras/999999', t.adminToken, { extra: extra({ price: '-5' }) });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual({ price: ['Price must be at least 0.'] });
    expect((await call('GET', '/extras/table', t.adminToken)).json().recordsTotal).toBe(before);
    expect((await call('POST', '/extras/999999', t.adminToken, { extra: extra() })).statusCode).toBe(404);
  });

  it('answers 403 to role 2 on every write', async () => {
    const body = { extra: extra() };
    expect((await call('POST', '/extras', t.accountantToken, body)).statusCode).toBe(403);
    expect((await call('POST', '/extras/1', t.accountantToken, body)).statusCode).toBe(403);
    expect((await call('POST', '/extras/1/delete', t.accountantToken)).statusCode).toBe(403);
    expect((await call('POST', '/tours/extras/1/delete/', t.accountantToken)).statusCode).toBe(403);
  });

  it('refuses to delete an extra that a booking uses', async () => {
    const id = (
      await call('POST', '/extras', t.adminToken, { extra: extra({ name: 'Hold Luggage' }) })
    ).json().data.id;
    const booking = await createBooking(t.db);
    await t.db
      .insert(s.booking_extras)
      .values({ holiday_booking_id: booking.id, extra_id: id, name: 'Hold Luggage', price: '40.00' });
    const res = await call('POST', `/extras/${id}/delete`, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'This extra cannot be deleted: bookings use it.',
    });
    expect((await call('GET', `/extras/${id}`, t.adminToken)).statusCode).toBe(200);
  });
});
