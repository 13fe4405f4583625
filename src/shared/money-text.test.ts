import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, paymentMethodLabel } from './api/booking-edit';
import { dateRangeProblem, END_AFTER_START_MESSAGE } from './api/common';
import { convertedToSterling } from './money-owed';
import { currencySymbol, exchangeRateText, groupThousands, moneyText, poundsText } from './money-text';

// Issue #10: money reads one way everywhere — screens and history comments ('history said
// £1959.10') — and each payment method is spelled one way ('bacs' in history, 'BACS' in receipts).
describe('poundsText: the one money formatter', () => {
  it('writes pounds with thousands separators and two decimals', () => {
    expect(poundsText('1959.1')).toBe('£1,959.10');
    expect(poundsText('1959.10')).toBe('£1,959.10');
    expect(poundsText(1048)).toBe('£1,048.00');
    expect(poundsText('0')).toBe('£0.00');
    expect(poundsText('1234567.89')).toBe('£1,234,567.89');
    expect(poundsText('9999999999.99')).toBe('£9,999,999,999.99');
  });

  it('keeps the sign of a negative amount in front of the pound sign, and none on zero', () => {
    expect(poundsText('-1959.10')).toBe('-£1,959.10');
    expect(poundsText('-0.001')).toBe('£0.00');
  });

  it('rounds half away from zero on the text itself, never through a float', () => {
    expect(poundsText('0.285')).toBe('£0.29');
    expect(poundsText('1.005')).toBe('£1.01');
    expect(poundsText('999.995')).toBe('£1,000.00');
  });

  it('gives nothing for nothing and returns other text as it is', () => {
    expect(poundsText(null)).toBe('');
    expect(poundsText(undefined)).toBe('');
    expect(poundsText('')).toBe('');
    expect(poundsText('n/a')).toBe('n/a');
  });
});

describe('moneyText: an amount in its currency, one table of symbols (issue #24)', () => {
  it('writes the currency symbol of spec 2 §9: $ for USD, € for EUR, £ for Sterling and by default', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('Sterling')).toBe('£');
    expect(currencySymbol(null)).toBe('£');
    expect(currencySymbol('toString')).toBe('£');
    expect(moneyText('2340', 'EUR')).toBe('€2,340.00');
    expect(moneyText('1234567.891', 'USD')).toBe('$1,234,567.89');
    expect(moneyText(1000, 'Sterling')).toBe('£1,000.00');
    expect(moneyText('-12', 'EUR')).toBe('-€12.00');
    expect(moneyText('', 'EUR')).toBe('');
    expect(moneyText(null, 'USD')).toBe('');
    expect(moneyText('1959.1')).toBe(poundsText('1959.1'));
  });

  it('groups the thousands of amount text as it is', () => {
    expect(groupThousands('3417.94')).toBe('3,417.94');
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('999.5')).toBe('999.5');
  });
});

describe('payment method labels', () => {
  it('name every method once, as staff read them', () => {
    expect(Object.keys(PAYMENT_METHOD_LABELS).sort()).toEqual([...PAYMENT_METHODS].sort());
    expect(paymentMethodLabel('bacs')).toBe('BACS');
    expect(paymentMethodLabel('ecommpay')).toBe('ECOMMPAY');
    expect(paymentMethodLabel('ecommpay-refund')).toBe('ECOMMPAY refund');
    expect(paymentMethodLabel('cheque')).toBe('Cheque');
    // An old system's value is shown as stored.
    expect(paymentMethodLabel('paypal')).toBe('paypal');
  });
});

describe('dateRangeProblem', () => {
  it('names an end before its start; the same day, or a blank end, is fine', () => {
    expect(dateRangeProblem('2026-06-10', '2026-06-01')).toBe(END_AFTER_START_MESSAGE);
    expect(END_AFTER_START_MESSAGE).toBe('End date should be after the start date.');
    expect(dateRangeProblem('2026-06-10', '2026-06-10')).toBeNull();
    expect(dateRangeProblem('2026-06-10', null)).toBeNull();
    expect(dateRangeProblem(null, '2026-06-01')).toBeNull();
  });
});

describe('exchangeRateText: what the arithmetic does', () => {
  it('reads £1 = €rate, the way amount ÷ rate converts (spec 2 §9)', () => {
    expect(exchangeRateText('€', '1.17')).toBe('£1 = €1.17');
    // €2,450 at that rate is £2,094.02: 2,450 ÷ 1.17.
    expect(convertedToSterling('2450', '1.17')).toBe('2094.02');
    expect(exchangeRateText('$', '1.250000')).toBe('£1 = $1.25');
    expect(exchangeRateText('€', '1.1725')).toBe('£1 = €1.1725');
    expect(exchangeRateText('€', 2)).toBe('£1 = €2.00');
  });
  it('shows a blank or unreadable rate as typed', () => {
    expect(exchangeRateText('€', '')).toBe('£1 = €…');
    expect(exchangeRateText('€', null)).toBe('£1 = €…');
    expect(exchangeRateText('€', '1,2')).toBe('£1 = €1,2');
  });
});
