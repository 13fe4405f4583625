import Decimal from 'decimal.js';
import type { InvoiceFor } from '../../../shared/api/invoices';
import type { StoredInvoice } from './queries';

/**
 * What the history (lib/audit.ts) records of invoices and their recorded payments, and under which
 * scope: the party's screen lists everything under '{invoice_for}:{party id}'.
 */

/** Audit entity names. */
export const AUDIT = {
  invoice: 'party_invoice',
  payment: 'invoice_payment',
  groupPayment: 'tour_group_payment',
} as const;

/** The history scope of a party's screen ('supplier:12'). */
export const partyScope = (f: InvoiceFor, id: number) => `${f}:${id}`;

/** What the history shows of an invoice. */
export const invoiceAuditView = (i: StoredInvoice | null) =>
  i && {
    invoice_number: i.invoice_number,
    currency_type: i.currency_type,
    currency_exchange_rate: new Decimal(i.currency_exchange_rate).toFixed(),
    invoice_amount: new Decimal(i.invoice_amount).toFixed(2),
    invoice_date: i.invoice_date,
    invoice_due_date: i.invoice_due_date,
    payment_invoice_name: i.payment_invoice_name,
    total_linked: new Decimal(i.total_linked).toFixed(2),
  };

/** A recorded payment as read under its lock. */
export interface StoredPayment {
  id: number;
  invoice_id: number;
  paid_amount: string;
  payment_mode: string;
  transaction_number: string | null;
  payment_date: string;
}

/** What the history shows of a recorded payment. */
export const paymentAuditView = (p: StoredPayment | null, invoiceNumber: string) =>
  p && {
    invoice_number: invoiceNumber,
    paid_amount: new Decimal(p.paid_amount).toFixed(2),
    payment_mode: p.payment_mode,
    transaction_number: p.transaction_number,
    payment_date: p.payment_date,
  };
