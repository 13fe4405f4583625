import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import {
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  type PaymentInput,
  type PaymentMethod,
  REFUND_METHODS,
} from '../../../shared/api/booking-edit';
import { overpaymentBy } from '../../../shared/booking-totals';
import { poundsText } from '../../../shared/money-text';
import { pathTo } from '../../../shared/routes';
import type { Config } from '../../config';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { HttpError, notFound, validationError } from '../../http/errors';
import { londonZoneSql } from '../../lib/dates';
import {
  type AtolDeps,
  lockBooking,
  RECIPIENT,
  recomputeBooking,
  refreshAtolCertificate,
  writeHistory,
} from '../bookings';
import { type EcommpayWidgetParams, fromMinorUnits, widgetParams } from './ecommpay';

/**
 * Payments of a booking (spec 1 §3 Payment, §7 POST payments): recorded in ONE transaction with
 * the booking locked, a history entry and the recomputed totals (ledger.ts). Card payments through
 * ECOMMPAY are recorded only when the gateway's signed callback reports success, exactly once.
 */

/** '£1,048.00' from pounds as decimal text, the sign dropped (history says 'Refund recorded'). */
const unsignedPounds = (amount: string | Decimal) => poundsText(new Decimal(amount).abs());

/**
 * The amount as stored: a refund (`refund` true, or a refund method in REFUND_METHODS) is stored
 * negative; a payment positive. `amount` is the positive figure typed, pounds.
 */
export function storedAmount(method: PaymentMethod, amount: string, refund = false): string {
  const d = new Decimal(amount).abs();
  return refund || REFUND_METHODS.includes(method) ? d.neg().toFixed(2) : d.toFixed(2);
}

/** What is owed on a booking as its row stands: total due and paid, and the cancellation value once cancelled. */
function standing(b: {
  total_due: string;
  paid: string;
  cancelled_at: string | null;
  cancellation_charge: string | null;
}) {
  return {
    total_due: b.total_due,
    paid: b.paid,
    cancellation_value: b.cancelled_at ? (b.cancellation_charge ?? b.total_due) : null,
  };
}

/**
 * The money rules of a new payment or refund (issue #10), against the booking as it stands (`now`,
 * read under its lock): a refund may not exceed what has been paid (422 on payment_amount); a
 * payment beyond what is owed needs `allowOverpayment` (422 with PAYMENT_MESSAGES.overpaymentQuestion,
 * field payment_amount). Answers the part beyond the balance ('0.00' when none).
 */
