import Decimal from 'decimal.js';
import { money } from './booking-totals';
import { addDays, addMonths, daysBetween, ukDate } from './dates';
import { poundsText } from './money-text';

/**
 * Instalments (issue #26): a booking's balance — what the payment schedule asks after the deposit
 * stage, or the whole amount when there is none — split into 2 to 12 parts, each with a due date
 * and an amount. The rules, used by the server (storing, recomputing) and the screen (the preview
 * and the form) alike:
 *
 * - the amounts are above £0.00 and add up to the balance part exactly (decimal.js, to the penny);
 * - the dates strictly ascend (so 'instalment' + due date names one stage: reminders key on it) and
 *   the last one IS the balance due date — none falls after it;
 * - no date is before the earliest day allowed (today, and never before the booking date), except
 *   a date the stored plan already has (a past instalment is kept as it was when the plan is edited).
 *
 * Payments fill the stages in order (payment-schedule.ts), so an instalment is paid once the
 * deposit and every earlier instalment are. Dates are `YYYY-MM-DD`, amounts pounds as decimal text.
 */

/** The fewest and most instalments a balance is split into. */
export const INSTALMENTS_MIN = 2;
export const INSTALMENTS_MAX = 12;

/** One instalment as stored and sent: its due date and amount (pounds). */
export interface Instalment {
  due: string;
  amount: string;
}

/** The label of instalment `n` (1-based) of `of`: 'Instalment 2 of 3'. */
export const instalmentLabel = (n: number, of: number) => `Instalment ${n} of ${of}` as const;

/**
 * `total` split into `count` equal instalments to the penny: each gets ⌊total ÷ count⌋ pence and
 * the LAST takes the pennies left over (£1,000.00 in 3: £333.33, £333.33, £333.34) — the same
 * instalment that absorbs a later change of the balance (`reconcileInstalments`). The last falls due
 * on `lastDate` (the balance due date). With `firstDate` null the dates are a month apart
 * (`lastDate` − 1 month, − 2 months …); with a `firstDate` they are spread evenly by days from it
 * to `lastDate` (rounded down, so they may collide when fewer days than instalments are left —
 * `instalmentPlanErrors` says so; `maxInstalments` gives how many fit).
 */
