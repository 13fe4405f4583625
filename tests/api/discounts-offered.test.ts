import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// GET discounts (spec 1 §7 'GET discounts | query tour_ids[], show_suppressed, fromAdmin=yes'): the
// discounts the booking edit screen offers for a booking's tours.
describe.each(testDbKinds)('GET discounts for tours on %s', (kind) => {
  let t: TestContext;
  let tourA: number;
  let tourB: number;
  let tourC: number;
  beforeAll(async () => {
    t = await createTestContext(kind);
    [tourA, tourB, tourC] = (
      await t.db
        .insert(s.tours)
        .values([
          { name: 'Lake Garda', reference: 'LG', tour_type: 'air' },
          { name: 'Highlands', reference: 'HL', tour_type: 'coach' },
          { name: 'Cornwall', reference: 'CW', tour_type: 'coach' },
        ])
        .returning({ id: s.tours.id })
    ).map((r) => r.id);
    const base = {
      description: 'd',
      value: '10',
      start_date: '2020-01-01',
      end_date: '2099-12-31',
      valid_from_date: '2020-01-01',
      valid_to_date: '2099-12-31',
    };
    await t.db.insert(s.discounts).values([
      { ...base, code: 'A-PCT', tour_id: tourA, penalty_type: true, on_base_price: true },
      { ...base, code: 'B-FIX', tour_id: tourB, value: '25.50', per_person: true },
      { ...base, code: 'C-OTHER', tour_id: tourC },
      { ...base, code: 'ALL-LEGACY', tour_id: null },
      { ...base, code: 'A-MANUAL', tour_id: tourA, is_manual: true, value: '0' },
      { ...base, code: 'A-SUPP', tour_id: tourA, is_suppressed: true },
      { ...base, code: 'A-EXPIRED', tour_id: tourA, valid_to_date: '2021-01-01' },
    ]);
  });
  afterAll(async () => t?.close());

  const get = async (qs: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/discounts?${qs}`,
      headers: bearer(t.accountantToken),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { success: boolean; data: { code: string; [k: string]: unknown }[] };
  };

  it('offers staff the tours’ discounts and tourless ones, manual and out-of-date included, by code', async () => {
    const body = await get(`tour_ids[]=${tourA}&tour_ids[]=${tourB}&fromAdmin=yes`);
    expect(body.success).toBe(true);
    expect(body.data.map((d) => d.code)).toEqual(['A-EXPIRED', 'A-MANUAL', 'A-PCT', 'ALL-LEGACY', 'B-FIX']);
    expect(body.data.find((d) => d.code === 'A-PCT')).toEqual({
      id: expect.any(Number),
      code: 'A-PCT',
      description: 'd',
      value: '10.00',
      penalty_type: 1,
      per_person: false,
      on_base_price: true,
      is_manual: false,
      tour_id: tourA,
    });
    expect(body.data.find((d) => d.code === 'B-FIX')).toMatchObject({
      penalty_type: 0,
      per_person: true,
      value: '25.50',
    });
  });

  it('reads one tour id too, and suppressed ones only with show_suppressed', async () => {
    expect((await get(`tour_ids=${tourC}&fromAdmin=yes`)).data.map((d) => d.code)).toEqual([
      'ALL-LEGACY',
      'C-OTHER',
    ]);
    expect(
      (await get(`tour_ids[]=${tourA}&fromAdmin=yes&show_suppressed=1`)).data.map((d) => d.code),
    ).toContain('A-SUPP');
  });

  it('without fromAdmin leaves out manual and out-of-date discounts', async () => {
    expect((await get(`tour_ids[]=${tourA}`)).data.map((d) => d.code)).toEqual(['A-PCT', 'ALL-LEGACY']);
  });

  it('refuses a bad tour id with 422', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/discounts?tour_ids[]=abc',
      headers: bearer(t.adminToken),
    });
    expect(res.statusCode).toBe(422);
  });
});
