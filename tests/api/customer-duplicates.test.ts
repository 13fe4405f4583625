import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createCustomer, createTourInstance } from '../helpers/factories';

// Issue #22 point 11: New customer took the same name, email and post code as a record on file
// without a word. GET customers/likely-duplicates answers the records it would duplicate (same
// email, or same name and post code), with what tells them apart, and changes nothing.
describe.each(testDbKinds)('likely duplicate customers on %s', (kind) => {
  let t: TestContext;
  let harriet = 0;
  let namesake = 0;

  const check = async (q: Record<string, string>, token?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/likely-duplicates?${new URLSearchParams(q)}`,
      headers: bearer(token ?? t.adminToken),
    });
    return res;
  };

  beforeAll(async () => {
    t = await createTestContext(kind);
    harriet = (
      await createCustomer(t.db, {
        first_name: 'Harriet',
        last_name: 'Wickersham',
        email: 'Harriet.W@example.co.uk',
        postcode: 'LS6 2QT',
        created_at: '2024-03-02T10:00:00Z',
      })
    ).id;
    namesake = (
      await createCustomer(t.db, {
        first_name: 'Harriet',
        last_name: 'Wickersham',
        email: null,
        postcode: 'LS62QT',
      })
    ).id;
    // Same name elsewhere: not a likely duplicate.
    await createCustomer(t.db, {
      first_name: 'Harriet',
      last_name: 'Wickersham',
      email: null,
      postcode: 'YO1 7HH',
    });
    const { instance } = await createTourInstance(t.db, { departure_date: '2027-05-01' });
    for (let i = 0; i < 3; i++) await createBooking(t.db, { instance, customer_id: harriet });
  });
  afterAll(async () => t?.close());

  it('finds the same email and the same name and post code, oldest first, with created date and bookings', async () => {
    const res = await check({
      first_name: ' harriet ',
      last_name: 'WICKERSHAM',
      email: 'harriet.w@EXAMPLE.co.uk',
      postcode: 'ls6 2qt',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: harriet,
        full_name: 'Harriet Wickersham',
        email: 'Harriet.W@example.co.uk',
        postcode: 'LS6 2QT',
        created_at: '2024-03-02T10:00:00.000Z',
        bookings: 3,
        reasons: ['email', 'name_postcode'],
      },
      expect.objectContaining({ id: namesake, bookings: 0, reasons: ['name_postcode'] }),
    ]);
  });

  it('finds by email alone, whatever the name', async () => {
    const res = await check({ first_name: 'H', last_name: 'Smith', email: 'HARRIET.W@example.co.uk' });
    expect(res.json().data.map((d: { id: number }) => d.id)).toEqual([harriet]);
    expect(res.json().data[0].reasons).toEqual(['email']);
  });

  it('answers none for a new person, and changes nothing', async () => {
    const before = (
      await t.app.inject({
        method: 'GET',
        url: '/api/customers/table?draw=1&start=0&length=1',
        headers: bearer(t.adminToken),
      })
    ).json().recordsTotal;
    const res = await check({ first_name: 'Harriet', last_name: 'Wickersham', postcode: 'M1 1AA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    const after = (
      await t.app.inject({
        method: 'GET',
        url: '/api/customers/table?draw=1&start=0&length=1',
        headers: bearer(t.adminToken),
      })
    ).json().recordsTotal;
    expect(after).toBe(before);
  });

  it('refuses a check without names with a message', async () => {
    const res = await check({ first_name: '', last_name: 'Wickersham' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.first_name).toEqual(['First name is required.']);
  });

  it('is open to role 2 (it only reads)', async () => {
    const res = await check(
      { first_name: 'Harriet', last_name: 'Wickersham', postcode: 'LS6 2QT' },
      t.accountantToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
  });
});
