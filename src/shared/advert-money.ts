import Decimal from 'decimal.js';

/**
 * The money of one advertisement (spec 2 §2 'Products modal', §3 Advertisement and Advertisement
 * product, §4), once for the server and the screens. decimal.js, never floats; answers are text
 * with 2 decimals.
 *
 * - The products modal's Total is the advert's cost (`total_cost`, 0.00 when not set); its Paid is
 *   what the products (the product's "advertisement invoices", one per tour) already take of it;
 *   Left = Total − Paid, never below 0. A product may not take more than is left.
 * - The invoice side (Payment Invoices summary, payment details): the amount billed is the
 *   affiliate's `invoice_amount`, else the cost; due = billed − `payment_amount`, never below 0.
 */

const d = (v: string | number | null | undefined) =>
  new Decimal(v === null || v === undefined || v === '' ? 0 : v);

/** Total / Paid / Left of the products modal: cost, the products' sum, and what is left (≥ 0). */
export function advertProductTotals(
  totalCost: string | null | undefined,
  productAmounts: readonly (string | null | undefined)[],
): { total: string; paid: string; left: string } {
  const total = d(totalCost);
  const paid = productAmounts.reduce<Decimal>((sum, a) => sum.plus(d(a)), new Decimal(0));
  return {
    total: total.toFixed(2),
    paid: paid.toFixed(2),
    left: Decimal.max(total.minus(paid), 0).toFixed(2),
  };
}

/** What the affiliate bills for an advert: its invoice amount, else its cost, else 0.00. */
export function advertBilled(
  invoiceAmount: string | null | undefined,
  totalCost: string | null | undefined,
): string {
  return d(invoiceAmount ?? totalCost).toFixed(2);
}

/** What is still due on an advert's invoice: billed − paid amount, never below 0.00. */
export function advertDue(
  invoiceAmount: string | null | undefined,
  totalCost: string | null | undefined,
  paymentAmount: string | null | undefined,
): string {
  return Decimal.max(d(advertBilled(invoiceAmount, totalCost)).minus(d(paymentAmount)), 0).toFixed(2);
}

/** True when `amount` is more than `limit` (both decimal text). */
export function exceeds(amount: string, limit: string): boolean {
  return d(amount).greaterThan(d(limit));
}
