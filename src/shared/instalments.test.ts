import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from './dates';
import {
  defaultInstalments,
  equalInstalments,
  INSTALMENT_MESSAGES,
  instalmentPlanErrors,
  instalmentsText,
  maxInstalments,
  reconcileInstalments,
} from './instalments';
import { nextDueStage, paymentSchedule, scheduleParts, scheduleText } from './payment-schedule';

// Issue #26: 'A booking's balance can be split into instalments (dates and amounts, ending on the
// balance due date; equal by default, editable), shown on the booking, the Confirmation and the
// customer's side; reminders and the aged-debtors report follow the instalments.'

describe('addMonths', () => {
  it('keeps the day of the month, or the last day of a shorter month', () => {
    expect(addMonths('2027-06-09', -1)).toBe('2027-05-09');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonths('2027-01-15', -2)).toBe('2026-11-15');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
  });
});

describe('equalInstalments', () => {
  it('£1,000.00 in 3: £333.33, £333.33 and the leftover penny on the last, a month apart ending on the balance due date', () => {
    expect(equalInstalments('1000.00', 3, null, '2027-06-09')).toEqual([
      { due: '2027-04-09', amount: '333.33' },
      { due: '2027-05-09', amount: '333.33' },
      { due: '2027-06-09', amount: '333.34' },
    ]);
  });

  it('£100.00 in 7: six of £14.28 and £14.32 last (the four pennies left over)', () => {
    const plan = equalInstalments('100.00', 7, null, '2027-12-31');
    expect(plan.slice(0, 6).every((p) => p.amount === '14.28')).toBe(true);
    expect(plan[6]).toEqual({ due: '2027-12-31', amount: '14.32' });
    expect(plan[5].due).toBe('2027-11-30');
  });

  it('with a first date: spread evenly by days from it to the last date', () => {
    expect(equalInstalments('600.00', 3, '2027-01-01', '2027-01-11').map((p) => p.due)).toEqual([
      '2027-01-01',
      '2027-01-06',
      '2027-01-11',
    ]);
    expect(equalInstalments('600.00', 4, '2027-01-01', '2027-01-11').map((p) => p.due)).toEqual([
      '2027-01-01',
      '2027-01-04',
      '2027-01-07',
      '2027-01-11',
    ]);
  });

  it('property: amounts to the penny add up exactly, none differs from another by more than the leftover, dates ascend to the last date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 999_999_999 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 3000 }),
        (pence, count, offset) => {
          const total = new Decimal(pence).div(100).toFixed(2);
          const last = addDays('2027-01-01', offset);
          const plan = equalInstalments(total, count, null, last);
          const sum = plan.reduce((s, p) => s.plus(p.amount), new Decimal(0));
          expect(sum.toFixed(2)).toBe(total);
          expect(plan).toHaveLength(count);
          expect(plan.at(-1)?.due).toBe(last);
          for (let i = 1; i < count; i++) expect(plan[i].due > plan[i - 1].due).toBe(true);
          for (const p of plan.slice(0, -1)) expect(p.amount).toBe(plan[0].amount);
          const extra = new Decimal(plan[count - 1].amount).minus(plan[0].amount).mul(100);
          expect(extra.gte(0) && extra.lt(count)).toBe(true);
        },
      ),
    );
  });
});

describe('defaultInstalments and maxInstalments', () => {
  it('monthly when the first falls on or after today, else spread from today', () => {
    expect(defaultInstalments('900.00', 3, '2027-06-09', '2027-01-01').map((p) => p.due)).toEqual([
      '2027-04-09',
      '2027-05-09',
      '2027-06-09',
    ]);
    expect(defaultInstalments('900.00', 3, '2027-02-01', '2027-01-11').map((p) => p.due)).toEqual([
      '2027-01-11',
      '2027-01-21',
      '2027-02-01',
    ]);
  });
  it('as many as there are days up to the balance due date, at most 12', () => {
    expect(maxInstalments('2027-01-01', '2027-01-03')).toBe(3);
    expect(maxInstalments('2027-01-01', '2027-12-01')).toBe(12);
    expect(maxInstalments('2027-01-05', '2027-01-03')).toBe(0);
  });
});

