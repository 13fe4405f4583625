import Decimal from 'decimal.js';

/**
 * The ATOL Protection Contribution (APC) per passenger, by the date it came into force (issue #27).
 * The ATOL holder pays APC to the Air Travel Trust for each passenger it protects (The Civil
 * Aviation (Air Travel Organisers' Licensing) Regulations 2012 and the CAA's APC guidance;
 * the regulation number of the APC provision was not checked against the SI's text),
 * at the rate in force on the date of the certificate. History, as announced:
 * - £1.00 from 01/04/2008, when APC replaced bonding for most ATOL holders;
 * - £2.50 from 01/10/2009 (Department for Transport written statement, July 2009, at the bottom of
 *   the CAA's consulted range of £2.50–£3.50), unchanged since as far as we could find.
 * Certificates dated before 01/04/2008 carry no APC. The `atol_protection_contribution` system
 * setting, when set, overrides the current (latest) rate only, so a new rate can be entered the
 * day it changes without a release; past certificates keep their period's rate.
 */
export const APC_RATES: readonly { from: string; perPassenger: string }[] = [
  { from: '2008-04-01', perPassenger: '1.00' },
  { from: '2009-10-01', perPassenger: '2.50' },
];

/** APC is paid for each passenger aged 2 or over (infants under 2 carry none). */
export const APC_MIN_AGE = 2;

/**
 * The APC per passenger in force on `day` (YYYY-MM-DD), pounds as text ('2.50'): the latest rate
 * whose `from` is on or before `day`; '0.00' before the first. `currentOverride` (the system
 * setting's text, '' when unset; anything not a plain amount is ignored) replaces the latest rate.
 */
export function apcRateOn(day: string, currentOverride = ''): string {
  const i = APC_RATES.findLastIndex((r) => r.from <= day);
  if (i < 0) return '0.00';
  const override = currentOverride.trim();
  if (i === APC_RATES.length - 1 && /^\d+(\.\d{1,2})?$/.test(override))
    return new Decimal(override).toFixed(2);
  return APC_RATES[i].perPassenger;
}

/**
 * What a certificate adds to the APC return (issue #27): APC is due once per passenger booked, so a
 * re-issue of the same booking adds only the passengers aged 2+ beyond the most any earlier
 * certificate of that booking counted (`previousMax`); fewer passengers give nothing back.
 * Answers the passengers to charge on this certificate (never negative).
 */
export function apcNewPassengers(apcPassengers: number, previousMax: number): number {
  return Math.max(0, apcPassengers - Math.max(0, previousMax));
}
