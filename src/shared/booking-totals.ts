import Decimal from 'decimal.js';

/**
 * The money of a booking (spec 1 §9 'Formulas'), in one place: the server recomputes and stores
 * these in the same transaction as every change; the booking screen previews them with the same
 * functions. Amounts are pounds as decimal text ('499.00'); arithmetic is decimal.js, never floats;
 * each computed amount is rounded half-up to pence.
 */

type Amount = string | number | null | undefined;

const dec = (v: Amount): Decimal => {
  if (v === null || v === undefined) return new Decimal(0);
  if (typeof v === 'string' && v.trim() === '') return new Decimal(0);
  return new Decimal(v);
};
const pence = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
/** Pounds as text with two decimals ('12.50'). */
export const money = (d: Decimal | Amount) => pence(d instanceof Decimal ? d : dec(d)).toFixed(2);
const set = (v: Amount) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/**
 * The sum of money amounts (pounds as decimal text or numbers; null or blank counts 0.00), as
 * pounds text rounded half-up to pence ('12.50'). decimal.js, never floats: the one way amounts are
 * added up outside the formulas below (e.g. a tour line's airline costs).
 */
export function sumMoney(amounts: readonly Amount[]): string {
  return money(amounts.reduce<Decimal>((sum, a) => sum.plus(dec(a)), new Decimal(0)));
}

/**
 * `percent` per cent of `amount` (pounds), rounded half-up to pence: a percentage discount, the
 * agent's commission, VAT on it, a cancellation charge by percentage. Answers a Decimal.
 */
export function percentOf(amount: Decimal | Amount, percent: Decimal | Amount): Decimal {
  const of = amount instanceof Decimal ? amount : dec(amount);
  return pence(of.mul(percent instanceof Decimal ? percent : dec(percent)).div(100));
}

/** A tour line as the formulas need it: per-guest prices in pounds and the number of guests. */
export interface TotalsTourLine {
  price: Amount;
  sale_price?: Amount;
  base_price?: Amount;
  guests: number;
}

/** An extra on the booking: price in pounds per unit, quantity, and whether commission is paid on it. */
export interface TotalsExtra {
  price: Amount;
  qty: number;
  /** false: a non-commissionable extra (spec 1 §9 agent accounts). Default true. */
  commissionable?: boolean;
}

/** A discount on the booking, as applied (its snapshot). */
export interface TotalsDiscount {
  value: Amount;
  /** 0 = a fixed amount in pounds, otherwise a percentage. */
  penalty_type: number | boolean;
  on_base_price?: boolean;
  qty: number;
  /** A manual amount in pounds; used instead of the rule when above 0. */
  manual_discount_price?: Amount;
}

/**
 * 'tour total = per-guest price (sale price if present) times guests, summed over tour lines'.
 * A sale price counts as present when it is set and above 0.00.
 */
export function toursTotal(lines: readonly TotalsTourLine[]): Decimal {
  return lines.reduce((sum, l) => {
    const perGuest = set(l.sale_price) && dec(l.sale_price).gt(0) ? dec(l.sale_price) : dec(l.price);
    return sum.plus(perGuest.mul(l.guests));
  }, new Decimal(0));
}

/** 'base total uses sale price, else base price, else price' (each when set and above 0.00), times guests. */
export function baseTotal(lines: readonly TotalsTourLine[]): Decimal {
  return lines.reduce((sum, l) => {
    const perGuest = [l.sale_price, l.base_price, l.price].find((v) => set(v) && dec(v).gt(0));
    return sum.plus(dec(perGuest).mul(l.guests));
  }, new Decimal(0));
}

/** 'extras total = price times qty', summed. */
export function extrasTotal(extras: readonly TotalsExtra[]): Decimal {
  return extras.reduce((sum, e) => sum.plus(dec(e.price).mul(e.qty)), new Decimal(0));
}

