import { describe, expect, it } from 'vitest';
import {
  apportion,
  periodVat,
  tomsMargin,
  tomsSellingPrice,
  vatFraction,
  vatQuarter,
  vatStandardRate,
} from './toms';

describe('TOMS margin (HMRC VAT Notice 709/5)', () => {
  it('709/5 §1.1-1.2 (VATA 1994 s.53, SI 1987/1806): margin = selling price − cost of bought-in travel supplies; VAT on a UK margin is its VAT fraction', () => {
    // £1,200 sold, £900 of hotel and flights bought in: £300 margin, VAT-inclusive → £300 × 1/6 = £50.
    expect(
      tomsMargin({ sellingPrice: '1200.00', boughtIn: '900.00', inHouse: '0', outsideUk: false, rate: '20' }),
    ).toEqual({
      selling_price: '1200.00',
      bought_in_uk: '900.00',
      bought_in_non_uk: '0.00',
      in_house: '0.00',
      margin_uk: '300.00',
      margin_non_uk: '0.00',
      vat_due: '50.00',
    });
  });

  it('VAT fraction = rate ÷ (100 + rate): 1/6 at the 20 % standard rate, 7/47 at 17.5 %', () => {
    expect(vatFraction('20').mul(6).toFixed(10)).toBe('1.0000000000');
    expect(vatFraction('17.5').mul(47).toFixed(10)).toBe('7.0000000000');
    expect(vatFraction('0').toString()).toBe('0');
  });

  it('VAT rounds half-up to pence: £100.03 margin × 1/6 = £16.671… → £16.67; £100.05 → £16.675 → £16.68', () => {
    const vat = (m: string) =>
      tomsMargin({ sellingPrice: m, boughtIn: '0', inHouse: '0', outsideUk: false, rate: '20' }).vat_due;
    expect(vat('100.03')).toBe('16.67');
    expect(vat('100.05')).toBe('16.68');
  });

  it('VATA 1994 Sch 8 Group 8 item 12 (709/5 §1.2): the margin on travel enjoyed outside the UK is zero-rated', () => {
    const f = tomsMargin({
      sellingPrice: '2000',
      boughtIn: '1500.50',
      inHouse: '0',
      outsideUk: true,
      rate: '20',
    });
    expect(f).toMatchObject({
      bought_in_uk: '0.00',
      bought_in_non_uk: '1500.50',
      margin_uk: '0.00',
      margin_non_uk: '499.50',
      vat_due: '0.00',
    });
  });

  it('709/5 in-house supplies (made from the operator’s own resources) are taxed under the normal rules: taken out of the scheme at cost', () => {
    const f = tomsMargin({
      sellingPrice: '1000',
      boughtIn: '600',
      inHouse: '100',
      outsideUk: false,
      rate: '20',
    });
    expect(f.in_house).toBe('100.00');
    expect(f.margin_uk).toBe('300.00');
    expect(f.vat_due).toBe('50.00');
  });

  it('The Squa.re Ltd v HMRC [2023] UKFTT 51 (TC): no negative margin overall — a loss gives no VAT, and offsets other margins within the period only', () => {
    const loss = tomsMargin({
      sellingPrice: '500',
      boughtIn: '650',
      inHouse: '0',
      outsideUk: false,
      rate: '20',
    });
    expect(loss.margin_uk).toBe('-150.00');
    expect(loss.vat_due).toBe('0.00');
    // £600 margin on one booking, −£150 on another: VAT on £450 = £75.00; never below 0.
    expect(periodVat('450.00', '20')).toBe('75.00');
    expect(periodVat('-10.00', '20')).toBe('0.00');
  });

  it('bought-in costs are apportioned per passenger: €2,450 ÷ 1.17 = £2,094.02 over 7 passengers, 2 on the booking = £598.29', () => {
    expect(apportion('2094.02', 2, 7)).toBe('598.29');
    expect(apportion('100', 1, 0)).toBe('0.00');
    expect(apportion('100', 0, 4)).toBe('0.00');
  });

  it('the standard rate setting: a percent 0..100, else the default 20', () => {
    expect(vatStandardRate(null)).toBe('20');
    expect(vatStandardRate('')).toBe('20');
    expect(vatStandardRate('17.5')).toBe('17.5');
    expect(vatStandardRate('20%')).toBe('20');
    expect(vatStandardRate('abc')).toBe('20');
    expect(vatStandardRate('150')).toBe('20');
  });

  it('709/5 lets the operator account by date of departure: a VAT quarter is three calendar months from any month', () => {
    expect(vatQuarter('2026-01')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(vatQuarter('2026-12')).toEqual({ from: '2026-12-01', to: '2027-02-28' });
    expect(vatQuarter('2027-12')).toEqual({ from: '2027-12-01', to: '2028-02-29' });
    expect(() => vatQuarter('2026-13')).toThrow(RangeError);
  });
});

describe('TOMS selling price (spec 1 §4, §9)', () => {
  it('is the total due, or once cancelled the charge entered (0.00 waived), the total due when none was set', () => {
    expect(tomsSellingPrice({ total_due: '1500', cancelled: false, cancellation_charge: '200' })).toBe(
      '1500.00',
    );
    expect(tomsSellingPrice({ total_due: '1500', cancelled: true, cancellation_charge: '200' })).toBe(
      '200.00',
    );
    expect(tomsSellingPrice({ total_due: '1500', cancelled: true, cancellation_charge: '0.00' })).toBe(
      '0.00',
    );
    expect(tomsSellingPrice({ total_due: '1500', cancelled: true, cancellation_charge: null })).toBe(
      '1500.00',
    );
  });
});