describe('instalmentPlanErrors', () => {
  const ctx = { balance: '900.00', balanceDue: '2027-06-09', notBefore: '2027-01-01' };
  const good = [
    { due: '2027-04-09', amount: '300.00' },
    { due: '2027-05-09', amount: '300.00' },
    { due: '2027-06-09', amount: '300.00' },
  ];

  it('an equal plan and an edited one that adds up hold', () => {
    expect(instalmentPlanErrors(good, ctx)).toEqual({});
    expect(
      instalmentPlanErrors(
        [
          { due: '2027-01-01', amount: '100.01' },
          { due: '2027-06-09', amount: '799.99' },
        ],
        ctx,
      ),
    ).toEqual({});
  });

  it('amounts must be above £0.00 and add up to the balance exactly (short or over, to the penny)', () => {
    const plan = [
      { due: '2027-04-09', amount: '0.00' },
      { due: '2027-05-09', amount: '450.00' },
      { due: '2027-06-09', amount: '449.99' },
    ];
    expect(instalmentPlanErrors(plan, ctx)).toEqual({
      'instalments.0.amount': ['Instalment 1: the amount must be more than £0.00.'],
      instalments: [
        'The instalments add up to £899.99; they must add up to the balance of £900.00 (£0.01 short).',
      ],
    });
    expect(instalmentPlanErrors([good[0], good[1], { ...good[2], amount: '301.00' }], ctx)).toEqual({
      instalments: [
        'The instalments add up to £901.00; they must add up to the balance of £900.00 (£1.00 over).',
      ],
    });
  });

  it('dates strictly ascend, none after the balance due date, the last on it', () => {
    expect(instalmentPlanErrors([good[0], { ...good[1], due: '2027-04-09' }, good[2]], ctx)).toEqual({
      'instalments.1.due': ['Instalment 2 must fall due after instalment 1 (09/04/2027).'],
    });
    expect(instalmentPlanErrors([good[0], good[1], { ...good[2], due: '2027-06-10' }], ctx)).toEqual({
      'instalments.2.due': ['Instalment 3 falls due after the balance due date (09/06/2027).'],
    });
    expect(instalmentPlanErrors([good[0], good[1], { ...good[2], due: '2027-06-01' }], ctx)).toEqual({
      'instalments.2.due': ['The last instalment must fall due on the balance due date (09/06/2027).'],
    });
  });

  it('none before today (or the booking date), unless the stored plan already has that date', () => {
    const plan = [{ due: '2026-12-01', amount: '300.00' }, good[1], good[2]];
    expect(instalmentPlanErrors(plan, ctx)).toEqual({
      'instalments.0.due': ['Instalment 1 cannot fall due before 01/01/2027.'],
    });
    expect(instalmentPlanErrors(plan, { ...ctx, kept: [{ due: '2026-12-01', amount: '250.00' }] })).toEqual(
      {},
    );
  });

  it('2 to 12 instalments; no plan without a balance due date or a balance', () => {
    expect(instalmentPlanErrors([{ due: '2027-06-09', amount: '900.00' }], ctx).instalments).toEqual([
      INSTALMENT_MESSAGES.count,
    ]);
    expect(instalmentPlanErrors(equalInstalments('900.00', 13, null, '2027-06-09'), ctx).instalments).toEqual(
      [INSTALMENT_MESSAGES.count],
    );
    expect(instalmentPlanErrors(good, { ...ctx, balanceDue: null })).toEqual({
      instalments: [INSTALMENT_MESSAGES.noBalanceDue],
    });
    expect(instalmentPlanErrors(good, { ...ctx, balance: '0.00' }).instalments?.[0]).toBe(
      INSTALMENT_MESSAGES.nothingToSplit,
    );
  });
});

