import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBookingDocument } from '../../src/server/areas/bookings/documents/render';
import { templateVariables } from '../../src/server/mail/templates';
import { addDays, londonToday, ukDate } from '../../src/shared/dates';
import { type PaymentStage, scheduleText, stageParts } from '../../src/shared/payment-schedule';
import { createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import { createBookableInstance, createCustomer } from '../helpers/factories';
import { asObjects, fetchReport, readXlsxReport } from '../helpers/reports';

// Issue #22 point 1: 'A booking taken 72 days before departure got "Balance due 27/11/2026" … and
// "Deposit due 04/12/2026" … the Confirmation printed both, still listing the deposit as due after
// it was paid. … Documents, emails, the booking screen and the aged-debtors report all show the
// same dates.' Bookings made through the API; the detail, the Confirmation's text, the email
// placeholders and the aged-debtors row are compared. DOCS_OUT=<dir> writes the Confirmations.

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(testDbKinds)('one payment schedule everywhere (%s)', (kind) => {
  let t: TestContext;
  const { call, detail, lineOf, newBooking } = bookingCalls(() => t);
  const today = londonToday();
  const ids: Record<string, number> = {};

  const pay = async (id: number, amount: string) => {
    const res = await call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: 'bacs',
      payment_amount: amount,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A booking of 2 guests (£524.00 each, deposit £100.00 each) leaving `days` from today. */
  const bookLeavingIn = async (days: number) => {
    const inst = await createBookableInstance(t.db, { departure_date: addDays(today, days) });
    await t.db.execute(sql`update tours set deposit_price = '100.00' where id = ${inst.tour.id}`);
    const customer = await createCustomer(t.db, {
      title: 'Mrs',
      first_name: 'Harriet',
      last_name: 'Wickersham',
    });
    const id = await newBooking({ customer_id: customer.id, tour_bookings: [lineOf(inst, 2)] });
    const res = await call('POST', '/update-booking/update-pessenger', {
      holiday_booking_id: id,
      title: 'Mrs',
      first_name: 'Harriet',
      last_name: 'Wickersham',
      gender: 'Female',
    });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  const confirmation = async (id: number, name: string) => {
    const { pdf } = await renderBookingDocument(t.db, id, 'invoice', { files: t.app.files });
    if (process.env.DOCS_OUT) {
      await mkdir(process.env.DOCS_OUT, { recursive: true });
      await writeFile(path.join(process.env.DOCS_OUT, `${name}-${kind}.pdf`), pdf);
    }
    return pdfText(pdf);
  };
  const debtorRows = async () => {
    const file = await fetchReport(t, '/reports/debtor-booking', {
      from_date: addDays(today, -400),
      to_date: addDays(today, 400),
    });
    return asObjects(await readXlsxReport(file.data));
  };
  /** The schedule block as the Confirmation lays it out: 'what when' per stage, then the note. */
  const onConfirmation = (s: PaymentStage) => {
    const p = stageParts(s);
    return `${p.what} ${p.when}${p.note ? ` ${p.note}` : ''}`;
  };

  beforeAll(async () => {
    t = await createTestContext(kind);
    ids.inside = await bookLeavingIn(72);
    await pay(ids.inside, '200.00');
    ids.far = await bookLeavingIn(200);
    await pay(ids.far, '200.00');
    ids.unpaid = await bookLeavingIn(150);
  }, 120_000);
  afterAll(async () => t?.close());

  it('72 days before departure: the whole amount is due now, no deposit stage — on the detail, the Confirmation, the emails and the aged debtors', async () => {
    const b = await detail(ids.inside);
    expect(b).toMatchObject({ total_due: '1048.00', paid: '200.00', deposit: '200.00' });
    expect(b.balance_due).toBe(today);
    expect(b.deposit_due).toBeNull();
    expect(scheduleText(b.payment_schedule)).toEqual([
      `Full amount £1,048.00 due by ${ukDate(today)} (£200.00 paid, £848.00 to pay)`,
    ]);

    const text = await confirmation(ids.inside, 'confirmation-72-days');
    expect(text).toContain('PAYMENT SCHEDULE');
    expect(text).toContain(onConfirmation(b.payment_schedule[0]));
    expect(text).not.toMatch(/Deposit .*due by/);

    const vars = await templateVariables(t.db, ids.inside, 'customer', { baseUrl: 'https://office.test' });
    expect(vars.balance_due_date).toBe(ukDate(today));
    expect(vars.balance_due_content).toBe(
      `Full amount £1,048.00 due by ${ukDate(today)} (£200.00 paid, £848.00 to pay).`,
    );

    const row = (await debtorRows()).find((r) => r['Booking ref'] === b.booking_ref);
    expect(row).toMatchObject({
      'Balance due date': ukDate(today),
      'Payment schedule': scheduleText(b.payment_schedule).join('; '),
      Balance: 848,
      'Not due': 848,
      'Days overdue': 0,
    });
  });

  it('far out with the deposit paid: "Deposit £200.00 paid <day>" and the balance 84 days before departure, everywhere', async () => {
    const b = await detail(ids.far);
    expect(b.deposit_due).toBe(addDays(today, 7));
    expect(b.balance_due).toBe(addDays(today, 200 - 84));
    expect(scheduleText(b.payment_schedule)).toEqual([
      `Deposit £200.00 paid ${ukDate(today)}`,
      `Balance £848.00 due by ${ukDate(addDays(today, 116))}`,
    ]);
    const text = await confirmation(ids.far, 'confirmation-far-out');
    for (const s of b.payment_schedule) expect(text).toContain(onConfirmation(s));
    expect(text).not.toContain(`Deposit of £200.00 due by`);

    const vars = await templateVariables(t.db, ids.far, 'customer', { baseUrl: 'https://office.test' });
    expect(vars.balance_due_date).toBe(ukDate(addDays(today, 116)));
    expect(vars.balance_due_content).toBe(
      `Deposit £200.00 paid ${ukDate(today)}. Balance £848.00 due by ${ukDate(addDays(today, 116))}.`,
    );

    const row = (await debtorRows()).find((r) => r['Booking ref'] === b.booking_ref);
    expect(row).toMatchObject({
      'Balance due date': ukDate(addDays(today, 116)),
      'Payment schedule': scheduleText(b.payment_schedule).join('; '),
      'Not due': 848,
    });
  });

  it('an unpaid deposit past its date is overdue in the aged debtors though the balance is not yet due', async () => {
    let b = await detail(ids.unpaid);
    const res = await call('POST', `/bookings/${ids.unpaid}`, {
      deposit_due: addDays(today, -10),
      version: b.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    b = await detail(ids.unpaid);
    expect(scheduleText(b.payment_schedule)).toEqual([
      `Deposit £200.00 due by ${ukDate(addDays(today, -10))}`,
      `Balance £848.00 due by ${ukDate(addDays(today, 150 - 84))}`,
    ]);
    const row = (await debtorRows()).find((r) => r['Booking ref'] === b.booking_ref);
    expect(row).toMatchObject({ 'Days overdue': 10, '1–30 days': 200, 'Not due': 848, Balance: 1048 });
  });

  it('refuses a deposit date on or after the balance date (422 at the field), and a balance date before the deposit', async () => {
    let b = await detail(ids.far);
    let res = await call('POST', `/bookings/${ids.far}`, { deposit_due: b.balance_due, version: b.version });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.deposit_due).toEqual([
      `The deposit must fall due before the balance (deposit ${ukDate(b.balance_due)}, balance ${ukDate(b.balance_due)}).`,
    ]);
    res = await call('POST', `/bookings/${ids.far}`, { balance_due: addDays(today, 3), version: b.version });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.balance_due[0]).toMatch(/^The deposit must fall due before the balance/);
    b = await detail(ids.far);
    expect(b.deposit_due).toBe(addDays(today, 7));
  });
});