function checkAmount(now: ReturnType<typeof standing>, stored: string, allowOverpayment: boolean) {
  const amount = new Decimal(stored);
  if (amount.isNegative()) {
    if (amount.abs().gt(now.paid)) {
      const message = PAYMENT_MESSAGES.refundTooLarge(now.paid);
      throw validationError({ payment_amount: [message] }, message);
    }
    return '0.00';
  }
  const over = overpaymentBy(now, amount.toFixed(2));
  if (new Decimal(over).gt(0) && !allowOverpayment) {
    const message = PAYMENT_MESSAGES.overpaymentQuestion(over);
    throw validationError({ payment_amount: [message] }, message);
  }
  return over;
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
    /** The bank statement line the payment was recorded from (issue #26). */
    bankLineId?: number | null;
  },
): Promise<{ paymentId: number; version: number }> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into payments (holiday_booking_id, transaction_id, payment_method, payment_amount, created_by, bank_line_id)
        values (${p.bookingId}, ${p.transactionId}, ${p.method}, ${p.amount}, ${p.userId}, ${p.bankLineId ?? null})
        returning id`,
  );
  const refund = new Decimal(p.amount).isNegative();
  const ref = p.transactionId ? ` (ref ${p.transactionId})` : '';
  await writeHistory(tx, {
    bookingId: p.bookingId,
    userId: p.userId,
    type: 'Payment',
    action: refund ? 'Refund recorded' : 'Payment recorded',
    comment: `${unsignedPounds(p.amount)} by ${PAYMENT_METHOD_LABELS[p.method]}${ref}${p.note ? ` ${p.note}` : ''}`,
  });
  const { version } = await recomputeBooking(tx, p.bookingId, { staffChange: false });
  return { paymentId: row.id, version };
}

/**
 * POST payments for every method but an ECOMMPAY widget start (spec 1 §7; issue #10): locks the
 * booking (404 when unknown; 409 on a stale `version`), stores the payment — a refund negative,
 * never more than has been paid; a payment beyond what is owed only with `allow_overpayment` (422
 * otherwise) — writes history ('Payment recorded' / 'Refund recorded', comment '£150.00 by BACS
 * (ref X)', noting an overpayment) and recomputes paid, balance and status, all in one
 * transaction. A flight-inclusive booking's first payment issues its ATOL certificate in the same
 * transaction (issue #12; `docs` omitted — benches only — skips it; kick the outbox after).
 * Answers the booking's new version and the overpaid part in pounds.
 */
export async function recordPayment(
  db: Db,
  input: PaymentInput,
  userId: number,
  docs?: AtolDeps,
): Promise<{ version: number; overpaid: string }> {
  const amount = storedAmount(input.payment_method, input.payment_amount, input.is_refund === true);
  return inTransaction(db, async (tx) => {
    const { version, overpaid } = await recordPaymentIn(
      tx,
      {
        bookingId: input.holiday_booking_id,
        version: input.version,
        method: input.payment_method,
        amount,
        transactionId: input.transaction_id ?? null,
        allowOverpayment: input.allow_overpayment === true,
      },
      userId,
      docs,
    );
    return { version, overpaid };
  });
}

/**
 * `recordPayment`'s work inside a transaction the caller holds (a bank statement line records its
 * payments so, issue #26): locks the booking, applies the money rules (`checkAmount`: the
 * overpayment question on `payment_amount`, refunds up to what is paid), inserts the payment
 * (naming `bankLineId` when given) with its history entry, recomputes the booking and, with
 * `docs`, issues a first ATOL certificate. `amount` is the stored, signed amount.
 */
export async function recordPaymentIn(
  tx: Db,
  p: {
    bookingId: number;
    version?: number;
    method: PaymentMethod;
    amount: string;
    transactionId: string | null;
    allowOverpayment: boolean;
    bankLineId?: number | null;
  },
  userId: number,
  docs?: AtolDeps,
): Promise<{ version: number; overpaid: string; paymentId: number }> {
  const b = await lockBooking(tx, p.bookingId, p.version);
  const over = checkAmount(standing(b), p.amount, p.allowOverpayment);
  const { version, paymentId } = await insertPayment(tx, {
    bookingId: p.bookingId,
    method: p.method,
    amount: p.amount,
    transactionId: p.transactionId,
    userId,
    bankLineId: p.bankLineId,
    note: new Decimal(over).gt(0) ? `— an overpayment of ${poundsText(over)}` : undefined,
  });
  if (docs)
    await refreshAtolCertificate(tx, docs, p.bookingId, userId, 'payment recorded', { firstOnly: true });
  return { version, overpaid: over, paymentId };
}

/**
 * POST payments/{id}/void (issue #10; role 1): takes a mistaken receipt back without deleting
 * anything — the receipt is marked voided (who, when, reason) and a reversal row of the opposite
 * amount, naming it, is added; history is written and the totals recomputed in the same
 * transaction. 404 for an unknown receipt; 422 when it is already voided, is itself a reversal, or
 * voiding it would leave more refunded than paid; 409 on a stale booking `version`.
 */
export async function voidPayment(
  db: Db,
  paymentId: number,
  input: { reason: string; version?: number },
  userId: number,
): Promise<{ version: number; reversalId: number }> {
  const [found] = await queryRows<{ holiday_booking_id: number }>(
    db,
    sql`select holiday_booking_id from payments where id = ${paymentId}`,
  );
  if (!found) throw notFound('Receipt not found.');
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, found.holiday_booking_id, input.version);
    const [p] = await queryRows<{
      id: number;
      payment_method: PaymentMethod;
      payment_amount: string;
      transaction_id: string | null;
      created_at: string;
      voided_at: string | null;
      reverses_payment_id: number | null;
    }>(
      tx,
      sql`select id, payment_method, payment_amount::text as payment_amount, transaction_id,
                 to_char(created_at at time zone ${londonZoneSql}, 'DD/MM/YYYY') as created_at,
                 voided_at, reverses_payment_id
          from payments where id = ${paymentId} for update`,
    );
    if (!p) throw notFound('Receipt not found.');
    if (p.voided_at) throw new HttpError(422, PAYMENT_MESSAGES.alreadyVoided);
    if (p.reverses_payment_id !== null) throw new HttpError(422, PAYMENT_MESSAGES.reversalNotVoidable);
    const reversal = new Decimal(p.payment_amount).neg();
    if (new Decimal(b.paid).plus(reversal).isNegative())
      throw new HttpError(422, PAYMENT_MESSAGES.voidWouldGoNegative);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into payments (holiday_booking_id, transaction_id, payment_method, payment_amount, created_by, reverses_payment_id)
          values (${found.holiday_booking_id}, ${p.transaction_id}, ${p.payment_method}, ${reversal.toFixed(2)}, ${userId}, ${p.id})
          returning id`,
    );
    await tx.execute(
      sql`update payments set voided_at = now(), voided_by = ${userId}, void_reason = ${input.reason}, updated_at = now()
          where id = ${p.id}`,
    );
    const refund = new Decimal(p.payment_amount).isNegative();
    await writeHistory(tx, {
      bookingId: found.holiday_booking_id,
      userId,
      type: 'Payment',
      action: refund ? 'Refund voided' : 'Receipt voided',
      comment: `${unsignedPounds(p.payment_amount)} by ${PAYMENT_METHOD_LABELS[p.payment_method]} of ${p.created_at}${
        p.transaction_id ? ` (ref ${p.transaction_id})` : ''
      } voided: ${input.reason}`,
    });
    const { version } = await recomputeBooking(tx, found.holiday_booking_id, { staffChange: false });
    return { version, reversalId: row.id };
  });
}

