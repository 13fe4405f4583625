import Decimal from 'decimal.js';
import { addDays, addMonths } from './dates';

/**
 * The Tour Operators' Margin Scheme (HMRC VAT Notice 709/5; VAT Act 1994 s.53 and the VAT (Tour
 * Operators) Order 1987, SI 1987/1806, per the notice's §1.2), once for the server and the screens.
 * decimal.js only; amounts are decimal text in pounds with 2 decimals, each rounded half-up to pence.
 *
 * - A booking's margin = its selling price − the part of it that pays for in-house supplies (made
 *   from the operator's own resources: taxed under the normal rules, outside the scheme; valued here
 *   at their cost) − the cost of the bought-in travel supplies (margin scheme supplies).
 * - VAT on a margin for travel enjoyed in the UK is at the standard rate and the margin is
 *   VAT-inclusive, so VAT = margin × rate ÷ (100 + rate) (the VAT fraction: 1/6 at 20 %).
 * - The margin on travel enjoyed outside the UK is zero-rated (VAT Act 1994 Sch 8 Group 8 item 12).
 * - A negative margin gives no VAT: the scheme never turns into a repayment (The Squa.re Ltd v HMRC
 *   [2023] UKFTT 51 (TC): no negative margin "overall"). Per booking the VAT is floored at 0.00; for a
 *   period, losses on some bookings offset the margin of others before the VAT fraction is applied
 *   (`periodVat`), never below 0.00 — no loss is carried into the next period here.
 */

type Amount = string | number | null | undefined;

const dec = (v: Amount): Decimal => {
  if (v === null || v === undefined) return new Decimal(0);
  if (typeof v === 'string' && v.trim() === '') return new Decimal(0);
  return new Decimal(v);
};
const pence = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** The default standard rate of VAT in percent (setting `vat_standard_rate`). */
export const DEFAULT_VAT_STANDARD_RATE = '20';

/**
 * The standard rate from the setting's text: a number 0..100, else the default 20. Answers the rate
 * as text ('20', '17.5').
 */
export function vatStandardRate(setting: string | null | undefined): string {
  const v = (setting ?? '').trim().replace(/%$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(v)) return DEFAULT_VAT_STANDARD_RATE;
  const d = new Decimal(v);
  return d.gt(100) ? DEFAULT_VAT_STANDARD_RATE : d.toString();
}

/** The VAT fraction of a VAT-inclusive amount at `rate` percent: rate ÷ (100 + rate) (1/6 at 20 %). */
export function vatFraction(rate: Amount): Decimal {
  const r = dec(rate);
  if (r.lt(0)) throw new RangeError('A VAT rate cannot be below 0.');
  return r.div(r.plus(100));
}

/**
 * The part of a cost that falls on `part` of `whole` passengers: cost × part ÷ whole, pence half-up;
 * 0.00 when the departure has no passengers (nothing to apportion over).
 */
export function apportion(cost: Amount, part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0.00';
  return pence(dec(cost).mul(part).div(whole));
}

/** What `tomsMargin` needs of one booking. */
export interface TomsInput {
  /** What the customer pays, VAT included (the booking's total due, or its cancellation value). */
  sellingPrice: Amount;
  /** Cost of the bought-in travel supplies (supplier invoices, airline costs), pounds. */
  boughtIn: Amount;
  /** Cost of in-house supplies (the operator's own resources), pounds: taken out of the scheme. */
  inHouse: Amount;
  /** True when the travel is enjoyed outside the UK (zero-rated margin). */
  outsideUk: boolean;
  /** Standard rate in percent, e.g. '20'. */
  rate: Amount;
}

/** One booking's TOMS figures, pounds. Exactly one of margin_uk / margin_non_uk is non-zero. */
export interface TomsFigures {
  selling_price: string;
  bought_in_uk: string;
  bought_in_non_uk: string;
  in_house: string;
  margin_uk: string;
  margin_non_uk: string;
  vat_due: string;
}

/**
 * A booking's margin and the VAT on it (Notice 709/5; see the module comment). The margin may be
 * negative (shown as it is, for the period's offset); the VAT is floored at 0.00.
 */
export function tomsMargin(p: TomsInput): TomsFigures {
  const selling = dec(p.sellingPrice);
  const boughtIn = dec(p.boughtIn);
  const inHouse = dec(p.inHouse);
  const margin = new Decimal(pence(selling.minus(inHouse).minus(boughtIn)));
  const vat = p.outsideUk ? new Decimal(0) : Decimal.max(margin, 0).mul(vatFraction(p.rate));
  return {
    selling_price: pence(selling),
    bought_in_uk: p.outsideUk ? '0.00' : pence(boughtIn),
    bought_in_non_uk: p.outsideUk ? pence(boughtIn) : '0.00',
    in_house: pence(inHouse),
    margin_uk: p.outsideUk ? '0.00' : pence(margin),
    margin_non_uk: p.outsideUk ? pence(margin) : '0.00',
    vat_due: pence(vat),
  };
}

/**
 * The VAT due for a period on its total standard-rated margin (losses offset within the period):
 * max(Σ margins, 0) × the VAT fraction, pence half-up.
 */
export function periodVat(standardRatedMargin: Amount, rate: Amount): string {
  return pence(Decimal.max(dec(standardRatedMargin), 0).mul(vatFraction(rate)));
}

/**
 * The VAT quarter starting in month `start` ('YYYY-MM'): its first and last days, YYYY-MM-DD.
 * Any month may start a quarter (HMRC's three staggers end in Mar/Jun/Sep/Dec, Apr/Jul/Oct/Jan
 * or May/Aug/Nov/Feb).
 */
export function vatQuarter(start: string): { from: string; to: string } {
  const m = /^(\d{4})-(\d{2})$/.exec(start);
  if (!m) throw new RangeError('A quarter starts in a month YYYY-MM.');
  const mo = Number(m[2]);
  if (mo < 1 || mo > 12) throw new RangeError('A quarter starts in a month YYYY-MM.');
  const from = `${start}-01`;
  return { from, to: addDays(addMonths(from, 3), -1) };
}

/**
 * The selling price of a booking for the scheme: its total due (spec 1 §9, `bookingTotals`, as the
 * ledger stores it), or once cancelled its cancellation value — the charge entered (0.00 when
 * waived), the total due when none was ever set (spec 1 §4) — the money the customer ends up paying.
 */
export function tomsSellingPrice(b: {
  total_due: Amount;
  cancelled: boolean;
  cancellation_charge: Amount;
}): string {
  const charge = b.cancellation_charge;
  const set =
    charge !== null && charge !== undefined && !(typeof charge === 'string' && charge.trim() === '');
  return pence(b.cancelled && set ? dec(charge) : dec(b.total_due));
}

/**
 * Whether the tour managers' costs are in-house supplies (setting `toms_tour_managers_in_house`):
 * yes unless it says 'no' / 'false' / '0'. The operator's own tour managers are its own resources
 * (709/5 in-house supplies); independent guides it buys in are margin scheme supplies — set 'no'.
 */
export function tourManagersInHouse(setting: string | null | undefined): boolean {
  return !['no', 'false', '0'].includes((setting ?? '').trim().toLowerCase());
}
