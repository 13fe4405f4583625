/**
 * Payment reminders (issue #26): each day, every stage of every booking's payment schedule (the ONE
 * rule, src/shared/payment-schedule.ts, loaded by lib/payment-schedules.ts) is asked which reminder
 * rule it calls for today (src/shared/payment-reminders.ts `dueReminder`), and each reminder is sent
 * through the outbox in its own transaction:
 *
 *   lock the booking → check it again (not cancelled, a balance owed, not paused, an address, the
 *   stage still owed and the same reminder still due) → INSERT the payment_reminders_sent row
 *   `on conflict do nothing` (UNIQUE booking, rule, stage kind, due date, occurrence) → the email
 *   (`writeBookingEmail`: the template, personal portal links, one history entry, the outbox row).
 *
 * A second process running the same day waits on the booking's lock, then finds the row taken; a
 * run that dies part-way has committed whole reminders only, and the next run sends the rest. So
 * every reminder goes once, whoever runs it and however often (tests/api/payment-reminders.test.ts).
 * 'Today' comes from the caller: the daily queue's and 'Send now' from the app's injectable clock.
 */

import { sql } from 'drizzle-orm';
import type { DueReminder } from '../../../shared/api/payment-reminders';
import { LONDON_TZ, londonToday, ukDate } from '../../../shared/dates';
import { poundsText } from '../../../shared/money-text';
import { dueReminder, reminderWindow } from '../../../shared/payment-reminders';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import type { JobRunner } from '../../jobs/queue';
import { recordAudit } from '../../lib/audit';
import { loadPaymentSchedules } from '../../lib/payment-schedules';
import { RECIPIENT } from '../../lib/recipient';
import type { EmailDeps } from '../bookings';
import { lockBooking, writeBookingEmail, writeHistory } from '../bookings';
import type { AreaDeps } from '../deps';
import {
  activeRules,
  type ReminderCandidate,
  type RunRule,
  reminderCandidateIds,
  reminderCandidates,
  sentReminders,
} from './queries';

/** Bookings read per scan statement. */
const BATCH = 500;

export const SKIP_PAUSED = 'Reminders paused';
export const SKIP_NO_ADDRESS = 'No email address';

/** One reminder planned for today. */
export type PlannedReminder = DueReminder & { to: 'customer' | 'agent' };

/**
 * What a run on `today` would send, booking by booking (id order), and what it leaves out with the
 * reason (paused, no address). Reads only; the Dashboard's preview and the run share it.
 */
export async function planReminders(db: Db, today: string, rules?: RunRule[]): Promise<PlannedReminder[]> {
  const active = rules ?? (await activeRules(db));
  if (!active.length) return [];
  const window = reminderWindow(active, today);
  const out: PlannedReminder[] = [];
  // The candidates' ids in one read of the indexes, then their details a batch at a time.
  const candidates = await reminderCandidateIds(db, window);
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = await reminderCandidates(db, candidates.slice(i, i + BATCH));
    const ids = batch.map((b) => b.id);
    const [schedules, sent] = [await loadPaymentSchedules(db, ids), await sentReminders(db, ids)];
    for (const b of batch) {
      for (const stage of schedules.get(b.id) ?? []) {
        const r = dueReminder({
          rules: active,
          stage,
          today,
          sent: sent.filter(
            (s) => s.holiday_booking_id === b.id && s.stage_kind === stage.kind && s.due_date === stage.due,
          ),
        });
        if (!r || !stage.due) continue;
        const rule = active.find((x) => x.id === r.rule_id) as RunRule;
        out.push({
          booking_id: b.id,
          reference: b.reference,
          party: b.party,
          rule_id: rule.id,
          rule_name: rule.name,
          stage_kind: stage.kind,
          stage_label: stage.label,
          amount: stage.outstanding,
          due_date: stage.due,
          occurrence: r.occurrence,
          email_to: b.email_to,
          to: b.to,
          skip_reason: skipReason(b),
        });
      }
    }
  }
  return out;
}

const skipReason = (b: Pick<ReminderCandidate, 'paused' | 'email_to'>) =>
  b.paused ? SKIP_PAUSED : !b.email_to ? SKIP_NO_ADDRESS : null;

/** What one send did. */
type SendOutcome = 'sent' | 'changed' | 'already';

