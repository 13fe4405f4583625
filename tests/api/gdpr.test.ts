import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import type { JobAnswer } from '../../src/shared/api/jobs';
import { addMonths, londonToday } from '../../src/shared/dates';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createCustomer } from '../helpers/factories';
import { findTextAnywhere } from '../helpers/text-search';
import { unzip } from '../helpers/zip';

// GDPR (issue #27): subject access (UK GDPR art. 15), erasure (art. 17, keeping the money rows under
// art. 17(3)(b): Companies Act 2006 s.388, VAT Notice 700/21) and the retention run.

const FIRST = 'Zebedee';
const LAST = 'Quintrell';
const EMAIL = 'zeb.quintrell@example.test';
const PASSPORT = 'PQ7731904';
const PASSENGER = 'Ottoline';

describe.each(testDbKinds)('GDPR on %s', (kind) => {
  let t: TestContext;
  const today = londonToday();
  const yearsAgo = (n: number) => addMonths(today, -12 * n);

  /** A customer with one past, settled booking and personal data in every place it can be. */
  async function person(opts: { departed: string; first?: string; last?: string; email?: string }) {
    // The main person's passport, fellow passenger, street and phone; others' are their own.
    const own = !opts.first;
    const passport = own ? PASSPORT : `X${opts.first}99`;
    const passenger = own ? PASSENGER : `${opts.first}ina`;
    const c = await createCustomer(t.db, {
      first_name: opts.first ?? FIRST,
      last_name: opts.last ?? LAST,
      email: opts.email ?? EMAIL,
      phone_number: own ? '0113 496 0777' : '0113 496 0000',
      street_address: own ? '12 Larkspur Close' : '1 High Street',
      postcode: 'LS6 2QT',
    });
    const b = await createBooking(t.db, {
      customer_id: c.id,
      departure_date: opts.departed,
      total_due: '1200.00',
      paid: '1200.00',
      balance: '0.00',
      special_request: `Seat next to ${opts.first ?? FIRST}`,
    });
    await t.db.insert(s.passengers).values([
      {
        holiday_booking_id: b.id,
        first_name: opts.first ?? FIRST,
        last_name: opts.last ?? LAST,
        dob: '1960-03-04',
        passport_no: passport,
      },
      { holiday_booking_id: b.id, first_name: passenger, last_name: opts.last ?? LAST, dob: '1962-05-06' },
    ]);
    await t.db.insert(s.payments).values([
      { holiday_booking_id: b.id, payment_method: 'stripe', payment_amount: '200.00' },
      { holiday_booking_id: b.id, payment_method: 'stripe', payment_amount: '1000.00' },
    ]);
    await t.db
      .insert(s.customer_notes)
      .values({ customer_id: c.id, note: `${opts.first ?? FIRST} prefers aisle seats` });
    await t.db.insert(s.customer_messages).values({
      holiday_booking_id: b.id,
      kind: 'message',
      body: `Hello, this is ${opts.first ?? FIRST} ${opts.last ?? LAST}`,
    });
    await t.db.insert(s.booking_history).values({
      holiday_booking_id: b.id,
      type: 'note',
      action: 'Note',
      comment: `Called ${opts.first ?? FIRST} ${opts.last ?? LAST} about passport ${passport}`,
    });
    await t.db.insert(s.audit_log).values({
      entity: 'customer',
      entity_id: c.id,
      action: 'updated',
      changes: [{ field: 'email', before: null, after: opts.email ?? EMAIL }],
    });
    await t.db.insert(s.email_outbox).values({
      kind: 'booking-email',
      to_address: opts.email ?? EMAIL,
      subject: `Your booking, ${opts.first ?? FIRST}`,
      html: `<p>Dear ${opts.first ?? FIRST} ${opts.last ?? LAST}</p>`,
      holiday_booking_id: b.id,
      status: 'sent',
    });
    const [brochure] = await t.db.insert(s.brochures).values({ brochure_name: 'Summer' }).returning();
    await t.db.insert(s.brochure_requests).values({
      brochure_id: brochure.id,
      customer_id: c.id,
      requester_first_name: opts.first ?? FIRST,
      requester_last_name: opts.last ?? LAST,
      requester_email: opts.email ?? EMAIL,
    });
    const pdf = Buffer.from(`%PDF-1.4 invoice for ${opts.first ?? FIRST} ${opts.last ?? LAST}\n%%EOF\n`);
    const key = await t.app.files.save('booking-documents', pdf, 'pdf');
    await t.db.insert(s.booking_document_records).values({
      holiday_booking_id: b.id,
      doc_type: 'invoice',
      name: `Invoice-${b.booking_ref}.pdf`,
      created_for: 'download',
      file_key: key,
      size_bytes: pdf.length,
    });
    return { customer: c, booking: b, key, pdf };
  }

  /** Every money total of the database: bookings, payments, ATOL certificates, party invoices. */
  const moneyTotals = async () =>
    (
      await queryRows(
        t.db,
        sql`select (select count(*) || '/' || coalesce(sum(total_due), 0) || '/' || coalesce(sum(paid), 0) || '/' || coalesce(sum(balance), 0) from bookings) as bookings,
                   (select count(*) || '/' || coalesce(sum(payment_amount), 0) from payments) as payments,
                   (select count(*) || '/' || coalesce(sum(apc_total), 0) from atol_certificates) as atol,
                   (select count(*) || '/' || coalesce(sum(invoice_amount), 0) || '/' || coalesce(sum(total_paid), 0) from party_invoices) as invoices,
                   (select count(*)::text from booking_document_records) as documents`,
      )
    )[0];

  const job = async (id: number): Promise<JobAnswer> => {
    for (let i = 0; i < 200; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/jobs/${id}`,
        headers: bearer(t.adminToken),
      });
      const j = res.json() as JobAnswer;
      if (j.status === 'done' || j.status === 'failed') return j;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('job did not finish');
  };

  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('subject access: one job makes a zip of everything held, matching the database', async () => {
    const p = await person({
      departed: yearsAgo(2),
      first: 'Araminta',
      last: 'Fettiplace<b>',
      email: 'araminta@example.test',
    });
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${p.customer.id}/subject-access`,
      headers: bearer(t.adminToken),
    });
    expect(res.statusCode).toBe(200);
    const done = await job(res.json().data.job_id);
    expect(done.status).toBe('done');
    expect(Date.now() - started).toBeLessThan(60_000);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${p.customer.id}/subject-access/${done.id}`,
      headers: bearer(t.adminToken),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('zip');
    const zip = await unzip(file.rawPayload);
    const dir = `bookings/${p.booking.booking_ref}`;
    const read = (name: string) => JSON.parse((zip.get(name) as Buffer).toString('utf8'));
    const [customerRow] = await queryRows(t.db, sql`select * from customers where id = ${p.customer.id}`);
    expect(read('customer.json')).toEqual(JSON.parse(JSON.stringify(customerRow)));
    expect(read(`${dir}/passengers.json`).map((x: { first_name: string }) => x.first_name)).toEqual([
      'Araminta',
      'Aramintaina',
    ]);
    expect(read(`${dir}/payments.json`).map((x: { payment_amount: string }) => x.payment_amount)).toEqual([
      '200.00',
      '1000.00',
    ]);
    expect(read(`${dir}/booking.json`).total_due).toBe('1200.00');
    expect(read('notes.json')[0].note).toBe('Araminta prefers aisle seats');
    expect(read('emails.json')[0].to_address).toBe('araminta@example.test');
    expect(read('brochure-requests.json')).toHaveLength(1);
    expect(read(`${dir}/messages.json`)[0].body).toContain('Araminta');
    expect(read(`${dir}/history.json`)[0].comment).toContain('XAraminta99');
    const stored = [...zip.keys()].find((k) => k.startsWith(`${dir}/files/`));
    expect(stored && zip.get(stored)).toEqual(p.pdf);
    const index = (zip.get('index.html') as Buffer).toString('utf8');
    expect(index).toContain('Araminta Fettiplace&lt;b&gt;');
    expect(index).not.toContain('Fettiplace<b>');
    for (const name of zip.keys()) if (name !== 'index.html') expect(index).toContain(`>${name}<`);
    // Role 1 only; another customer's id does not serve this export.
    const other = await createCustomer(t.db);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/customers/${other.id}/subject-access/${done.id}`,
          headers: bearer(t.adminToken),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/customers/${p.customer.id}/subject-access`,
          headers: bearer(t.accountantToken),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses erasure while a booking is to depart or money is owed either way, changing nothing', async () => {
    const c = await createCustomer(t.db, { first_name: 'Future', last_name: 'Traveller' });
    await createBooking(t.db, {
      customer_id: c.id,
      booking_ref: 'HB777001',
      departure_date: addMonths(today, 2),
    });
    const erase = (id: number, token = t.adminToken) =>
      t.app.inject({ method: 'POST', url: `/api/customers/${id}/erase`, headers: bearer(token) });
    let res = await erase(c.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('booking HB777001 departs');
    const d = await createCustomer(t.db, { first_name: 'Owing', last_name: 'Money' });
    await createBooking(t.db, {
      customer_id: d.id,
      booking_ref: 'HB777002',
      departure_date: yearsAgo(1),
      balance: '-25.00',
    });
    res = await erase(d.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Cannot erase: on booking HB777002 the customer is owed a refund of £25.00. Settle it first.',
    );
    expect((await erase(d.id, t.accountantToken)).statusCode).toBe(403);
    expect((await erase(999999)).statusCode).toBe(404);
    const [row] = await queryRows<{ first_name: string; erased_at: string | null }>(
      t.db,
      sql`select first_name, erased_at from customers where id = ${d.id}`,
    );
    expect(row).toEqual({ first_name: 'Owing', erased_at: null });
  });

  it('erases the person everywhere: their name, email and passport are nowhere in the database; money unchanged', async () => {
    const p = await person({ departed: yearsAgo(1) });
    const before = await moneyTotals();
    expect(await findTextAnywhere(t.db, [LAST, EMAIL, PASSPORT])).not.toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${p.customer.id}/erase`,
      headers: bearer(t.adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ customers: 1, bookings: 1, passengers: 2, files: 1 });
    expect(await moneyTotals()).toEqual(before);
    expect(
      await findTextAnywhere(t.db, [FIRST, LAST, EMAIL, PASSPORT, PASSENGER, 'Larkspur', '496 0777']),
    ).toEqual([]);
    expect(await t.app.files.stat(p.key)).toBeNull();
    const [run] = await queryRows(
      t.db,
      sql`select kind, customer_id, customers, bookings, passengers, files, status from gdpr_runs order by id desc limit 1`,
    );
    expect(run).toEqual({
      kind: 'erasure',
      customer_id: p.customer.id,
      customers: 1,
      bookings: 1,
      passengers: 2,
      files: 1,
      status: 'done',
    });
    const [b] = await queryRows(
      t.db,
      sql`select booking_ref, total_due, paid, balance from bookings where id = ${p.booking.id}`,
    );
    expect(b).toEqual({
      booking_ref: p.booking.booking_ref,
      total_due: '1200.00',
      paid: '1200.00',
      balance: '0.00',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${p.customer.id}/erase`,
      headers: bearer(t.adminToken),
    });
    expect(again.statusCode).toBe(422);
  });

  it('retention: a customer whose last departure was 7 years ago is erased, one of 5 years is not', async () => {
    const old = await person({
      departed: yearsAgo(7),
      first: 'Perpetua',
      last: 'Oldcastle',
      email: 'perpetua@example.test',
    });
    const recent = await person({
      departed: yearsAgo(5),
      first: 'Barnaby',
      last: 'Newhouse',
      email: 'barnaby@example.test',
    });
    const before = await moneyTotals();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gdpr/retention',
      headers: bearer(t.adminToken),
    });
    expect(res.statusCode).toBe(200);
    const done = await job(res.json().data.job_id);
    expect(done.status).toBe('done');
    const erased = await queryRows<{ id: number; erased: boolean }>(
      t.db,
      sql`select id, erased_at is not null as erased from customers where id in (${old.customer.id}, ${recent.customer.id}) order by id`,
    );
    expect(erased).toEqual([
      { id: old.customer.id, erased: true },
      { id: recent.customer.id, erased: false },
    ]);
    expect(await findTextAnywhere(t.db, ['Perpetua', 'Oldcastle', 'perpetua@example.test'])).toEqual([]);
    expect((await findTextAnywhere(t.db, ['Newhouse'])).length).toBeGreaterThan(0);
    expect(await moneyTotals()).toEqual(before);
    const runs = await t.app.inject({ method: 'GET', url: '/api/gdpr/runs', headers: bearer(t.adminToken) });
    expect(runs.json().retention_years).toBe(6);
    expect(runs.json().data[0]).toMatchObject({
      kind: 'retention',
      status: 'done',
      customers: 1,
      bookings: 1,
      passengers: 2,
    });
  });
});
