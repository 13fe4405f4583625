import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, recomputeBooking } from '../../src/server/areas/bookings/ledger';
import { signParams, verifyCallback } from '../../src/server/areas/payments/ecommpay';
import { queryRows } from '../../src/server/db/client';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createCustomer, createTourInstance } from '../helpers/factories';

const SECRET = 'test-project-secret';
const PROJECT_ID = '140212';

// Payments (spec 1 §3 Payment, §4 'Card payment widget', §7 POST payments, §9 formulas).
describe.each(testDbKinds)('payments on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, { ECOMMPAY_PROJECT_ID: PROJECT_ID, ECOMMPAY_SECRET_KEY: SECRET });
  });
  afterAll(async () => t?.close());

  const pay = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/payments', headers: bearer(token), payload });
  const callback = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/ecommpay/callback',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });

  /** A booking with the factory's tour line: 524.00 per guest × 2 guests = 1,048.00 due once recomputed. */
  async function booking() {
    const { instance } = await createTourInstance(t.db);
    const customer = await createCustomer(t.db, { email: 'payer@example.test' });
    const b = await createBooking(t.db, { instance, customer_id: customer.id });
    // Store its figures as every change does (the factory inserts rows only).
    await inTransaction(t.db, (tx) => recomputeBooking(tx, b.id, { staffChange: false }));
    return b;
  }
  const money = async (id: number) => {
    const [b] = await queryRows<{
      total_due: string;
      paid: string;
      balance: string;
      status: string;
      version: number;
    }>(
      t.db,
      sql`select total_due::text, paid::text, balance::text, status, version from bookings where id = ${id}`,
    );
    return b;
  };
  const payments = (id: number) =>
    queryRows<{
      payment_method: string;
      payment_amount: string;
      transaction_id: string | null;
      created_by: number;
    }>(
      t.db,
      sql`select payment_method, payment_amount::text, transaction_id, created_by from payments
          where holiday_booking_id = ${id} order by id`,
    );
  const history = (id: number) =>
    queryRows<{ type: string; action: string; comment: string; user_id: number | null }>(
      t.db,
      sql`select type, action, comment, user_id from booking_history where holiday_booking_id = ${id} order by id`,
    );
  const userId = async (email: string) =>
    (await queryRows<{ id: number }>(t.db, sql`select id from users where email = ${email}`))[0].id;

  it('records a payment and recomputes paid, balance and status in the same transaction', async () => {
    const b = await booking();
    const before = await money(b.id);
    const res = await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'bacs',
      transaction_id: 'BACS-7781',
      payment_amount: '150.00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Payment recorded successfully.',
      data: { version: before.version + 1, overpaid: '0.00' },
    });
    // By hand (spec 1 §9): tour total = 524.00 × 2 guests = 1,048.00; no extras, no discounts, no
    // agent → total due 1,048.00; paid 150.00; balance = 1,048.00 − 150.00 − 0 commission = 898.00.
    // No deposit is set on the tour, so any payment covers it: status Confirmed (not yet Paid).
    expect(await money(b.id)).toEqual({
      total_due: '1048.00',
      paid: '150.00',
      balance: '898.00',
      status: 'Confirmed',
      version: before.version + 1,
    });
    expect(await payments(b.id)).toEqual([
      {
        payment_method: 'bacs',
        payment_amount: '150.00',
        transaction_id: 'BACS-7781',
        created_by: await userId('admin@test.test'),
      },
    ]);
    expect(await history(b.id)).toEqual([
      {
        type: 'Payment',
        action: 'Payment recorded',
        comment: '£150.00 by BACS (ref BACS-7781)',
        user_id: await userId('admin@test.test'),
      },
    ]);

    // The rest, paid by cheque: 898.00 more makes 1,048.00 paid — Paid, nothing left.
    const rest = await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'cheque',
      payment_amount: 898,
    });
    expect(rest.statusCode).toBe(200);
    expect(await money(b.id)).toMatchObject({ paid: '1048.00', balance: '0.00', status: 'Paid' });
  });

  it('stores refunds negative — by the Refund switch on any method, or the ecommpay-refund method — and the balance goes back up', async () => {
    const b = await booking();
    await pay(t.adminToken, { holiday_booking_id: b.id, payment_method: 'cash', payment_amount: '300.00' });
    const byMethod = await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'ecommpay-refund',
      transaction_id: 'RF-1',
      payment_amount: '50.00',
    });
    expect(byMethod.statusCode).toBe(200);
    expect(byMethod.json().message).toBe('Refund recorded successfully.');
    const bySwitch = await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'bacs',
      payment_amount: '20.5',
      is_refund: true,
    });
    expect(bySwitch.statusCode).toBe(200);
    expect((await payments(b.id)).map((p) => p.payment_amount)).toEqual(['300.00', '-50.00', '-20.50']);
    // 300.00 − 50.00 − 20.50 = 229.50 paid; 1,048.00 − 229.50 = 818.50 left.
    expect(await money(b.id)).toMatchObject({ paid: '229.50', balance: '818.50', status: 'Confirmed' });
    expect((await history(b.id)).slice(1).map((h) => [h.action, h.comment])).toEqual([
      ['Refund recorded', '£50.00 by ECOMMPAY refund (ref RF-1)'],
      ['Refund recorded', '£20.50 by BACS'],
    ]);
  });

  it('refuses a refund of more than has been paid (422, the amount paid named) and writes nothing', async () => {
    const b = await booking();
    await pay(t.adminToken, { holiday_booking_id: b.id, payment_method: 'cash', payment_amount: '300.00' });
    const before = await money(b.id);
    const res = await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'cash',
      payment_amount: '300.01',
      is_refund: 'yes',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      payment_amount: ['A refund cannot be more than has been paid (£300.00).'],
    });
    expect(await money(b.id)).toEqual(before);
    expect(await payments(b.id)).toHaveLength(1);
    // Exactly what was paid may be given back.
    const all = await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'cash',
      payment_amount: '300.00',
      is_refund: true,
    });
    expect(all.statusCode).toBe(200);
    expect(await money(b.id)).toMatchObject({ paid: '0.00', balance: '1048.00' });
  });

  it('asks before an overpayment (422 with the question, nothing written); confirmed, the booking is in credit', async () => {
    const b = await booking();
    const before = await money(b.id);
    const payload = {
      holiday_booking_id: b.id,
      payment_method: 'bacs',
      payment_amount: '5000.00',
    };
    const asked = await pay(t.adminToken, payload);
    expect(asked.statusCode).toBe(422);
    // 5,000.00 − 1,048.00 due = 3,952.00 beyond the balance.
    expect(asked.json().errors).toEqual({
      payment_amount: ['This is £3,952.00 more than the balance. Record it as an overpayment?'],
    });
    expect(await money(b.id)).toEqual(before);
    expect(await payments(b.id)).toEqual([]);

    const confirmed = await pay(t.adminToken, { ...payload, allow_overpayment: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'Payment recorded: £3,952.00 of it is an overpayment, held in credit.',
      data: { overpaid: '3952.00' },
    });
    expect(await money(b.id)).toMatchObject({ paid: '5000.00', balance: '0.00', status: 'Paid' });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: bearer(t.adminToken) })
    ).json().data.booking[0];
    expect(detail.totals).toMatchObject({
      total_due: '1048.00',
      paid: '5000.00',
      balance: '0.00',
      credit: '3952.00',
    });
    expect((await history(b.id)).at(-1)?.comment).toBe('£5,000.00 by BACS — an overpayment of £3,952.00');
    // A card payment beyond the balance is asked about too, before the widget opens.
    const card = await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'ecommpay',
      payment_amount: '1.00',
    });
    expect(card.statusCode).toBe(422);
    expect(card.json().errors.payment_amount[0]).toBe(
      'This is £1.00 more than the balance. Record it as an overpayment?',
    );
  });

  it('voids a receipt (role 1, with a reason): the receipt is kept and marked, a reversal cancels it, history and totals follow', async () => {
    const b = await booking();
    await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'bacs',
      payment_amount: '400.00',
      transaction_id: 'X1',
    });
    await pay(t.adminToken, { holiday_booking_id: b.id, payment_method: 'cash', payment_amount: '100.00' });
    const [first] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from payments where holiday_booking_id = ${b.id} order by id limit 1`,
    );
    const before = await money(b.id);
    const voidIt = (token: string, id: number, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/payments/${id}/void`, headers: bearer(token), payload });

    // Role 2 may not void; no reason is refused; both change nothing.
    expect((await voidIt(t.accountantToken, first.id, { reason: 'typo' })).statusCode).toBe(403);
    const noReason = await voidIt(t.adminToken, first.id, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Reason is required.']);
    expect(await money(b.id)).toEqual(before);

    const res = await voidIt(t.adminToken, first.id, {
      reason: 'Typed on the wrong booking',
      version: before.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Receipt voided.',
      data: { version: before.version + 1 },
    });
    // 400.00 + 100.00 − 400.00 = 100.00 paid; 1,048.00 − 100.00 = 948.00 left.
    expect(await money(b.id)).toMatchObject({ paid: '100.00', balance: '948.00' });
    const rows = await queryRows<{
      id: number;
      payment_amount: string;
      payment_method: string;
      void_reason: string | null;
      voided: boolean;
      reverses_payment_id: number | null;
    }>(
      t.db,
      sql`select id, payment_amount::text, payment_method, void_reason, voided_at is not null as voided, reverses_payment_id
          from payments where holiday_booking_id = ${b.id} order by id`,
    );
    expect(rows.map(({ id: _id, ...r }) => r)).toEqual([
      {
        payment_amount: '400.00',
        payment_method: 'bacs',
        void_reason: 'Typed on the wrong booking',
        voided: true,
        reverses_payment_id: null,
      },
      {
        payment_amount: '100.00',
        payment_method: 'cash',
        void_reason: null,
        voided: false,
        reverses_payment_id: null,
      },
      {
        payment_amount: '-400.00',
        payment_method: 'bacs',
        void_reason: null,
        voided: false,
        reverses_payment_id: first.id,
      },
    ]);
    const last = (await history(b.id)).at(-1);
    expect(last).toMatchObject({ type: 'Payment', action: 'Receipt voided' });
    expect(last?.comment).toMatch(
      /^£400\.00 by BACS of \d{2}\/\d{2}\/\d{4} \(ref X1\) voided: Typed on the wrong booking$/,
    );

    // Once only; a reversal is not voidable; an unknown receipt is 404 — nothing changes.
    const after = await money(b.id);
    const again = await voidIt(t.adminToken, first.id, { reason: 'again' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This receipt has already been voided.');
    const reversal = await voidIt(t.adminToken, rows[2].id, { reason: 'undo' });
    expect(reversal.statusCode).toBe(422);
    expect((await voidIt(t.adminToken, 98765432, { reason: 'x' })).statusCode).toBe(404);
    expect(await money(b.id)).toEqual(after);
    expect(await payments(b.id)).toHaveLength(3);

    // The detail answers the void for the receipts list.
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: bearer(t.adminToken) })
    ).json().data.booking[0];
    expect(detail.payments[0]).toMatchObject({
      void_reason: 'Typed on the wrong booking',
      voided_by: expect.any(String),
    });
    expect(detail.payments[2]).toMatchObject({ reverses_payment_id: first.id, payment_amount: '-400.00' });
  });

  it('refuses to void a receipt when that would leave more refunded than paid', async () => {
    const b = await booking();
    await pay(t.adminToken, { holiday_booking_id: b.id, payment_method: 'cash', payment_amount: '200.00' });
    await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'cash',
      payment_amount: '150.00',
      is_refund: true,
    });
    const [first] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from payments where holiday_booking_id = ${b.id} order by id limit 1`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${first.id}/void`,
      headers: bearer(t.adminToken),
      payload: { reason: 'wrong' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Voiding this receipt would leave more refunded than paid: void the refund first.',
    );
    expect(await money(b.id)).toMatchObject({ paid: '50.00' });
  });

  it('lets role 2 (accountant) record a payment', async () => {
    const b = await booking();
    const res = await pay(t.accountantToken, {
      holiday_booking_id: b.id,
      payment_method: 'travelink',
      payment_amount: 10,
    });
    expect(res.statusCode).toBe(200);
    expect((await payments(b.id))[0]).toMatchObject({
      payment_amount: '10.00',
      created_by: await userId('accounts@test.test'),
    });
  });

  it('refuses a 0.00 or negative amount (422 on payment_amount) and writes nothing', async () => {
    const b = await booking();
    const before = await money(b.id);
    const zero = await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'bacs',
      payment_amount: '0.00',
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.payment_amount).toBeDefined();
    const negative = await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'bacs',
      payment_amount: '-5',
    });
    expect(negative.statusCode).toBe(422);
    // A typed minus sign is refused at the field, never dropped (issue #10).
    expect(negative.json().errors).toEqual({ payment_amount: ['Amount must be more than 0.'] });
    expect(await payments(b.id)).toEqual([]);
    expect(await history(b.id)).toEqual([]);
    expect(await money(b.id)).toEqual(before);
  });

  it('answers 404 for an unknown booking', async () => {
    const res = await pay(t.adminToken, {
      holiday_booking_id: 987654,
      payment_method: 'cash',
      payment_amount: 5,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
    const card = await pay(t.adminToken, {
      holiday_booking_id: 987654,
      payment_method: 'ecommpay',
      payment_amount: 5,
    });
    expect(card.statusCode).toBe(404);
  });

  it('records an ecommpay payment directly when paymentCompleted is sent (transaction ID optional)', async () => {
    const b = await booking();
    const res = await pay(t.adminToken, {
      holiday_booking_id: b.id,
      payment_method: 'ecommpay',
      payment_amount: '25.00',
      paymentCompleted: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(await payments(b.id)).toMatchObject([
      { payment_method: 'ecommpay', payment_amount: '25.00', transaction_id: null },
    ]);
  });

  describe('ECOMMPAY widget and callback', () => {
    const pending = (paymentId: string) =>
      queryRows<{ status: string; amount: string; payment_record_id: number | null }>(
        t.db,
        sql`select status, amount::text, payment_record_id from ecommpay_payments where payment_id = ${paymentId}`,
      );
    /** A callback body as the gateway sends it, signed with `secret`; `operationId` is raw JSON digits. */
    function gatewayCallback(
      paymentId: string,
      status: string,
      pence: number,
      operationId: string,
      secret = SECRET,
    ) {
      const raw =
        `{"project_id":${PROJECT_ID},"payment":{"id":"${paymentId}","type":"purchase","status":"${status}",` +
        `"date":"2026-03-10T12:26:17+0000","method":"card","sum":{"amount":${pence},"currency":"GBP"},"description":""},` +
        `"account":{"number":"424242******4242","type":"visa","card_holder":"JO BLOGGS"},` +
        `"operation":{"id":${operationId},"type":"sale","status":"${status}","code":"0","message":"Success",` +
        `"sum_initial":{"amount":${pence},"currency":"GBP"},"provider":{"id":6,"auth_code":"563253"}}}`;
      // The signature covers the digits exactly as sent (a big id stays a string here).
      const parsed = JSON.parse(raw.replace(`"id":${operationId}`, `"id":"${operationId}"`));
      return raw.replace(/}$/, `,"signature":"${signParams(parsed, secret)}"}`);
    }

    it('answers the signed widget parameters (pence) and records nothing until the callback', async () => {
      const b = await booking();
      const res = await pay(t.accountantToken, {
        holiday_booking_id: b.id,
        payment_method: 'ecommpay',
        payment_amount: '200.50',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Opening the card payment…' });
      expect(body.data).toMatchObject({
        project_id: Number(PROJECT_ID),
        interface_type: '{"id":22}',
        payment_amount: 20050,
        payment_currency: 'GBP',
        payment_description: `Booking ${b.booking_ref}`,
        customer_id: `customer-${b.customer_id}`,
        payment_extra_param: String(b.id),
        moto_type: 2,
        customer_email: 'payer@example.test',
      });
      expect(body.data.merchant_return_url).toMatch(
        new RegExp(`^http://localhost(:\\d+)?/bookings/edit/${b.id}$`),
      );
      expect(body.data.payment_id).toMatch(new RegExp(`^${b.booking_ref}-[0-9a-f]{12}$`));
      expect(verifyCallback(body.data, SECRET)).toBe(true);
      expect(await pending(body.data.payment_id)).toEqual([
        { status: 'pending', amount: '200.50', payment_record_id: null },
      ]);
      expect(await payments(b.id)).toEqual([]);
      expect(await money(b.id)).toMatchObject({ paid: '0.00' });
    });

    it('refuses a callback with a bad signature (400) and writes nothing', async () => {
      const b = await booking();
      const start = (
        await pay(t.adminToken, { holiday_booking_id: b.id, payment_method: 'ecommpay', payment_amount: 80 })
      ).json();
      const paymentId = start.data.payment_id;
      const forged = gatewayCallback(paymentId, 'success', 8000, '5028800010128225', 'not-the-secret');
      const res = await callback(forged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      const tampered = gatewayCallback(paymentId, 'success', 8000, '5028800010128225').replace(
        '"amount":8000',
        '"amount":9000',
      );
      expect((await callback(tampered)).statusCode).toBe(400);
      const unsigned = gatewayCallback(paymentId, 'success', 8000, '5028800010128225').replace(
        /,"signature":"[^"]*"/,
        '',
      );
      expect((await callback(unsigned)).statusCode).toBe(400);
      expect(await pending(paymentId)).toEqual([
        { status: 'pending', amount: '80.00', payment_record_id: null },
      ]);
      expect(await payments(b.id)).toEqual([]);
      expect(await history(b.id)).toEqual([]);
    });

    it('records a successful card payment once, even when the callback comes twice', async () => {
      const b = await booking();
      const start = (
        await pay(t.accountantToken, {
          holiday_booking_id: b.id,
          payment_method: 'ecommpay',
          payment_amount: '99.99',
        })
      ).json();
      const paymentId = start.data.payment_id;
      // An operation id beyond 2^53: it must survive as the exact digits the gateway signed.
      const body = gatewayCallback(paymentId, 'success', 9999, '50288000101282251');
      // Sent twice at once (the gateway retries): the row lock lets exactly one of them record it.
      const both = await Promise.all([callback(body), callback(body)]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both.map((r) => r.json().message).sort()).toEqual([
        'Payment already recorded.',
        'Payment recorded.',
      ]);
      const again = await callback(body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ success: true, message: 'Payment already recorded.' });

      expect(await payments(b.id)).toEqual([
        {
          payment_method: 'ecommpay',
          payment_amount: '99.99',
          transaction_id: '50288000101282251',
          created_by: await userId('accounts@test.test'),
        },
      ]);
      const [row] = await pending(paymentId);
      expect(row.status).toBe('success');
      expect(row.payment_record_id).not.toBeNull();
      expect(await money(b.id)).toMatchObject({ paid: '99.99', balance: '948.01' });
      expect(await history(b.id)).toEqual([
        {
          type: 'Payment',
          action: 'Payment recorded',
          comment: '£99.99 by ECOMMPAY (ref 50288000101282251)',
          user_id: await userId('accounts@test.test'),
        },
      ]);
    });

    it('notes a declined payment without recording anything; an unknown payment_id is ignored', async () => {
      const b = await booking();
      const start = (
        await pay(t.adminToken, { holiday_booking_id: b.id, payment_method: 'ecommpay', payment_amount: 40 })
      ).json();
      const declined = await callback(
        gatewayCallback(start.data.payment_id, 'decline', 4000, '5028800010128300'),
      );
      expect(declined.statusCode).toBe(200);
      expect(await pending(start.data.payment_id)).toEqual([
        { status: 'decline', amount: '40.00', payment_record_id: null },
      ]);
      expect(await payments(b.id)).toEqual([]);

      const unknown = await callback(gatewayCallback('HB-nobody-123', 'success', 4000, '5028800010128301'));
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json().success).toBe(true);
    });
  });
});

describe.each(testDbKinds)('payments without ECOMMPAY keys on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  it('refuses to open the card widget (422 naming the variables) and refuses callbacks', async () => {
    const b = await createBooking(t.db, { customer_id: (await createCustomer(t.db)).id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: bearer(t.adminToken),
      payload: { holiday_booking_id: b.id, payment_method: 'ecommpay', payment_amount: '10.00' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('ECOMMPAY_PROJECT_ID');
    expect(res.json().message).toContain('ECOMMPAY_SECRET_KEY');
    const [n] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ecommpay_payments`);
    expect(n.n).toBe(0);

    const cb = await t.app.inject({
      method: 'POST',
      url: '/api/payments/ecommpay/callback',
      payload: { payment: { id: 'x', status: 'success' }, signature: 'abc' },
    });
    expect(cb.statusCode).toBe(400);
  });
});
