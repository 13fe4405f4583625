import type { BookingDetail } from '../../src/shared/api/booking-edit';

// Spec 1 §9 worked by hand, in pence (bigint), from a booking as the API answers it: an independent
// check of the figures the server stores and the screens show (shared/booking-totals.ts).

/** '1234.5' / '-10.00' pounds → pence. */
export const p = (pounds: string | null | undefined): bigint => {
  if (!pounds) return 0n;
  const [whole, frac = ''] = pounds.replace('-', '').split('.');
  const v = BigInt(whole || '0') * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return pounds.startsWith('-') ? -v : v;
};

/** Pence as the screens show pounds: '£1,234.50', '-£3.00'. */
export const gbp = (pence: bigint) => {
  const neg = pence < 0n;
  const a = neg ? -pence : pence;
  const whole = (a / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}£${whole}.${(a % 100n).toString().padStart(2, '0')}`;
};

/** Pence as the API sends pounds: '1234.50'. */
export const pounds = (pence: bigint) => gbp(pence).replace(/[£,]/g, '');

/** value% of an amount, rounded half-up to the penny (value as '10.00'). */
export const percentOf = (amount: bigint, value: string | null | undefined) =>
  (amount * p(value) + 5000n) / 10000n;

/** Every figure of spec 1 §9 for a booking that is not cancelled. */
export function byHand(b: BookingDetail) {
  const positive = (v: string | null) => (v && p(v) > 0n ? p(v) : null);
  // 'tour total = per-guest price (sale price if present) times guests'
  const tours = b.tour_bookings.reduce(
    (s, l) => s + (positive(l.sale_price) ?? p(l.price)) * BigInt(l.guests),
    0n,
  );
  // 'base total uses sale price, else base price, else price'
  const base = b.tour_bookings.reduce(
    (s, l) => s + (positive(l.sale_price) ?? positive(l.base_price) ?? p(l.price)) * BigInt(l.guests),
    0n,
  );
  // 'extras total = price times qty'
  const extras = b.extras.reduce((s, e) => s + p(e.price) * BigInt(e.pivot.qty), 0n);
  // 'manual amount if above 0; fixed = value times qty; percent = value percent of the tours total,
  // or of the base total when on_base_price is set'
  const discounts = b.discounts.reduce((s, d) => {
    if (d.pivot.manual_discount_price && p(d.pivot.manual_discount_price) > 0n)
      return s + p(d.pivot.manual_discount_price);
    if (d.penalty_type === 0) return s + p(d.value) * BigInt(d.pivot.qty);
    return s + percentOf(d.on_base_price ? base : tours, d.value);
  }, 0n);
  const due = tours + extras - discounts; // 'total due = tours + extras - discounts'
  const paid = b.payments.reduce((s, x) => s + p(x.payment_amount), 0n);
  // Agent accounts: 'non-commissionable = price times qty of extras flagged non-commissionable;
  // commission = (total due - non-commissionables) times commission percent; VAT = commission times
  // booking_vat_percent'. No agent, no commission.
  const nonCommissionable = b.extras
    .filter((e) => e.commissionable === false)
    .reduce((s, e) => s + p(e.price) * BigInt(e.pivot.qty), 0n);
  const commission = b.agent_id === null ? 0n : percentOf(due - nonCommissionable, b.agent_comission_percent);
  const vat = percentOf(commission, b.booking_vat_percent);
  // Agent accounts: 'balance = total due - paid - (commission + VAT), floored at 0'
  const owed = due - paid - (commission + vat);
  const agentBalance = owed > 0n ? owed : 0n;
  // Customer side (issue #10): total due − paid, floored at 0; paid beyond it is credit.
  const balance = due - paid > 0n ? due - paid : 0n;
  const credit = paid - due > 0n ? paid - due : 0n;
  return {
    tours,
    base,
    extras,
    discounts,
    due,
    paid,
    nonCommissionable,
    commission,
    vat,
    balance,
    credit,
    agentBalance,
  };
}
