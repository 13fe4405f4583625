import { describe, expect, it } from 'vitest';
import {
  bookingShare,
  convertedToSterling,
  groupProfit,
  invoiceOutstanding,
  leftForPayment,
  leftToAssign,
  leftToLink,
  penceText,
  supplierCost,
  typedMoreThan,
} from './money-owed';

describe('invoice figures (spec 2 §4, §9)', () => {
  it("'Invoice outstanding amount = invoice amount minus total paid' — never below 0.00", () => {
    expect(invoiceOutstanding('1000.00', '600.00')).toBe('400.00');
    expect(invoiceOutstanding('1000.00', '1000.00')).toBe('0.00');
    expect(invoiceOutstanding('1000.00', '1000.01')).toBe('0.00');
    expect(invoiceOutstanding('0.30', '0.10')).toBe('0.20'); // 0.3 − 0.1 in floats is 0.19999…
  });

  it("'Left to link = invoice amount minus the sum of linked internal payments' — never below 0.00", () => {
    expect(leftToLink('1000.00', ['581.40', '418.60'])).toBe('0.00');
    expect(leftToLink('1000.00', ['581.40'])).toBe('418.60');
    expect(leftToLink('1000.00', [null, undefined, ''])).toBe('1000.00');
    expect(leftToLink('100.00', ['100.01'])).toBe('0.00');
  });

  it("'Converted amount = amount divided by exchange rate, in pounds' — rounded half-up to pence", () => {
    // 1.1628 × 859.99 = 999.996372 < 1,000 < 1.1628 × 860 = 1,000.008 → 859.99312… → £859.99.
    expect(convertedToSterling('1000.00', '1.1628')).toBe('859.99');
    expect(convertedToSterling('581.40', '1.1628')).toBe('500.00');
    expect(convertedToSterling('1000.00', '1')).toBe('1000.00');
    // Half-up: 0.125 → 0.13.
    expect(convertedToSterling('0.25', '2')).toBe('0.13');
    expect(() => convertedToSterling('1.00', '0')).toThrow(RangeError);
  });
});

describe('group profit (spec 3 §9)', () => {
  // "Supplier cost = invoice amount divided by exchange rate if an invoice exists, otherwise the
  // estimated cost (multiplied by passenger count if per person)."
  it('a supplier cost is the invoice amount ÷ its rate when an invoice exists', () => {
    expect(
      supplierCost({
        invoiceAmount: '418.60',
        invoiceRate: '1.1628',
        estimatedCost: '999.00',
        perPerson: true,
        passengers: 30,
      }),
    ).toBe('359.99');
  });

  it('otherwise the estimated cost, × passengers when per person', () => {
    expect(supplierCost({ estimatedCost: '120.00', perPerson: true, passengers: 2 })).toBe('240.00');
    expect(supplierCost({ estimatedCost: '120.00', perPerson: false, passengers: 2 })).toBe('120.00');
    expect(supplierCost({ estimatedCost: null, perPerson: true, passengers: 10 })).toBe('0.00');
    // An estimate in euros is converted by its own rate (Sterling's is 1).
    expect(
      supplierCost({ estimatedCost: '100.00', estimateRate: '1.25', perPerson: true, passengers: 3 }),
    ).toBe('240.00');
  });

  it("'Net profit of a group = gross revenue + cancellation revenue minus supplier costs, floored at 0'", () => {
    expect(groupProfit('1048.00', '150.00', ['500.00'])).toBe('698.00');
    expect(groupProfit('1048.00', '0.00', ['359.99', '240.00'])).toBe('448.01');
    expect(groupProfit('1048.00', '150.00', ['500.00', '5000.00'])).toBe('0.00');
    expect(groupProfit('0.10', '0.20', [])).toBe('0.30');
  });

  it("a booking's value falls on a group by the share of its lines' charge there", () => {
    expect(bookingShare('1048.00', '1048.00', '1048.00', 1, 1)).toBe('1048.00');
    expect(bookingShare('900.00', '300.00', '900.00', 1, 2)).toBe('300.00');
    expect(bookingShare('100.00', '1.00', '3.00', 1, 2)).toBe('33.33');
    expect(bookingShare('100.00', '0.00', '0.00', 1, 2)).toBe('50.00');
    expect(bookingShare('100.00', '0.00', '0.00', 0, 0)).toBe('0.00');
  });
});

describe('what is left for a payment (spec 2 §4, §5, §8; spec 3 §5)', () => {
  it("'Please provide a valid amount upto {left}': amount − paid, plus the payment being edited", () => {
    expect(leftForPayment('1000.00', '600.00')).toBe('400.00');
    expect(leftForPayment('1000.00', '600.00', '600.00')).toBe('1000.00');
    expect(leftForPayment('1000.00', '1000.00')).toBe('0.00');
    expect(leftForPayment('0.30', '0.10')).toBe('0.20'); // 0.3 − 0.1 in floats is 0.19999…
    expect(leftForPayment(1000, 0, null)).toBe('1000.00');
    // Never below 0.00, so the message never asks for a negative amount.
    expect(leftForPayment('100.00', '150.00', '20.00')).toBe('0.00');
  });

  it('left to assign to a group: left to link, plus what this payment already holds on the invoice', () => {
    expect(leftToAssign('1000.00', '581.40')).toBe('418.60');
    expect(leftToAssign('1000.00', '1000.00', '418.60')).toBe('418.60');
    expect(leftToAssign('1000.00', '1000.00')).toBe('0.00');
    expect(leftToAssign('100.00', '100.01')).toBe('0.00');
  });

  it('an amount typed into a form is refused only when it reads as a number above the limit', () => {
    expect(typedMoreThan('400.01', '400.00')).toBe(true);
    expect(typedMoreThan('400', '400.00')).toBe(false);
    expect(typedMoreThan('', '0.00')).toBe(false);
    expect(typedMoreThan('4.', '0.00')).toBe(false);
    expect(typedMoreThan('abc', '0.00')).toBe(false);
    expect(typedMoreThan('0.31', 0.3)).toBe(true);
  });

  it('an amount as pence text', () => {
    expect(penceText('1000')).toBe('1000.00');
    expect(penceText(418.6)).toBe('418.60');
    expect(penceText('0.125')).toBe('0.13');
  });
});
