import { describe, expect, it } from 'vitest';
import {
  nextDueStage,
  paymentSchedule,
  SCHEDULE_DEFAULTS,
  scheduleDueDates,
  scheduleSettings,
  scheduleText,
  stageText,
} from './payment-schedule';

// Issue #22 point 1: 'A booking taken 72 days before departure got "Balance due 27/11/2026" … and
// "Deposit due 04/12/2026" (booking + 7 days) … the deposit is never due after the balance; a
// booking made inside the balance window owes the whole amount now and shows no deposit stage; a
// paid deposit reads "Deposit £200.00 paid 27/11/2026".'
describe('scheduleDueDates', () => {
  it('72 days before departure (inside the 84-day window): balance due today, no deposit stage', () => {
    const d = scheduleDueDates({
      booking_date: '2026-11-27',
      departure_date: '2027-02-07',
      today: '2026-11-27',
    });
    expect(d).toEqual({ balance_due: '2026-11-27', deposit_due: null });
  });

  it('far out: deposit booking + 7 days, balance departure − 84 days', () => {
    const d = scheduleDueDates({
      booking_date: '2026-11-27',
      departure_date: '2027-09-01',
      today: '2026-11-27',
    });
    expect(d).toEqual({ deposit_due: '2026-12-04', balance_due: '2027-06-09' });
  });

  it('never a deposit due on or after the balance (88 and 91 days out)', () => {
    // 88 days: balance due in 4 days, deposit would be in 7 → no deposit stage.
    expect(
      scheduleDueDates({ booking_date: '2026-11-27', departure_date: '2027-02-23', today: '2026-11-27' }),
    ).toEqual({ deposit_due: null, balance_due: '2026-12-01' });
    // 91 days: both on 04/12 → still no deposit stage; 92 days: deposit the day before the balance.
    expect(
      scheduleDueDates({ booking_date: '2026-11-27', departure_date: '2027-02-26', today: '2026-11-27' })
        .deposit_due,
    ).toBeNull();
    expect(
      scheduleDueDates({ booking_date: '2026-11-27', departure_date: '2027-02-27', today: '2026-11-27' }),
    ).toEqual({ deposit_due: '2026-12-04', balance_due: '2026-12-05' });
  });

  it('a tour changed later: balance floored at the day of the change; the deposit goes when it would follow it', () => {
    const d = scheduleDueDates({
      booking_date: '2026-11-20',
      departure_date: '2027-01-10',
      today: '2026-11-25',
    });
    expect(d).toEqual({ balance_due: '2026-11-25', deposit_due: null });
  });

  it('reads the settings, defaults when blank', () => {
    const s = scheduleSettings({
      balance_due_days_before_departure: '56',
      deposit_due_days_after_booking: '',
    });
    expect(s).toEqual({ balance_due_days_before_departure: 56, deposit_due_days_after_booking: 7 });
    expect(scheduleSettings({})).toEqual(SCHEDULE_DEFAULTS);
    const d = scheduleDueDates({
      booking_date: '2026-11-27',
      departure_date: '2027-02-07',
      today: '2026-11-27',
      settings: s,
    });
    expect(d).toEqual({ deposit_due: '2026-12-04', balance_due: '2026-12-13' });
  });
});