/**
 * One discount's amount in pounds: 'manual amount if above 0; fixed (penalty_type 0) = value times
 * qty; percent = value percent of the tours total, or of the base total when on_base_price is set'.
 */
export function discountAmount(
  d: TotalsDiscount,
  totals: { tours: Decimal | Amount; base: Decimal | Amount },
): Decimal {
  if (set(d.manual_discount_price) && dec(d.manual_discount_price).gt(0))
    return pence(dec(d.manual_discount_price));
  const percent = d.penalty_type !== 0 && d.penalty_type !== false;
  if (!percent) return pence(dec(d.value).mul(d.qty));
  return percentOf(d.on_base_price ? totals.base : totals.tours, d.value);
}

export interface BookingTotalsInput {
  tour_lines: readonly TotalsTourLine[];
  extras: readonly TotalsExtra[];
  discounts: readonly TotalsDiscount[];
  /** Sum of payments in pounds (refunds negative). */
  paid: Amount;
  /** The agent's commission percent; null or 0 when the booking has no agent. */
  agent_commission_percent?: Amount;
  /** VAT percent charged on the commission (booking_vat_percent). */
  vat_percent?: Amount;
  /** The booking is cancelled: the balance is what the cancellation leaves to pay. */
  cancelled?: boolean;
  /**
   * The charge entered at cancellation, pounds. Null/blank: never set, so the total due counts
   * (spec 1 §4); '0.00' entered means the charge is waived.
   */
  cancellation_charge?: Amount;
  /**
   * Price changes after booking (issue #27, PTR 2018 reg. 10: surcharges, or reductions negative),
   * pounds each; added to the total due.
   */
  price_changes?: readonly Amount[];
}

export interface BookingTotals {
  tours_total: string;
  base_total: string;
  extras_total: string;
  /** Each discount's amount, in the order given. */
  discount_amounts: string[];
  discounts_total: string;
  /** The sum of the price changes after booking (reg. 10 surcharges; reductions negative). */
  price_changes_total: string;
  /** tours + extras − discounts + price changes, never below 0.00. */
  total_due: string;
  paid: string;
  non_commissionable_extras: string;
  commission: string;
  vat: string;
  /**
   * The customer-side balance: total due − paid, floored at 0.00 (what is paid beyond that is
   * `credit`). Once cancelled: the cancellation value − paid, negative when money is to be given
   * back (`refund_due`).
   */
  balance: string;
  /** Paid beyond the total due of a live booking ('In credit £X'); 0.00 otherwise. */
  credit: string;
  /** A cancelled booking: paid beyond the cancellation value ('Refund due £X'); 0.00 otherwise. */
  refund_due: string;
  /**
   * Agent accounts (spec 1 §9): total due − paid − (commission + VAT), floored at 0.00 — what the
   * agent still owes net of its commission. Equals `balance` when there is no agent.
   */
  agent_balance: string;
  /** A cancelled booking: the charge entered (0.00 when waived), or the total due when never set. */
  cancellation_value: string | null;
}

/** What `agentAccounts` needs: a booking's stored figures (pounds) and its two rates (percent). */
export interface AgentAccountsInput {
  total_due: Decimal | Amount;
  paid: Decimal | Amount;
  non_commissionable_extras: Decimal | Amount;
  /** The agent's commission percent; null or 0 when the booking has no agent. */
  commission_percent: Decimal | Amount;
  /** VAT percent charged on the commission (booking_vat_percent). */
  vat_percent: Decimal | Amount;
}

/** Spec 1 §9 agent accounts of one booking, pounds as text ('12.50'). */
export interface AgentAccountsFigures {
  commission: string;
  vat: string;
  /** total due − commission − VAT: what the agency pays the operator in all. */
  net_due: string;
  /** total due − paid − (commission + VAT), floored at 0.00. */
  agent_balance: string;
}

