import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseTotal,
  bookingStatus,
  bookingTotals,
  depositAmount,
  discountAmount,
  extrasTotal,
  overpaymentBy,
  passengerCap,
  percentOf,
  roomsForGuests,
  sumMoney,
  toursTotal,
} from './booking-totals';

describe('money sums and percentages (decimal.js, never floats)', () => {
  it('sumMoney adds pounds exactly: 0.10 + 0.20 is 0.30, blanks count 0.00', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['199.99', null, '', '0.01', 5])).toBe('205.00');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['9007199254740.99', '0.01'])).toBe('9007199254741.00');
  });
  it('percentOf rounds half-up to pence', () => {
    expect(percentOf('1000.00', '12.5').toFixed(2)).toBe('125.00');
    expect(percentOf('0.05', '50').toFixed(2)).toBe('0.03');
    expect(percentOf('100.00', null).toFixed(2)).toBe('0.00');
  });
});

describe('spec 1 §9 formulas', () => {
  it("'tour total = per-guest price (sale price if present) times guests, summed over tour lines'", () => {
    expect(
      toursTotal([
        { price: '524.00', guests: 2 },
        { price: '300.00', sale_price: '279.99', guests: 3 },
        { price: '100.00', sale_price: '0.00', guests: 1 }, // a 0.00 sale price is not 'present'
      ]).toFixed(2),
    ).toBe('1987.97'); // 1048 + 839.97 + 100
  });

  it("'base total uses sale price, else base price, else price'", () => {
    expect(
      baseTotal([
        { price: '524.00', base_price: '499.00', guests: 2 }, // base: 998
        { price: '300.00', sale_price: '279.99', base_price: '250.00', guests: 1 }, // sale: 279.99
        { price: '80.00', guests: 2 }, // price: 160
      ]).toFixed(2),
    ).toBe('1437.99');
  });

  it("'extras total = price times qty'", () => {
    expect(
      extrasTotal([
        { price: '35.50', qty: 2 },
        { price: '12.00', qty: 1 },
      ]).toFixed(2),
    ).toBe('83.00');
  });

  it("discount: 'manual amount if above 0; fixed (penalty_type 0) = value times qty; percent = value percent of the tours total, or of the base total when on_base_price is set'", () => {
    const totals = { tours: '1048.00', base: '998.00' };
    expect(discountAmount({ value: '25', penalty_type: 0, qty: 2 }, totals).toFixed(2)).toBe('50.00');
    expect(discountAmount({ value: '10', penalty_type: 1, qty: 1 }, totals).toFixed(2)).toBe('104.80');
    expect(
      discountAmount({ value: '10', penalty_type: 1, on_base_price: true, qty: 1 }, totals).toFixed(2),
    ).toBe('99.80');
    expect(
      discountAmount(
        { value: '10', penalty_type: 1, qty: 1, manual_discount_price: '75.00' },
        totals,
      ).toFixed(2),
    ).toBe('75.00');
    // A manual amount of 0.00 is not 'above 0': the rule applies.
    expect(
      discountAmount({ value: '5', penalty_type: 0, qty: 3, manual_discount_price: '0.00' }, totals).toFixed(
        2,
      ),
    ).toBe('15.00');
    // Percentages round half-up to pence: 7.5 % of 333.33 = 24.99975 → 25.00.
    expect(
      discountAmount({ value: '7.5', penalty_type: 1, qty: 1 }, { tours: '333.33', base: '0' }).toFixed(2),
    ).toBe('25.00');
  });

  it("'total due = tours + extras - discounts' (a customer booking for two in one room, an extra, 10 % off, a deposit paid)", () => {
    const t = bookingTotals({
      tour_lines: [{ price: '524.00', base_price: '499.00', guests: 2 }],
      extras: [{ price: '35.00', qty: 2 }],
      discounts: [{ value: '10', penalty_type: 1, qty: 1 }],
      paid: '200.00',
    });
    // 1048.00 + 70.00 − 104.80 = 1013.20; balance 1013.20 − 200.00 = 813.20
    expect(t).toMatchObject({
      tours_total: '1048.00',
      extras_total: '70.00',
      discounts_total: '104.80',
      total_due: '1013.20',
      paid: '200.00',
      commission: '0.00',
      vat: '0.00',
      balance: '813.20',
      cancellation_value: null,
    });
  });

  it('a live booking paid beyond its total due is in credit by the difference; the balance stays 0.00', () => {
    const t = bookingTotals({
      tour_lines: [{ price: '709.00', guests: 2 }],
      extras: [],
      discounts: [],
      paid: '5000.00',
    });
    expect(t).toMatchObject({ total_due: '1418.00', balance: '0.00', credit: '3582.00', refund_due: '0.00' });
  });

  it("overpaymentBy: the part of a payment beyond what is still owed ('This is £3,582.00 more than the balance')", () => {
    const due = { total_due: '1418.00', paid: '0.00', cancellation_value: null };
    expect(overpaymentBy(due, '5000.00')).toBe('3582.00');
    expect(overpaymentBy(due, '1418.00')).toBe('0.00');
    expect(overpaymentBy({ ...due, paid: '1418.00' }, '10.00')).toBe('10.00');
    expect(overpaymentBy({ ...due, paid: '1500.00' }, '10.00')).toBe('10.00'); // already in credit
    // Cancelled with a charge of 100.00 and 80.00 paid: 20.00 is owed.
    expect(overpaymentBy({ total_due: '900.00', paid: '80.00', cancellation_value: '100.00' }, '50.00')).toBe(
      '30.00',
    );
  });

  it("cancelled: 'Balance outstanding is the cancellation charge (or total due if no charge was set) minus paid'; an entered 0.00 waives it", () => {
    const base = {
      tour_lines: [{ price: '524.00', guests: 2 }],
      extras: [],
      discounts: [],
      paid: '200.00',
      cancelled: true,
    };
    expect(bookingTotals({ ...base, cancellation_charge: '150.00' })).toMatchObject({
      balance: '-50.00', // 50.00 to give back
      cancellation_value: '150.00',
    });
    // Never set: the total due counts (spec 1 §4).
    for (const never of [null, undefined, '']) {
      expect(bookingTotals({ ...base, cancellation_charge: never })).toMatchObject({
        balance: '848.00',
        cancellation_value: '1048.00',
        refund_due: '0.00',
      });
    }
    // 0.00 entered at cancellation: waived; everything paid is to be given back.
    expect(bookingTotals({ ...base, cancellation_charge: '0.00' })).toMatchObject({
      balance: '-200.00',
      cancellation_value: '0.00',
      refund_due: '200.00',
    });
  });

  it('price changes after booking (PTR 2018 reg. 10: a surcharge, or a reduction passed on) enter the total due', () => {
    const t = bookingTotals({
      tour_lines: [{ price: '500.00', guests: 2 }],
      extras: [],
      discounts: [],
      paid: '200.00',
      price_changes: ['80.10', '-10.05'],
    });
    expect(t.price_changes_total).toBe('70.05');
    expect(t.total_due).toBe('1070.05');
    expect(t.balance).toBe('870.05');
  });

  it('discounts never make the total due negative', () => {
    expect(
      bookingTotals({
        tour_lines: [{ price: '100.00', guests: 1 }],
        extras: [],
        discounts: [{ value: '500', penalty_type: 0, qty: 1 }],
        paid: 0,
      }).total_due,
    ).toBe('0.00');
  });

  it("rooms: 'guests divided by room occupancy, rounded up'", () => {
    expect(roomsForGuests(2, 2)).toBe(1);
    expect(roomsForGuests(3, 2)).toBe(2);
    expect(roomsForGuests(1, 3)).toBe(1);
    expect(roomsForGuests(4, 0)).toBe(4);
  });

  it("passengers allocated are 'limited to the number of booking passengers (5 when the booking has none)'", () => {
    expect(passengerCap(0)).toBe(5);
    expect(passengerCap(3)).toBe(3);
  });

  it('deposit: per-guest deposits times guests, never more than the total due', () => {
    expect(depositAmount([{ deposit_per_guest: '100.00', guests: 2 }], '1013.20')).toBe('200.00');
    expect(depositAmount([{ deposit_per_guest: '600.00', guests: 2 }], '1013.20')).toBe('1013.20');
    expect(depositAmount([{ deposit_per_guest: null, guests: 2 }], '1013.20')).toBe('0.00');
  });

  it('status: Cancelled, Paid, Confirmed (deposit or agent confirmation), Pending', () => {
    expect(bookingStatus({ cancelled: true, total_due: '10', paid: '10', deposit: '0' })).toBe('Cancelled');
    expect(bookingStatus({ cancelled: false, total_due: '10', paid: '10', deposit: '5' })).toBe('Paid');
    expect(bookingStatus({ cancelled: false, total_due: '10', paid: '5', deposit: '5' })).toBe('Confirmed');
    expect(
      bookingStatus({ cancelled: false, total_due: '10', paid: '0', deposit: '5', agent_confirmed: true }),
    ).toBe('Confirmed');
    expect(bookingStatus({ cancelled: false, total_due: '10', paid: '4', deposit: '5' })).toBe('Pending');
  });
});

