import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Suppliers (spec 2 §2 Suppliers, §3 Supplier, §6, §7): CRUD, bank-detail checks, role 1 writes.
describe.each(testDbKinds)('suppliers on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  const alpine = {
    supplier_name: 'Alpine Coach Hire Ltd',
    contact_phone_number: '020 7946 0321',
    email: 'Bookings@AlpineCoach.co.uk',
    mobile_number: '07700 900123',
    address: '12 Harbour Road, Dover CT17 9BU',
    nominal_code: '5010',
    iban_number: 'gb29 nwbk 6016 1331 9268 19',
    bic_swift_number: 'nwbkgb2l',
    account_number: '31926819',
    sort_code: '601613',
    bank_name: 'NatWest',
  };

  it('creates, reads, lists, searches, updates and deletes a supplier', async () => {
    const created = await call('POST', '/suppliers', t.adminToken, alpine);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Supplier created successfully.' });
    const id = created.json().data.id;

    const one = await call('GET', `/suppliers/${id}`, t.accountantToken);
    expect(one.json().data).toEqual({
      id,
      supplier_name: 'Alpine Coach Hire Ltd',
      contact_phone_number: '020 7946 0321',
      email: 'bookings@alpinecoach.co.uk',
      mobile_number: '07700 900123',
      address: '12 Harbour Road, Dover CT17 9BU',
      nominal_code: '5010',
      iban_number: 'GB29NWBK60161331926819',
      bic_swift_number: 'NWBKGB2L',
      account_number: '31926819',
      sort_code: '60-16-13',
      bank_name: 'NatWest',
      payment_invoices: [],
    });

    await call('POST', '/suppliers', t.adminToken, { supplier: { supplier_name: 'Lakeland Hotels Group' } });
    const searched = await call('GET', '/suppliers/table?draw=2&search[value]=lakeland', t.accountantToken);
    expect(searched.json()).toMatchObject({ draw: 2, recordsTotal: 2, recordsFiltered: 1 });
    expect(searched.json().data[0].supplier_name).toBe('Lakeland Hotels Group');
    const all = await call('GET', '/suppliers/table?length=-1', t.accountantToken);
    expect(all.json().data.map((r: { supplier_name: string }) => r.supplier_name)).toEqual([
      'Alpine Coach Hire Ltd',
      'Lakeland Hotels Group',
    ]);

    const updated = await call('POST', `/suppliers/${id}`, t.adminToken, {
      ...alpine,
      supplier_name: 'Alpine Coaches',
      sort_code: '60 16 13',
      iban_number: '',
      mobile_number: '',
    });
    expect(updated.json()).toMatchObject({ success: true, message: 'Supplier updated successfully.' });
    expect((await call('GET', `/suppliers/${id}`, t.adminToken)).json().data).toMatchObject({
      supplier_name: 'Alpine Coaches',
      sort_code: '60-16-13',
      iban_number: null,
      mobile_number: null,
    });

    const deleted = await call('POST', `/suppliers/${id}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Supplier deleted successfully.' });
    expect((await call('GET', `/suppliers/${id}`, t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', `/suppliers/${id}`, t.adminToken, alpine)).statusCode).toBe(404);
    expect((await call('POST', `/suppliers/${id}/delete`, t.adminToken)).statusCode).toBe(404);
  });

  it('answers 422 with per-field messages and stores nothing', async () => {
    const count = async () => (await call('GET', '/suppliers/table', t.adminToken)).json().recordsTotal;
    const before = await count();
    const res = await call('POST', '/suppliers', t.adminToken, {
      supplier_name: ' ',
      email: 'not-an-email',
      sort_code: '12-34-5',
      account_number: '1234567',
      iban_number: 'GB00NWBK60161331926819',
      bic_swift_number: 'NWB',
      contact_phone_number: 'call me',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, message: 'The given data was invalid.' });
    expect(res.json().errors).toMatchObject({
      supplier_name: ['Supplier name is required.'],
      email: ['Enter a valid email address.'],
      sort_code: ['The sort code must be 6 digits, e.g. 12-34-56.'],
      account_number: ['The account number must be 8 digits.'],
      iban_number: ['This IBAN is not valid (check digits do not match).'],
      bic_swift_number: ['Enter a valid BIC/SWIFT code (8 or 11 characters).'],
      contact_phone_number: ['Enter a valid phone number (digits, spaces, +, - and brackets).'],
    });
    expect(await count()).toBe(before);
  });

  it('answers 403 to role 2 on every write, and 401 without a token', async () => {
    expect((await call('POST', '/suppliers', t.accountantToken, alpine)).statusCode).toBe(403);
    expect((await call('POST', '/suppliers/1', t.accountantToken, alpine)).statusCode).toBe(403);
    expect((await call('POST', '/suppliers/1/delete', t.accountantToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/suppliers/table' })).statusCode).toBe(401);
  });

  it('refuses to delete a supplier that accommodation uses', async () => {
    const id = (await call('POST', '/suppliers', t.adminToken, { supplier_name: 'Hotel Partners SA' })).json()
      .data.id;
    await t.db.execute(
      `insert into accommodations (accommodation_name, supplier_id) values ('Hotel Bristol', ${id})`,
    );
    const res = await call('POST', `/suppliers/${id}/delete`, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'This supplier cannot be deleted: accommodation is linked to it.',
    });
    expect((await call('GET', `/suppliers/${id}`, t.adminToken)).statusCode).toBe(200);
  });
});
