import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type PaymentInput, type PaymentMethod, REFUND_METHODS } from '../../../shared/api/booking-edit';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { inTransaction, lockBooking, recomputeBooking, writeHistory } from '../bookings/ledger';
import { type EcommpayWidgetParams, fromMinorUnits, widgetParams } from './ecommpay';

/**
 * Payments of a booking (spec 1 §3 Payment, §7 POST payments): recorded in ONE transaction with
 * the booking locked, a history entry and the recomputed totals (ledger.ts). Card payments through
 * ECOMMPAY are recorded only when the gateway's signed callback reports success, exactly once.
 */

/** '£1,048.00' from pounds as decimal text (the sign dropped). */
export function poundsText(amount: string | Decimal): string {
  const [whole, pence] = new Decimal(amount).abs().toFixed(2).split('.');
  return `£${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence}`;
}

/**
 * The amount as stored: refund methods (REFUND_METHODS) always negative whatever sign was typed;
 * every other method must be above 0.00, else 422 on payment_amount.
 */
export function storedAmount(method: PaymentMethod, amount: string): string {
  const d = new Decimal(amount);
  if (REFUND_METHODS.includes(method)) return d.abs().neg().toFixed(2);
  if (d.lte(0)) throw validationError({ payment_amount: ['Amount must be above 0.00.'] });
  return d.toFixed(2);
}

/**
 * Inserts one payment on an already locked booking, writes its history entry and recomputes the
 * booking (staffChange false: money received does not reopen accepted changes). `amount` is the
 * stored, signed amount in pounds. Answers the payment id and the booking's new version.
 */
