import { describe, expect, it } from 'vitest';
import {
  decisionOn,
  isSignificantIncrease,
  PRICE_CHANGE_DEFAULTS,
  priceChangeResponseDate,
  priceChangeSettings,
  priceIncreaseAllowed,
} from './price-change';

// The Package Travel and Linked Travel Arrangements Regulations 2018 (SI 2018/634), reg. 10 and
// Schedule 2 Part 2: "The price of the package may only be increased if specific costs rise …, and in
// any event not later than 20 days before the start of the package" (Directive 2015/2302 art. 10(3):
// "at the latest 20 days before the start of the package").
describe('priceIncreaseAllowed (reg. 10: not later than 20 days before the start of the package)', () => {
  it('exactly 20 days before departure is still "not later than 20 days before": allowed', () => {
    expect(priceIncreaseAllowed('2027-01-21', '2027-01-01')).toBe(true);
  });
  it('19 days before departure: refused', () => {
    expect(priceIncreaseAllowed('2027-01-20', '2027-01-01')).toBe(false);
  });
  it('months ahead: allowed; after departure: refused', () => {
    expect(priceIncreaseAllowed('2027-06-01', '2027-01-01')).toBe(true);
    expect(priceIncreaseAllowed('2026-12-31', '2027-01-01')).toBe(false);
  });
  it('the days come from the setting (default 20)', () => {
    expect(priceIncreaseAllowed('2027-01-21', '2027-01-01', 30)).toBe(false);
    expect(priceIncreaseAllowed('2027-01-11', '2027-01-01', 10)).toBe(true);
  });
  it('no departure yet (no tour lines): nothing to protect, allowed', () => {
    expect(priceIncreaseAllowed(null, '2027-01-01')).toBe(true);
  });
});

// reg. 11(3)(c): "proposes to increase the price of the package by more than 8% in accordance with
// regulation 10(4)" — strictly more than: 8 % exactly is not significant.
describe('isSignificantIncrease (reg. 11(3)(c): "by more than 8%")', () => {
  it('8 % exactly (£80.00 on £1,000.00) is not more than 8 %', () => {
    expect(isSignificantIncrease('80.00', '1000.00')).toBe(false);
  });
  it('8.01 % (£80.10 on £1,000.00) is', () => {
    expect(isSignificantIncrease('80.10', '1000.00')).toBe(true);
  });
  it('one penny over 8 % on an awkward total, exact in decimals (8 % of £1,234.56 = £98.7648)', () => {
    expect(isSignificantIncrease('98.76', '1234.56')).toBe(false);
    expect(isSignificantIncrease('98.77', '1234.56')).toBe(true);
  });
  it('a reduction or nothing is never significant; any increase on a total of £0.00 is', () => {
    expect(isSignificantIncrease('-200.00', '1000.00')).toBe(false);
    expect(isSignificantIncrease('0', '1000.00')).toBe(false);
    expect(isSignificantIncrease('1.00', '0.00')).toBe(true);
  });
  it('the percentage comes from the setting', () => {
    expect(isSignificantIncrease('60.00', '1000.00', '5')).toBe(true);
    expect(isSignificantIncrease('60.00', '1000.00', 10)).toBe(false);
  });
});

// reg. 11(4)(b): the organiser must tell the traveller "a reasonable period within which the traveller
// must inform the organiser of the decision"; (c): the consequences of failing to answer in it.
describe('priceChangeResponseDate and decisionOn (reg. 11(4)(b)–(c))', () => {
  it('today + the setting (7 days), never after the day before departure', () => {
    expect(priceChangeResponseDate('2027-01-01', '2027-03-01', 7)).toBe('2027-01-08');
    expect(priceChangeResponseDate('2027-01-01', '2027-01-05', 7)).toBe('2027-01-04');
    expect(priceChangeResponseDate('2027-01-01', null, 7)).toBe('2027-01-08');
  });
  it('no answer by the response date: deemed accepted the day after, not on the day', () => {
    expect(decisionOn('pending', '2027-01-08', '2027-01-08')).toBe('pending');
    expect(decisionOn('pending', '2027-01-08', '2027-01-09')).toBe('deemed_accepted');
    expect(decisionOn('cancelled', '2027-01-08', '2027-01-09')).toBe('cancelled');
    expect(decisionOn(null, null, '2027-01-09')).toBe(null);
  });
});

describe('priceChangeSettings', () => {
  it("the regulation's values by default; stored values when readable", () => {
    expect(priceChangeSettings({})).toEqual({
      minDays: PRICE_CHANGE_DEFAULTS.minDays,
      significantPercent: '8',
      responseDays: 7,
    });
    expect(
      priceChangeSettings({
        price_increase_min_days_before_departure: '30',
        price_increase_significant_percent: '7.5',
        price_change_response_days: '10',
      }),
    ).toEqual({ minDays: 30, significantPercent: '7.5', responseDays: 10 });
    expect(
      priceChangeSettings({
        price_increase_min_days_before_departure: 'x',
        price_increase_significant_percent: '-1',
      }),
    ).toEqual({ minDays: 20, significantPercent: '8', responseDays: 7 });
  });
});
