import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestMeeting } from '../../src/server/areas/bookings/newest';
import { queryRows } from '../../src/server/db/client';
import { SEARCH_COUNT_CAP } from '../../src/shared/api/dashboard';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createCustomer, createTourInstance } from '../helpers/factories';

type Group = {
  kind: string;
  hits: { id: number; title: string; subtitle: string; link: string }[];
  more: { count: number; capped: boolean; link: string } | null;
};

// Issue #22 point 8: a surname found 6 of 12 customers, not the one with a booking, no bookings at
// all and no hint of more. Now bookings are found by their lead customer's name, customers with
// bookings come first, and each group says how many more there are and links to the list of them.
describe.each(testDbKinds)('global search by surname on %s', (kind) => {
  let t: TestContext;
  const ids: { booked: number; booking: number; ref: string; others: number[] } = {
    booked: 0,
    booking: 0,
    ref: '',
    others: [],
  };

  const search = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search?${new URLSearchParams({ q })}`,
      headers: bearer(t.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json().groups as Group[]).map((g) => [g.kind, g])) as Record<
      string,
      Group
    >;
  };

  beforeAll(async () => {
    t = await createTestContext(kind);
    // Twelve Quillfeathers; the one with a booking sorts last by first name.
    for (const first of [
      'Alice',
      'Bertie',
      'Cora',
      'Dora',
      'Edna',
      'Fred',
      'Gus',
      'Hal',
      'Ida',
      'Jem',
      'Kit',
    ]) {
      ids.others.push((await createCustomer(t.db, { first_name: first, last_name: 'Quillfeather' })).id);
    }
    const booked = await createCustomer(t.db, { first_name: 'Zachary', last_name: 'Quillfeather' });
    ids.booked = booked.id;
    const { instance } = await createTourInstance(t.db, { departure_date: '2027-05-01' });
    const booking = await createBooking(t.db, { instance, customer_id: booked.id });
    ids.booking = booking.id;
    ids.ref = booking.booking_ref ?? '';
    // Bookings of somebody else must not be found by the surname.
    await createBooking(t.db, { instance, customer_id: (await createCustomer(t.db)).id });
  });
  afterAll(async () => t?.close());

  it('finds the newest bookings of a reference prefix the same way by sorting its matches or by walking booking dates', async () => {
    // newestMeeting collects and sorts up to sortAtMost matches and walks the booking-date index
    // past it; both branches must answer the plain sort's rows.
    const alt = sql`b.booking_ref like 'HB%'`;
    const plain = await queryRows<{ id: number }>(
      t.db,
      sql`select b.id from bookings b where ${alt} order by b.created_at desc, b.id desc limit 2`,
    );
    expect(plain.length).toBe(2);
    for (const sortAtMost of [0, 1, 1000]) {
      const rows = await queryRows<{ id: number }>(t.db, newestMeeting(alt, 2, sortAtMost));
      expect(
        rows.map((r) => r.id),
        `sortAtMost ${sortAtMost}`,
      ).toEqual(plain.map((r) => r.id));
    }
  });

  it('finds the booking by its lead customer surname, linking to the bookings list for the rest', async () => {
    const groups = await search('quillfeather');
    expect(groups.bookings.hits.map((h) => h.id)).toEqual([ids.booking]);
    expect(groups.bookings.hits[0]).toMatchObject({
      title: ids.ref,
      link: `/bookings/edit/${ids.booking}`,
    });
    expect(groups.bookings.hits[0].subtitle).toContain('Zachary Quillfeather');
    expect(groups.bookings.more).toBeNull();
  });

  it('lists the customer with a booking first, and says how many more there are', async () => {
    const groups = await search('Quillfeather');
    const customers = groups.customers;
    expect(customers.hits).toHaveLength(6);
    expect(customers.hits[0]).toMatchObject({ id: ids.booked, title: 'Zachary Quillfeather' });
    expect(customers.hits[0].subtitle).toContain('1 booking');
    // Then by name.
    expect(customers.hits.slice(1).map((h) => h.title)).toEqual([
      'Alice Quillfeather',
      'Bertie Quillfeather',
      'Cora Quillfeather',
      'Dora Quillfeather',
      'Edna Quillfeather',
    ]);
    expect(customers.more).toEqual({ count: 6, capped: false, link: '/customers?q=Quillfeather' });
  });

  it('the linked customers list holds all twelve', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/table?${new URLSearchParams({ draw: '1', start: '0', length: '25', open_search: 'Quillfeather' })}`,
      headers: bearer(t.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recordsFiltered).toBe(12);
  });

  it('counts bookings beyond the hits, as the bookings list quick search finds them', async () => {
    const { instance } = await createTourInstance(t.db, { departure_date: '2027-06-01' });
    const made: number[] = [];
    for (let i = 0; i < 8; i++)
      made.push((await createBooking(t.db, { instance, customer_id: ids.others[i] })).id);
    const groups = await search('Quillfeather');
    expect(groups.bookings.hits).toHaveLength(6);
    // Newest first.
    expect(groups.bookings.hits.map((h) => h.id)).toEqual(made.slice(-6).reverse());
    expect(groups.bookings.more).toEqual({ count: 3, capped: false, link: '/bookings?q=Quillfeather' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/table?${new URLSearchParams({ draw: '1', start: '0', length: '25', 'search[value]': 'Quillfeather' })}`,
      headers: bearer(t.adminToken),
    });
    expect(list.json().recordsFiltered).toBe(9);
  });

  it('caps the counts: "100+"', async () => {
    for (let i = 0; i < SEARCH_COUNT_CAP + 5; i++) {
      await createCustomer(t.db, { first_name: `Many${i}`, last_name: 'Manyfold' });
    }
    const groups = await search('Manyfold');
    expect(groups.customers.more).toEqual({
      count: SEARCH_COUNT_CAP - 6,
      capped: true,
      link: '/customers?q=Manyfold',
    });
    // Each Manyfold with a booking: more customers with bookings than the cap, so the count stops there.
    const many = await queryRows<{ id: number }>(
      t.db,
      sql`select id from customers where last_name = 'Manyfold'`,
    );
    for (const c of many) await createBooking(t.db, { customer_id: c.id });
    const booked = await search('Manyfold');
    expect(booked.bookings.hits).toHaveLength(6);
    expect(booked.bookings.more).toEqual({
      count: SEARCH_COUNT_CAP - 6,
      capped: true,
      link: '/bookings?q=Manyfold',
    });
  });

  it('looks for names from three characters: two find references only, and customers by surname', async () => {
    const groups = await search('Qu');
    expect(groups.bookings?.hits ?? []).toEqual([]);
    expect(groups.customers.hits).toHaveLength(6);
    expect(groups.customers.hits.every((h) => h.title.endsWith(' Quillfeather'))).toBe(true);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/table?${new URLSearchParams({ draw: '1', start: '0', length: '25', 'search[value]': 'Qu' })}`,
      headers: bearer(t.adminToken),
    });
    expect(list.json().recordsFiltered).toBe(0);
  });

  it('an exact reference comes first', async () => {
    const groups = await search(ids.ref.toLowerCase());
    expect(groups.bookings.hits[0].id).toBe(ids.booking);
  });
});
