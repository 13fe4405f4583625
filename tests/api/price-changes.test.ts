import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { PRICE_CHANGE_MESSAGES } from '../../src/shared/api/booking-price-changes';
import { PORTAL_MESSAGES } from '../../src/shared/api/portal';
import { addDays, londonToday, ukDate } from '../../src/shared/dates';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import { createBookableInstance, createCustomer } from '../helpers/factories';
import { newestMail } from '../helpers/outbox';

const APP_URL = 'https://holidays.example.test';
const hrefs = (mail: ParsedMail) =>
  [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const tokenOf = (href: string) => new URL(href).hash.replace(/^#/, '').split('&')[0].replace(/^t=/, '');

// Issue #27: price changes after booking — PTR 2018 reg. 10 (increases not later than 20 days before
// the start of the package, notified with a justification and calculation) and reg. 11(3)(c)/(4)
// (an increase of more than 8 %: the traveller may accept or terminate without a fee, within a
// reasonable period, failing which the change is deemed accepted).
describe.each(testDbKinds)('price changes after booking on %s', (kind) => {
  let t: TestContext;
  const { call, detail, lineOf, newBooking } = bookingCalls(() => t);
  const portal = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api/portal${url}`, headers: bearer(token), payload });
  let n = 0;

  beforeAll(async () => {
    t = await createTestContext(kind, { APP_URL });
  });
  afterAll(async () => t?.close());

  /** A booking leaving in `days` days whose total due is a round £100s (a reduction makes it so), with £`paid` paid. */
  async function booking(days = 120, paid?: string) {
    n += 1;
    const inst = await createBookableInstance(t.db, { departure_date: addDays(londonToday(), days) });
    const customer = await createCustomer(t.db, {
      first_name: 'Ruth',
      last_name: `Price${n}`,
      email: `ruth${n}@price.test`,
    });
    const id = await newBooking({ customer_id: customer.id, tour_bookings: [lineOf(inst)] });
    const total = new Decimal((await detail(id)).total_due);
    const odd = total.mod(100);
    if (!odd.isZero()) {
      const res = await apply(id, odd.neg().toFixed(2), 'Rounding reduction');
      expect(res.statusCode, res.body).toBe(200);
    }
    if (paid) {
      const res = await call('POST', '/payments', {
        holiday_booking_id: id,
        payment_method: 'bacs',
        payment_amount: paid,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const b = await detail(id);
    return {
      id,
      email: customer.email as string,
      total: b.total_due as string,
      version: b.version as number,
    };
  }
  const apply = (id: number, amount: string, reason = 'Fuel surcharge', token?: string) =>
    call('POST', `/bookings/${id}/price-changes`, { amount, reason }, token);
  const list = async (id: number) => (await call('GET', `/bookings/${id}/price-changes`)).json().data;
  const pct = (total: string, percent: string) => new Decimal(total).mul(percent).div(100).toFixed(2);

  async function portalToken(email: string) {
    const mail = await newestMail(t, email);
    const manage = hrefs(mail).find((h) => h.includes('/my-booking/link')) as string;
    expect(manage.startsWith(`${APP_URL}/my-booking/link#t=`)).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/link',
      payload: { token: tokenOf(manage) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  }

  it("the three settings are listed on the system settings screen with the regulation's values", async () => {
    const res = await call('GET', '/settings/system/table?length=50&search[value]=price_');
    expect(res.statusCode, res.body).toBe(200);
    const rows = Object.fromEntries(
      res.json().data.map((r: { name: string; value: string }) => [r.name, r.value]),
    );
    expect(rows).toMatchObject({
      price_increase_min_days_before_departure: '20',
      price_increase_significant_percent: '8',
      price_change_response_days: '7',
    });
  });

  it('reg. 10: an increase 19 days before departure is refused (nothing changes); exactly 20 days is allowed; a reduction always is', async () => {
    const late = await booking(19);
    const before = await detail(late.id);
    let res = await apply(late.id, '10.00');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(PRICE_CHANGE_MESSAGES.tooLate(20, ukDate(addDays(londonToday(), 19))));
    const after = await detail(late.id);
    expect([after.total_due, after.version]).toEqual([before.total_due, before.version]);
    expect((await list(late.id)).rules.increase_allowed).toBe(false);
    res = await apply(late.id, '-10.00', 'Exchange rate');
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(late.id)).total_due).toBe(new Decimal(before.total_due).minus(10).toFixed(2));

    const inTime = await booking(20);
    res = await apply(inTime.id, '10.00');
    expect(res.statusCode, res.body).toBe(200);
    // The setting moves the limit: 25 days now refuses the same booking.
    await t.db.execute(
      sql`update system_settings set value = '25' where name = 'price_increase_min_days_before_departure'`,
    );
    res = await apply(inTime.id, '5.00');
    expect(res.statusCode).toBe(422);
    await t.db.execute(
      sql`update system_settings set value = '20' where name = 'price_increase_min_days_before_departure'`,
    );
    // Another role may not apply one.
    res = await apply(inTime.id, '5.00', 'Fuel surcharge', t.accountantToken);
    expect(res.statusCode).toBe(403);
  });

  it('reg. 11(3)(c): 8 % exactly is a notice; 8.01 % asks for an answer by the response date, emailed with the figures', async () => {
    const a = await booking();
    const b = await booking();
    const accepted = (id: number) =>
      queryRows<{ changes_accepted: number }>(
        t.db,
        sql`select changes_accepted from bookings where id = ${id}`,
      );
    await t.db.execute(sql`update bookings set changes_accepted = 1 where id in (${a.id}, ${b.id})`);
    const eight = pct(a.total, '8');
    let res = await apply(a.id, eight);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.price_change).toMatchObject({ decision: null, respond_by: null, amount: eight });
    const plain = await newestMail(t, a.email);
    expect(plain.subject).toBe(`Price change to your booking ${(await detail(a.id)).booking_ref}`);
    expect(plain.text).toContain('Fuel surcharge');
    expect(plain.text).not.toContain('cancel your booking');
    // A notice is a change like any other: the customer is asked to accept changes.
    expect((await accepted(a.id))[0].changes_accepted).toBe(0);

    const over = pct(b.total, '8.01');
    const newTotal = new Decimal(b.total).plus(over).toFixed(2);
    const respondBy = addDays(londonToday(), 7);
    res = await apply(b.id, over, 'Fuel surcharge: jet fuel up 12 %');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.price_change).toMatchObject({
      decision: 'pending',
      respond_by: respondBy,
      total_before: b.total,
      total_after: newTotal,
    });
    expect((await detail(b.id)).total_due).toBe(newTotal);
    // The decision is the customer's acceptance: no second 'Changes to accept' for the same increase.
    expect((await accepted(b.id))[0].changes_accepted).toBe(1);
    const mail = await newestMail(t, b.email);
    expect(mail.subject).toContain(`please reply by ${ukDate(respondBy)}`);
    const text = String(mail.text).replace(/\s+/g, ' ');
    const money = (v: string) => `£${Number(v).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    expect(text).toContain(money(over));
    expect(text).toContain(money(newTotal));
    expect(text).toContain(ukDate(respondBy));
    expect(text).toContain('Fuel surcharge: jet fuel up 12 %');
    expect(text).toContain('cancel your booking without a cancellation charge');
    expect(text).toContain('will be taken as accepted');
    const [h] = await queryRows<{ action: string }>(
      t.db,
      sql`select action from booking_history where holiday_booking_id = ${b.id} order by id desc limit 1`,
    );
    expect(h.action).toContain('Price increase');
    // While it waits, no other change.
    res = await apply(b.id, '5.00');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PRICE_CHANGE_MESSAGES.pending);
    // A reduction is always passed on, even while the customer decides.
    res = await apply(b.id, '-1.00', 'Exchange rate');
    expect(res.statusCode, res.body).toBe(200);
    const [reduction, waiting] = (await list(b.id)).changes;
    expect([reduction.decision, waiting.decision]).toEqual([null, 'pending']);
  });

  it('the customer accepts on the portal; another booking cannot answer it', async () => {
    const a = await booking();
    const other = await booking();
    expect((await apply(a.id, pct(a.total, '10'))).statusCode).toBe(200);
    const token = await portalToken(a.email);
    expect((await apply(other.id, '-1.00')).statusCode).toBe(200);
    const otherToken = await portalToken(other.email);
    const view = (await portal('GET', '/booking', token)).json().data;
    expect(view.price_change).toMatchObject({ decision: 'pending', respond_by: addDays(londonToday(), 7) });
    expect(JSON.stringify(view.price_change)).not.toContain('created_by');
    const id = view.price_change.id;
    // The Dashboard lists the decision still awaited (the booking, the increase, the new total, the date).
    const waiting = async () =>
      (await call('GET', '/dashboard'))
        .json()
        .price_decisions.decisions.filter((d: { id: number }) => d.id === a.id);
    expect(await waiting()).toEqual([
      expect.objectContaining({
        reference: (await detail(a.id)).booking_ref,
        amount: pct(a.total, '10'),
        total_after: new Decimal(a.total).plus(pct(a.total, '10')).toFixed(2),
        respond_by: addDays(londonToday(), 7),
      }),
    ]);
    // Booking B's session cannot reach A's change: 404, nothing changed.
    let res = await portal('POST', '/booking/price-change', otherToken, {
      price_change_id: id,
      answer: 'cancel',
    });
    expect(res.statusCode, res.body).toBe(404);
    expect((await detail(a.id)).cancelled_at).toBeNull();
    // A staff field is not part of the customer's answer.
    res = await portal('POST', '/booking/price-change', token, { price_change_id: id, answer: 'accepted' });
    expect(res.statusCode).toBe(422);
    res = await portal('POST', '/booking/price-change', token, { price_change_id: id, answer: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PORTAL_MESSAGES.priceAccepted);
    expect(res.json().data.price_change.decision).toBe('accepted');
    // The answer is not itself a change listed for the customer to accept.
    const fields = res.json().data.changes.items.map((i: { field: string }) => i.field);
    expect(fields).not.toContain('Price change accepted');
    const [h] = await queryRows<{ action: string; actor: string; user_id: number | null }>(
      t.db,
      sql`select action, actor, user_id from booking_history where holiday_booking_id = ${a.id} order by id desc limit 1`,
    );
    expect(h).toEqual({ action: 'Price change accepted', actor: 'customer', user_id: null });
    expect(await waiting()).toEqual([]);
    // Answered once only.
    res = await portal('POST', '/booking/price-change', token, { price_change_id: id, answer: 'cancel' });
    expect(res.statusCode).toBe(422);
  });

  it('the customer cancels on the portal: cancelled with a charge of £0.00, everything paid is refund due', async () => {
    const a = await booking(120, '250.00');
    expect((await apply(a.id, pct(a.total, '9'))).statusCode).toBe(200);
    const token = await portalToken(a.email);
    const id = (await portal('GET', '/booking', token)).json().data.price_change.id;
    const res = await portal('POST', '/booking/price-change', token, {
      price_change_id: id,
      answer: 'cancel',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ cancelled: true, price_change: { decision: 'cancelled' } });
    const b = await detail(a.id);
    expect(b.status).toBe('Cancelled');
    expect(b.cancellation_charge).toBe('0.00');
    expect(b.totals.refund_due).toBe('250.00');
    expect(b.totals.refund_due).toBe(b.totals.paid);
  });

  it('staff record the answer given by phone; past the response date it is deemed accepted', async () => {
    const a = await booking(120, '100.00');
    expect((await apply(a.id, pct(a.total, '12'))).statusCode).toBe(200);
    const [change] = (await list(a.id)).changes;
    const { version } = await detail(a.id);
    let res = await call(
      'POST',
      `/bookings/${a.id}/price-changes/answer`,
      { price_change_id: change.id, answer: 'cancelled', version },
      t.accountantToken,
    );
    expect(res.statusCode).toBe(403);
    res = await call('POST', `/bookings/${a.id}/price-changes/answer`, {
      price_change_id: change.id,
      answer: 'cancelled',
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = await detail(a.id);
    expect([b.status, b.cancellation_charge, b.totals.refund_due]).toEqual(['Cancelled', '0.00', '100.00']);
    expect((await list(a.id)).changes[0]).toMatchObject({ decision: 'cancelled', decided_via: 'staff' });

    const d = await booking();
    expect((await apply(d.id, pct(d.total, '20'))).statusCode).toBe(200);
    const token = await portalToken(d.email);
    await t.db.execute(
      sql`update booking_price_changes set respond_by = ${addDays(londonToday(), -1)}::date where holiday_booking_id = ${d.id}`,
    );
    expect((await list(d.id)).changes[0]).toMatchObject({
      decision: 'deemed_accepted',
      decided_via: 'system',
    });
    const view = (await portal('GET', '/booking', token)).json().data;
    expect(view.price_change.decision).toBe('deemed_accepted');
    res = await portal('POST', '/booking/price-change', token, {
      price_change_id: view.price_change.id,
      answer: 'cancel',
    });
    expect(res.statusCode).toBe(422);
    // A new change may follow a deemed acceptance.
    expect((await apply(d.id, '-5.00', 'Fuel came down')).statusCode).toBe(200);
  });
});