/** The variables a card payment needs, named in the 422 when they are not set. */
export const ECOMMPAY_NOT_CONFIGURED =
  'Card payments are not set up: set ECOMMPAY_PROJECT_ID and ECOMMPAY_SECRET_KEY in the server configuration.';

/**
 * Starts an ECOMMPAY card payment (POST payments with payment_method 'ecommpay' and no
 * paymentCompleted): stores a pending ecommpay_payments row under a fresh payment_id and answers
 * the signed widget parameters (amount in pence). Nothing is recorded as paid until the gateway's
 * callback. 422 when the keys are not configured, or the amount goes beyond what is owed without
 * `allow_overpayment`; 404 for an unknown booking. merchant_return_url is the booking's screen at
 * `config.appUrl` (APP_URL), never the request's host — or `opts.returnUrl` (the customer's side,
 * whose payments are started by no member of staff: `userId` null).
 */
export async function startEcommpayPayment(
  db: Db,
  config: Pick<
    Config,
    'ECOMMPAY_PROJECT_ID' | 'ECOMMPAY_SECRET_KEY' | 'ECOMMPAY_PAYMENT_CURRENCY' | 'appUrl'
  >,
  input: PaymentInput,
  userId: number | null,
  opts: { returnUrl?: string } = {},
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
    total_due: string;
    paid: string;
    cancelled_at: string | null;
    cancellation_charge: string | null;
  }>(
    db,
    sql`select b.id, b.booking_ref, b.customer_id, b.agent_id, ${RECIPIENT.email} as email,
               b.total_due::text as total_due, b.paid::text as paid, b.cancelled_at,
               b.cancellation_charge::text as cancellation_charge
        from bookings b ${RECIPIENT.joins}
        where b.id = ${input.holiday_booking_id}`,
  );
  if (!b) throw notFound('Booking not found.');
  checkAmount(standing(b), amount, input.allow_overpayment === true);
  const reference = b.booking_ref ?? `B${b.id}`;
  const paymentId = `${reference}-${randomBytes(6).toString('hex')}`;
  await db.execute(
    sql`insert into ecommpay_payments (payment_id, holiday_booking_id, amount, status, created_by)
        values (${paymentId}, ${b.id}, ${amount}, 'pending', ${userId})`,
  );
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
    returnUrl: opts.returnUrl ?? `${config.appUrl}${pathTo('booking-edit', { id: b.id })}`,
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
 * is locked with its booking, so concurrent repeats record once. A recorded payment may issue the
 * booking's ATOL certificate in the same transaction (issue #12; kick the outbox after).
 */
export async function applyEcommpayCallback(
  db: Db,
  body: Record<string, unknown>,
  docs: AtolDeps,
): Promise<CallbackOutcome> {
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
    const asked = new Decimal(row.amount).eq(amount) ? '' : `(asked ${unsignedPounds(row.amount)})`;
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
    await refreshAtolCertificate(tx, docs, found.holiday_booking_id, row.created_by, 'payment recorded', {
      firstOnly: true,
    });
    return 'recorded';
  });
}