/**
 * Spec 1 §9 'agent accounts', the one rule behind `bookingTotals` and every agent figure read from
 * a stored booking (the agency's statement): commission = (total due − non-commissionable extras,
 * never below 0.00) × commission percent; VAT = commission × VAT percent (each rounded half-up to
 * pence); agent balance = total due − paid − (commission + VAT), floored at 0.00. No rate (null,
 * blank or 0): no commission, so no VAT.
 */
export function agentAccounts(input: AgentAccountsInput): AgentAccountsFigures {
  const d = (v: Decimal | Amount) => (v instanceof Decimal ? v : dec(v));
  const totalDue = d(input.total_due);
  const rate = d(input.commission_percent);
  const commission = rate.gt(0)
    ? percentOf(Decimal.max(0, totalDue.minus(d(input.non_commissionable_extras))), rate)
    : new Decimal(0);
  const vat = percentOf(commission, input.vat_percent);
  const balance = Decimal.max(0, totalDue.minus(d(input.paid)).minus(commission.plus(vat)));
  return {
    commission: money(commission),
    vat: money(vat),
    net_due: money(totalDue.minus(commission).minus(vat)),
    agent_balance: money(balance),
  };
}

/**
 * Every figure of spec 1 §9 for one booking:
 * - total due = tours + extras − discounts + price changes after booking (issue #27, PTR 2018 reg. 10;
 *   floored at 0.00: discounts and reductions never make a booking owe money back);
 * - balance (customer side) = total due − paid, floored at 0; paid beyond it is credit;
 * - agent accounts: non-commissionable = price × qty of the non-commissionable extras; commission =
 *   (total due − non-commissionables) × commission percent; VAT = commission × booking_vat_percent;
 *   agent balance = total due − paid − (commission + VAT), floored at 0 (commission is 0 with no agent);
 *   a cancelled booking's agent accounts count its cancellation value in place of the total due;
 * - cancelled (spec 1 §4): balance outstanding = the cancellation charge (or total due when no
 *   charge was ever set; an entered 0.00 waives it) − paid; negative when more was paid than is
 *   owed, that difference being the refund due.
 */
export function bookingTotals(input: BookingTotalsInput): BookingTotals {
  const tours = pence(toursTotal(input.tour_lines));
  const base = pence(baseTotal(input.tour_lines));
  const extras = pence(extrasTotal(input.extras));
  const amounts = input.discounts.map((d) => discountAmount(d, { tours, base }));
  const discounts = amounts.reduce((s, a) => s.plus(a), new Decimal(0));
  const priceChanges = dec(sumMoney(input.price_changes ?? []));
  const totalDue = Decimal.max(0, tours.plus(extras).minus(discounts).plus(priceChanges));
  const paid = pence(dec(input.paid));
  const nonCommissionable = pence(extrasTotal(input.extras.filter((e) => e.commissionable === false)));
  let balance: Decimal;
  let credit = new Decimal(0);
  let refundDue = new Decimal(0);
  let cancellationValue: Decimal | null = null;
  if (input.cancelled) {
    cancellationValue = set(input.cancellation_charge) ? pence(dec(input.cancellation_charge)) : totalDue;
    balance = cancellationValue.minus(paid);
    if (balance.lt(0)) refundDue = balance.neg();
  } else {
    balance = Decimal.max(0, totalDue.minus(paid));
    credit = Decimal.max(0, paid.minus(totalDue));
  }
  // A cancelled booking earns commission on what it still charges (its cancellation value), not on
  // the total it no longer owes (issue #25: the agency's statement and the staff screen agree).
  const accounts = agentAccounts({
    total_due: cancellationValue ?? totalDue,
    paid,
    non_commissionable_extras: nonCommissionable,
    commission_percent: input.agent_commission_percent,
    vat_percent: input.vat_percent,
  });
  return {
    tours_total: money(tours),
    base_total: money(base),
    extras_total: money(extras),
    discount_amounts: amounts.map(money),
    discounts_total: money(discounts),
    price_changes_total: money(priceChanges),
    total_due: money(totalDue),
    paid: money(paid),
    non_commissionable_extras: money(nonCommissionable),
    commission: accounts.commission,
    vat: accounts.vat,
    balance: money(balance),
    credit: money(credit),
    refund_due: money(refundDue),
    agent_balance: accounts.agent_balance,
    cancellation_value: cancellationValue ? money(cancellationValue) : null,
  };
}

