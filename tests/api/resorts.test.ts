import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Resorts (spec 3 §2, §7): the pattern every simple reference entity follows.
describe.each(testDbKinds)('resorts on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  it('creates, reads, lists, searches, updates and deletes a resort', async () => {
    const created = await call('POST', '/resorts', t.adminToken, {
      resort: { resort_name: 'Lake Garda', location: 'Riva del Garda', country_id: 220 },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Resort created successfully.' });
    const id = created.json().data.id;

    const one = await call('GET', `/resorts/${id}`, t.accountantToken);
    expect(one.json().data[0]).toMatchObject({
      id,
      resort_name: 'Lake Garda',
      country_name: 'United Kingdom',
    });

    await call('POST', '/resorts', t.adminToken, { resort_name: 'Sorrento', location: 'Bay of Naples' });
    const searched = await call('GET', '/resorts/table?draw=3&search[value]=naples', t.accountantToken);
    expect(searched.json()).toMatchObject({ draw: 3, recordsTotal: 2, recordsFiltered: 1 });
    expect(searched.json().data[0].resort_name).toBe('Sorrento');
    const all = await call('GET', '/resorts/table?length=-1', t.accountantToken);
    expect(all.json().data.map((r: { resort_name: string }) => r.resort_name)).toEqual([
      'Lake Garda',
      'Sorrento',
    ]);

    const updated = await call('POST', `/resorts/${id}`, t.adminToken, {
      resort: { resort_name: 'Lake Garda North', location: '', country_id: '' },
    });
    expect(updated.json().success).toBe(true);
    expect((await call('GET', `/resorts/${id}`, t.adminToken)).json().data[0]).toMatchObject({
      resort_name: 'Lake Garda North',
      location: null,
      country_id: null,
    });

    const deleted = await call('POST', `/resorts/${id}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true });
    expect((await call('GET', `/resorts/${id}`, t.adminToken)).statusCode).toBe(404);
  });

  it('answers 422 with per-field errors and changes nothing', async () => {
    const res = await call('POST', '/resorts', t.adminToken, {
      resort: { resort_name: '  ', country_id: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ resort_name: ['Resort name is required.'] });
    expect(res.json().errors.country_id).toBeDefined();
  });

  it('answers 403 to role 2 on every write', async () => {
    expect((await call('POST', '/resorts', t.accountantToken, { resort_name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', '/resorts/1', t.accountantToken, { resort_name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', '/resorts/1/delete', t.accountantToken)).statusCode).toBe(403);
  });

  it('refuses to delete a resort that accommodation uses', async () => {
    const id = (await call('POST', '/resorts', t.adminToken, { resort_name: 'Lucerne' })).json().data.id;
    await t.db.execute(
      `insert into accommodations (accommodation_name, resort_id) values ('Hotel Schweizerhof', ${id})`,
    );
    const res = await call('POST', `/resorts/${id}/delete`, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This resort cannot be deleted: accommodation is linked to it.');
  });
});
