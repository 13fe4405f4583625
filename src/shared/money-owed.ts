import Decimal from 'decimal.js';

/**
 * What the operator owes its suppliers, tour managers and affiliates, and what a departure earned
 * (spec 2 §4 and §9; spec 3 §9), once for the server and the screens. decimal.js, never floats;
 * amounts are decimal text with 2 decimals, each computed amount rounded half-up to pence.
 *
 * - Invoice outstanding = invoice amount − total paid, never below 0.00 (spec 2 §4).
 * - Left to link = invoice amount − the sum of the amounts assigned to tour groups, never below 0.00
 *   (spec 2 §4); both in the invoice's own currency.
 * - Converted amount = amount ÷ exchange rate, in pounds (a rate reads '£1 = €1.17': €2,450 ÷ 1.17 = £2,094.02; spec 2 §9).
 * - Supplier cost of a group's internal payment = the invoice amount (assigned to the group) ÷ the
 *   invoice's exchange rate if an invoice exists, otherwise the estimated cost (× passengers when per
 *   person) — spec 3 §9. An estimate entered in another currency is converted the same way (÷ its
 *   own rate; Sterling's rate is 1, so a Sterling estimate is taken as entered).
 * - A booking's value on a group (gross / cancellation revenue): its value × the share of its tour
 *   lines' charge that is on the group (all of it for the usual one-group booking).
 * - Net profit of a group = gross revenue + cancellation revenue − supplier costs, floored at 0
 *   (spec 3 §9).
 * - Left for a payment = invoice amount − total paid (+ the edited payment's own amount), and left
 *   to assign to a group = left to link (+ what the edited payment holds): the money forms refuse
 *   more before sending, the services again under the invoice's row lock (spec 2 §5, spec 3 §5).
 */

type Amount = string | number | null | undefined;

const dec = (v: Amount): Decimal => {
  if (v === null || v === undefined) return new Decimal(0);
  if (typeof v === 'string' && v.trim() === '') return new Decimal(0);
  return new Decimal(v);
};
const pence = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const present = (v: Amount) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** Outstanding on an invoice: amount − total paid, never below 0.00 (spec 2 §4). */
export function invoiceOutstanding(amount: string, totalPaid: string): string {
  return pence(Decimal.max(dec(amount).minus(dec(totalPaid)), 0));
}

/** Left to link of an invoice: amount − sum of the amounts assigned to groups, never below 0.00 (spec 2 §4). */
export function leftToLink(amount: string, assigned: readonly Amount[]): string {
  const used = assigned.reduce<Decimal>((s, a) => s.plus(dec(a)), new Decimal(0));
  return pence(Decimal.max(dec(amount).minus(used), 0));
}

/** An amount in the invoice's currency converted to pounds: amount ÷ rate, 2 dp (spec 2 §9). */
export function convertedToSterling(amount: string, rate: string): string {
  const r = dec(rate);
  if (r.lessThanOrEqualTo(0)) throw new RangeError('An exchange rate must be above 0.');
  return pence(dec(amount).div(r));
}

/**
 * The cost to a group of one internal payment, in pounds (spec 3 §9): `invoiceAmount` (the invoice
 * amount assigned to the group, in the invoice's currency) ÷ `invoiceRate` when an invoice is set,
 * else the estimated cost, × `passengers` when `perPerson`; 0.00 when neither is given.
 */
export function supplierCost(p: {
  invoiceAmount?: string | null;
  invoiceRate?: string | null;
  estimatedCost?: string | null;
  /** The estimate's own rate ('£1 = X rate'); 1 (Sterling) when not given. */
  estimateRate?: string | null;
  perPerson: boolean;
  passengers: number;
}): string {
  if (present(p.invoiceAmount)) return convertedToSterling(p.invoiceAmount as string, p.invoiceRate ?? '1');
  const estimate = dec(p.estimatedCost);
  const total = p.perPerson ? estimate.mul(p.passengers) : estimate;
  return convertedToSterling(total.toString(), present(p.estimateRate) ? (p.estimateRate as string) : '1');
}

/**
 * The part of a booking's value (its total due, or once cancelled its cancellation value) that falls
 * on one group: value × onGroup ÷ allLines, where onGroup and allLines are the charges of its tour
 * lines on the group and of all its tour lines; when the lines charge nothing, by the count of lines
 * (`linesOnGroup` of `lineCount`). Pence, half-up.
 */
export function bookingShare(
  value: string,
  onGroup: string,
  allLines: string,
  linesOnGroup: number,
  lineCount: number,
): string {
  const all = dec(allLines);
  if (all.greaterThan(0)) {
    if (dec(onGroup).equals(all)) return pence(dec(value));
    return pence(dec(value).mul(dec(onGroup)).div(all));
  }
  if (lineCount === 0) return '0.00';
  return pence(dec(value).mul(linesOnGroup).div(lineCount));
}

/** Net profit of a group: gross + cancellation revenue − the supplier costs, floored at 0.00 (spec 3 §9). */
export function groupProfit(
  grossRevenue: string,
  cancellationRevenue: string,
  supplierCosts: string[],
): string {
  const costs = supplierCosts.reduce<Decimal>((s, c) => s.plus(dec(c)), new Decimal(0));
  return pence(Decimal.max(dec(grossRevenue).plus(dec(cancellationRevenue)).minus(costs), 0));
}

/** The sum of amounts (null or blank counts 0.00), 2 dp. */
export function sumAmounts(amounts: readonly Amount[]): string {
  return pence(amounts.reduce<Decimal>((s, a) => s.plus(dec(a)), new Decimal(0)));
}

/** True when `amount` is more than `limit` (decimal text). */
export function moreThan(amount: Amount, limit: Amount): boolean {
  return dec(amount).greaterThan(dec(limit));
}

/**
 * What is left for a payment on an invoice (spec 2 §4, §5; spec 2 §8 'Please provide a valid amount
 * upto {left}'): invoice amount − total paid, plus the payment's own recorded amount when that
 * payment is being edited (`editedAmount`); never below 0.00. The record payment form shows it and
 * refuses more before sending; the server checks the same under the invoice's row lock.
 */
export function leftForPayment(invoiceAmount: Amount, totalPaid: Amount, editedAmount?: Amount): string {
  return pence(Decimal.max(dec(invoiceAmount).minus(dec(totalPaid)).plus(dec(editedAmount)), 0));
}

/**
 * What is left of an invoice to assign to one group's internal payment (spec 3 §5): left to link
 * (invoice amount − total linked), plus what this payment already holds on the same invoice when it
 * is being edited (`heldByThisPayment`); never below 0.00.
 */
export function leftToAssign(invoiceAmount: Amount, totalLinked: Amount, heldByThisPayment?: Amount): string {
  return pence(Decimal.max(dec(invoiceAmount).minus(dec(totalLinked)).plus(dec(heldByThisPayment)), 0));
}

/**
 * True when `typed` — what a money field holds as text (numberText), perhaps blank or not yet a
 * number — is an amount above `limit`. Blank or unreadable text is false: the shared schema speaks
 * to it when the form is sent.
 */
export function typedMoreThan(typed: string, limit: Amount): boolean {
  return /^\d+(\.\d+)?$/.test(typed) && dec(typed).greaterThan(dec(limit));
}

/** An amount as decimal text with 2 decimals, half-up ('1000' → '1000.00'). */
export function penceText(amount: Amount): string {
  return pence(dec(amount));
}
