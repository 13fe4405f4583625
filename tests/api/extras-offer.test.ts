import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { extrasOfferFor } from '../../src/shared/api/extras-offer';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createTourInstance } from '../helpers/factories';

// POST extras/get-booking/extra with the spec 1 §7 payload: booking_date, tour_bookings (tour_id,
// departure_date, return_date, airlines) → data, the extras that fit (issue #11 point 7).
describe.each(testDbKinds)('extras offered to a booking on %s', (kind) => {
  let t: TestContext;
  let garda: Awaited<ReturnType<typeof createTourInstance>>;
  let highlands: Awaited<ReturnType<typeof createTourInstance>>;
  let jet2: number;
  let easyJet: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestContext(kind);
    garda = await createTourInstance(t.db, { departure_date: '2027-06-01', tour_type: 'air' });
    highlands = await createTourInstance(t.db, { departure_date: '2027-06-01' });
    [jet2, easyJet] = (
      await t.db
        .insert(s.airlines)
        .values([{ name: 'Jet2' }, { name: 'easyJet' }])
        .returning({ id: s.airlines.id })
    ).map((r) => r.id);
    const add = async (name: string, values: Partial<typeof s.extras.$inferInsert> = {}) => {
      const [row] = await t.db
        .insert(s.extras)
        .values({ name, price: '10.00', ...values })
        .returning({ id: s.extras.id });
      ids[name] = row.id;
      return row.id;
    };
    const summer = { start_date: '2027-05-01', end_date: '2027-06-30' };
    const sold2026 = { booking_start_date: '2026-01-01', booking_end_date: '2026-12-31' };
    await t.db
      .insert(s.extra_tours)
      .values({ extra_id: await add('Garda boat trip', { ...summer, ...sold2026 }), tour_id: garda.tour.id });
    await add('Garda tour extra', {
      tour_id: garda.tour.id,
      start_date: '2027-06-01',
      end_date: '2027-06-10',
    });
    await t.db
      .insert(s.extra_airlines)
      .values({ extra_id: await add('Jet2 hold luggage'), airline_id: jet2 });
    await add('Travel insurance');
    await add('July transfer', { start_date: '2027-07-01', end_date: '2027-07-31' });
    await t.db
      .insert(s.extra_tours)
      .values({ extra_id: await add('Highland whisky tasting'), tour_id: highlands.tour.id });
    await add('Sold in 2025 only', { booking_start_date: '2025-01-01', booking_end_date: '2025-12-31' });
  });
  afterAll(async () => t?.close());

  const offer = async (payload: object, token = t.accountantToken) =>
    t.app.inject({
      method: 'POST',
      url: '/api/extras/get-booking/extra',
      headers: bearer(token),
      payload,
    });
  const names = async (payload: object) => {
    const res = await offer(payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data.map((e: { name: string }) => e.name);
  };
  const gardaLine = (over: object = {}) => ({
    tour_id: garda.tour.id,
    departure_date: '2027-06-01',
    return_date: '2027-06-05',
    airlines: [jet2],
    ...over,
  });

  it("answers the extras that fit the spec's payload: booking window, line's tour or airline, travel window", async () => {
    const res = await offer({ booking_date: '2026-03-15', tour_bookings: [gardaLine()] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: ids['Garda boat trip'],
        name: 'Garda boat trip',
        price: '10.00',
        for_per_person: false,
        commissionable: true,
        short_description: null,
      },
      expect.objectContaining({ name: 'Garda tour extra' }),
      expect.objectContaining({ name: 'Jet2 hold luggage' }),
      expect.objectContaining({ name: 'Travel insurance' }),
    ]);
    // Airlines may come as the detail lists them ({id, name}); another airline loses its extra.
    expect(
      await names({
        booking_date: '2026-03-15',
        tour_bookings: [gardaLine({ airlines: [{ id: jet2, name: 'Jet2' }] })],
      }),
    ).toContain('Jet2 hold luggage');
    expect(
      await names({ booking_date: '2026-03-15', tour_bookings: [gardaLine({ airlines: [easyJet] })] }),
    ).not.toContain('Jet2 hold luggage');
    // Booked in 2027: outside the boat trip's booking window.
    expect(await names({ booking_date: '2027-01-02', tour_bookings: [gardaLine()] })).not.toContain(
      'Garda boat trip',
    );
  });

  it('needs the whole trip inside the travel window, on the line the extra is for', async () => {
    // Back on 2 July: past the boat trip's (30 June) and the tour extra's (10 June) windows.
    expect(
      await names({ booking_date: '2026-03-15', tour_bookings: [gardaLine({ return_date: '2027-07-02' })] }),
    ).toEqual(['Jet2 hold luggage', 'Travel insurance']);
    // Without a return date the departure decides.
    expect(
      await names({
        booking_date: '2026-03-15',
        tour_bookings: [gardaLine({ return_date: '', airlines: [] })],
      }),
    ).toEqual(['Garda boat trip', 'Garda tour extra', 'Travel insurance']);
    // Garda in August and the Highlands in June: the June line is not a Garda line.
    expect(
      await names({
        booking_date: '2026-03-15',
        tour_bookings: [
          gardaLine({ departure_date: '2027-08-01', return_date: '2027-08-05', airlines: [] }),
          { tour_id: highlands.tour.id, departure_date: '2027-06-01', return_date: '2027-06-05' },
        ],
      }),
    ).toEqual(['Highland whisky tasting', 'Travel insurance']);
    // A July trip takes the July transfer.
    expect(
      await names({
        booking_date: '2026-03-15',
        tour_bookings: [
          { tour_id: highlands.tour.id, departure_date: '2027-07-10', return_date: '2027-07-14' },
        ],
      }),
    ).toEqual(['Highland whisky tasting', 'July transfer', 'Travel insurance']);
    // No tour lines: only what is linked to nothing and has no travel window.
    expect(await names({ booking_date: '2026-03-15', tour_bookings: [] })).toEqual(['Travel insurance']);
    expect(await names({ booking_date: '2026-03-15' })).toEqual(['Travel insurance']);
  });

  it('answers 422 with the field at fault, never 500', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ tour_bookings: [gardaLine()] }, { booking_date: ['Booking date is required.'] }],
      [{ booking_date: '2026-02-30' }, { booking_date: ['That date does not exist.'] }],
      [
        { booking_date: '2026-03-15', tour_bookings: [gardaLine({ return_date: '2027-05-31' })] },
        { 'tour_bookings.0.return_date': ['The return date should be on or after the departure date.'] },
      ],
      [
        { booking_date: '2026-03-15', tour_bookings: [gardaLine({ tour_id: 'x' })] },
        { 'tour_bookings.0.tour_id': ['Must be a number.'] },
      ],
      [
        { booking_date: '2026-03-15', tour_bookings: [gardaLine({ airlines: [{ name: 'Jet2' }] })] },
        { 'tour_bookings.0.airlines.0': ['Must be a number.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await offer(payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, errors });
    }
  });

  it('still answers the older call by holiday_booking_id, from the payload the edit screen builds', async () => {
    const [flight] = await t.db
      .insert(s.flights)
      .values({
        flight_number: 'LS123',
        airline_id: jet2,
        departure_airport_id: (
          await queryRows<{ id: number }>(t.db, sql`select min(id) as id from airports`)
        )[0].id,
        arrival_airport_id: (
          await queryRows<{ id: number }>(t.db, sql`select max(id) as id from airports`)
        )[0].id,
        departure_time: '2027-06-01 08:00:00',
        arrival_time: '2027-06-01 11:00:00',
      })
      .returning();
    await t.db
      .insert(s.tour_instance_flights)
      .values({ tour_instance_id: garda.instance.id, flight_id: flight.id });
    const booking = await createBooking(t.db, {
      instance: garda.instance,
      created_at: '2026-03-15T10:00:00Z',
    });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}`, headers: bearer(t.adminToken) })
    ).json().data.booking[0];
    const payload = extrasOfferFor(detail);
    // The instance runs 5 days: back on 5 June; its flight is Jet2's.
    expect(payload).toEqual({
      booking_date: '2026-03-15',
      tour_bookings: [
        { tour_id: garda.tour.id, departure_date: '2027-06-01', return_date: '2027-06-05', airlines: [jet2] },
      ],
    });
    const bySpec = await names(payload);
    expect(bySpec).toEqual(['Garda boat trip', 'Garda tour extra', 'Jet2 hold luggage', 'Travel insurance']);
    expect(await names({ holiday_booking_id: booking.id })).toEqual(bySpec);
    expect((await offer({ holiday_booking_id: 999999 })).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/extras/get-booking/extra',
      payload: { booking_date: '2026-03-15' },
    });
    expect(res.statusCode).toBe(401);
  });
});
