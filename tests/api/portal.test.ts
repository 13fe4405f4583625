import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PORTAL_LIMITS } from '../../src/server/areas/portal/sign-in';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { PORTAL_MESSAGES } from '../../src/shared/api/portal';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import { createBookableInstance, createCustomer } from '../helpers/factories';
import { newestMail, outboxMessages } from '../helpers/outbox';
import { readRouteTable } from '../helpers/route-table';

const APP_URL = 'https://holidays.example.test';
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every portal route as registered (the generated checks below cover a route the day it is added). */
const { table } = await readRouteTable();
const portalRoutes = table
  .filter((r) => (r.config as { portal?: boolean } | undefined)?.portal)
  .flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== 'HEAD')
      .map((m) => ({ method: m, url: r.url })),
  );

/** The hrefs of a parsed email's links. */
const hrefs = (mail: ParsedMail) =>
  [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

// Issue #23: the customer's side. Tokens emailed, codes, one booking per token, and what a
// customer does reaching staff as 'Customer'.
describe.each(testDbKinds)("the customer's side (portal) on %s", (kind) => {
  let t: TestContext;
  const { call, lineOf, newBooking } = bookingCalls(() => t);
  const portal = (method: string, url: string, token?: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/portal${url}`,
      headers: token ? bearer(token) : {},
      payload,
    });

  let templateId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestContext(kind, {
      APP_URL,
      ECOMMPAY_PROJECT_ID: '4321',
      ECOMMPAY_SECRET_KEY: 'portal-test-secret',
    });
    for (const [name, value] of Object.entries({
      company_name: 'Wayfarer Tours Ltd',
      company_phone: '0161 496 0750',
      bank_account_name: 'Wayfarer Tours Client Account',
      bank_sort_code: '20-00-00',
      bank_account_number: '12345678',
    }))
      await t.db.execute(
        sql`insert into system_settings (name, value) values (${name}, ${value})
            on conflict (name) do update set value = excluded.value`,
      );
    const [tpl] = await t.db
      .insert(s.email_templates)
      .values({
        template_name: 'Booking confirmation',
        template_type: 2,
        template_slug: 'booking-confirmation',
        template_subject: 'Your booking {booking_ref}',
        selected_doc_types: ['invoice'],
        template_body_content: '<p>Dear {customer},</p><p>{accept_button}</p><p>{manage_booking}</p>',
      })
      .returning();
    templateId = tpl.id;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.db.execute(sql`delete from portal_attempts`);
  });

  /** A flight-inclusive booking of Mrs Hay (two passengers), its passport details asked for. */
  async function hayBooking(departInDays = 150) {
    n += 1;
    const inst = await createBookableInstance(t.db, {
      tour_type: 'air',
      departure_date: daysFromNow(departInDays),
    });
    await t.db.execute(sql`update tours set is_passport_details_required = true where id = ${inst.tour.id}`);
    const customer = await createCustomer(t.db, {
      title: 'Mrs',
      first_name: 'Ann',
      last_name: `Hay${n}`,
      email: `ann${n}@hay.test`,
    });
    const id = await newBooking({ customer_id: customer.id, tour_bookings: [lineOf(inst)] });
    for (const first_name of ['Ann', 'Tom']) {
      const res = await call('POST', '/update-booking/update-pessenger', {
        holiday_booking_id: id,
        title: first_name === 'Ann' ? 'Mrs' : 'Mr',
        first_name,
        last_name: `Hay${n}`,
        dob: '1970-03-04',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [b] = await queryRows<{ booking_ref: string }>(
      t.db,
      sql`select booking_ref from bookings where id = ${id}`,
    );
    return { id, ref: b.booking_ref, customer, surname: `Hay${n}`, email: customer.email as string };
  }

  /** Sends the confirmation (with the Confirmation PDF) and answers the delivered email. */
  async function sendConfirmation(id: number, email: string) {
    const res = await call('POST', `/bookings/${id}/send-email-customer`, {
      email_to: 'customer',
      template: templateId,
      email_documents: ['invoice'],
      intimate_customer: 'no',
    });
    expect(res.statusCode, res.body).toBe(200);
    return newestMail(t, email);
  }

  const tokenOf = (href: string) => new URL(href).hash.replace(/^#/, '').split('&')[0].replace(/^t=/, '');

  async function sessionFor(id: number, email: string) {
    const mail = await sendConfirmation(id, email);
    const manage = hrefs(mail).find(
      (h) => h.includes('/my-booking/link') && !h.includes('accept=1'),
    ) as string;
    const res = await portal('POST', '/link', undefined, { token: tokenOf(manage) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  }

  it('emails personal links from APP_URL; Accept accepts From email, Manage opens the booking', async () => {
    const b = await hayBooking();
    const mail = await sendConfirmation(b.id, b.email);
    const links = hrefs(mail).filter((h) => h.includes('/my-booking/'));
    expect(links).toHaveLength(2);
    for (const h of links) expect(h.startsWith(`${APP_URL}/my-booking/link#t=`)).toBe(true);
    expect(String(mail.html)).not.toContain('/bookings/edit/');
    const accept = links.find((h) => h.endsWith('&accept=1')) as string;
    const token = tokenOf(accept);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const stored = await queryRows<{ token_hash: string }>(
      t.db,
      sql`select token_hash from portal_links where holiday_booking_id = ${b.id}`,
    );
    expect(stored.length).toBe(1);
    expect(stored[0].token_hash).not.toContain(token);

    const res = await portal('POST', '/link', undefined, { token, accept: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, accepted: true, message: PORTAL_MESSAGES.accepted });
    const [row] = await queryRows<{ changes_accepted: number; changes_accepted_from: string }>(
      t.db,
      sql`select changes_accepted, changes_accepted_from from bookings where id = ${b.id}`,
    );
    expect(row).toEqual({ changes_accepted: 1, changes_accepted_from: 'email' });
    const [h] = await queryRows<{ user_id: number | null; actor: string; comment: string }>(
      t.db,
      sql`select user_id, actor, comment from booking_history where holiday_booking_id = ${b.id}
          and action = 'Changes accepted' order by id desc limit 1`,
    );
    expect(h).toMatchObject({ user_id: null, actor: 'customer' });
    // The link again: nothing left to accept, still opens the booking.
    const again = await portal('POST', '/link', undefined, { token, accept: true });
    expect(again.json()).toMatchObject({ accepted: false });

    const view = await portal('GET', '/booking', again.json().token);
    expect(view.statusCode, view.body).toBe(200);
    const data = view.json().data;
    expect(data.booking_ref).toBe(b.ref);
    expect(data.passengers.map((p: { first_name: string }) => p.first_name)).toEqual(['Ann', 'Tom']);
    expect(data.passport_required).toBe(true);
    expect(data.holidays).toHaveLength(1);
    expect(data.changes.accepted_from).toBe('email');
    expect(data.pay.bank).toEqual({
      account_name: 'Wayfarer Tours Client Account',
      sort_code: '20-00-00',
      account_number: '12345678',
      reference: b.ref,
    });
    expect(data.documents.map((d: { label: string }) => d.label)).toEqual(['Confirmation']);
    // No staff-only field leaves: costs, commission, staff names, ids of other records.
    const text = view.body;
    for (const word of [
      '"cost"',
      'commission',
      'Test Admin',
      'customer_id',
      'agent',
      'created_by',
      'version',
    ])
      expect(text).not.toContain(word);
  });

  it('the ATOL certificate email on its own carries the Manage link too', async () => {
    const b = await hayBooking();
    const paid = await call('POST', '/payments', {
      holiday_booking_id: b.id,
      payment_method: 'bacs',
      payment_amount: '100.00',
      transaction_id: 'ATOL-LINK',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const mail = await newestMail(t, b.email);
    expect(mail.subject).toContain('ATOL Certificate');
    const manage = hrefs(mail).find((h) => h.startsWith(`${APP_URL}/my-booking/link#t=`));
    expect(manage).toBeDefined();
    expect(mail.text).toContain('Manage your booking');
    const res = await portal('POST', '/link', undefined, { token: tokenOf(manage as string) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('accepts From Manage booking after a staff change, and says when nothing waits', async () => {
    const b = await hayBooking();
    const token = await sessionFor(b.id, b.email);
    // Staff add an extra passenger: changes wait for the customer.
    await call('POST', '/update-booking/update-pessenger', {
      holiday_booking_id: b.id,
      title: 'Miss',
      first_name: 'Eve',
      last_name: b.surname,
    });
    const view = (await portal('GET', '/booking', token)).json().data;
    expect(view.changes.pending).toBe(true);
    expect(view.changes.items.map((i: { field: string }) => i.field)).toContain('Passengers');
    const res = await portal('POST', '/booking/accept', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PORTAL_MESSAGES.accepted);
    const [row] = await queryRows<{ changes_accepted_from: string }>(
      t.db,
      sql`select changes_accepted_from from bookings where id = ${b.id}`,
    );
    expect(row.changes_accepted_from).toBe('manage_booking');
    const staff = await call('GET', `/bookings/${b.id}`);
    expect(staff.json().data.booking[0].changes_accepted_from).toBe('manage_booking');
    const again = await portal('POST', '/booking/accept', token);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(PORTAL_MESSAGES.nothingToAccept);
  });

  it('completes passport details as the customer; staff see Changes Reviewed Pending and a Customer entry', async () => {
    const b = await hayBooking();
    const token = await sessionFor(b.id, b.email);
    await call('POST', `/bookings/${b.id}/accept-booking-change`, { send_email: 'no' });
    const view = (await portal('GET', '/booking', token)).json().data;
    const ann = view.passengers[0];
    expect(ann.complete).toBe(false);
    const bad = await portal('PUT', `/booking/passengers/${ann.id}`, token, {
      first_name: 'Ann',
      last_name: b.surname,
      dob: '2999-01-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.dob).toBeDefined();
    const res = await portal('PUT', `/booking/passengers/${ann.id}`, token, {
      title: 'Mrs',
      first_name: 'Ann',
      last_name: b.surname,
      dob: '1970-03-04',
      gender: 'Female',
      passport_no: '123456789',
      passport_issue: '2020-01-10',
      passport_expiry: '2030-01-10',
      passport_nationality: 'British',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.passengers[0].complete).toBe(true);
    const staff = (await call('GET', `/bookings/${b.id}`)).json().data.booking[0];
    expect(staff.changes_reviewed).toBe(0);
    expect(staff.passengers[0].passport_no).toBe('123456789');
    const history = await call('POST', `/${b.id}/get-booking-history`, { draw: 1, start: 0, length: 15 });
    expect(history.statusCode, history.body).toBe(200);
    const rows = history.json().data as { action: string; comment: string; user: { name: string } | null }[];
    const entry = rows.find((r) => r.action === 'Passenger updated by the customer');
    expect(entry?.user?.name).toBe('Customer');
    expect(entry?.comment).toContain('Passport number — → …789');
    const [msg] = await queryRows<{ kind: string; body: string }>(
      t.db,
      sql`select kind, body from customer_messages where holiday_booking_id = ${b.id} order by id desc limit 1`,
    );
    expect(msg.kind).toBe('update');
    expect(msg.body).toContain('Passenger details updated');
    const [audit] = await queryRows<{ actor: string; user_id: number | null }>(
      t.db,
      sql`select actor, user_id from audit_log where entity = 'passenger' and entity_id = ${ann.id} order by id desc limit 1`,
    );
    expect(audit).toEqual({ actor: 'customer', user_id: null });

    // Closed inside the set window before departure.
    await t.db.execute(
      sql`insert into system_settings (name, value) values ('portal_details_days_before_departure', '400')
          on conflict (name) do update set value = excluded.value`,
    );
    try {
      const closed = await portal('PUT', `/booking/passengers/${ann.id}`, token, {
        first_name: 'Ann',
        last_name: b.surname,
      });
      expect(closed.statusCode).toBe(422);
      expect(closed.json().message).toBe(PORTAL_MESSAGES.detailsClosed);
      expect((await portal('GET', '/booking', token)).json().data.details_editable).toBe(false);
    } finally {
      await t.db.execute(
        sql`delete from system_settings where name = 'portal_details_days_before_departure'`,
      );
    }
  });

  it('a token of booking A never reads or changes booking B, on every portal route', async () => {
    const a = await hayBooking();
    const b = await hayBooking();
    const tokenA = await sessionFor(a.id, a.email);
    await sessionFor(b.id, b.email);
    const [bPassenger] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from passengers where holiday_booking_id = ${b.id} order by id limit 1`,
    );
    const [bDocument] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from booking_document_records where holiday_booking_id = ${b.id} order by id limit 1`,
    );
    const [bStaffDownload] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into booking_document_records (holiday_booking_id, doc_type, name, created_for, file_key, size_bytes)
          select holiday_booking_id, doc_type, name, 'download', file_key, size_bytes from booking_document_records
          where holiday_booking_id = ${a.id} order by id limit 1 returning id`,
    );
    const bBefore = await queryRows(
      t.db,
      sql`select version, changes_accepted, changes_reviewed from bookings where id = ${b.id}`,
    );
    expect(portalRoutes.length).toBeGreaterThanOrEqual(7);
    const problems: string[] = [];
    for (const r of portalRoutes) {
      const ids = r.url.includes(':id') ? [bPassenger.id, bDocument.id, bStaffDownload.id] : [0];
      for (const id of ids) {
        const url = r.url.replace('/api/portal', '').replace(':id', String(id));
        const payload =
          r.method === 'GET'
            ? undefined
            : url.includes('passengers')
              ? { first_name: 'Mallory', last_name: 'Hacker' }
              : url.endsWith('messages')
                ? { message: 'hello' }
                : url.endsWith('card-payment')
                  ? { amount: '1.00' }
                  : {};
        if (url === '/sign-out') continue; // ends A's own session only; checked below
        const res = await portal(r.method, url, tokenA, payload);
        if (r.url.includes(':id') && res.statusCode !== 404)
          problems.push(`${r.method} ${url} → ${res.statusCode}`);
        if (res.body.includes(b.ref)) problems.push(`${r.method} ${url} answered booking B's reference`);
      }
      // No token, a forged token and a staff token: 401 on every portal route.
      const url = r.url.replace('/api/portal', '').replace(':id', '1');
      for (const token of [undefined, 'forged-token-00000000000000000000000000000', t.adminToken]) {
        const res = await portal(r.method, url, token, r.method === 'GET' ? undefined : {});
        if (res.statusCode !== 401)
          problems.push(`${r.method} ${url} [${token ? 'token' : 'none'}] → ${res.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
    const bAfter = await queryRows(
      t.db,
      sql`select version, changes_accepted, changes_reviewed from bookings where id = ${b.id}`,
    );
    expect(bAfter).toEqual(bBefore);
    // A portal token opens no staff route.
    expect((await call('GET', `/bookings/${a.id}`, undefined, tokenA)).statusCode).toBe(401);
    // Sign-out ends the session.
    expect((await portal('POST', '/sign-out', tokenA)).statusCode).toBe(200);
    expect((await portal('GET', '/booking', tokenA)).statusCode).toBe(401);
  });

  it('downloads the stored Confirmation, not another booking\u2019s or a staff copy', async () => {
    const b = await hayBooking();
    const token = await sessionFor(b.id, b.email);
    const docs = (await portal('GET', '/booking', token)).json().data.documents;
    expect(docs).toHaveLength(1);
    const res = await portal('GET', `/booking/documents/${docs[0].id}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [stored] = await queryRows<{ size_bytes: number }>(
      t.db,
      sql`select size_bytes from booking_document_records where id = ${docs[0].id}`,
    );
    expect(res.rawPayload.length).toBe(stored.size_bytes);
  });

  it('ends links and sessions when the customer or their email changes, or 30 days after the return', async () => {
    const b = await hayBooking();
    const mail = await sendConfirmation(b.id, b.email);
    const manage = tokenOf(
      hrefs(mail).find((h) => !h.includes('accept=1') && h.includes('/my-booking/')) as string,
    );
    const session = (await portal('POST', '/link', undefined, { token: manage })).json().token;
    await t.db.execute(sql`update customers set email = 'someone.else@hay.test' where id = ${b.customer.id}`);
    expect((await portal('GET', '/booking', session)).statusCode).toBe(401);
    const link = await portal('POST', '/link', undefined, { token: manage });
    expect(link.statusCode).toBe(401);
    expect(link.json().message).toBe(PORTAL_MESSAGES.linkInvalid);
    // Back to the address: the link works again (bound to it), until the holiday is long over.
    await t.db.execute(sql`update customers set email = ${b.email} where id = ${b.customer.id}`);
    expect((await portal('POST', '/link', undefined, { token: manage })).statusCode).toBe(200);
    await t.db.execute(
      sql`update tour_instances set departure_date = current_date - 60
          where id = (select tour_instance_id from tour_bookings where holiday_booking_id = ${b.id} limit 1)`,
    );
    await t.db.execute(
      sql`update tour_bookings set check_out_date = null where holiday_booking_id = ${b.id}`,
    );
    expect((await portal('POST', '/link', undefined, { token: manage })).statusCode).toBe(401);
  });

  it('signs in with reference, surname and a six-digit code: single use, 5 tries, throttled', async () => {
    const b = await hayBooking();
    const codeOf = async () => {
      const subject = (await newestMail(t, b.email)).subject ?? '';
      return subject.match(/(\d{6})$/)?.[1] as string;
    };
    // A wrong surname: the same answer, no email.
    const wrong = await portal('POST', '/code', undefined, { booking_ref: b.ref, surname: 'Smith' });
    expect(wrong.json().message).toBe(PORTAL_MESSAGES.codeSent);
    expect(await outboxMessages(t, b.email)).toEqual([]);
    const unknown = await portal('POST', '/code', undefined, { booking_ref: 'ZZ999999', surname: 'Hay' });
    expect(unknown.json().message).toBe(PORTAL_MESSAGES.codeSent);

    const asked = await portal('POST', '/code', undefined, {
      booking_ref: b.ref.toLowerCase(),
      surname: ` ${b.surname.toUpperCase()} `,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await codeOf();
    expect(code).toMatch(/^\d{6}$/);
    const other = code === '000000' ? '000001' : '000000';
    // Five wrong tries end the code, even before it is used.
    for (let i = 0; i < 5; i++) {
      const res = await portal('POST', '/sign-in', undefined, { booking_ref: b.ref, code: other });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        i === 0 || i < 5 ? PORTAL_MESSAGES.codeWrong : PORTAL_MESSAGES.codeExpired,
      );
    }
    const late = await portal('POST', '/sign-in', undefined, { booking_ref: b.ref, code });
    expect(late.json().message).toBe(PORTAL_MESSAGES.codeExpired);

    await portal('POST', '/code', undefined, { booking_ref: b.ref, surname: b.surname });
    const fresh = await codeOf();
    const ok = await portal('POST', '/sign-in', undefined, { booking_ref: b.ref, code: fresh });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await portal('GET', '/booking', ok.json().token)).json().data.booking_ref).toBe(b.ref);
    // Single use.
    const reuse = await portal('POST', '/sign-in', undefined, { booking_ref: b.ref, code: fresh });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().message).toBe(PORTAL_MESSAGES.codeExpired);
    // Expired after ten minutes.
    await portal('POST', '/code', undefined, { booking_ref: b.ref, surname: b.surname });
    const old = await codeOf();
    await t.db.execute(
      sql`update portal_codes set expires_at = now() - interval '1 second' where holiday_booking_id = ${b.id}`,
    );
    expect(
      (await portal('POST', '/sign-in', undefined, { booking_ref: b.ref, code: old })).json().message,
    ).toBe(PORTAL_MESSAGES.codeExpired);
    // Per booking: three codes in the window, then 429.
    const fourth = await portal('POST', '/code', undefined, { booking_ref: b.ref, surname: b.surname });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(PORTAL_MESSAGES.tooMany);
    // Per client address: code requests, wrong codes.
    await t.db.execute(sql`delete from portal_attempts`);
    for (let i = 0; i < PORTAL_LIMITS.codeRequestsPerIp; i++)
      await portal('POST', '/code', undefined, { booking_ref: `QQ${i}`, surname: 'Nobody' });
    expect(
      (await portal('POST', '/code', undefined, { booking_ref: 'QQ', surname: 'Nobody' })).statusCode,
    ).toBe(429);
    for (let i = 0; i < PORTAL_LIMITS.signInFailuresPerIp; i++)
      await portal('POST', '/sign-in', undefined, { booking_ref: `QQ${i}`, code: '123456' });
    expect(
      (await portal('POST', '/sign-in', undefined, { booking_ref: b.ref, code: '123456' })).statusCode,
    ).toBe(429);
  });

  it('sends a message to the office and starts a card payment up to the balance', async () => {
    const b = await hayBooking();
    const token = await sessionFor(b.id, b.email);
    const sent = await portal('POST', '/booking/messages', token, {
      message: 'We would like a sea view, please.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(PORTAL_MESSAGES.messageSent);
    const [m] = await queryRows<{ kind: string; body: string; read_at: string | null }>(
      t.db,
      sql`select kind, body, read_at from customer_messages where holiday_booking_id = ${b.id} and kind = 'message'`,
    );
    expect(m).toEqual({ kind: 'message', body: 'We would like a sea view, please.', read_at: null });
    const audits = await queryRows<{ entity: string; actor: string }>(
      t.db,
      sql`select entity, actor from audit_log where scope = ${`booking:${b.id}`} order by id`,
    );
    expect(audits).toContainEqual({ entity: 'customer_message', actor: 'customer' });
    expect((await portal('GET', '/booking', token)).json().data.messages[0].message).toBe(
      'We would like a sea view, please.',
    );

    const view = (await portal('GET', '/booking', token)).json().data;
    expect(view.pay.card).toBe(true);
    const tooMuch = await portal('POST', '/booking/card-payment', token, {
      amount: (Number(view.money.balance) + 1).toFixed(2),
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe(PORTAL_MESSAGES.moreThanBalance);
    const card = await portal('POST', '/booking/card-payment', token, { amount: '200.00' });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data).toMatchObject({ project_id: 4321, payment_amount: 20000 });
    expect(String(card.json().data.merchant_return_url)).toBe(`${APP_URL}/my-booking`);
    const [pending] = await queryRows<{ amount: string; created_by: number | null }>(
      t.db,
      sql`select amount::text as amount, created_by from ecommpay_payments where holiday_booking_id = ${b.id}`,
    );
    expect(pending).toEqual({ amount: '200.00', created_by: null });
  });
});