export async function insertPayment(
  tx: Db,
  p: {
    bookingId: number;
    method: PaymentMethod;
    amount: string;
    transactionId: string | null;
    userId: number | null;
    note?: string;
  },
): Promise<{ paymentId: number; version: number }> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into payments (holiday_booking_id, transaction_id, payment_method, payment_amount, created_by)
        values (${p.bookingId}, ${p.transactionId}, ${p.method}, ${p.amount}, ${p.userId}) returning id`,
  );
  const refund = new Decimal(p.amount).isNegative();
  const ref = p.transactionId ? ` (ref ${p.transactionId})` : '';
  await writeHistory(tx, {
    bookingId: p.bookingId,
    userId: p.userId,
    type: 'Payment',
    action: refund ? 'Refund recorded' : 'Payment recorded',
    comment: `${poundsText(p.amount)} by ${p.method}${ref}${p.note ? ` ${p.note}` : ''}`,
  });
  const { version } = await recomputeBooking(tx, p.bookingId, { staffChange: false });
  return { paymentId: row.id, version };
}

/**
 * POST payments for every method but an ECOMMPAY widget start (spec 1 §7): locks the booking (404
 * when unknown), stores the payment (refunds negative; others must be above 0.00 → 422),
 * writes history ('Payment recorded' / 'Refund recorded', comment '£150.00 by bacs (ref X)') and
 * recomputes paid, balance and status — all in one transaction. Answers the booking's new version.
 */
export async function recordPayment(
  db: Db,
  input: PaymentInput,
  userId: number,
): Promise<{ version: number }> {
  const amount = storedAmount(input.payment_method, input.payment_amount);
  return inTransaction(db, async (tx) => {
    await lockBooking(tx, input.holiday_booking_id);
    const { version } = await insertPayment(tx, {
      bookingId: input.holiday_booking_id,
      method: input.payment_method,
      amount,
      transactionId: input.transaction_id ?? null,
      userId,
    });
    return { version };
  });
}

/** The variables a card payment needs, named in the 422 when they are not set. */
export const ECOMMPAY_NOT_CONFIGURED =
  'Card payments are not set up: set ECOMMPAY_PROJECT_ID and ECOMMPAY_SECRET_KEY in the server configuration.';

/**
 * Starts an ECOMMPAY card payment (POST payments with payment_method 'ecommpay' and no
 * paymentCompleted): stores a pending ecommpay_payments row under a fresh payment_id and answers
 * the signed widget parameters (amount in pence). Nothing is recorded as paid until the gateway's
 * callback. 422 when the keys are not configured or the amount is not above 0.00; 404 for an
 * unknown booking. `appBase` is the web app's origin for merchant_return_url.
 */
export async function startEcommpayPayment(
  db: Db,
  config: Pick<
    Config,
    'ECOMMPAY_PROJECT_ID' | 'ECOMMPAY_SECRET_KEY' | 'ECOMMPAY_PAYMENT_CURRENCY' | 'APP_URL'
  >,
  input: PaymentInput,
  userId: number,
  appBase: string,
): Promise<EcommpayWidgetParams> {
  const projectId = config.ECOMMPAY_PROJECT_ID;
  const secret = config.ECOMMPAY_SECRET_KEY;
  if (!projectId || !secret)
    throw validationError({ payment_method: [ECOMMPAY_NOT_CONFIGURED] }, ECOMMPAY_NOT_CONFIGURED);
  const amount = storedAmount('ecommpay', input.payment_amount);
  const [b] = await queryRows<{
    id: number;
    booking_ref: string | null;
    customer_id: number | null;
    agent_id: number | null;
    email: string | null;
  }>(
    db,
    sql`select b.id, b.booking_ref, b.customer_id, b.agent_id, coalesce(c.email, a.email) as email
        from bookings b left join customers c on c.id = b.customer_id left join agents a on a.id = b.agent_id
        where b.id = ${input.holiday_booking_id}`,
  );
  if (!b) throw notFound('Booking not found.');
  const reference = b.booking_ref ?? `B${b.id}`;
  const paymentId = `${reference}-${randomBytes(6).toString('hex')}`;
  await db.execute(
    sql`insert into ecommpay_payments (payment_id, holiday_booking_id, amount, status, created_by)
        values (${paymentId}, ${b.id}, ${amount}, 'pending', ${userId})`,
  );
  const base = (config.APP_URL ?? appBase).replace(/\/+$/, '');
  return widgetParams({
    projectId,
    secret,
    paymentId,
    amount,
    currency: config.ECOMMPAY_PAYMENT_CURRENCY,
    description: `Booking ${reference}`,
    customerId: b.customer_id
      ? `customer-${b.customer_id}`
      : b.agent_id
        ? `agent-${b.agent_id}`
        : `booking-${b.id}`,
    extraParam: String(b.id),
    returnUrl: `${base}/bookings/edit/${b.id}`,
    customerEmail: b.email,
  });
}

/** What a verified callback did: recorded a payment, nothing new (repeat), a status change, or an unknown payment. */
export type CallbackOutcome = 'recorded' | 'duplicate' | 'status' | 'unknown';

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/**
 * Applies a callback whose signature has ALREADY been verified (routes.ts checks it first).
 * `payment.id` names our ecommpay_payments row; on `payment.status` 'success' the payment is
 * recorded once — method 'ecommpay', transaction_id the gateway's `operation.id`, created_by the
 * staff member who opened the widget, amount what the gateway reports (`payment.sum.amount`, minor
 * units; the asked amount when absent). A repeated callback for a recorded payment writes nothing.
 * Any other status ('decline', 'processing'…) is stored on the row and nothing is recorded. The row
 * is locked with its booking, so concurrent repeats record once.
 */
export async function applyEcommpayCallback(db: Db, body: Record<string, unknown>): Promise<CallbackOutcome> {
  const payment = (body.payment ?? {}) as Record<string, unknown>;
  const operation = (body.operation ?? {}) as Record<string, unknown>;
  const paymentId = text(payment.id);
  const status = text(payment.status)?.slice(0, 50) ?? null;
  if (!paymentId || !status) return 'unknown';
  const [found] = await queryRows<{ holiday_booking_id: number }>(
    db,
    sql`select holiday_booking_id from ecommpay_payments where payment_id = ${paymentId}`,
  );
  if (!found) return 'unknown';
  return inTransaction(db, async (tx) => {
    await lockBooking(tx, found.holiday_booking_id);
    const [row] = await queryRows<{ id: number; amount: string; status: string; created_by: number | null }>(
      tx,
      sql`select id, amount::text as amount, status, created_by from ecommpay_payments
          where payment_id = ${paymentId} for update`,
    );
    if (!row) return 'unknown';
    if (row.status === 'success') return 'duplicate';
    if (status !== 'success') {
      await tx.execute(
        sql`update ecommpay_payments set status = ${status}, updated_at = now() where id = ${row.id}`,
      );
      return 'status';
    }
    const sum = (payment.sum ?? {}) as Record<string, unknown>;
    const minor = text(sum.amount);
    const reported = minor !== null && /^\d+$/.test(minor) ? fromMinorUnits(minor) : null;
    const amount = reported && new Decimal(reported).gt(0) ? reported : row.amount;
    const asked = new Decimal(row.amount).eq(amount) ? '' : `(asked ${poundsText(row.amount)})`;
    const { paymentId: recordId } = await insertPayment(tx, {
      bookingId: found.holiday_booking_id,
      method: 'ecommpay',
      amount,
      transactionId: text(operation.id) ?? paymentId,
      userId: row.created_by,
      note: asked,
    });
    await tx.execute(
      sql`update ecommpay_payments set status = 'success', payment_record_id = ${recordId}, updated_at = now()
          where id = ${row.id}`,
    );
    return 'recorded';
  });
}
