import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerReferences,
  fillFromOthers,
  type MergeCustomer,
} from '../../src/server/areas/customers-merging/merge';
import { inTransaction, queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import {
  CUSTOMERS_CHANGED_MESSAGE,
  parseDuplicateKey,
  phoneKey,
} from '../../src/shared/api/customers-merging';
import type { JobAnswer } from '../../src/shared/api/jobs';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAffiliate, createBooking, createCustomer } from '../helpers/factories';

// Duplicate customers and merging (issue #14; spec 2 §2, §4 merge flow, §5, §7 customers-merging),
// and booking requests — referrals (spec 2 §7 GET bookings, GET referrers, POST bookings/requests).

describe('duplicate keys', () => {
  it('reads emails, same name and postcode, and same phone keys', () => {
    expect(parseDuplicateKey(' Jane@Example.com ')).toEqual({ kind: 'email', email: 'jane@example.com' });
    expect(parseDuplicateKey('same-name-postcode:Jane|Smith|ls6 2qt')).toEqual({
      kind: 'name_postcode',
      first: 'jane',
      last: 'smith',
      postcode: 'LS62QT',
    });
    expect(parseDuplicateKey('same-phone:+44 7700 900123')).toEqual({ kind: 'phone', phone: '07700900123' });
    expect(parseDuplicateKey('same-phone:123')).toBeNull();
    expect(parseDuplicateKey('same-name-postcode:Jane|')).toBeNull();
    expect(phoneKey('0113 496 0000')).toBe('01134960000');
  });
});

describe("filling the main customer's blanks", () => {
  const base: MergeCustomer = {
    id: 1,
    title: null,
    first_name: 'Ann',
    last_name: 'Lee',
    full_name: 'Ann Lee',
    email: null,
    phone_number: null,
    mobile_number: null,
    street_address: null,
    address_line_2: null,
    address_line_3: null,
    address_line_4: null,
    town: null,
    county: null,
    postcode: null,
    country_id: 220,
    affiliate_id: null,
    opt_out_email: false,
    opt_out_mailing: false,
    is_blacklisted: false,
    created_at: '2020-01-01T00:00:00Z',
    updated_at: '2020-01-01T00:00:00Z',
  };
  it('copies a whole address when the main has none, never half of one', () => {
    const other = {
      ...base,
      id: 2,
      street_address: '1 High St',
      town: 'York',
      postcode: 'YO1 7HH',
      country_id: 220,
    };
    const third = { ...base, id: 3, street_address: '2 Low Rd', county: 'Kent', postcode: 'CT1 1AA' };
    expect(fillFromOthers(base, [other, third])).toEqual({
      street_address: '1 High St',
      town: 'York',
      postcode: 'YO1 7HH',
    });
  });
  it('fills address lines only from a record at the same postcode; keeps opt-outs and blacklisting', () => {
    const main = { ...base, street_address: '1 High St', postcode: 'YO1 7HH', email: 'a@x.test' };
    const elsewhere = { ...base, id: 2, town: 'Canterbury', postcode: 'CT1 1AA', is_blacklisted: true };
    const same = {
      ...base,
      id: 3,
      county: 'North Yorkshire',
      postcode: 'yo17hh',
      email: 'b@x.test',
      opt_out_email: true,
    };
    expect(fillFromOthers(main, [elsewhere, same])).toEqual({
      county: 'North Yorkshire',
      is_blacklisted: true,
      opt_out_email: true,
    });
  });
});

