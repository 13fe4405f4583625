import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBookingDocument } from '../../src/server/areas/bookings/documents/render';
import { queryRows } from '../../src/server/db/client';
import { templateVariables } from '../../src/server/mail/templates';
import { createPortalSession } from '../../src/server/users/portal';
import { addDays, addMonths, londonToday, ukDate } from '../../src/shared/dates';
import { INSTALMENT_MESSAGES } from '../../src/shared/instalments';
import { scheduleText, stageParts } from '../../src/shared/payment-schedule';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import { createBookableInstance, createCustomer } from '../helpers/factories';
import { asObjects, fetchReport, readXlsxReport } from '../helpers/reports';

// Issue #26: 'A booking's balance can be split into instalments (dates and amounts, ending on the
// balance due date; equal by default, editable), shown on the booking, the Confirmation and the
// customer's side; reminders and the aged-debtors report follow the instalments.' Every change in
// one transaction with history and audit; the plan stays true to the booking when it changes.
// DOCS_OUT=<dir> writes the Confirmation.

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(testDbKinds)('instalments of the balance (%s)', (kind) => {
  let t: TestContext;
  const { call, detail, lineOf, newBooking } = bookingCalls(() => t);
  const today = londonToday();
  // 2 guests at £524.00 (deposit £100.00 each) leaving in 200 days: deposit £200.00 due in 7 days,
  // balance £848.00 due 84 days before departure.
  const balanceDue = addDays(today, 200 - 84);
  let id = 0;

  const put = (body: object, token = t.adminToken) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/instalments`,
      headers: bearer(token),
      payload: body,
    });
  const pay = async (amount: string) => {
    const res = await call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: 'bacs',
      payment_amount: amount,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const history = () =>
    queryRows<{ action: string; comment: string; user_id: number | null; changes: unknown }>(
      t.db,
      sql`select action, comment, user_id, changes from booking_history
          where holiday_booking_id = ${id} and action like 'Instalments%' order by id`,
    );
  const debtorRow = async (ref: string) => {
    const file = await fetchReport(t, '/reports/debtor-booking', {
      from_date: addDays(today, -400),
      to_date: addDays(today, 400),
    });
    return asObjects(await readXlsxReport(file.data)).find((r) => r['Booking ref'] === ref);
  };

  beforeAll(async () => {
    t = await createTestContext(kind);
    const inst = await createBookableInstance(t.db, { departure_date: addDays(today, 200) });
    await t.db.execute(sql`update tours set deposit_price = '100.00' where id = ${inst.tour.id}`);
    const customer = await createCustomer(t.db, { title: 'Mrs', first_name: 'Ada', last_name: 'Lovelace' });
    id = await newBooking({ customer_id: customer.id, tour_bookings: [lineOf(inst, 2)] });
    const res = await call('POST', '/update-booking/update-pessenger', {
      holiday_booking_id: id,
      title: 'Mrs',
      first_name: 'Ada',
      last_name: 'Lovelace',
      gender: 'Female',
    });
    expect(res.statusCode, res.body).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('previews the equal split: a month apart ending on the balance due date, the leftover pennies on the last', async () => {
    const res = await call('GET', `/bookings/${id}/instalments/preview?count=3`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      instalments: [
        { due: addMonths(balanceDue, -2), amount: '282.66' },
        { due: addMonths(balanceDue, -1), amount: '282.66' },
        { due: balanceDue, amount: '282.68' },
      ],
      balance: '848.00',
      balance_due: balanceDue,
      not_before: today,
      max_count: 12,
    });
    expect((await call('GET', `/bookings/${id}/instalments/preview?count=13`)).statusCode).toBe(422);
    const b = await detail(id);
    expect(b.instalment_plan).toMatchObject({ instalments: [], balance: '848.00', balance_due: balanceDue });
  });

  it('splits the balance into 3: stored with history and audit, version + 1, the schedule shows deposit then instalments', async () => {
    const before = await detail(id);
    const res = await put({ count: 3, version: before.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Balance split into 3 instalments.' });
    const b = await detail(id);
    expect(b.version).toBe(before.version + 1);
    expect(res.json().data.version).toBe(b.version);
    expect(scheduleText(b.payment_schedule)).toEqual([
      `Deposit £200.00 due by ${ukDate(addDays(today, 7))}`,
      `Instalment 1 of 3 £282.66 due by ${ukDate(addMonths(balanceDue, -2))}`,
      `Instalment 2 of 3 £282.66 due by ${ukDate(addMonths(balanceDue, -1))}`,
      `Instalment 3 of 3 £282.68 due by ${ukDate(balanceDue)}`,
    ]);
    expect(b.payment_schedule.map((s: { kind: string }) => s.kind)).toEqual([
      'deposit',
      'instalment',
      'instalment',
      'instalment',
    ]);
    const [h] = await history();
    expect(h.action).toBe('Instalments set');
    expect(h.user_id).not.toBeNull();
    expect(h.comment).toBe(
      `Instalments: none → £282.66 by ${ukDate(addMonths(balanceDue, -2))}, £282.66 by ${ukDate(addMonths(balanceDue, -1))}, £282.68 by ${ukDate(balanceDue)}`,
    );
    const audit = await queryRows<{ changes: { field: string; to: unknown }[] }>(
      t.db,
      sql`select changes from audit_log where entity = 'booking' and entity_id = ${id} order by id desc limit 1`,
    );
    expect(audit[0].changes[0]).toMatchObject({ field: 'instalments' });
    expect((audit[0].changes[0].to as unknown[]).length).toBe(3);
  });

  it('answers 409 on a stale version and 403 to role 2, changing nothing', async () => {
    const b = await detail(id);
    let res = await put({ count: 2, version: b.version - 1 });
    expect(res.statusCode).toBe(409);
    res = await put({ count: 2, version: b.version }, t.accountantToken);
    expect(res.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/instalments/delete`,
      headers: bearer(t.accountantToken),
      payload: { version: b.version },
    });
    expect(del.statusCode).toBe(403);
    expect((await detail(id)).instalment_plan.instalments).toHaveLength(3);
  });

  it('refuses plans that break the rules, with messages by field', async () => {
    const b = await detail(id);
    const v = b.version;
    let res = await put({
      version: v,
      instalments: [
        { due: addDays(today, 30), amount: '400.00' },
        { due: balanceDue, amount: '447.99' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'The instalments add up to £847.99; they must add up to the balance of £848.00 (£0.01 short).',
    );
    res = await put({
      version: v,
      instalments: [
        { due: addDays(today, -1), amount: '400.00' },
        { due: balanceDue, amount: '448.00' },
      ],
    });
    expect(res.json().errors['instalments.0.due']).toEqual([INSTALMENT_MESSAGES.tooEarly(1, today)]);
    res = await put({
      version: v,
      instalments: [
        { due: addDays(today, 30), amount: '400.00' },
        { due: addDays(today, 30), amount: '448.00' },
      ],
    });
    expect(res.json().errors['instalments.1.due']).toEqual([
      `Instalment 2 must fall due after instalment 1 (${ukDate(addDays(today, 30))}).`,
    ]);
    res = await put({
      version: v,
      instalments: [
        { due: addDays(today, 30), amount: '400.00' },
        { due: addDays(balanceDue, 1), amount: '448.00' },
      ],
    });
    expect(res.json().errors['instalments.1.due']).toEqual([INSTALMENT_MESSAGES.afterBalance(2, balanceDue)]);
    res = await put({
      version: v,
      instalments: [
        { due: addDays(today, 30), amount: '848.00' },
        { due: balanceDue, amount: '0.00' },
      ],
    });
    expect(res.json().errors['instalments.1.amount']).toEqual([INSTALMENT_MESSAGES.amountPositive(2)]);
    res = await put({ version: v, instalments: [{ due: balanceDue, amount: '848.00' }] });
    expect(res.json().errors.instalments).toEqual([INSTALMENT_MESSAGES.count]);
    res = await put({ version: v, count: 13 });
    expect(res.statusCode).toBe(422);
    res = await put({ version: v });
    expect(res.statusCode).toBe(422);
    expect((await detail(id)).version).toBe(v);
  });

  it('takes an edited plan, and payments fill the stages in order', async () => {
    const b = await detail(id);
    const res = await put({
      version: b.version,
      instalments: [
        { due: addDays(today, 30), amount: '400.00' },
        { due: addDays(today, 60), amount: '300.00' },
        { due: balanceDue, amount: '148.00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    await pay('200.00');
    await pay('500.00');
    const after = await detail(id);
    expect(scheduleText(after.payment_schedule)).toEqual([
      `Deposit £200.00 paid ${ukDate(today)}`,
      `Instalment 1 of 3 £400.00 paid ${ukDate(today)}`,
      `Instalment 2 of 3 £300.00 due by ${ukDate(addDays(today, 60))} (£100.00 paid, £200.00 to pay)`,
      `Instalment 3 of 3 £148.00 due by ${ukDate(balanceDue)}`,
    ]);
    // The customer's side shows the same stages.
    const [c] = await queryRows<{ id: number; email: string }>(
      t.db,
      sql`select c.id, lower(c.email) as email from customers c join bookings b on b.customer_id = c.id where b.id = ${id}`,
    );
    const portal = await createPortalSession(t.db, {
      bookingId: id,
      via: 'code',
      email: c.email,
      customerId: c.id,
    });
    const view = await t.app.inject({
      method: 'GET',
      url: '/api/portal/booking',
      headers: bearer(portal.token),
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.money.schedule).toEqual(after.payment_schedule);
  });

  it('the Confirmation, the email placeholders and the aged debtors follow the instalments', async () => {
    // An instalment 40 days overdue (as if the plan had been agreed earlier).
    await t.db.execute(
      sql`update booking_instalments set due_date = ${addDays(today, -40)}::date where holiday_booking_id = ${id} and seq = 2`,
    );
    const b = await detail(id);
    const { pdf } = await renderBookingDocument(t.db, id, 'invoice', { files: t.app.files });
    if (process.env.DOCS_OUT) {
      await mkdir(process.env.DOCS_OUT, { recursive: true });
      await writeFile(path.join(process.env.DOCS_OUT, `confirmation-instalments-${kind}.pdf`), pdf);
    }
    const text = await pdfText(pdf);
    expect(text).toContain('PAYMENT SCHEDULE');
    for (const s of b.payment_schedule) {
      const p = stageParts(s);
      expect(text).toContain(`${p.what} ${p.when}${p.note ? ` ${p.note}` : ''}`);
    }
    expect(text).toContain('Instalment 2 of 3 £300.00');

    const vars = await templateVariables(t.db, id, 'customer', { baseUrl: 'https://office.test' });
    expect(vars.balance_due_content).toBe(`${scheduleText(b.payment_schedule).join('. ')}.`);

    const row = await debtorRow(b.booking_ref);
    expect(row).toMatchObject({
      'Balance due date': ukDate(balanceDue),
      'Days overdue': 40,
      '31–60 days': 200,
      'Not due': 148,
      Balance: 348,
      'Payment schedule': scheduleText(b.payment_schedule).join('; '),
    });
    // Editing keeps a past date the plan already has.
    const res = await put({
      version: b.version,
      instalments: [
        { due: addDays(today, 30), amount: '400.00' },
        { due: addDays(today, -40), amount: '300.00' },
        { due: balanceDue, amount: '148.00' },
      ],
    });
    expect(res.json().errors['instalments.1.due'][0]).toMatch(/must fall due after instalment 1/);
    await t.db.execute(
      sql`update booking_instalments set due_date = ${addDays(today, -50)}::date where holiday_booking_id = ${id} and seq = 1`,
    );
    const kept = await put({
      version: (await detail(id)).version,
      instalments: [
        { due: addDays(today, -50), amount: '400.00' },
        { due: addDays(today, -40), amount: '250.00' },
        { due: balanceDue, amount: '198.00' },
      ],
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('a change of the total: the last instalment absorbs it; a balance due date moved: the last follows it; history by the system', async () => {
    let b = await detail(id);
    const [extra] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into extras (name, price) values ('Airport parking', '60.00') returning id`,
    );
    let res = await call('POST', `/update-booking/update-extras/${id}`, {
      extras: [{ id: extra.id, pivot: { qty: 1 } }],
      version: b.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    b = await detail(id);
    expect(b.totals.total_due).toBe('1108.00');
    expect(b.instalment_plan.instalments.map((p: { amount: string }) => p.amount)).toEqual([
      '400.00',
      '250.00',
      '258.00',
    ]);
    expect(b.payment_schedule.at(-1)).toMatchObject({
      label: 'Instalment 3 of 3',
      amount: '258.00',
      due: balanceDue,
    });
    let h = (await history()).at(-1);
    expect(h).toMatchObject({
      action: 'Instalments adjusted',
      user_id: null,
      comment: 'Instalments adjusted: the last instalment is now £258.00 (balance £908.00).',
    });

    const moved = addDays(balanceDue, -10);
    res = await call('POST', `/bookings/${id}`, { balance_due: moved, version: b.version });
    expect(res.statusCode, res.body).toBe(200);
    b = await detail(id);
    expect(b.payment_schedule.at(-1)).toMatchObject({ label: 'Instalment 3 of 3', due: moved });
    h = (await history()).at(-1);
    expect(h?.comment).toBe(
      `Instalments adjusted: the last instalment now falls due on ${ukDate(moved)} (the balance due date).`,
    );

    // The extra removed and a discount larger than the last instalment: the plan no longer holds.
    const [discount] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into discounts (code, value, penalty_type) values ${sql.raw(`('BIG${id}${kind}', '500.00', false)`)} returning id`,
    );
    res = await call('POST', '/update-booking/update-discount', {
      holiday_booking_id: id,
      discount_applied_id: discount.id,
      discount_applied_qty: 1,
      version: b.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    b = await detail(id);
    expect(b.instalment_plan.instalments).toEqual([]);
    expect(scheduleText(b.payment_schedule)).toEqual([
      `Deposit £200.00 paid ${ukDate(today)}`,
      `Balance £408.00 paid ${ukDate(today)}`,
    ]);
    expect(b.payment_schedule[1].kind).toBe('balance');
    h = (await history()).at(-1);
    expect(h?.action).toBe('Instalments cleared');
    expect(h?.comment).toMatch(
      /^Instalments cleared: the balance of £408\.00 no longer covers the earlier instalments/,
    );
  });

  it('removes a plan, and a cancelled booking has none', async () => {
    let b = await detail(id);
    let res = await put({ count: 2, version: b.version });
    expect(res.statusCode, res.body).toBe(200);
    b = await detail(id);
    res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/instalments/delete`,
      headers: bearer(t.adminToken),
      payload: { version: b.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    b = await detail(id);
    expect(b.payment_schedule.map((s: { kind: string }) => s.kind)).toEqual(['deposit', 'balance']);
    expect((await history()).at(-1)?.action).toBe('Instalments removed');

    res = await put({ count: 2, version: b.version });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('POST', `/bookings/${id}/cancel`, { cancellation_charge: '100.00' });
    expect(res.statusCode, res.body).toBe(200);
    b = await detail(id);
    expect(b.instalment_plan.instalments).toEqual([]);
    expect((await history()).at(-1)).toMatchObject({
      action: 'Instalments cleared',
      comment: 'Instalments cleared: the booking is cancelled.',
    });
    res = await put({ count: 2, version: b.version });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(INSTALMENT_MESSAGES.cancelled);
  });
});
