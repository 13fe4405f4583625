import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETENTION_YEARS,
  type ErasureBooking,
  erasureRefusal,
  pastRetention,
  retentionCutoff,
  retentionYears,
  subjectAccessDue,
} from './gdpr';

const booking = (over: Partial<ErasureBooking> = {}): ErasureBooking => ({
  booking_ref: 'HB100001',
  departure_date: '2020-05-01',
  cancelled: false,
  balance: '0.00',
  ...over,
});

describe('retention: Companies Act 2006 s.388(4)(b) — "accounting records … must be preserved … for six years from the date on which they are made"; VAT Notice 700/21 §1.3 — keep business records for 6 years', () => {
  it('defaults to six years; the setting is whole years 1–100', () => {
    expect(DEFAULT_RETENTION_YEARS).toBe(6);
    expect(retentionYears(null)).toBe(6);
    expect(retentionYears('7')).toBe(7);
    expect(retentionYears(' 10 ')).toBe(10);
    expect(retentionYears('0')).toBe(6);
    expect(retentionYears('6.5')).toBe(6);
    expect(retentionYears('abc')).toBe(6);
  });
  it('the cut-off is today less the years on the calendar', () => {
    expect(retentionCutoff('2026-11-28', 6)).toBe('2020-11-28');
    expect(retentionCutoff('2026-02-28', 6)).toBe('2020-02-28');
    expect(retentionCutoff('2025-02-28', 1)).toBe('2024-02-28');
  });
  it('a last departure 7 years ago is past a 6-year period; 5 years ago, or exactly 6, is not', () => {
    expect(pastRetention('2019-11-27', '2026-11-28', 6)).toBe(true);
    expect(pastRetention('2020-11-27', '2026-11-28', 6)).toBe(true);
    expect(pastRetention('2020-11-28', '2026-11-28', 6)).toBe(false);
    expect(pastRetention('2021-11-28', '2026-11-28', 6)).toBe(false);
    expect(pastRetention(null, '2026-11-28', 6)).toBe(false);
  });
});

describe('subject access: UK GDPR art. 12(3) — information on action taken on a request under art. 15 "without undue delay and in any event within one month of receipt"', () => {
  it('is due one calendar month after receipt', () => {
    expect(subjectAccessDue('2026-11-28')).toBe('2026-12-28');
    expect(subjectAccessDue('2026-01-31')).toBe('2026-02-28');
  });
});

describe('erasure: UK GDPR art. 17(1)(a) — erased when "no longer necessary"; art. 17(3)(b) — not where processing is necessary "for compliance with a legal obligation"', () => {
  const today = '2026-11-28';
  it('allows erasure when every booking has departed and is settled, or when there are none', () => {
    expect(erasureRefusal([], today)).toBeNull();
    expect(
      erasureRefusal([booking(), booking({ booking_ref: 'HB100002', departure_date: '2026-11-27' })], today),
    ).toBeNull();
  });
  it('refuses a booking departing today or later, or with no departure yet, unless cancelled', () => {
    expect(erasureRefusal([booking({ departure_date: '2026-11-28' })], today)).toBe(
      'Cannot erase: booking HB100001 departs 28/11/2026. Erase only once every booking has departed.',
    );
    expect(erasureRefusal([booking({ departure_date: null })], today)).toBe(
      'Cannot erase: booking HB100001 has no departure date yet. Erase only once every booking has departed.',
    );
    expect(erasureRefusal([booking({ departure_date: '2027-03-01', cancelled: true })], today)).toBeNull();
  });
  it('refuses money owed either way, even on a past or cancelled booking', () => {
    expect(erasureRefusal([booking({ balance: '12.50' })], today)).toBe(
      'Cannot erase: on booking HB100001 the customer owes £12.50. Settle it first.',
    );
    expect(erasureRefusal([booking({ cancelled: true, balance: '-1200.00' })], today)).toBe(
      'Cannot erase: on booking HB100001 the customer is owed a refund of £1,200.00. Settle it first.',
    );
  });
});
