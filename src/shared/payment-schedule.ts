import Decimal from 'decimal.js';
import { money } from './booking-totals';
import { addDays, ukDate } from './dates';
import { type Instalment, instalmentLabel, reconcileInstalments } from './instalments';
import { poundsText } from './money-text';

/**
 * The payment schedule of a booking (issue #22 point 1), the one rule behind the stored due dates,
 * the booking screen, the Confirmation, the email placeholders and the aged-debtors report:
 *
 * - the balance falls due `balance_due_days_before_departure` (84) days before departure, never
 *   before today (spec 1 §4: it moves with the departure when tours are added or removed);
 * - the deposit falls due `deposit_due_days_after_booking` (7) days after the booking date, but
 *   only while that is before the balance due date: the deposit is never due after (or with) the
 *   balance. A booking made inside the balance window (departure − 84 days or later) has no deposit
 *   stage: the whole amount is due at once;
 * - a booking whose balance is split into instalments (issue #26, `instalments.ts`) has, after the
 *   deposit stage if any, one 'instalment' stage per part ('Instalment 1 of 3' …), the last due on
 *   the balance due date, in place of the 'balance' / 'full' stage; the parts add up to that stage's
 *   amount exactly (a stored plan is read through `reconcileInstalments`, so it always does);
 * - payments fill the stages in order: the deposit, then each instalment (or the balance);
 * - a stage is paid on the day the payments (in date order, refunds negative) first covered it.
 *
 * Dates are `YYYY-MM-DD` (London days); amounts are pounds as decimal text, decimal.js.
 */

/** The system settings the schedule reads (spec 3 §3 system settings), as whole days. */
export interface ScheduleSettings {
  balance_due_days_before_departure: number;
  deposit_due_days_after_booking: number;
}

/** What the system settings hold on a new database (db/seed/reference.ts). */
export const SCHEDULE_DEFAULTS: ScheduleSettings = {
  balance_due_days_before_departure: 84,
  deposit_due_days_after_booking: 7,
};

/**
 * The settings from their stored text ('84'); blank or unreadable values take SCHEDULE_DEFAULTS.
 */
export function scheduleSettings(values: {
  balance_due_days_before_departure?: string | null;
  deposit_due_days_after_booking?: string | null;
}): ScheduleSettings {
  const days = (v: string | null | undefined, fallback: number) => {
    const n = Number(v);
    return v !== null && v !== undefined && v.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
  };
  return {
    balance_due_days_before_departure: days(
      values.balance_due_days_before_departure,
      SCHEDULE_DEFAULTS.balance_due_days_before_departure,
    ),
    deposit_due_days_after_booking: days(
      values.deposit_due_days_after_booking,
      SCHEDULE_DEFAULTS.deposit_due_days_after_booking,
    ),
  };
}

/**
 * The due dates stored on a booking when it is made and whenever its tours change: balance due =
 * departure − balance days, floored at `today`; deposit due = booking date + deposit days when that
 * is before the balance due date, else null (no deposit stage: the whole amount is due by the
 * balance due date). No departure: no balance due date, and the deposit date as booked.
 */
export function scheduleDueDates(input: {
  booking_date: string;
  departure_date: string | null;
  today: string;
  settings?: ScheduleSettings;
}): { deposit_due: string | null; balance_due: string | null } {
  const s = input.settings ?? SCHEDULE_DEFAULTS;
  const depositDue = addDays(input.booking_date, s.deposit_due_days_after_booking);
  if (!input.departure_date) return { deposit_due: depositDue, balance_due: null };
  const byDeparture = addDays(input.departure_date, -s.balance_due_days_before_departure);
  const balanceDue = byDeparture < input.today ? input.today : byDeparture;
  return { deposit_due: depositDue < balanceDue ? depositDue : null, balance_due: balanceDue };
}

/** One stage of the schedule. */
export interface PaymentStage {
  /**
   * 'full': no deposit stage, the whole amount is due by the balance due date; 'instalment': one
   * part of a split balance (several per schedule; kind + due names one, the dates strictly ascend).
   */
  kind: 'deposit' | 'balance' | 'full' | 'instalment';
  label: 'Deposit' | 'Balance' | 'Full amount' | `Instalment ${number} of ${number}`;
  /** What the stage asks for, pounds. */
  amount: string;
  /** YYYY-MM-DD, null when the booking has no such date (no departure). */
  due: string | null;
  /** Paid towards this stage, pounds (0.00 … amount). */
  paid: string;
  /** amount − paid, pounds. */
  outstanding: string;
  /** The day the payments first covered the stage (and still do); null while outstanding. */
  paid_on: string | null;
}

/** A payment as the schedule reads it: pounds (refunds negative) and its London day. */
export interface SchedulePayment {
  amount: string;
  date: string;
}

export interface PaymentScheduleInput {
  /** The booking's total due (stored, booking-totals.ts), pounds. */
  total_due: string;
  /** The deposit asked (`depositAmount`), pounds. */
  deposit: string;
  /** The stored dates (from `scheduleDueDates`, or as staff set them). */
  deposit_due: string | null;
  balance_due: string | null;
  payments: readonly SchedulePayment[];
  /** Paid in all, pounds (the stored `paid`); default the sum of `payments`. */
  paid?: string;
  /** A cancelled booking has no schedule (its cancellation invoice says what is owed). */
  cancelled?: boolean;
  /** The stored instalment plan of the balance (issue #26), in order; none or [] when not split. */
  instalments?: readonly Instalment[];
}