describe('reconcileInstalments (the plan after the booking changes)', () => {
  const plan = [
    { due: '2027-04-09', amount: '300.00' },
    { due: '2027-05-09', amount: '300.00' },
    { due: '2027-06-09', amount: '300.00' },
  ];

  it('nothing changed: the same plan', () => {
    expect(reconcileInstalments(plan, { balance: '900.00', balanceDue: '2027-06-09' })).toEqual({
      kind: 'same',
      plan,
    });
  });

  it('the balance rose or fell: the last instalment absorbs the difference', () => {
    const up = reconcileInstalments(plan, { balance: '1049.50', balanceDue: '2027-06-09' });
    expect(up).toEqual({
      kind: 'adjusted',
      plan: [plan[0], plan[1], { due: '2027-06-09', amount: '449.50' }],
      note: 'Instalments adjusted: the last instalment is now £449.50 (balance £1,049.50).',
    });
    const down = reconcileInstalments(plan, { balance: '600.01', balanceDue: '2027-06-09' });
    expect(down.kind === 'adjusted' && down.plan[2].amount).toBe('0.01');
  });

  it('the balance fell below the earlier instalments: cleared', () => {
    expect(reconcileInstalments(plan, { balance: '600.00', balanceDue: '2027-06-09' })).toEqual({
      kind: 'cleared',
      note: 'Instalments cleared: the balance of £600.00 no longer covers the earlier instalments (£600.00).',
    });
  });

  it('the balance due date moved: the last instalment moves with it while it stays after the one before', () => {
    const r = reconcileInstalments(plan, { balance: '900.00', balanceDue: '2027-05-20' });
    expect(r).toEqual({
      kind: 'adjusted',
      plan: [plan[0], plan[1], { due: '2027-05-20', amount: '300.00' }],
      note: 'Instalments adjusted: the last instalment now falls due on 20/05/2027 (the balance due date).',
    });
    expect(reconcileInstalments(plan, { balance: '900.00', balanceDue: '2027-05-09' })).toEqual({
      kind: 'cleared',
      note: 'Instalments cleared: the balance due date moved to 09/05/2027, not after instalment 2 (09/05/2027).',
    });
  });

  it('cancelled, no balance due date, nothing left: cleared', () => {
    expect(
      reconcileInstalments(plan, { balance: '900.00', balanceDue: '2027-06-09', cancelled: true }).kind,
    ).toBe('cleared');
    expect(reconcileInstalments(plan, { balance: '900.00', balanceDue: null }).kind).toBe('cleared');
    expect(reconcileInstalments(plan, { balance: '0.00', balanceDue: '2027-06-09' }).kind).toBe('cleared');
  });

  it('in words for the history', () => {
    expect(instalmentsText(plan)).toBe('£300.00 by 09/04/2027, £300.00 by 09/05/2027, £300.00 by 09/06/2027');
    expect(instalmentsText([])).toBe('none');
  });
});

describe('paymentSchedule with instalments', () => {
  const base = {
    total_due: '1100.00',
    deposit: '200.00',
    deposit_due: '2026-12-04',
    balance_due: '2027-06-09',
    payments: [] as { amount: string; date: string }[],
    instalments: [
      { due: '2027-04-09', amount: '300.00' },
      { due: '2027-05-09', amount: '300.00' },
      { due: '2027-06-09', amount: '300.00' },
    ],
  };

  it('the deposit, then one stage per instalment in place of the balance', () => {
    const stages = paymentSchedule(base);
    expect(stages.map((s) => [s.kind, s.label, s.due])).toEqual([
      ['deposit', 'Deposit', '2026-12-04'],
      ['instalment', 'Instalment 1 of 3', '2027-04-09'],
      ['instalment', 'Instalment 2 of 3', '2027-05-09'],
      ['instalment', 'Instalment 3 of 3', '2027-06-09'],
    ]);
    expect(scheduleText(stages)).toEqual([
      'Deposit £200.00 due by 04/12/2026',
      'Instalment 1 of 3 £300.00 due by 09/04/2027',
      'Instalment 2 of 3 £300.00 due by 09/05/2027',
      'Instalment 3 of 3 £300.00 due by 09/06/2027',
    ]);
    expect(scheduleParts(base)).toEqual({ deposit: '200.00', balance: '900.00' });
  });

  it('payments fill the stages in order: deposit, instalment 1, part of instalment 2', () => {
    const stages = paymentSchedule({
      ...base,
      payments: [
        { amount: '200.00', date: '2026-11-28' },
        { amount: '400.00', date: '2027-04-01' },
      ],
    });
    expect(scheduleText(stages)).toEqual([
      'Deposit £200.00 paid 28/11/2026',
      'Instalment 1 of 3 £300.00 paid 01/04/2027',
      'Instalment 2 of 3 £300.00 due by 09/05/2027 (£100.00 paid, £200.00 to pay)',
      'Instalment 3 of 3 £300.00 due by 09/06/2027',
    ]);
    expect(nextDueStage(stages)?.label).toBe('Instalment 2 of 3');
  });

  it('no deposit stage: the instalments split the whole amount', () => {
    const stages = paymentSchedule({
      ...base,
      deposit: '0.00',
      instalments: [
        { due: '2027-05-09', amount: '550.00' },
        { due: '2027-06-09', amount: '550.00' },
      ],
    });
    expect(scheduleText(stages)).toEqual([
      'Instalment 1 of 2 £550.00 due by 09/05/2027',
      'Instalment 2 of 2 £550.00 due by 09/06/2027',
    ]);
  });

  it('a stored plan out of step is read through the reconcile rule; one that no longer holds gives the plain schedule', () => {
    const stages = paymentSchedule({ ...base, total_due: '1150.00' });
    expect(stages.at(-1)?.amount).toBe('350.00');
    expect(scheduleText(paymentSchedule({ ...base, total_due: '700.00' }))).toEqual([
      'Deposit £200.00 due by 04/12/2026',
      'Balance £500.00 due by 09/06/2027',
    ]);
    expect(paymentSchedule({ ...base, cancelled: true })).toEqual([]);
  });
});
