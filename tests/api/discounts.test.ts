import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking } from '../helpers/factories';

// Discounts (spec 3 §2 'Discounts and extras', §3 Discount, §5 Discount form, §7 'discounts') and
// the tour list they pick from (spec 3 §7 Tours: GET tours, optional show_suppressed=1).
describe.each(testDbKinds)('discounts and the tour list on %s', (kind) => {
  let t: TestContext;
  let tourIds: number[];
  beforeAll(async () => {
    t = await createTestContext(kind);
    // Tours belong to another area: inserted directly.
    tourIds = (
      await t.db
        .insert(s.tours)
        .values([
          { name: 'Lake Garda & Venice', reference: 'LGV', tour_type: 'air' },
          { name: 'Scottish Highlands', reference: 'SH', tour_type: 'coach' },
          { name: 'Cornwall Coast', reference: 'CC', tour_type: 'coach' },
          { name: 'Amalfi Coast (old)', reference: 'AMO', tour_type: 'air', is_suppressed: true },
        ])
        .returning({ id: s.tours.id })
    ).map((r) => r.id);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  const discount = (over: Record<string, unknown> = {}) => ({
    code: 'SPRING25',
    description: 'Spring saving, £25 per person',
    value: '25',
    penalty_type: false,
    per_person: true,
    on_base_price: false,
    is_suppressed: false,
    is_manual: false,
    start_date: '2026-03-01',
    end_date: '2026-05-31',
    valid_from_date: '2025-11-01',
    valid_to_date: '2026-02-28',
    ...over,
  });

  it('lists tours by name, suppressed ones only with show_suppressed=1', async () => {
    const plain = (await call('GET', '/tours', t.accountantToken)).json();
    expect(plain.success).toBe(true);
    expect(plain.data.map((r: { name: string }) => r.name)).toEqual([
      'Cornwall Coast',
      'Lake Garda & Venice',
      'Scottish Highlands',
    ]);
    expect(plain.data[0]).toEqual({
      id: tourIds[2],
      name: 'Cornwall Coast',
      reference: 'CC',
      tour_type: 'coach',
      is_suppressed: false,
    });
    const all = (await call('GET', '/tours?show_suppressed=1', t.accountantToken)).json();
    expect(all.data.map((r: { name: string }) => r.name)).toEqual([
      'Amalfi Coast (old)',
      'Cornwall Coast',
      'Lake Garda & Venice',
      'Scottish Highlands',
    ]);
    expect(all.data[0].is_suppressed).toBe(true);
    expect((await call('GET', '/tours?show_suppressed=0', t.accountantToken)).json().data).toHaveLength(3);
  });

  it('creates one row per tour, filters by code and tour, reads, edits one and deletes', async () => {
    const created = await call(
      'POST',
      '/discounts',
      t.adminToken,
      discount({ tour_id: tourIds.slice(0, 3) }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: '3 discounts created successfully.' });
    const { id, ids } = created.json().data;
    expect(ids).toHaveLength(3);
    expect(id).toBe(ids[0]);

    // A legacy discount without a tour, and a percentage one on one tour.
    const legacy = await call(
      'POST',
      '/discounts',
      t.adminToken,
      discount({ code: 'WELCOME5', value: 5, penalty_type: true }),
    );
    expect(legacy.json()).toMatchObject({
      message: 'Discount created successfully.',
      data: { ids: [expect.any(Number)] },
    });

    const byCode = (
      await call('GET', '/discounts/table2?draw=4&search_by_code=spring', t.accountantToken)
    ).json();
    expect(byCode).toMatchObject({ draw: 4, recordsTotal: 3, recordsFiltered: 3 });
    expect(byCode.data.map((r: { tour_name: string }) => r.tour_name).sort()).toEqual([
      'Cornwall Coast',
      'Lake Garda & Venice',
      'Scottish Highlands',
    ]);
    expect(byCode.data[0]).toMatchObject({ code: 'SPRING25', value: '25.00', penalty_type: false });

    const byTour = (
      await call('GET', `/discounts/table2?search_by_tour=${tourIds[1]}`, t.accountantToken)
    ).json();
    expect(byTour.recordsFiltered).toBe(1);
    expect(byTour.data[0]).toMatchObject({
      code: 'SPRING25',
      tour_id: tourIds[1],
      tour_name: 'Scottish Highlands',
    });

    const all = (
      await call(
        'GET',
        '/discounts/table2?order[0][column]=0&order[0][dir]=desc&columns[0][data]=code',
        t.accountantToken,
      )
    ).json();
    expect(all.recordsTotal).toBe(4);
    expect(all.data[0]).toMatchObject({
      code: 'WELCOME5',
      value: '5.00',
      penalty_type: true,
      tour_id: null,
      tour_name: null,
    });

    const one = (await call('GET', `/discounts/${ids[1]}`, t.accountantToken)).json().data;
    expect(one).toMatchObject({
      id: ids[1],
      code: 'SPRING25',
      per_person: true,
      tour_id: tourIds[1],
      tour_name: 'Scottish Highlands',
      start_date: '2026-03-01',
      valid_to_date: '2026-02-28',
    });

    const updated = await call('POST', `/discounts/${ids[1]}`, t.adminToken, {
      discount: discount({
        code: 'SPRING30',
        value: '12.5',
        penalty_type: true,
        on_base_price: true,
        tour_id: tourIds[3],
      }),
    });
    expect(updated.json()).toMatchObject({ success: true, message: 'Discount updated successfully.' });
    expect((await call('GET', `/discounts/${ids[1]}`, t.adminToken)).json().data).toMatchObject({
      code: 'SPRING30',
      value: '12.50',
      penalty_type: true,
      on_base_price: true,
      tour_id: tourIds[3],
      tour_name: 'Amalfi Coast (old)',
    });
    // The other two rows made with it are unchanged.
    expect((await call('GET', `/discounts/${ids[0]}`, t.adminToken)).json().data.code).toBe('SPRING25');
    // An edit may also drop the tour.
    await call('POST', `/discounts/${ids[1]}`, t.adminToken, discount({ tour_id: '' }));
    expect((await call('GET', `/discounts/${ids[1]}`, t.adminToken)).json().data.tour_id).toBeNull();

    const deleted = await call('POST', `/discounts/${ids[2]}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Discount deleted successfully.' });
    expect((await call('GET', `/discounts/${ids[2]}`, t.adminToken)).statusCode).toBe(404);
  });

  it('answers 422 with per-field messages and writes nothing', async () => {
    const before = (await call('GET', '/discounts/table2', t.adminToken)).json().recordsTotal;
    const missing = await call('POST', '/discounts', t.adminToken, { tour_id: [tourIds[0]] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      code: ['Code is required.'],
      description: ['Description is required.'],
      value: ['Value is required.'],
      start_date: ['Start date is required.'],
      end_date: ['End date is required.'],
      valid_from_date: ['Valid from date is required.'],
      valid_to_date: ['Valid to date is required.'],
    });
    const negative = await call('POST', '/discounts', t.adminToken, discount({ value: '-1' }));
    expect(negative.json().errors).toEqual({ value: ['Value must be at least 0.'] });
    const percent = await call(
      'POST',
      '/discounts',
      t.adminToken,
      discount({ value: '100.01', penalty_type: true }),
    );
    expect(percent.statusCode).toBe(422);
    expect(percent.json().errors).toEqual({ value: ['A percentage discount cannot be more than 100%.'] });
    const hundred = await call(
      'POST',
      '/discounts/999999',
      t.adminToken,
      discount({ value: '100', penalty_type: true }),
    );
    expect(hundred.statusCode).toBe(404);
    const dates = await call(
      'POST',
      '/discounts',
      t.adminToken,
      discount({ end_date: '2026-02-28', valid_to_date: '2025-10-31' }),
    );
    expect(dates.json().errors).toEqual({
      end_date: ['End date should be after the start date.'],
      valid_to_date: ['End date should be after the start date.'],
    });
    const unknownTour = await call(
      'POST',
      '/discounts',
      t.adminToken,
      discount({ tour_id: [tourIds[0], 999999] }),
    );
    expect(unknownTour.statusCode).toBe(422);
    expect(unknownTour.json().errors).toEqual({ tour_id: ['Unknown tour: 999999.'] });
    const twoOnEdit = await call(
      'POST',
      '/discounts/1',
      t.adminToken,
      discount({ tour_id: tourIds.slice(0, 2) }),
    );
    expect(twoOnEdit.statusCode).toBe(422);
    expect(twoOnEdit.json().errors).toEqual({
      tour_id: ['An existing discount belongs to one tour; choose one.'],
    });
    expect((await call('GET', '/discounts/table2', t.adminToken)).json().recordsTotal).toBe(before);
    const badFilter = await call('GET', '/discounts/table2?search_by_tour=x', t.adminToken);
    expect(badFilter.statusCode).toBe(422);
  });

  it('answers 403 to role 2 on every write', async () => {
    expect((await call('POST', '/discounts', t.accountantToken, discount())).statusCode).toBe(403);
    expect((await call('POST', '/discounts/1', t.accountantToken, discount())).statusCode).toBe(403);
    expect((await call('POST', '/discounts/1/delete', t.accountantToken)).statusCode).toBe(403);
  });

  it('refuses to delete a discount that a booking uses', async () => {
    const id = (await call('POST', '/discounts', t.adminToken, discount({ code: 'USED10' }))).json().data.id;
    const booking = await createBooking(t.db);
    await t.db.insert(s.booking_discounts).values({ holiday_booking_id: booking.id, discount_id: id });
    const res = await call('POST', `/discounts/${id}/delete`, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'This discount cannot be deleted: bookings use it.',
    });
    expect((await call('GET', `/discounts/${id}`, t.adminToken)).statusCode).toBe(200);
  });
});
