import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertise_sizes, old_affiliates } from '../../src/server/db/schema';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAffiliate, createBooking, createCustomer } from '../helpers/factories';

// Affiliates (spec 2 §2 Affiliates, §3 Affiliate, §4 is_active, §5, §6, §7 'Affiliates').
describe.each(testDbKinds)('affiliates on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, payload });

  const full = {
    name: 'Daily Post Holidays',
    code: 'DPH10',
    email: 'partners@dailypost.org.uk',
    phone_number: '0113 496 0000',
    address_line_1: '1 Park Row',
    address_line_2: '',
    town_city: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'ls1 5ab',
    artwork_email: 'artwork@dailypost.org.uk',
    is_active: true,
  };

  it('creates, reads, lists, searches, updates, toggles and deletes an affiliate', async () => {
    await t.db.insert(advertise_sizes).values([{ size_name: 'Half page' }, { size_name: 'Full page' }]);
    const created = await call('POST', '/affiliates', t.adminToken, full);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Affiliate created successfully.' });
    const id = created.json().data.id;

    const one = (await call('GET', `/affiliates/${id}`, t.accountantToken)).json();
    expect(one.data.affiliate).toEqual({
      id,
      name: 'Daily Post Holidays',
      code: 'DPH10',
      email: 'partners@dailypost.org.uk',
      phone_number: '0113 496 0000',
      address_line_1: '1 Park Row',
      address_line_2: null,
      town_city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS1 5AB',
      artwork_email: 'artwork@dailypost.org.uk',
      is_active: true,
      payment_invoices: [],
    });
    expect(one.data.advertiseSizes.map((s: { size_name: string }) => s.size_name)).toEqual([
      'Full page',
      'Half page',
    ]);
    expect(one.data.advertiseSizes[0]).toHaveProperty('size_id');

    const other = (
      await call('POST', '/affiliates', t.adminToken, {
        name: 'Anglers Weekly',
        code: 'ANG1',
        is_active: false,
      })
    ).json().data.id;
    const table = (await call('GET', '/affiliates/table?draw=4', t.accountantToken)).json();
    expect(table).toMatchObject({ draw: 4, recordsTotal: 2, recordsFiltered: 2 });
    expect(table.data.map((r: { name: string }) => r.name)).toEqual([
      'Anglers Weekly',
      'Daily Post Holidays',
    ]);
    const searched = (await call('GET', '/affiliates/table?search[value]=dph', t.accountantToken)).json();
    expect(searched.data).toMatchObject([
      { id, code: 'DPH10', name: 'Daily Post Holidays', is_active: true },
    ]);

    // The customers helper's select: active ones by name; all without type.
    const active = (await call('GET', '/affiliates?type=active', t.accountantToken)).json();
    expect(active).toEqual({ success: true, data: [{ id, name: 'Daily Post Holidays', code: 'DPH10' }] });
    expect((await call('GET', '/affiliates', t.accountantToken)).json().data).toHaveLength(2);
    expect((await call('GET', '/affiliates?type=nonsense', t.accountantToken)).statusCode).toBe(422);

    const updated = await call('POST', `/affiliates/${id}`, t.adminToken, {
      ...full,
      name: 'Daily Post Travel',
      email: '',
    });
    expect(updated.json()).toMatchObject({ success: true, message: 'Affiliate updated successfully.' });
    expect((await call('GET', `/affiliates/${id}`, t.adminToken)).json().data.affiliate).toMatchObject({
      name: 'Daily Post Travel',
      email: null,
    });

    // The list's switch sends is_active only and leaves the rest alone.
    const off = await call('POST', `/affiliates/${id}`, t.adminToken, { is_active: false });
    expect(off.json()).toMatchObject({ success: true, message: 'The affiliate is now inactive.' });
    const on = await call('POST', `/affiliates/${other}`, t.adminToken, { is_active: '1' });
    expect(on.json()).toMatchObject({ success: true, message: 'The affiliate is now active.' });
    expect((await call('GET', `/affiliates/${id}`, t.adminToken)).json().data.affiliate).toMatchObject({
      name: 'Daily Post Travel',
      code: 'DPH10',
      is_active: false,
    });

    const deleted = await call('POST', `/affiliates/${other}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Affiliate deleted successfully.' });
    expect((await call('GET', `/affiliates/${other}`, t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', `/affiliates/${other}`, t.adminToken, { is_active: true })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/affiliates/${other}/delete`, t.adminToken)).statusCode).toBe(404);
  });

  it('answers 422 for missing name and code, a taken code and bad fields', async () => {
    const missing = await call('POST', '/affiliates', t.adminToken, {
      name: ' ',
      email: 'x',
      postcode: '123',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      success: false,
      errors: {
        name: ['Name is required.'],
        code: ['Code is required.'],
        email: ['Enter a valid email address.'],
        postcode: ['Enter a valid UK post code, e.g. SW1A 1AA.'],
      },
    });
    const first = await createAffiliate(t.db, { code: 'TAKEN1' });
    const taken = await call('POST', '/affiliates', t.adminToken, { name: 'Copycat', code: 'TAKEN1' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ code: ['The code has already been taken.'] });
    const second = await createAffiliate(t.db);
    const takenOnUpdate = await call('POST', `/affiliates/${second.id}`, t.adminToken, {
      name: second.name,
      code: first.code,
    });
    expect(takenOnUpdate.statusCode).toBe(422);
    expect(takenOnUpdate.json().errors).toEqual({ code: ['The code has already been taken.'] });
    // The same code on the affiliate itself is fine.
    const same = await call('POST', `/affiliates/${first.id}`, t.adminToken, {
      name: 'Renamed',
      code: 'TAKEN1',
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers 403 to role 2 on create, update, the switch and delete', async () => {
    const a = await createAffiliate(t.db);
    expect((await call('POST', '/affiliates', t.accountantToken, full)).statusCode).toBe(403);
    expect((await call('POST', `/affiliates/${a.id}`, t.accountantToken, full)).statusCode).toBe(403);
    expect(
      (await call('POST', `/affiliates/${a.id}`, t.accountantToken, { is_active: false })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/affiliates/${a.id}/delete`, t.accountantToken)).statusCode).toBe(403);
    expect((await call('GET', '/affiliates', null)).statusCode).toBe(401);
  });

  it('refuses to delete an affiliate with bookings and lists its bookings 5 a page', async () => {
    const a = await createAffiliate(t.db, { name: 'Garden News', code: 'GN42' });
    const customer = await createCustomer(t.db, {
      first_name: 'Alan',
      last_name: 'Bright',
      affiliate_id: a.id,
    });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const b = await createBooking(t.db, {
        affiliate_id: a.id,
        customer_id: i === 0 ? null : customer.id,
        created_at: `2026-01-0${i + 1}T10:00:00Z`,
      });
      ids.push(b.id);
    }
    // An old booking whose old affiliate has the same code.
    await t.db.insert(old_affiliates).values({ id: 9401, name: 'Garden News (old)', code: 'gn42' });
    const old = await createBooking(t.db, {
      old_booking_id: 70001,
      old_affiliate_id: 9401,
      created_at: '2023-01-01T10:00:00Z',
    });

    const refused = await call('POST', `/affiliates/${a.id}/delete`, t.adminToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This affiliate cannot be deleted: bookings are linked to it.');

    const page1 = (
      await call('GET', `/affiliates/holiday/${a.id}/bookings?draw=1`, t.accountantToken)
    ).json();
    expect(page1).toMatchObject({ draw: 1, recordsTotal: 7, recordsFiltered: 7 });
    expect(page1.data.map((r: { id: number }) => r.id)).toEqual(ids.slice(1).reverse());
    expect(page1.data[0]).toMatchObject({ customer_name: 'Alan Bright', is_old: false });
    const page2 = (
      await call('GET', `/affiliates/holiday/${a.id}/bookings?start=5`, t.accountantToken)
    ).json();
    expect(page2.data).toMatchObject([
      { id: ids[0], customer_name: null },
      { id: old.id, booking_ref: null, old_booking_id: 70001, is_old: true },
    ]);
    expect((await call('GET', '/affiliates/holiday/999999/bookings', t.adminToken)).statusCode).toBe(404);
  });
});
