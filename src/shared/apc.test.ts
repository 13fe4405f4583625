import { describe, expect, it } from 'vitest';
import { APC_MIN_AGE, APC_RATES, apcNewPassengers, apcRateOn } from './apc';

// Source: The Civil Aviation (Air Travel Organisers' Licensing) Regulations 2012 (the ATOL
// Protection Contribution) and the CAA's APC guidance; the rates as announced: £1 per passenger from
// 1 April 2008, £2.50 from 1 October 2009 (DfT written statement, July 2009).
describe('APC "at the rate in force on the certificate\'s date" (ATOL Regulations 2012, CAA APC guidance)', () => {
  it('the history is in date order and the current rate is £2.50 per passenger', () => {
    expect(APC_RATES.map((r) => r.from)).toEqual([...APC_RATES.map((r) => r.from)].sort());
    expect(apcRateOn('2026-11-28')).toBe('2.50');
  });
  it('£1.00 from 01/04/2008 to 30/09/2009, £2.50 from 01/10/2009; nothing before APC began', () => {
    expect(apcRateOn('2008-03-31')).toBe('0.00');
    expect(apcRateOn('2008-04-01')).toBe('1.00');
    expect(apcRateOn('2009-09-30')).toBe('1.00');
    expect(apcRateOn('2009-10-01')).toBe('2.50');
  });
  it('the setting overrides the current rate only, and only when it is an amount', () => {
    expect(apcRateOn('2026-11-28', '3.00')).toBe('3.00');
    expect(apcRateOn('2026-11-28', ' 2.5 ')).toBe('2.50');
    expect(apcRateOn('2009-01-01', '3.00')).toBe('1.00');
    expect(apcRateOn('2026-11-28', 'abc')).toBe('2.50');
    expect(apcRateOn('2026-11-28', '')).toBe('2.50');
  });
  it('APC is per passenger aged 2 or over', () => {
    expect(APC_MIN_AGE).toBe(2);
  });
  it('paid once per passenger booked: a re-issue adds only the passengers it adds', () => {
    expect(apcNewPassengers(3, 0)).toBe(3); // first certificate
    expect(apcNewPassengers(3, 3)).toBe(0); // re-issue, same passengers (e.g. a flight time changed)
    expect(apcNewPassengers(4, 3)).toBe(1); // a passenger added
    expect(apcNewPassengers(2, 3)).toBe(0); // a passenger removed: nothing given back
  });
});