export function equalInstalments(
  total: string,
  count: number,
  firstDate: string | null,
  lastDate: string,
): Instalment[] {
  if (!Number.isInteger(count) || count < 1) return [];
  const pence = new Decimal(total || 0).mul(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const each = pence.divToInt(count);
  const last = pence.minus(each.mul(count - 1));
  const span = firstDate ? daysBetween(firstDate, lastDate) : 0;
  return Array.from({ length: count }, (_, i) => ({
    due:
      i === count - 1
        ? lastDate
        : firstDate
          ? addDays(firstDate, Math.floor((i * span) / (count - 1)))
          : addMonths(lastDate, i - (count - 1)),
    amount: money((i === count - 1 ? last : each).div(100)),
  }));
}

/**
 * How many instalments fit between `notBefore` and `lastDate` one day apart at least, at most
 * INSTALMENTS_MAX (0 when `lastDate` is before `notBefore`).
 */
export function maxInstalments(notBefore: string, lastDate: string): number {
  return Math.max(0, Math.min(INSTALMENTS_MAX, daysBetween(notBefore, lastDate) + 1));
}

/**
 * The plan the screen proposes for `count` instalments: `equalInstalments` a month apart ending on
 * the balance due date when the first of those is not before `notBefore` (today or the booking
 * date), else spread evenly from `notBefore` to the balance due date.
 */
export function defaultInstalments(
  total: string,
  count: number,
  balanceDue: string,
  notBefore: string,
): Instalment[] {
  const monthlyFirst = addMonths(balanceDue, -(count - 1));
  return equalInstalments(total, count, monthlyFirst >= notBefore ? null : notBefore, balanceDue);
}

/** What an edited plan is checked against. */
export interface InstalmentContext {
  /** The balance part the plan splits (`scheduleParts(...).balance`), pounds. */
  balance: string;
  /** The booking's balance due date; null: no plan is possible (no tour yet). */
  balanceDue: string | null;
  /** The earliest day allowed: the later of today and the booking date. */
  notBefore: string;
  /** The stored plan, whose dates may stay even when now past. */
  kept?: readonly Instalment[];
}

/** Messages of the rules, the same on the screen and from the server. */
export const INSTALMENT_MESSAGES = {
  count: `Choose between ${INSTALMENTS_MIN} and ${INSTALMENTS_MAX} instalments.`,
  noBalanceDue: 'This booking has no balance due date yet: add a tour before splitting its balance.',
  nothingToSplit: 'There is no balance to split into instalments.',
  cancelled: 'This booking is cancelled: it has no payment schedule to split.',
  amountPositive: (n: number) => `Instalment ${n}: the amount must be more than £0.00.`,
  sum: (sum: string, balance: string) => {
    const diff = new Decimal(balance).minus(sum);
    return `The instalments add up to ${poundsText(sum)}; they must add up to the balance of ${poundsText(balance)} (${poundsText(diff.abs())} ${diff.gt(0) ? 'short' : 'over'}).`;
  },
  ascending: (n: number, previous: string) =>
    `Instalment ${n} must fall due after instalment ${n - 1} (${ukDate(previous)}).`,
  afterBalance: (n: number, balanceDue: string) =>
    `Instalment ${n} falls due after the balance due date (${ukDate(balanceDue)}).`,
  lastOnBalance: (balanceDue: string) =>
    `The last instalment must fall due on the balance due date (${ukDate(balanceDue)}).`,
  tooEarly: (n: number, notBefore: string) => `Instalment ${n} cannot fall due before ${ukDate(notBefore)}.`,
  tooMany: (max: number, notBefore: string, balanceDue: string) =>
    `Only ${max} instalment${max === 1 ? '' : 's'} fit between ${ukDate(notBefore)} and the balance due date (${ukDate(balanceDue)}).`,
} as const;

/**
 * The problems of a plan, by field as the 422 answers them (`instalments.<i>.amount`,
 * `instalments.<i>.due`, and `instalments` for the plan as a whole); {} when it holds. See the
 * rules at the top of this file.
 */
export function instalmentPlanErrors(
  plan: readonly Instalment[],
  ctx: InstalmentContext,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (plan.length < INSTALMENTS_MIN || plan.length > INSTALMENTS_MAX)
    add('instalments', INSTALMENT_MESSAGES.count);
  if (!ctx.balanceDue) {
    add('instalments', INSTALMENT_MESSAGES.noBalanceDue);
    return errors;
  }
  if (new Decimal(ctx.balance || 0).lte(0)) add('instalments', INSTALMENT_MESSAGES.nothingToSplit);
  const kept = new Set((ctx.kept ?? []).map((k) => k.due));
  let sum = new Decimal(0);
  plan.forEach((p, i) => {
    const n = i + 1;
    const amount = new Decimal(/^-?\d+(\.\d+)?$/.test(p.amount) ? p.amount : 0);
    sum = sum.plus(amount);
    if (amount.lte(0)) add(`instalments.${i}.amount`, INSTALMENT_MESSAGES.amountPositive(n));
    if (i > 0 && p.due <= plan[i - 1].due)
      add(`instalments.${i}.due`, INSTALMENT_MESSAGES.ascending(n, plan[i - 1].due));
    else if (p.due > (ctx.balanceDue as string))
      add(`instalments.${i}.due`, INSTALMENT_MESSAGES.afterBalance(n, ctx.balanceDue as string));
    else if (p.due < ctx.notBefore && !kept.has(p.due))
      add(`instalments.${i}.due`, INSTALMENT_MESSAGES.tooEarly(n, ctx.notBefore));
  });
  const last = plan.at(-1);
  if (last && last.due !== ctx.balanceDue && !errors[`instalments.${plan.length - 1}.due`])
    add(`instalments.${plan.length - 1}.due`, INSTALMENT_MESSAGES.lastOnBalance(ctx.balanceDue));
  if (plan.length && !sum.eq(new Decimal(ctx.balance || 0)))
    add('instalments', INSTALMENT_MESSAGES.sum(money(sum), money(ctx.balance || 0)));
  return errors;
}

/** What `reconcileInstalments` decided for a stored plan. */
export type Reconciled =
  | { kind: 'same'; plan: Instalment[] }
  | { kind: 'adjusted'; plan: Instalment[]; note: string }
  | { kind: 'cleared'; note: string };

/**
 * Keeps a stored plan true to the booking after its figures or dates change (the ledger runs it in
 * every change's transaction, and the schedule reads plans through it):
 *
 * - the balance part changed (lines, extras, discounts, the deposit asked): the LAST instalment
 *   absorbs the difference; when that would leave it at £0.00 or less the plan is cleared;
 * - the balance due date moved: the last instalment moves with it; when an earlier instalment no
 *   longer falls before it the plan is cleared;
 * - the booking is cancelled, has no balance due date or nothing to split: the plan is cleared.
 *
 * Dates before today are not checked here: a plan already agreed stays as agreed. `note` says in
 * words what changed, for the booking's history.
 */
export function reconcileInstalments(
  plan: readonly Instalment[],
  now: { balance: string; balanceDue: string | null; cancelled?: boolean },
): Reconciled {
  const cleared = (why: string): Reconciled => ({ kind: 'cleared', note: `Instalments cleared: ${why}.` });
  if (now.cancelled) return cleared('the booking is cancelled');
  if (!now.balanceDue) return cleared('the booking has no balance due date');
  const balance = new Decimal(now.balance || 0);
  if (balance.lte(0)) return cleared('there is no balance left to split');
  const out = plan.map((p) => ({ ...p }));
  const last = out[out.length - 1];
  if (!last) return { kind: 'same', plan: out };
  const notes: string[] = [];
  const sum = plan.reduce((s, p) => s.plus(p.amount), new Decimal(0));
  if (!sum.eq(balance)) {
    const amount = new Decimal(last.amount).plus(balance.minus(sum));
    if (amount.lte(0))
      return cleared(
        `the balance of ${poundsText(money(balance))} no longer covers the earlier instalments (${poundsText(money(sum.minus(last.amount)))})`,
      );
    last.amount = money(amount);
    notes.push(
      `the last instalment is now ${poundsText(last.amount)} (balance ${poundsText(money(balance))})`,
    );
  }
  if (last.due !== now.balanceDue) {
    const before = out[out.length - 2];
    if (before && before.due >= now.balanceDue)
      return cleared(
        `the balance due date moved to ${ukDate(now.balanceDue)}, not after instalment ${out.length - 1} (${ukDate(before.due)})`,
      );
    last.due = now.balanceDue;
    notes.push(`the last instalment now falls due on ${ukDate(last.due)} (the balance due date)`);
  }
  if (!notes.length) return { kind: 'same', plan: out };
  return { kind: 'adjusted', plan: out, note: `Instalments adjusted: ${notes.join('; ')}.` };
}

/** A plan in words for the history: '£333.33 by 01/02/2027, £333.33 by 01/03/2027, …'; 'none'. */
export function instalmentsText(plan: readonly Instalment[]): string {
  return plan.length ? plan.map((p) => `${poundsText(p.amount)} by ${ukDate(p.due)}`).join(', ') : 'none';
}
