import Decimal from 'decimal.js';
import { addDays, daysBetween } from './dates';

/**
 * Price changes after booking (issue #27): The Package Travel and Linked Travel Arrangements
 * Regulations 2018 (SI 2018/634), regs 10–11. The one home of these rules; the server applies them
 * and the screens explain them with the same functions.
 *
 * - reg. 10: a price increase must be notified on a durable medium, with a justification and a
 *   calculation, "not later than 20 days before the start of the package" (Directive 2015/2302
 *   art. 10(3), which reg. 10 implements: "at the latest 20 days before the start of the package").
 *   A reduction is always passed on (art. 10(4): "the traveller shall have the right to a price
 *   reduction corresponding to any decrease in the costs").
 * - reg. 11(3)(c): where the organiser "proposes to increase the price of the package by more than 8%
 *   in accordance with regulation 10(4)", reg. 11(4) requires telling the traveller, on a durable
 *   medium, (a) the change and its impact on the price, (b) "a reasonable period within which the
 *   traveller must inform the organiser of the decision", (c) the consequences of failing to answer
 *   in that period; the traveller may accept it or terminate the contract without a termination fee.
 */

/** The settings' names and the regulation's values as their defaults. */
export const PRICE_CHANGE_SETTINGS = {
  minDays: 'price_increase_min_days_before_departure',
  significantPercent: 'price_increase_significant_percent',
  responseDays: 'price_change_response_days',
} as const;

export const PRICE_CHANGE_DEFAULTS = {
  /** reg. 10: not later than 20 days before the start of the package. */
  minDays: 20,
  /** reg. 11(3)(c): an increase of more than 8 %. */
  significantPercent: '8',
  /** reg. 11(4)(b): "a reasonable period" — the operator's choice, a week by default. */
  responseDays: 7,
} as const;

export type PriceChangeSettings = { minDays: number; significantPercent: string; responseDays: number };

/** The settings from their stored text; blank or unreadable values take PRICE_CHANGE_DEFAULTS. */
export function priceChangeSettings(values: Partial<Record<string, string | null>>): PriceChangeSettings {
  const whole = (v: string | null | undefined, fallback: number) => {
    const n = Number(v);
    return v != null && v.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
  };
  const pct = values[PRICE_CHANGE_SETTINGS.significantPercent]?.trim() ?? '';
  const pctOk = /^\d{1,3}(\.\d{1,2})?$/.test(pct);
  return {
    minDays: whole(values[PRICE_CHANGE_SETTINGS.minDays], PRICE_CHANGE_DEFAULTS.minDays),
    significantPercent: pctOk ? pct : PRICE_CHANGE_DEFAULTS.significantPercent,
    responseDays: Math.max(
      1,
      whole(values[PRICE_CHANGE_SETTINGS.responseDays], PRICE_CHANGE_DEFAULTS.responseDays),
    ),
  };
}

/**
 * Whether a price INCREASE may still be notified on `today` for a package starting `departureDate`
 * (both YYYY-MM-DD, London days): reg. 10, "not later than 20 days before the start of the package",
 * so exactly `minDays` days before is still in time and `minDays − 1` is not. No departure date
 * (no tour lines yet): allowed. A reduction is never limited by this rule (callers skip it).
 */
export function priceIncreaseAllowed(departureDate: string | null, today: string, minDays = 20): boolean {
  if (!departureDate) return true;
  return daysBetween(today, departureDate) >= minDays;
}

/**
 * Whether an increase of `increase` pounds on a package whose total price was `totalBefore` pounds
 * is significant — reg. 11(3)(c): "by more than 8%" — i.e. increase / total strictly EXCEEDS
 * `percent` per cent (8 % exactly is not significant). Decimal arithmetic, never floats. A zero or
 * negative increase is never significant; on a total of 0.00 any increase is.
 */
export function isSignificantIncrease(
  increase: string | number | Decimal,
  totalBefore: string | number | Decimal,
  percent: string | number | Decimal = 8,
): boolean {
  const inc = new Decimal(increase);
  if (inc.lte(0)) return false;
  const total = new Decimal(totalBefore);
  if (total.lte(0)) return true;
  return inc.mul(100).gt(total.mul(percent));
}

/**
 * The date by which the traveller must answer a significant increase (reg. 11(4)(b), "a reasonable
 * period"): `today` + `responseDays`, but never after the day before departure (the answer is
 * needed before the package starts), and never before today. YYYY-MM-DD.
 */
export function priceChangeResponseDate(
  today: string,
  departureDate: string | null,
  responseDays: number,
): string {
  const byPeriod = addDays(today, responseDays);
  if (!departureDate) return byPeriod;
  const lastDay = addDays(departureDate, -1);
  const due = byPeriod < lastDay ? byPeriod : lastDay;
  return due < today ? today : due;
}

/** The answer a significant price change waits for, or got (reg. 11(4)–(5)). */
export const PRICE_CHANGE_DECISIONS = ['pending', 'accepted', 'cancelled', 'deemed_accepted'] as const;
export type PriceChangeDecision = (typeof PRICE_CHANGE_DECISIONS)[number];

export const PRICE_CHANGE_DECISION_LABELS: Record<PriceChangeDecision, string> = {
  pending: 'Waiting for the customer',
  accepted: 'Accepted',
  cancelled: 'Cancelled without charge',
  deemed_accepted: 'Deemed accepted (no answer by the date)',
};

/**
 * The decision as it stands on `today`: a pending decision whose response date has passed is deemed
 * accepted — reg. 11(4)(c), the traveller is told the consequences of not answering within the
 * period, which here (as the notice says) is that the new price is accepted.
 */
export function decisionOn(
  stored: PriceChangeDecision | null,
  respondBy: string | null,
  today: string,
): PriceChangeDecision | null {
  if (stored === 'pending' && respondBy && today > respondBy) return 'deemed_accepted';
  return stored;
}