describe('paymentSchedule', () => {
  it('the booking of the issue: £1,198.00 booked 72 days out with £200.00 paid the same day', () => {
    const stages = paymentSchedule({
      total_due: '1198.00',
      deposit: '200.00',
      deposit_due: null,
      balance_due: '2026-11-27',
      payments: [{ amount: '200.00', date: '2026-11-27' }],
    });
    expect(stages).toHaveLength(1);
    expect(stages[0]).toMatchObject({
      kind: 'full',
      amount: '1198.00',
      paid: '200.00',
      outstanding: '998.00',
    });
    expect(scheduleText(stages)).toEqual([
      'Full amount £1,198.00 due by 27/11/2026 (£200.00 paid, £998.00 to pay)',
    ]);
  });

  it('even with a stored deposit date after the balance (old data), no deposit stage is shown', () => {
    const stages = paymentSchedule({
      total_due: '1198.00',
      deposit: '200.00',
      deposit_due: '2026-12-04',
      balance_due: '2026-11-27',
      payments: [],
    });
    expect(scheduleText(stages)).toEqual(['Full amount £1,198.00 due by 27/11/2026']);
  });

  it('far out, nothing paid: deposit then balance', () => {
    const stages = paymentSchedule({
      total_due: '1198.00',
      deposit: '200.00',
      deposit_due: '2026-12-04',
      balance_due: '2027-06-09',
      payments: [],
    });
    expect(scheduleText(stages)).toEqual([
      'Deposit £200.00 due by 04/12/2026',
      'Balance £998.00 due by 09/06/2027',
    ]);
    expect(nextDueStage(stages)?.due).toBe('2026-12-04');
  });

  it('a paid deposit reads "Deposit £200.00 paid 27/11/2026"', () => {
    const stages = paymentSchedule({
      total_due: '1198.00',
      deposit: '200.00',
      deposit_due: '2026-12-04',
      balance_due: '2027-06-09',
      payments: [
        { amount: '150.00', date: '2026-11-20' },
        { amount: '50.00', date: '2026-11-27' },
        { amount: '100.00', date: '2026-12-01' },
      ],
    });
    expect(stageText(stages[0])).toBe('Deposit £200.00 paid 27/11/2026');
    expect(stageText(stages[1])).toBe('Balance £998.00 due by 09/06/2027 (£100.00 paid, £898.00 to pay)');
    expect(nextDueStage(stages)?.kind).toBe('balance');
  });

  it('a refund that takes the deposit back makes it outstanding again', () => {
    const stages = paymentSchedule({
      total_due: '1000.00',
      deposit: '200.00',
      deposit_due: '2026-12-04',
      balance_due: '2027-06-09',
      payments: [
        { amount: '200.00', date: '2026-11-20' },
        { amount: '-200.00', date: '2026-11-22' },
        { amount: '200.00', date: '2026-11-25' },
      ],
    });
    expect(stageText(stages[0])).toBe('Deposit £200.00 paid 25/11/2026');
  });

  it('all paid: both stages read paid with their days; seven-figure amounts stay exact', () => {
    const stages = paymentSchedule({
      total_due: '1234567.89',
      deposit: '200000.00',
      deposit_due: '2026-12-04',
      balance_due: '2027-06-09',
      payments: [
        { amount: '200000.00', date: '2026-11-28' },
        { amount: '1034567.89', date: '2027-05-01' },
      ],
    });
    expect(scheduleText(stages)).toEqual([
      'Deposit £200,000.00 paid 28/11/2026',
      'Balance £1,034,567.89 paid 01/05/2027',
    ]);
    expect(nextDueStage(stages)).toBeNull();
  });

  it('no schedule for a cancelled booking or a total of £0.00; a deposit as large as the total is the full amount', () => {
    const base = { deposit: '200.00', deposit_due: '2026-12-04', balance_due: '2027-06-09', payments: [] };
    expect(paymentSchedule({ ...base, total_due: '1000.00', cancelled: true })).toEqual([]);
    expect(paymentSchedule({ ...base, total_due: '0.00' })).toEqual([]);
    expect(scheduleText(paymentSchedule({ ...base, total_due: '200.00' }))).toEqual([
      'Full amount £200.00 due by 09/06/2027',
    ]);
  });

  it('no departure (no balance date): the full amount reads due now', () => {
    const stages = paymentSchedule({
      total_due: '500.00',
      deposit: '0.00',
      deposit_due: '2026-12-04',
      balance_due: null,
      payments: [],
    });
    expect(scheduleText(stages)).toEqual(['Full amount £500.00 due now']);
  });
});