describe.each(testDbKinds)('customers merging on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.db, q))[0].n;
  let brochureId = 0;
  const brochure = async () => {
    if (!brochureId) {
      const [b] = await t.db.insert(s.brochures).values({ brochure_name: 'Coach Holidays 2027' }).returning();
      brochureId = b.id;
    }
    return brochureId;
  };
  async function settled(id: number): Promise<JobAnswer> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = (await call('GET', `/jobs/${id}`, t.adminToken)).json() as JobAnswer;
      if (job.status === 'done' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('merges three duplicates into the main one: every row moved, blanks filled, others gone, one audit entry', async () => {
    const affiliate = await createAffiliate(t.db);
    const email = `dora.mills.${kind}@example.test`;
    // The main (chosen, not the oldest) has no phone, no affiliate and no address lines but a postcode.
    const oldest = await createCustomer(t.db, {
      first_name: 'Dora',
      last_name: 'Mills',
      email,
      postcode: 'LS6 2QT',
      street_address: '4 Otley Road',
      town: 'Leeds',
      phone_number: '0113 496 0001',
      created_at: '2020-01-01T10:00:00Z',
    });
    const main = await createCustomer(t.db, {
      title: null,
      first_name: 'Dora',
      last_name: 'Mills',
      email,
      postcode: 'LS6 2QT',
      street_address: '4 Otley Road',
      created_at: '2021-01-01T10:00:00Z',
    });
    const third = await createCustomer(t.db, {
      title: 'Mrs',
      first_name: 'Dora',
      last_name: 'Mills',
      email,
      postcode: 'ls62qt',
      mobile_number: '07700 900111',
      county: 'West Yorkshire',
      affiliate_id: affiliate.id,
      opt_out_mailing: true,
      created_at: '2022-01-01T10:00:00Z',
    });
    const bystander = await createCustomer(t.db, { first_name: 'Ivy', last_name: 'Booth' });
    const b1 = await createBooking(t.db, { customer_id: oldest.id });
    const b2 = await createBooking(t.db, { customer_id: third.id });
    const b3 = await createBooking(t.db, { customer_id: main.id });
    const oldB = await createBooking(t.db, { customer_id: third.id, old_booking_id: 77001 });
    const bystanderBooking = await createBooking(t.db, { customer_id: bystander.id });
    await t.db.insert(s.customer_notes).values([
      { customer_id: oldest.id, note: 'Prefers the front of the coach.' },
      { customer_id: third.id, note: 'Vegetarian.' },
    ]);
    const [br] = await t.db
      .insert(s.brochure_requests)
      .values({ brochure_id: await brochure(), customer_id: oldest.id })
      .returning();
    // oldest referred the bystander (Referrals side); the bystander referred third (Referred by side).
    const ref1 = await call('POST', '/bookings/requests', t.adminToken, {
      customer_id: bystander.id,
      booking_id: bystanderBooking.id,
      referrer_id: oldest.id,
    });
    expect(ref1.statusCode).toBe(200);
    const ref2 = await call('POST', '/bookings/requests', t.adminToken, {
      customer_id: third.id,
      booking_id: b2.id,
      referrer_id: bystander.id,
    });
    expect(ref2.statusCode).toBe(200);
    // A referral between two of the merged records: dropped (nobody refers themselves).
    const ref3 = await call('POST', '/bookings/requests', t.adminToken, {
      customer_id: main.id,
      booking_id: b3.id,
      referrer_id: third.id,
    });
    expect(ref3.statusCode).toBe(200);

    const res = await call('POST', '/customers-merging/merge-customers', t.adminToken, {
      selected_customer_ids: [oldest.id, main.id, third.id],
      selected_main_customer: main.id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      data: {
        main_customer_id: main.id,
        removed_customer_ids: [oldest.id, third.id].sort((a, b) => a - b),
        bookings: 2,
        old_system_bookings: 1,
        notes: 2,
        brochure_requests: 1,
        booking_requests: 2,
      },
    });
    expect(body.message).toBe(
      'Customers merged successfully: 2 records merged into Dora Mills; moved 2 bookings, 1 old-system booking, 2 notes, 1 brochure request and 2 referrals.',
    );

    // Every moved row, counted in SQL.
    const ours = [b1.id, b2.id, b3.id, oldB.id];
    expect(await count(sql`select count(*)::int as n from bookings where customer_id = ${main.id}`)).toBe(4);
    expect(
      await count(
        sql`select count(*)::int as n from bookings where id in (${sql.join(
          ours.map((id) => sql`${id}`),
          sql`, `,
        )}) and customer_id = ${main.id} and version = 2`,
      ),
    ).toBe(3); // the moved ones were bumped, the main's own booking was not
    expect(
      await count(sql`select count(*)::int as n from customer_notes where customer_id = ${main.id}`),
    ).toBe(2);
    expect(
      await count(
        sql`select count(*)::int as n from brochure_requests where id = ${br.id} and customer_id = ${main.id}`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from booking_requests where referrer_id = ${main.id} and customer_id = ${bystander.id}`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from booking_requests where customer_id = ${main.id} and referrer_id = ${bystander.id}`,
      ),
    ).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from booking_requests where booking_id = ${b3.id}`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from customers where id in (${oldest.id}, ${third.id})`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from bookings where customer_id = ${bystander.id}`),
    ).toBe(1);

    // The main's fields kept, its blanks filled (address lines from the record at the same postcode).
    const [m] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select * from customers where id = ${main.id}`,
    );
    expect(m).toMatchObject({
      title: 'Mrs',
      first_name: 'Dora',
      street_address: '4 Otley Road',
      postcode: 'LS6 2QT',
      phone_number: '0113 496 0001',
      mobile_number: '07700 900111',
      town: 'Leeds',
      county: 'West Yorkshire',
      affiliate_id: affiliate.id,
      opt_out_mailing: true,
      is_blacklisted: false,
    });

    // One audit entry on the main customer listing what moved.
    const audit = await queryRows<{
      action: string;
      changes: { field: string; from: unknown; to: unknown }[];
    }>(t.db, sql`select action, changes from audit_log where entity = 'customer' and entity_id = ${main.id}`);
    expect(audit).toHaveLength(1);
    const changes = Object.fromEntries(audit[0].changes.map((c) => [c.field, c]));
    expect((changes.merged_customers.to as { id: number }[]).map((c) => c.id).sort()).toEqual(
      [oldest.id, third.id].sort(),
    );
    expect(changes.moved.to).toMatchObject({
      bookings: { count: 2, ids: expect.arrayContaining([b1.id, b2.id]) },
      old_system_bookings: { count: 1, ids: [oldB.id] },
      notes: { count: 2 },
      brochure_requests: { count: 1, ids: [br.id] },
      booking_requests: { count: 2 },
      booking_requests_removed: { count: 1 },
    });
    expect(changes.mobile_number).toMatchObject({ from: null, to: '07700 900111' });

    // A booking list made afterwards shows the main customer.
    const list = await call('GET', `/bookings/table?search_by_customer=${main.id}&length=25`, t.adminToken);
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { id: number; customer: { id: number; full_name: string } }[];
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ours].sort((a, b) => a - b));
    expect(new Set(rows.map((r) => r.customer.id))).toEqual(new Set([main.id]));
    // The customer screen's lists: bookings and both sides of the referrals.
    const referrals = (await call('GET', `/customers/${main.id}/referrals`, t.accountantToken)).json().data;
    expect(referrals.referred_by.map((r: { referrer_id: number }) => r.referrer_id)).toEqual([bystander.id]);
    expect(referrals.referrals.map((r: { customer_id: number }) => r.customer_id)).toEqual([bystander.id]);
  });

  it('takes the oldest record as main when none is marked, and refuses bad selections with 422', async () => {
    const a = await createCustomer(t.db, {
      created_at: '2019-05-01T09:00:00Z',
      email: null,
      phone_number: null,
    });
    const b = await createCustomer(t.db, { created_at: '2018-05-01T09:00:00Z' });
    const res = await call('POST', '/customers-merging/merge-customers', t.adminToken, {
      selected_customer_ids: [a.id, b.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.main_customer_id).toBe(b.id);

    const one = await call('POST', '/customers-merging/merge-customers', t.adminToken, {
      selected_customer_ids: [b.id, b.id],
    });
    expect(one.statusCode).toBe(422);
    expect(one.json().errors.selected_customer_ids).toEqual([
      'Please select at least two customers to merge.',
    ]);
    const c = await createCustomer(t.db);
    const outside = await call('POST', '/customers-merging/merge-customers', t.adminToken, {
      selected_customer_ids: [b.id, c.id],
      selected_main_customer: a.id,
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.selected_main_customer).toEqual([
      'The main customer must be one of the selected customers.',
    ]);
    // a is gone (merged into b): a merge naming it is told to reload, and changes nothing.
    const gone = await call('POST', '/customers-merging/merge-customers', t.adminToken, {
      selected_customer_ids: [a.id, c.id],
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ success: false, message: CUSTOMERS_CHANGED_MESSAGE });
    expect(await count(sql`select count(*)::int as n from customers where id = ${c.id}`)).toBe(1);
  });

  it('lets one of two overlapping merges win; the other is told to reload', async () => {
    const [x, y, z, w] = [
      await createCustomer(t.db, { email: 'race@example.test' }),
      await createCustomer(t.db, { email: 'race@example.test' }),
      await createCustomer(t.db, { email: 'race@example.test' }),
      await createCustomer(t.db, { email: 'race@example.test' }),
    ];
    for (const c of [x, y, z, w]) await createBooking(t.db, { customer_id: c.id });
    // On PostgreSQL a third transaction holds y first, so both merges are surely in flight together,
    // waiting on the same row lock, when it lets go (PGlite has one connection: they run in turn).
    const hold =
      kind === 'postgres'
        ? inTransaction(t.db, async (tx) => {
            await tx.execute(sql`select id from customers where id = ${y.id} for update`);
            await new Promise((r) => setTimeout(r, 400));
          })
        : Promise.resolve();
    if (kind === 'postgres') await new Promise((r) => setTimeout(r, 50));
    const [first, second] = await Promise.all([
      call('POST', '/customers-merging/merge-customers', t.adminToken, {
        selected_customer_ids: [x.id, y.id, z.id],
        selected_main_customer: x.id,
      }),
      call('POST', '/customers-merging/merge-customers', t.adminToken, {
        selected_customer_ids: [w.id, y.id, z.id],
        selected_main_customer: w.id,
      }),
    ]);
    await hold;
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().message).toBe(CUSTOMERS_CHANGED_MESSAGE);
    const winnerMain = first.statusCode === 200 ? x.id : w.id;
    const loserMain = first.statusCode === 200 ? w.id : x.id;
    // The winner took y and z with their bookings; the loser's own record is untouched.
    expect(await count(sql`select count(*)::int as n from bookings where customer_id = ${winnerMain}`)).toBe(
      3,
    );
    expect(await count(sql`select count(*)::int as n from bookings where customer_id = ${loserMain}`)).toBe(
      1,
    );
    expect(
      await count(
        sql`select count(*)::int as n from customers where id in (${x.id}, ${y.id}, ${z.id}, ${w.id})`,
      ),
    ).toBe(2);
  });

  it('lists emails held by several customers and likely duplicates, marked, with the filters (25 rows)', async () => {
    const e = `table.${kind}@example.test`;
    await createCustomer(t.db, { first_name: 'Tom', last_name: 'Hart', email: e, postcode: 'YO1 7HH' });
    await createCustomer(t.db, {
      first_name: 'Tom',
      last_name: 'Hart',
      email: e.toUpperCase(),
      postcode: 'YO1 7HH',
    });
    await createCustomer(t.db, { first_name: 'Tina', last_name: 'Hart', email: e, postcode: 'YO1 7HH' });
    // Same name and postcode, different emails.
    await createCustomer(t.db, {
      first_name: 'Agnes',
      last_name: 'Pike',
      email: 'agnes1@example.test',
      postcode: 'BD1 1AA',
    });
    await createCustomer(t.db, { first_name: 'agnes', last_name: 'PIKE', email: null, postcode: 'bd11aa' });
    // Same phone, different names and emails.
    await createCustomer(t.db, {
      first_name: 'Ron',
      last_name: 'Ames',
      phone_number: '+44 1904 555777',
      postcode: 'HU1 1AA',
    });
    await createCustomer(t.db, {
      first_name: 'Rita',
      last_name: 'Ames',
      mobile_number: '01904 555777',
      postcode: 'HU2 2BB',
    });

    const res = await call('GET', '/customers-merging/get-duplicate-table?length=25', t.accountantToken);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as {
      key: string;
      kind: string;
      count: number;
      exact_duplicates: number;
      likely_reason: string | null;
    }[];
    expect(rows.length).toBeLessThanOrEqual(25);
    expect(rows.find((r) => r.key === e)).toMatchObject({
      kind: 'email',
      count: 3,
      exact_duplicates: 1,
      likely_reason: null,
    });
    expect(rows.find((r) => r.key === 'same-name-postcode:agnes|pike|BD11AA')).toMatchObject({
      kind: 'name_postcode',
      count: 2,
      likely_reason: 'Likely: same name and postcode',
    });
    expect(rows.find((r) => r.key === 'same-phone:01904555777')).toMatchObject({
      kind: 'phone',
      count: 2,
      likely_reason: 'Likely: same phone',
    });
    // Email groups come first; the Hart name+postcode group is not offered (all share one email).
    expect(rows.findIndex((r) => r.kind !== 'email')).toBeGreaterThan(
      rows.findIndex((r) => r.kind === 'email'),
    );
    expect(rows.find((r) => r.key.startsWith('same-name-postcode:tom|hart'))).toBeUndefined();

    const byPostcode = await call(
      'GET',
      '/customers-merging/get-duplicate-table?pincode_search=yo1',
      t.adminToken,
    );
    expect(byPostcode.json().data.map((r: { key: string }) => r.key)).toEqual([e]);
    const byEmail = await call(
      'GET',
      '/customers-merging/get-duplicate-table?email_search=agnes1',
      t.adminToken,
    );
    expect(byEmail.json().data.map((r: { key: string }) => r.key)).toEqual([
      'same-name-postcode:agnes|pike|BD11AA',
    ]);

    // Past the last page: no rows, the counts still right.
    const past = (
      await call('GET', '/customers-merging/get-duplicate-table?start=10000&length=25', t.adminToken)
    ).json();
    expect(past.data).toEqual([]);
    expect(past.recordsTotal).toBe(res.json().recordsTotal);
    expect(past.recordsTotal).toBeGreaterThanOrEqual(3);

    const detail = await call('POST', '/customers-merging/get-duplicate-record', t.accountantToken, {
      email: e,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ status: true, kind: 'email', likely_reason: null });
    expect(detail.json().data).toHaveLength(3);
    expect(detail.json().data[0]).toMatchObject({ full_name: 'Tom Hart', total_bookings: 0 });
    const likely = await call('POST', '/customers-merging/get-duplicate-record', t.adminToken, {
      email: 'same-phone:01904555777',
    });
    expect(likely.json()).toMatchObject({ kind: 'phone', likely_reason: 'Likely: same phone' });
    expect(likely.json().data.map((c: { first_name: string }) => c.first_name)).toEqual(['Ron', 'Rita']);
    const bad = await call('POST', '/customers-merging/get-duplicate-record', t.adminToken, {
      email: 'same-phone:1',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('runs the duplicate script as a job: merges only exact duplicates and reports what it merged', async () => {
    const e = `script.${kind}@example.test`;
    const a1 = await createCustomer(t.db, {
      first_name: 'Ada',
      last_name: 'Shaw',
      email: e,
      postcode: 'M1 1AE',
      created_at: '2020-02-02T00:00:00Z',
    });
    const a2 = await createCustomer(t.db, {
      first_name: 'ada ',
      last_name: 'SHAW',
      email: ` ${e.toUpperCase()}`,
      postcode: 'm11ae',
    });
    const a3 = await createCustomer(t.db, {
      first_name: 'Ada',
      last_name: 'Shaw',
      email: e,
      postcode: 'M1 1AE',
    });
    // Same email, another name: not an exact duplicate, left alone.
    const other = await createCustomer(t.db, {
      first_name: 'Bea',
      last_name: 'Shaw',
      email: e,
      postcode: 'M1 1AE',
    });
    await createBooking(t.db, { customer_id: a2.id });
    await t.db.insert(s.customer_notes).values({ customer_id: a3.id, note: 'Called.' });

    expect(
      (await call('POST', '/customers-merging/merge-customers-script', t.accountantToken)).statusCode,
    ).toBe(403);
    const start = await call('POST', '/customers-merging/merge-customers-script', t.adminToken, { email: e });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ status: true, message: `Merging the exact duplicates of ${e}.` });
    const job = await settled(start.json().job_id);
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({
      groups: 1,
      customers_removed: 2,
      bookings: 1,
      notes: 1,
      skipped: [],
      merged: [{ main_customer_id: a1.id, removed_customer_ids: [a2.id, a3.id] }],
      summary: 'Merged 2 duplicate customers in 1 group; moved 1 booking and 1 note.',
    });
    expect(await count(sql`select count(*)::int as n from customers where id in (${a2.id}, ${a3.id})`)).toBe(
      0,
    );
    expect(
      await count(sql`select count(*)::int as n from customers where id in (${a1.id}, ${other.id})`),
    ).toBe(2);
    expect(await count(sql`select count(*)::int as n from bookings where customer_id = ${a1.id}`)).toBe(1);

    // The top button (no body): every email; nothing exact is left, so it says so.
    const all = await call('POST', '/customers-merging/merge-customers-script', t.adminToken);
    expect(all.statusCode).toBe(200);
    const allJob = await settled(all.json().job_id);
    expect(allJob.status).toBe('done');
    expect((allJob.result as { skipped: unknown[] }).skipped).toEqual([]);
    expect(
      await count(
        sql`select count(*)::int as n from (select 1 from customers where email is not null
            group by lower(trim(email)), lower(trim(first_name)), lower(trim(last_name)), upper(replace(coalesce(postcode, ''), ' ', ''))
            having count(*) > 1) d`,
      ),
    ).toBe(0);
  });

  it("keeps old-system bookings that only a removed record's email matched on the main customer's screen", async () => {
    const stamp = `${kind}${Date.now()}`;
    const main = await createCustomer(t.db, {
      first_name: 'Vera',
      last_name: 'Old',
      email: `vera.new.${stamp}@example.test`,
    });
    const other = await createCustomer(t.db, {
      first_name: 'V',
      last_name: 'Old',
      email: `vera.old.${stamp}@example.test`,
    });
    const oldId = 900000 + Math.floor(Math.random() * 90000);
    await t.db
      .insert(s.old_customers)
      .values({ id: oldId, first_name: 'V', last_name: 'Old', email: `vera.old.${stamp}@example.test` });
    const imported = await createBooking(t.db, { old_customer_id: oldId, old_booking_id: oldId });
    const before = (await call('GET', `/customers/${main.id}/bookings`, t.adminToken)).json().data
      .old_bookings;
    expect(before).toEqual([]);
    const res = await call('POST', '/customers-merging/merge-customers', t.adminToken, {
      selected_customer_ids: [main.id, other.id],
      selected_main_customer: main.id,
    });
    expect(res.json().data.old_system_bookings).toBe(1);
    const after = (await call('GET', `/customers/${main.id}/bookings`, t.adminToken)).json().data
      .old_bookings;
    expect(after.map((b: { id: number }) => b.id)).toEqual([imported.id]);
  });

  it('refuses role 2 every merge', async () => {
    const a = await createCustomer(t.db);
    const b = await createCustomer(t.db);
    const res = await call('POST', '/customers-merging/merge-customers', t.accountantToken, {
      selected_customer_ids: [a.id, b.id],
    });
    expect(res.statusCode).toBe(403);
    expect(await count(sql`select count(*)::int as n from customers where id in (${a.id}, ${b.id})`)).toBe(2);
  });

  it('moves every foreign key to customers it knows (a new one must be added to the merge)', async () => {
    const refs = (await customerReferences(t.db)).map((r) => `${r.tbl}.${r.col}`);
    expect(refs).toEqual([
      'booking_requests.customer_id',
      'booking_requests.referrer_id',
      'bookings.customer_id',
      'brochure_requests.customer_id',
      'customer_notes.customer_id',
      'gdpr_runs.customer_id',
      'portal_codes.customer_id',
      'portal_links.customer_id',
      'portal_sessions.customer_id',
    ]);
  });

  it('records referrals from the customer screen: picker, referrers, both sides, rules, role 1', async () => {
    const referred = await createCustomer(t.db, { first_name: 'Lena', last_name: `Quill${kind}` });
    const referrer = await createCustomer(t.db, { first_name: 'Owen', last_name: `Quill${kind}` });
    const stranger = await createCustomer(t.db);
    const booking = await createBooking(t.db, { customer_id: referred.id });
    const theirs = await createBooking(t.db, { customer_id: stranger.id });

    const picker = await call('GET', `/bookings?customer_id=${referred.id}`, t.accountantToken);
    expect(picker.statusCode).toBe(200);
    expect(picker.json().data).toEqual([
      expect.objectContaining({ id: booking.id, booking_ref: booking.booking_ref, referrer_id: null }),
    ]);
    expect((await call('GET', '/bookings?customer_id=999999', t.adminToken)).statusCode).toBe(404);

    const refs = await call(
      'GET',
      `/referrers?search=quill${kind}&customer_id=${referred.id}`,
      t.accountantToken,
    );
    expect(refs.json().data.map((r: { id: number }) => r.id)).toEqual([referrer.id]);
    expect((await call('GET', '/referrers?search=q', t.adminToken)).json().data).toEqual([]);

    const body = { customer_id: referred.id, booking_id: booking.id, referrer_id: referrer.id };
    const blank = await call('POST', '/bookings/requests', t.adminToken, {
      customer_id: referred.id,
      booking_id: '',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({
      booking_id: ['Please choose the booking.'],
      referrer_id: ['Please choose who referred the customer.'],
    });
    expect((await call('POST', '/bookings/requests', t.accountantToken, body)).statusCode).toBe(403);
    const self = await call('POST', '/bookings/requests', t.adminToken, {
      ...body,
      referrer_id: referred.id,
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ referrer_id: ['A customer cannot refer themselves.'] });
    const notTheirs = await call('POST', '/bookings/requests', t.adminToken, {
      ...body,
      booking_id: theirs.id,
    });
    expect(notTheirs.json().errors).toEqual({
      booking_id: ["The booking is not one of this customer's bookings."],
    });
    const created = await call('POST', '/bookings/requests', t.adminToken, body);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Referral recorded successfully.' });
    const again = await call('POST', '/bookings/requests', t.adminToken, body);
    expect(again.json().errors).toEqual({ booking_id: ['This booking already has a referrer.'] });

    const side1 = (await call('GET', `/customers/${referred.id}/referrals`, t.accountantToken)).json().data;
    expect(side1.referred_by).toEqual([
      expect.objectContaining({
        booking_id: booking.id,
        referrer_id: referrer.id,
        referrer_name: `Owen Quill${kind}`,
      }),
    ]);
    expect(side1.referrals).toEqual([]);
    const side2 = (await call('GET', `/customers/${referrer.id}/referrals`, t.accountantToken)).json().data;
    expect(side2.referrals).toEqual([
      expect.objectContaining({ customer_id: referred.id, customer_name: `Lena Quill${kind}` }),
    ]);
    const picked = (await call('GET', `/bookings?customer_id=${referred.id}`, t.adminToken)).json().data;
    expect(picked[0]).toMatchObject({ referrer_id: referrer.id, referrer_name: `Owen Quill${kind}` });

    const id = created.json().data.id;
    expect((await call('POST', `/bookings/requests/${id}/delete`, t.accountantToken)).statusCode).toBe(403);
    expect((await call('POST', `/bookings/requests/${id}/delete`, t.adminToken)).json().message).toBe(
      'Referral removed successfully.',
    );
    expect((await call('POST', `/bookings/requests/${id}/delete`, t.adminToken)).statusCode).toBe(404);
  });
});