/**
 * Sends planned reminder `p` in the caller's transaction (see the module's comment): 'sent', or
 * 'changed' when the booking no longer calls for it (paid, cancelled, paused, another reminder now
 * due), or 'already' when another run sent it first. `afterWrite` (tests) runs after the email is
 * written, before the commit.
 */
async function writeReminder(
  tx: Db,
  deps: EmailDeps,
  p: PlannedReminder,
  ctx: { rules: RunRule[]; today: string; userId: number | null; copies: string[] },
): Promise<SendOutcome> {
  await lockBooking(tx, p.booking_id);
  const [b] = await queryRows<{ owing: boolean; paused: boolean; email_to: string | null }>(
    tx,
    sql`select b.cancelled_at is null and b.balance > 0 as owing, b.reminders_paused as paused,
               ${RECIPIENT.email} as email_to
        from bookings b ${RECIPIENT.joins} where b.id = ${p.booking_id}`,
  );
  if (!b?.owing || skipReason(b)) return 'changed';
  const stage = (await loadPaymentSchedules(tx, [p.booking_id]))
    .get(p.booking_id)
    ?.find((s) => s.kind === p.stage_kind && s.due === p.due_date);
  if (!stage) return 'changed';
  const sent = (await sentReminders(tx, [p.booking_id])).filter(
    (s) => s.stage_kind === p.stage_kind && s.due_date === p.due_date,
  );
  const r = dueReminder({ rules: ctx.rules, stage, today: ctx.today, sent });
  if (!r || r.rule_id !== p.rule_id || r.occurrence !== p.occurrence) return 'changed';
  const [taken] = await queryRows<{ id: number }>(
    tx,
    sql`insert into payment_reminders_sent
          (holiday_booking_id, rule_id, stage_kind, due_date, occurrence, sent_on, amount, email_to, sent_by)
        values (${p.booking_id}, ${p.rule_id}, ${p.stage_kind}, ${p.due_date}, ${p.occurrence}, ${ctx.today},
                ${stage.outstanding}, ${b.email_to}, ${ctx.userId})
        on conflict do nothing returning id`,
  );
  if (!taken) return 'already';
  const rule = ctx.rules.find((x) => x.id === p.rule_id) as RunRule;
  const amount = poundsText(stage.outstanding);
  const email = await writeBookingEmail(
    tx,
    deps,
    p.booking_id,
    ctx.userId,
    {
      to: p.to,
      template: rule.template,
      documents: rule.template.selected_doc_types,
      kind: 'payment-reminder',
      values: { amount_due: amount, due_date: ukDate(p.due_date) },
      history: {
        action: 'Payment reminder sent',
        comment: (s) =>
          `${rule.name}: ${stage.label} ${amount} due ${ukDate(p.due_date)}; emailed to ${s.to}` +
          (s.attached.length ? ` with ${s.attached.join(', ')}` : ''),
      },
    },
    ctx.copies,
  );
  await tx.execute(
    sql`update payment_reminders_sent set history_id = ${email.historyId}, outbox_id = ${email.outboxId},
               email_to = ${email.to}
        where id = ${taken.id}`,
  );
  return 'sent';
}

