import Decimal from 'decimal.js';
import { addDays } from './dates';

/**
 * Payment reminders (issue #26): which reminder rule, if any, a stage of a booking's payment
 * schedule (src/shared/payment-schedule.ts — deposit, instalments, balance or full amount) calls for
 * on a given day. Pure: the daily run, the Dashboard's preview and the tests all ask this one
 * function. Dates are `YYYY-MM-DD` London days.
 *
 * A rule falls due on its *occurrences*:
 * - `before`: once, `days` days before the stage's due date;
 * - `on`: once, on the due date (`days` is ignored, 0);
 * - `after`: `days` days after the due date, then every `repeat_every_days` days while the stage is
 *   still owed, `max_times` times at most (no repeat: once).
 *
 * On a day, the stage's reminder is its latest occurrence on or before that day, if that occurrence
 * has not been sent and is at most REMINDER_CATCH_UP_DAYS old: a run that was missed (the server
 * was down at 07:00) is made up the next days with the one reminder that now applies, never with
 * the string of those it missed; a stage first seen late (a booking made 10 days before it is due)
 * is not sent the '14 days before' reminder it never had a day for.
 */

export const REMINDER_KINDS = ['before', 'on', 'after'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** How many days late a missed reminder may still go (see above). */
export const REMINDER_CATCH_UP_DAYS = 3;

/** A reminder rule as the rule reads it (payment_reminder_rules). */
export interface ReminderRule {
  id: number;
  kind: ReminderKind;
  /** before: days before the due date; after: days after it to the first reminder; on: 0. */
  days: number;
  /** after: days between repeats (null or 0: no repeat). */
  repeat_every_days: number | null;
  /** after: how many reminders at most (null: 1). */
  max_times: number | null;
  active: boolean;
}

/** One day a rule falls due for a stage: the rule, which time (1, 2, … for repeats) and the day. */
export interface ReminderOccurrence {
  rule_id: number;
  occurrence: number;
  date: string;
}

/** A reminder already sent for the stage (payment_reminders_sent): its rule and occurrence. */
export interface SentReminder {
  rule_id: number;
  occurrence: number;
}

/** How many times an `after` rule may send (1 for the other kinds, and for no repeat). */
export function timesOf(rule: Pick<ReminderRule, 'kind' | 'repeat_every_days' | 'max_times'>): number {
  if (rule.kind !== 'after' || !rule.repeat_every_days) return 1;
  return Math.max(1, rule.max_times ?? 1);
}

/** Every day `rule` falls due for a stage due on `due`, in date order. */
export function reminderOccurrences(rule: ReminderRule, due: string): ReminderOccurrence[] {
  if (rule.kind === 'before') return [{ rule_id: rule.id, occurrence: 1, date: addDays(due, -rule.days) }];
  if (rule.kind === 'on') return [{ rule_id: rule.id, occurrence: 1, date: due }];
  const every = rule.repeat_every_days ?? 0;
  return Array.from({ length: timesOf(rule) }, (_, i) => ({
    rule_id: rule.id,
    occurrence: i + 1,
    date: addDays(due, rule.days + i * every),
  }));
}

/**
 * The reminder stage `stage` calls for on `today` (see the module's comment), or null: none when
 * the stage has no due date or nothing outstanding, no active rule has fallen due, the latest
 * occurrence was sent already or is older than `catchUpDays`. Two rules falling on one day: the one
 * listed first in `rules` (their sort order) wins.
 */
export function dueReminder(input: {
  rules: readonly ReminderRule[];
  stage: { due: string | null; outstanding: string };
  today: string;
  sent: readonly SentReminder[];
  catchUpDays?: number;
}): ReminderOccurrence | null {
  const { stage, today } = input;
  if (!stage.due || new Decimal(stage.outstanding || 0).lte(0)) return null;
  let latest: ReminderOccurrence | null = null;
  for (const rule of input.rules) {
    if (!rule.active) continue;
    for (const o of reminderOccurrences(rule, stage.due)) {
      if (o.date <= today && (!latest || o.date > latest.date)) latest = o;
    }
  }
  if (!latest) return null;
  if (latest.date < addDays(today, -(input.catchUpDays ?? REMINDER_CATCH_UP_DAYS))) return null;
  const l = latest;
  if (input.sent.some((s) => s.rule_id === l.rule_id && s.occurrence === l.occurrence)) return null;
  return latest;
}

/**
 * The widest window of due dates any active rule can fall on from `today`: a stage due after
 * `until` or before `from` calls for nothing today (the run's scan reads only bookings in it).
 */
export function reminderWindow(
  rules: readonly ReminderRule[],
  today: string,
  catchUpDays = REMINDER_CATCH_UP_DAYS,
): { from: string; until: string } {
  let ahead = 0;
  let behind = 0;
  for (const r of rules) {
    if (!r.active) continue;
    if (r.kind === 'before') ahead = Math.max(ahead, r.days);
    if (r.kind === 'after') behind = Math.max(behind, r.days + (timesOf(r) - 1) * (r.repeat_every_days ?? 0));
  }
  return { from: addDays(today, -(behind + catchUpDays)), until: addDays(today, ahead) };
}

/** A rule in words: '14 days before', 'On the day', '7 days after, then every 7 days, 4 times at most'. */
export function ruleText(
  rule: Pick<ReminderRule, 'kind' | 'days' | 'repeat_every_days' | 'max_times'>,
): string {
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  if (rule.kind === 'on') return 'On the day';
  if (rule.kind === 'before') return `${days(rule.days)} before`;
  const first = `${days(rule.days)} after`;
  const times = timesOf(rule);
  return times > 1
    ? `${first}, then every ${days(rule.repeat_every_days ?? 0)}, ${times} times at most`
    : first;
}
