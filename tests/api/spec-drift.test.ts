import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createCustomer, createTourInstance } from '../helpers/factories';

// Calls of the spec's §7 tables whose path, payload or answer had drifted (issue #11 point 7,
// docs/spec-drift.md); the extras offer has its own file (extras-offer.test.ts).
describe.each(testDbKinds)('spec call tables on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(t.adminToken), payload });

  it('GET tours/{id}/instances answers the list as instances (spec 1 §7), also as data', async () => {
    const { tour, instance } = await createTourInstance(t.db, { departure_date: '2027-06-01' });
    const res = await call('GET', `/tours/${tour.id}/instances?departureFromDate=2027-05-01`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.instances.map((i: { id: number }) => i.id)).toEqual([instance.id]);
    expect(body.data).toEqual(body.instances);
  });

  it("POST bookings/{id} takes the spec's whole payload; the parts saved by their own calls are left as they are", async () => {
    const { instance } = await createTourInstance(t.db, { departure_date: '2027-06-01' });
    const customer = await createCustomer(t.db);
    const booking = await createBooking(t.db, { instance, customer_id: customer.id });
    const before = (await call('GET', `/bookings/${booking.id}`)).json().data.booking[0];
    const res = await call('POST', `/bookings/${booking.id}`, {
      customer_id: customer.id,
      agent_id: '',
      affiliate_id: '',
      passengers: [{ first_name: 'Ada', last_name: 'Lovelace' }],
      extras: [],
      discounts: [],
      balance_due: '2027-04-01',
      booking_ref: before.booking_ref,
      tour_bookings: before.tour_bookings,
      special_request: 'Quiet room',
      departure_date: '2027-06-01',
      airline_reference_email: '',
      deposit_due: '2026-12-01',
      agent_comission_percent: '',
      bonding_type: '',
      intimate_customer: 'no',
      intimate_customer_reasons: [],
      cancellation_charge: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    const after = (await call('GET', `/bookings/${booking.id}`)).json().data.booking[0];
    expect(after).toMatchObject({
      balance_due: '2027-04-01',
      deposit_due: '2026-12-01',
      special_request: 'Quiet room',
    });
    expect(after.passengers).toEqual([]);
    expect(after.tour_bookings.map((l: { id: number }) => l.id)).toEqual(
      before.tour_bookings.map((l: { id: number }) => l.id),
    );
  });
});