/** The result of a run, shown by 'Send now' and logged by the daily queue. */
export interface ReminderRunResult {
  today: string;
  sent: number;
  /** Already sent by another run, or no longer due when its turn came. */
  not_needed: number;
  /** Left out: paused, no address. */
  skipped: number;
  /** 'HB900012: reason' of each reminder that could not be sent (its template refused, …). */
  failed: string[];
  /** The result in words, as 'Send now' shows it. */
  summary: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** 'Sent 12 reminders; 1 left out (paused or no email address); 1 could not be sent.' */
function runSummary(r: Omit<ReminderRunResult, 'summary'>): string {
  const parts = [`Sent ${plural(r.sent, 'reminder')}`];
  if (r.skipped) parts.push(`${r.skipped} left out (paused or no email address)`);
  if (r.not_needed) parts.push(`${r.not_needed} no longer needed or already sent`);
  if (r.failed.length) parts.push(`${r.failed.length} could not be sent: ${r.failed.join('; ')}`);
  return `${parts.join('; ')}.`;
}

export interface ReminderRunOptions {
  /** The London day the run is for (the clock's). */
  today: string;
  /** Who pressed 'Send now'; null for the daily run. */
  userId?: number | null;
  progress?: (done: number, total: number, message?: string) => Promise<void>;
  /** Tests: runs inside each reminder's transaction after its email is written (throw = a crash). */
  afterWrite?: (p: PlannedReminder) => void | Promise<void>;
}

/**
 * Sends today's reminders (see the module's comment), one transaction each, kicking the outbox
 * after every few commits. Safe to run twice, or in two processes at once. A reminder the email
 * machinery refuses (an HttpError: its template's text, no address) is listed in `failed`; any
 * other error stops the run (whatever was committed stays sent, once).
 */
export async function runPaymentReminders(
  db: Db,
  deps: EmailDeps,
  opts: ReminderRunOptions,
): Promise<ReminderRunResult> {
  const rules = await activeRules(db);
  const planned = await planReminders(db, opts.today, rules);
  const toSend = planned.filter((p) => !p.skip_reason);
  const result: ReminderRunResult = {
    today: opts.today,
    sent: 0,
    not_needed: 0,
    skipped: planned.length - toSend.length,
    failed: [],
    summary: '',
  };
  try {
    for (const [i, p] of toSend.entries()) {
      if (opts.progress && i % 10 === 0)
        await opts.progress(i, toSend.length, `Sending reminder ${i + 1} of ${toSend.length}`);
      const copies: string[] = [];
      try {
        const outcome = await inTransaction(db, async (tx) => {
          const o = await writeReminder(tx, deps, p, {
            rules,
            today: opts.today,
            userId: opts.userId ?? null,
            copies,
          });
          if (o === 'sent' && opts.afterWrite) await opts.afterWrite(p);
          return o;
        });
        if (outcome === 'sent') result.sent += 1;
        else result.not_needed += 1;
      } catch (e) {
        await Promise.all(copies.map((k) => deps.files.remove(k)));
        if (!(e instanceof HttpError)) throw e;
        result.failed.push(`${p.reference}: ${e.message}`);
      }
      if (i % 20 === 19) deps.outbox.kick();
    }
  } finally {
    deps.outbox.kick();
  }
  result.summary = runSummary(result);
  await opts.progress?.(toSend.length, toSend.length, result.summary);
  return result;
}

/** The daily queue's name and schedule: 07:00 London time, once across all processes. */
export const REMINDERS_QUEUE = 'payment-reminders';
export const REMINDERS_CRON = '0 7 * * *';
/** The background job 'Send now' starts. */
export const SEND_NOW_JOB = 'payment-reminders-send';

/**
 * Defines the daily run on the one job queue (buildApp) — today from the app's clock — and the
 * 'Send now' job, whose data carries the day it was pressed.
 */
export function definePaymentReminderRuns(deps: AreaDeps & { jobs: JobRunner }): void {
  deps.jobs.defineSystem(
    REMINDERS_QUEUE,
    async () => {
      await runPaymentReminders(deps.db, deps, { today: londonToday(deps.clock()) });
    },
    { cron: REMINDERS_CRON, tz: LONDON_TZ },
  );
  deps.jobs.define<{ today: string }>(SEND_NOW_JOB, (job) =>
    runPaymentReminders(deps.db, deps, {
      today: job.data.today,
      userId: job.userId,
      progress: (done, total, message) => job.progress(done, total, message),
    }),
  );
}

/**
 * Pauses or resumes booking `id`'s reminders (who, when), with a history entry and an audit row in
 * one transaction; nothing changes (and nothing is written) when it already is so. 404 for no booking.
 */
export async function setRemindersPaused(
  db: Db,
  id: number,
  paused: boolean,
  userId: number,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await lockBooking(tx, id);
    const [before] = await queryRows<{ reminders_paused: boolean }>(
      tx,
      sql`select reminders_paused from bookings where id = ${id}`,
    );
    if (!before) throw notFound('Booking not found.');
    if (before.reminders_paused === paused) return false;
    await tx.execute(
      sql`update bookings set reminders_paused = ${paused},
                 reminders_paused_by = ${paused ? userId : null},
                 reminders_paused_at = ${paused ? sql`now()` : null}, updated_at = now()
          where id = ${id}`,
    );
    await writeHistory(tx, {
      bookingId: id,
      userId,
      // 'Payment', not 'Booking': not a change to tell the customer about (mail/templates.ts CHANGE_TYPES).
      type: 'Payment',
      action: paused ? 'Payment reminders paused' : 'Payment reminders resumed',
    });
    await recordAudit(tx, {
      entity: 'booking',
      entityId: id,
      action: 'updated',
      before: { reminders_paused: before.reminders_paused },
      after: { reminders_paused: paused },
      userId,
    });
    return true;
  });
}
