import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Tour managers (spec 2 §2, §3 Tour manager, §5 required fields, §6, §7 tour-managers/*).
describe.each(testDbKinds)('tour managers on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  const fiona = {
    firstname: 'Fiona',
    lastname: 'MacLeod',
    email: 'fiona.macleod@example.co.uk',
    mobile_number: '07700 900456',
    telephone_number: '0131 496 0123',
    address: '4 Rose Street, Edinburgh EH2 2PR',
    iban_number: '',
    bic_swift_number: '',
    account_number: '12345678',
    sort_code: '80-22-60',
    bank_name: 'Bank of Scotland',
  };

  it('creates, reads, lists, searches, updates and deletes a tour manager', async () => {
    const created = await call('POST', '/tour-managers/create', t.adminToken, fiona);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Tour manager created successfully.' });
    const id = created.json().data.id;

    const one = await call('GET', `/tour-managers/${id}/manager`, t.accountantToken);
    expect(one.json().data).toEqual({
      id,
      ...fiona,
      iban_number: null,
      bic_swift_number: null,
      payment_invoices: [],
    });

    await call('POST', '/tour-managers/create', t.adminToken, {
      ...fiona,
      firstname: 'Gareth',
      lastname: 'Price',
      email: 'gareth.price@example.co.uk',
      address: '9 Castle Street, Cardiff CF10 1BS',
    });
    const searched = await call(
      'GET',
      '/tour-managers/table?draw=4&search[value]=cardiff',
      t.accountantToken,
    );
    expect(searched.json()).toMatchObject({ draw: 4, recordsTotal: 2, recordsFiltered: 1 });
    expect(searched.json().data[0]).toMatchObject({ firstname: 'Gareth', lastname: 'Price' });
    const byName = await call('GET', '/tour-managers/table?search[value]=fiona%20mac', t.accountantToken);
    expect(byName.json().recordsFiltered).toBe(1);
    const sorted = await call(
      'GET',
      '/tour-managers/table?order[0][column]=0&order[0][dir]=desc&columns[0][data]=firstname',
      t.accountantToken,
    );
    expect(sorted.json().data.map((r: { firstname: string }) => r.firstname)).toEqual(['Gareth', 'Fiona']);

    const updated = await call('POST', `/tour-managers/${id}/update`, t.adminToken, {
      ...fiona,
      lastname: 'Campbell',
      address: '',
    });
    expect(updated.json()).toMatchObject({ success: true, message: 'Tour manager updated successfully.' });
    expect((await call('GET', `/tour-managers/${id}/manager`, t.adminToken)).json().data).toMatchObject({
      lastname: 'Campbell',
      address: null,
    });

    const deleted = await call('POST', `/tour-managers/${id}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Tour manager deleted successfully.' });
    expect((await call('GET', `/tour-managers/${id}/manager`, t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', `/tour-managers/${id}/delete`, t.adminToken)).statusCode).toBe(404);
  });

  it('answers 422 for the required fields and bad bank details', async () => {
    const res = await call('POST', '/tour-managers/create', t.adminToken, {
      firstname: '',
      sort_code: '1234',
      account_number: '12-34',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      firstname: ['First name is required.'],
      lastname: ['Last name is required.'],
      email: ['Email is required.'],
      mobile_number: ['Mobile number is required.'],
      telephone_number: ['Telephone number is required.'],
      sort_code: ['The sort code must be 6 digits, e.g. 12-34-56.'],
      account_number: ['The account number must be 8 digits.'],
    });
    const bad = await call('POST', '/tour-managers/create', t.adminToken, { ...fiona, email: 'fiona@' });
    expect(bad.json().errors).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('answers 403 to role 2 on create, update and delete', async () => {
    expect((await call('POST', '/tour-managers/create', t.accountantToken, fiona)).statusCode).toBe(403);
    expect((await call('POST', '/tour-managers/1/update', t.accountantToken, fiona)).statusCode).toBe(403);
    expect((await call('POST', '/tour-managers/1/delete', t.accountantToken)).statusCode).toBe(403);
  });
});