// ---- properties: the decimal formulas never drift from an integer-pence recomputation ----------

const pence = fc.integer({ min: 0, max: 500_000 }); // up to £5,000.00
const asPounds = (p: number) => (p / 100).toFixed(2);
const line = fc.record({
  price: pence,
  sale: fc.option(pence),
  base: fc.option(pence),
  guests: fc.integer({ min: 1, max: 9 }),
});
const extra = fc.record({ price: pence, qty: fc.integer({ min: 1, max: 9 }), commissionable: fc.boolean() });
const discount = fc.record({
  value: fc.integer({ min: 0, max: 5000 }), // fixed: pence; percent: hundredths of a percent
  percent: fc.boolean(),
  onBase: fc.boolean(),
  qty: fc.integer({ min: 1, max: 5 }),
  manual: fc.option(fc.integer({ min: 100, max: 50_000 })),
});

/** Half-up division of non-negative bigints. */
const divRound = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

describe('properties (fast-check)', () => {
  it('every figure equals an independent recomputation in integer pence', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.array(extra, { maxLength: 4 }),
        fc.array(discount, { maxLength: 3 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.option(fc.integer({ min: 0, max: 2000 })), // commission in hundredths of a percent
        (lines, extras, discounts, paid, commission) => {
          const t = bookingTotals({
            tour_lines: lines.map((l) => ({
              price: asPounds(l.price),
              sale_price: l.sale === null ? null : asPounds(l.sale),
              base_price: l.base === null ? null : asPounds(l.base),
              guests: l.guests,
            })),
            extras: extras.map((e) => ({
              price: asPounds(e.price),
              qty: e.qty,
              commissionable: e.commissionable,
            })),
            discounts: discounts.map((d) => ({
              value: d.percent ? (d.value / 100).toFixed(2) : asPounds(d.value),
              penalty_type: d.percent ? 1 : 0,
              on_base_price: d.onBase,
              qty: d.qty,
              manual_discount_price: d.manual === null ? null : asPounds(d.manual),
            })),
            paid: asPounds(paid),
            agent_commission_percent: commission === null ? null : (commission / 100).toFixed(2),
            vat_percent: '20',
          });
          const tours = lines.reduce(
            (s, l) => s + BigInt((l.sale && l.sale > 0 ? l.sale : l.price) * l.guests),
            0n,
          );
          const base = lines.reduce((s, l) => {
            const v = [l.sale, l.base, l.price].find((x) => x !== null && x > 0) ?? 0;
            return s + BigInt(v * l.guests);
          }, 0n);
          const ex = extras.reduce((s, e) => s + BigInt(e.price * e.qty), 0n);
          const disc = discounts.reduce((s, d) => {
            if (d.manual !== null && d.manual > 0) return s + BigInt(d.manual);
            if (!d.percent) return s + BigInt(d.value * d.qty);
            return s + divRound((d.onBase ? base : tours) * BigInt(d.value), 10_000n);
          }, 0n);
          let total = tours + ex - disc;
          if (total < 0n) total = 0n;
          const nonComm = extras
            .filter((e) => !e.commissionable)
            .reduce((s, e) => s + BigInt(e.price * e.qty), 0n);
          const commissionable = total - nonComm > 0n ? total - nonComm : 0n;
          const comm = commission ? divRound(commissionable * BigInt(commission), 10_000n) : 0n;
          const vat = divRound(comm * 20n, 100n);
          let agentBalance = total - BigInt(paid) - comm - vat;
          if (agentBalance < 0n) agentBalance = 0n;
          const balance = total - BigInt(paid) > 0n ? total - BigInt(paid) : 0n;
          const credit = BigInt(paid) - total > 0n ? BigInt(paid) - total : 0n;
          const p = (n: bigint) => (Number(n) / 100).toFixed(2);
          expect(t.tours_total).toBe(p(tours));
          expect(t.extras_total).toBe(p(ex));
          expect(t.discounts_total).toBe(p(disc));
          expect(t.total_due).toBe(p(total));
          expect(t.commission).toBe(p(comm));
          expect(t.vat).toBe(p(vat));
          expect(t.balance).toBe(p(balance));
          expect(t.credit).toBe(p(credit));
          expect(t.agent_balance).toBe(p(agentBalance));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('totals do not depend on the order of lines, extras and discounts', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.array(extra, { maxLength: 5 }),
        (lines, extras) => {
          const input = (ls: typeof lines, es: typeof extras) =>
            bookingTotals({
              tour_lines: ls.map((l) => ({ price: asPounds(l.price), guests: l.guests })),
              extras: es.map((e) => ({ price: asPounds(e.price), qty: e.qty })),
              discounts: [],
              paid: 0,
            });
          const a = input(lines, extras);
          const b = input([...lines].reverse(), [...extras].reverse());
          expect(b.total_due).toBe(a.total_due);
        },
      ),
    );
  });
});