/**
 * How the schedule splits the total due: the deposit stage's amount (null when there is no deposit
 * stage — none asked, not below the total, or not due before the balance) and the balance part
 * after it (the whole total when there is no deposit stage) — what instalments split. Pounds.
 */
export function scheduleParts(
  input: Pick<PaymentScheduleInput, 'total_due' | 'deposit' | 'deposit_due' | 'balance_due'>,
): { deposit: string | null; balance: string } {
  const total = new Decimal(input.total_due || 0);
  const deposit = new Decimal(input.deposit || 0);
  const hasDeposit =
    input.deposit_due !== null &&
    deposit.gt(0) &&
    deposit.lt(total) &&
    (input.balance_due === null || input.deposit_due < input.balance_due);
  return hasDeposit
    ? { deposit: money(deposit), balance: money(total.minus(deposit)) }
    : { deposit: null, balance: money(total) };
}

/** The day the running total of `payments` (date order) last rose to `threshold` and stayed there. */
function coveredOn(payments: readonly SchedulePayment[], threshold: Decimal): string | null {
  let sum = new Decimal(0);
  let on: string | null = null;
  const ordered = [...payments].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const p of ordered) {
    const before = sum;
    sum = sum.plus(p.amount);
    if (sum.gte(threshold) && before.lt(threshold)) on = p.date;
    else if (sum.lt(threshold)) on = null;
  }
  return on;
}

/**
 * The stages of a booking's schedule: a deposit stage (when a deposit between 0 and the total due
 * is asked and its due date comes before the balance's) then the balance, or the 'Full amount'
 * alone — or, when the balance is split, its instalments in their place. Paid money covers the
 * stages in order. Nothing for a cancelled booking or a total of 0.00.
 */
export function paymentSchedule(input: PaymentScheduleInput): PaymentStage[] {
  const total = new Decimal(input.total_due || 0);
  if (input.cancelled || total.lte(0)) return [];
  const paid =
    input.paid !== undefined
      ? new Decimal(input.paid || 0)
      : input.payments.reduce((s, p) => s.plus(p.amount), new Decimal(0));
  const parts = scheduleParts(input);
  const deposit = new Decimal(parts.deposit ?? 0);
  const stage = (
    kind: PaymentStage['kind'],
    label: PaymentStage['label'],
    amount: Decimal,
    from: Decimal,
    due: string | null,
  ): PaymentStage => {
    // The part of `paid` that falls in [from, from + amount].
    const towards = Decimal.min(amount, Decimal.max(0, paid.minus(from)));
    const outstanding = amount.minus(towards);
    return {
      kind,
      label,
      amount: money(amount),
      due,
      paid: money(towards),
      outstanding: money(outstanding),
      paid_on: outstanding.lte(0) ? coveredOn(input.payments, from.plus(amount)) : null,
    };
  };
  const first =
    parts.deposit === null ? [] : [stage('deposit', 'Deposit', deposit, new Decimal(0), input.deposit_due)];
  const plan = input.instalments?.length
    ? reconcileInstalments(input.instalments, { balance: parts.balance, balanceDue: input.balance_due })
    : null;
  if (plan && plan.kind !== 'cleared') {
    let from = deposit;
    return [
      ...first,
      ...plan.plan.map((p, i) => {
        const s = stage(
          'instalment',
          instalmentLabel(i + 1, plan.plan.length),
          new Decimal(p.amount),
          from,
          p.due,
        );
        from = from.plus(p.amount);
        return s;
      }),
    ];
  }
  if (parts.deposit === null) return [stage('full', 'Full amount', total, new Decimal(0), input.balance_due)];
  return [...first, stage('balance', 'Balance', total.minus(deposit), deposit, input.balance_due)];
}

/**
 * A stage in words, in two parts for a two-column layout: `what` 'Deposit £200.00', `when` 'paid
 * 27/11/2026' / 'due by 04/12/2026' / 'due now' (no date) and, when partly paid, `note` '£200.00
 * paid, £998.00 to pay'.
 */
export function stageParts(s: PaymentStage): { what: string; when: string; note: string | null } {
  const what = `${s.label} ${poundsText(s.amount)}`;
  if (new Decimal(s.outstanding).lte(0))
    return { what, when: s.paid_on ? `paid ${ukDate(s.paid_on)}` : 'paid', note: null };
  const when = s.due ? `due by ${ukDate(s.due)}` : 'due now';
  const note = new Decimal(s.paid).gt(0)
    ? `${poundsText(s.paid)} paid, ${poundsText(s.outstanding)} to pay`
    : null;
  return { what, when, note };
}

/**
 * A stage as one line: 'Deposit £200.00 paid 27/11/2026', 'Balance £998.00 due by 20/02/2027',
 * 'Full amount £1,198.00 due by 27/11/2026 (£200.00 paid, £998.00 to pay)'.
 */
export function stageText(s: PaymentStage): string {
  const p = stageParts(s);
  return `${p.what} ${p.when}${p.note ? ` (${p.note})` : ''}`;
}

/** The whole schedule in words, one line per stage (see `stageText`). */
export function scheduleText(stages: readonly PaymentStage[]): string[] {
  return stages.map(stageText);
}

/** The first stage still owed (its due date and what is left of it), or null when all is paid. */
export function nextDueStage(stages: readonly PaymentStage[]): PaymentStage | null {
  return stages.find((s) => new Decimal(s.outstanding).gt(0)) ?? null;
}
