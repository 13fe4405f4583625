import { describe, expect, it } from 'vitest';
import { REFUND_DAYS, refundClock, refundDueBy } from './refund-clock';

// PTR 2018 reg. 12(4) (termination) and reg. 14: the organiser shall refund "without undue delay
// and in any event not later than 14 days after the package travel contract is terminated".
describe('refund clock: PTR 2018 reg. 14 — "not later than 14 days" after termination', () => {
  it('14 calendar days: weekends count (cancelled Friday 06/03/2026 → due Friday 20/03/2026)', () => {
    expect(REFUND_DAYS).toBe(14);
    expect(refundDueBy('2026-03-06T10:00:00Z')).toBe('2026-03-20');
  });
  it('a Saturday cancellation is due on the Saturday two weeks on, not the next working day', () => {
    expect(refundDueBy('2026-03-07T09:00:00Z')).toBe('2026-03-21');
  });
  it("the day is London's: 23:30 UTC on 30/06 (BST) is a cancellation on 01/07", () => {
    expect(refundDueBy('2026-06-30T23:30:00Z')).toBe('2026-07-15');
    expect(refundDueBy('2026-01-30T23:30:00Z')).toBe('2026-02-13'); // GMT: still the 30th
  });
  it('due on the last day, overdue the day after', () => {
    const base = { cancelledAt: '2026-03-06T10:00:00Z', refundDue: '120.50', settledAt: null };
    expect(refundClock({ ...base, today: '2026-03-20' })).toEqual({
      state: 'due',
      amount: '120.50',
      due_by: '2026-03-20',
      days_late: 0,
    });
    expect(refundClock({ ...base, today: '2026-03-23' })).toMatchObject({ state: 'overdue', days_late: 3 });
  });
  it('recording the refund stops the clock: refunded with the days it took', () => {
    expect(
      refundClock({
        cancelledAt: '2026-03-06T10:00:00Z',
        refundDue: '0.00',
        settledAt: '2026-03-16T08:00:00Z',
        today: '2026-04-01',
      }),
    ).toEqual({
      state: 'refunded',
      due_by: '2026-03-20',
      settled_on: '2026-03-16',
      days_taken: 10,
      late: false,
    });
    expect(
      refundClock({
        cancelledAt: '2026-03-06T10:00:00Z',
        refundDue: '0.00',
        settledAt: '2026-03-21T08:00:00Z',
        today: '2026-04-01',
      }),
    ).toMatchObject({ state: 'refunded', days_taken: 15, late: true });
  });
  it('nothing owed back, or a live booking: no clock', () => {
    const t = '2026-04-01';
    expect(refundClock({ cancelledAt: null, refundDue: '0.00', settledAt: null, today: t })).toEqual({
      state: 'none',
    });
    expect(
      refundClock({ cancelledAt: '2026-03-06T10:00:00Z', refundDue: '0.00', settledAt: null, today: t }),
    ).toEqual({
      state: 'none',
    });
  });
});
