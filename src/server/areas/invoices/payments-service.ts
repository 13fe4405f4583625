import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { INVOICE_MESSAGES, type InvoiceFor, type recordPaymentInput } from '../../../shared/api/invoices';
import { leftForPayment, moreThan } from '../../../shared/money-owed';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { invoice_payments, party_invoices } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { AUDIT, partyScope, paymentAuditView, type StoredPayment } from './audit';
import { findInvoice } from './queries';

/**
 * Recording payments against a party's invoice (spec 2 §2 'Record payment modal', §4, §5): add,
 * edit and delete, each ONE transaction under the invoice's row lock with its audit row, moving
 * `total_paid` by the difference; never more than what is left (`leftForPayment`).
 */

/** The recorded payments of an invoice, locked, oldest first. */
export async function lockedPayments(tx: Db, invoiceId: number): Promise<StoredPayment[]> {
  return queryRows<StoredPayment>(
    tx,
    sql`select id, invoice_id, paid_amount::text as paid_amount, payment_mode, transaction_number,
          payment_date::text as payment_date
        from invoice_payments where invoice_id = ${invoiceId} order by id for update`,
  );
}

type RecordPaymentValues = z.output<typeof recordPaymentInput>;

/**
 * POST invoice/record-payment: adds a payment (flag add) or edits `invoice_payment_id` (flag edit)
 * under the invoice's row lock. Left = `leftForPayment` of shared/money-owed.ts, the form's rule too
 * (amount − total paid, + the edited payment's old amount); an amount beyond it is refused with 422
 * 'Please provide a valid amount upto {left}' and nothing saved.
 * `total_paid` moves by the difference in the same transaction.
 */
export async function recordPayment(db: Db, v: RecordPaymentValues, userId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const inv = await findInvoice(tx, v.invoice_id, { f: v.payment_for, id: v.payment_for_id }, true);
    let old: StoredPayment | null = null;
    if (v.flag === 'edit') {
      [old] = await queryRows<StoredPayment>(
        tx,
        sql`select id, invoice_id, paid_amount::text as paid_amount, payment_mode, transaction_number,
              payment_date::text as payment_date
            from invoice_payments where id = ${v.invoice_payment_id ?? 0} and invoice_id = ${inv.id} for update`,
      );
      if (!old) throw notFound(INVOICE_MESSAGES.paymentNotFound);
    }
    const left = leftForPayment(inv.invoice_amount, inv.total_paid, old?.paid_amount);
    if (moreThan(v.paid_amount, left)) {
      const message = INVOICE_MESSAGES.amountUpto(left);
      throw validationError({ paid_amount: [message] }, message);
    }
    const row = {
      paid_amount: v.paid_amount,
      payment_mode: v.payment_mode,
      transaction_number: v.transaction_number ?? null,
      payment_date: v.payment_date,
    };
    let id: number;
    if (old) {
      await tx
        .update(invoice_payments)
        .set({ ...row, updated_at: sql`now()` })
        .where(eq(invoice_payments.id, old.id));
      id = old.id;
    } else {
      const [created] = await tx
        .insert(invoice_payments)
        .values({ ...row, invoice_id: inv.id, created_by: userId })
        .returning({ id: invoice_payments.id });
      id = created.id;
    }
    const delta = new Decimal(v.paid_amount).minus(old?.paid_amount ?? 0).toFixed(2);
    await tx
      .update(party_invoices)
      .set({ total_paid: sql`${party_invoices.total_paid} + ${delta}::numeric`, updated_at: sql`now()` })
      .where(eq(party_invoices.id, inv.id));
    await recordAudit(tx, {
      entity: AUDIT.payment,
      entityId: id,
      action: old ? 'updated' : 'created',
      before: paymentAuditView(old, inv.invoice_number),
      after: paymentAuditView({ id, invoice_id: inv.id, ...row }, inv.invoice_number),
      userId,
      scope: partyScope(v.payment_for, v.payment_for_id),
    });
  });
}

/** POST invoice/delete-record-payment: removes a payment and takes it off `total_paid`, under the invoice's lock. */
export async function deletePayment(
  db: Db,
  v: { payment_for: InvoiceFor; payment_for_id: number; invoice_id: number; invoice_payment_id: number },
  userId: number,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const inv = await findInvoice(tx, v.invoice_id, { f: v.payment_for, id: v.payment_for_id }, true);
    const [old] = await queryRows<StoredPayment>(
      tx,
      sql`select id, invoice_id, paid_amount::text as paid_amount, payment_mode, transaction_number,
            payment_date::text as payment_date
          from invoice_payments where id = ${v.invoice_payment_id} and invoice_id = ${inv.id} for update`,
    );
    if (!old) throw notFound(INVOICE_MESSAGES.paymentNotFound);
    await tx.delete(invoice_payments).where(eq(invoice_payments.id, old.id));
    await tx
      .update(party_invoices)
      .set({
        total_paid: sql`${party_invoices.total_paid} - ${old.paid_amount}::numeric`,
        updated_at: sql`now()`,
      })
      .where(eq(party_invoices.id, inv.id));
    await recordAudit(tx, {
      entity: AUDIT.payment,
      entityId: old.id,
      action: 'deleted',
      before: paymentAuditView(old, inv.invoice_number),
      userId,
      scope: partyScope(v.payment_for, v.payment_for_id),
    });
  });
}