/**
 * How much of a payment of `amount` pounds goes beyond the balance still owed ('This is £X more
 * than the balance', issue #10): amount − max(0, owed − paid), never below 0.00, where owed is the
 * total due of a live booking or the cancellation value of a cancelled one. Pounds as text.
 */
export function overpaymentBy(
  totals: Pick<BookingTotals, 'total_due' | 'paid' | 'cancellation_value'>,
  amount: Amount,
): string {
  return money(Decimal.max(0, dec(amount).minus(stillOwed(totals))));
}

/**
 * What a booking still owes, pounds as text: max(0, owed − paid), owed being the total due of a
 * live booking or the cancellation value of a cancelled one (the balance `overpaymentBy` reads; a
 * bank line is matched when its amount is at most this, issue #26).
 */
export function stillOwed(totals: Pick<BookingTotals, 'total_due' | 'paid' | 'cancellation_value'>): string {
  const owed = dec(totals.cancellation_value ?? totals.total_due);
  return money(Decimal.max(0, owed.minus(dec(totals.paid))));
}

/**
 * The lines a booking is charged for: its tour lines; a booking imported from the old system with
 * no tour lines is charged what the old system invoiced (old_tour_booking.total_revenue), so its
 * total due survives any change made here.
 */
export function chargedLines(lines: readonly TotalsTourLine[], oldTourBooking: unknown): TotalsTourLine[] {
  if (lines.length) return [...lines];
  const revenue = (oldTourBooking as { total_revenue?: unknown } | null)?.total_revenue;
  return typeof revenue === 'string' || typeof revenue === 'number'
    ? [{ price: String(revenue), guests: 1 }]
    : [];
}

/**
 * Rooms a tour line needs (spec 1 §4 'Rooms', §5): guests divided by the room's occupancy, rounded
 * up. Occupancy below 1 counts as 1.
 */
export function roomsForGuests(guests: number, occupancy: number): number {
  return Math.ceil(guests / Math.max(1, occupancy));
}

/** Spec 1 §9: passengers allocated to a line are capped at the booking's passengers, 5 when none. */
export const DEFAULT_PASSENGER_CAP = 5;
export function passengerCap(bookingPassengers: number): number {
  return bookingPassengers > 0 ? bookingPassengers : DEFAULT_PASSENGER_CAP;
}

/**
 * The deposit a booking asks for: per guest, each line's deposit (instance, else group, else tour
 * deposit_price) times its guests, never more than the total due. Pounds.
 */
export function depositAmount(
  lines: readonly { deposit_per_guest: Amount; guests: number }[],
  totalDue: Amount,
): string {
  const sum = lines.reduce((s, l) => s.plus(dec(l.deposit_per_guest).mul(l.guests)), new Decimal(0));
  return money(Decimal.min(sum, dec(totalDue)));
}

/**
 * The status text kept on the booking (spec 1 §3 status; 'Cancelled' highlighted): Cancelled once
 * cancelled; Paid when payments cover the total due; Confirmed when they cover the deposit (or an
 * agent has confirmed it); else Pending.
 */
export function bookingStatus(b: {
  cancelled: boolean;
  total_due: Amount;
  paid: Amount;
  deposit: Amount;
  agent_confirmed?: boolean;
}): 'Cancelled' | 'Paid' | 'Confirmed' | 'Pending' {
  if (b.cancelled) return 'Cancelled';
  const paid = dec(b.paid);
  if (dec(b.total_due).gt(0) && paid.gte(dec(b.total_due))) return 'Paid';
  if ((paid.gt(0) && paid.gte(dec(b.deposit))) || b.agent_confirmed) return 'Confirmed';
  return 'Pending';
}
