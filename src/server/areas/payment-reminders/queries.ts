import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ReminderRule,
  reminderRuleAnswer,
  reminderRuleInput,
} from '../../../shared/api/payment-reminders';
import { type ReminderRule as RuleOfPureFn, ruleText } from '../../../shared/payment-reminders';
import { type Db, queryRows } from '../../db/client';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { RECIPIENT } from '../../lib/recipient';

type RuleValues = z.output<typeof reminderRuleInput>;

const RULE_SELECT = sql`r.id, r.name, r.kind, r.days, r.repeat_every_days, r.max_times, r.template_id,
  t.template_name, r.active, r.sort,
  (select count(*)::int from payment_reminders_sent s where s.rule_id = r.id) as sent_count`;

const withWhen = <T extends Omit<ReminderRule, 'when'>>(r: T): T & { when: string } => ({
  ...r,
  when: ruleText(r),
});

/** The rules list (Settings → Payment reminders): in their order; quick search on name and template. */
export async function reminderRuleTable(db: Db, req: DataTablesRequest) {
  const table = await runSimpleTable<Omit<z.infer<typeof reminderRuleAnswer>, 'when'>>(db, req, {
    from: sql`payment_reminder_rules r join email_templates t on t.id = r.template_id`,
    select: RULE_SELECT,
    sortable: { sort: sql`r.sort`, name: sql`r.name`, days: sql`r.days` },
    defaultOrder: { column: 'sort', dir: 'asc' },
    defaultLength: 25,
    allowAll: true,
    tieBreaker: sql`r.id`,
    searchable: [sql`r.name`, sql`t.template_name`],
  });
  return { ...table, data: table.data.map(withWhen) };
}

/** One rule; 404 when there is none. */
export async function getReminderRule(db: Db, id: number): Promise<ReminderRule> {
  const [row] = await queryRows<Omit<ReminderRule, 'when'>>(
    db,
    sql`select ${RULE_SELECT} from payment_reminder_rules r join email_templates t on t.id = r.template_id
        where r.id = ${id}`,
  );
  if (!row) throw notFound('Reminder rule not found.');
  return withWhen(row);
}

/** The columns a rule stores from the form: no repeat for before/on, 'on' always 0 days. */
function columns(v: RuleValues) {
  const after = v.kind === 'after';
  return {
    name: v.name,
    kind: v.kind,
    days: v.kind === 'on' ? 0 : v.days,
    repeat_every_days: after ? (v.repeat_every_days ?? null) : null,
    max_times: after && v.repeat_every_days ? (v.max_times ?? null) : null,
    template_id: v.template_id,
    active: v.active,
  };
}

const TEMPLATE_GONE = 'This email template no longer exists.';

/** Creates a rule, placed last; audit 'payment_reminder_rule'. 422 when the template is gone. */
export async function createReminderRule(tx: Db, v: RuleValues, userId: number): Promise<number> {
  const c = columns(v);
  const [row] = await queryRows<Record<string, unknown> & { id: number }>(
    tx,
    sql`insert into payment_reminder_rules (name, kind, days, repeat_every_days, max_times, template_id, active, sort)
        select ${c.name}, ${c.kind}, ${c.days}, ${c.repeat_every_days}, ${c.max_times}, t.id, ${c.active},
               coalesce((select max(sort) from payment_reminder_rules), 0) + 1
        from email_templates t where t.id = ${c.template_id}
        returning id, name, kind, days, repeat_every_days, max_times, template_id, active, sort`,
  );
  if (!row) throw templateGone();
  await recordAudit(tx, {
    entity: 'payment_reminder_rule',
    entityId: row.id,
    action: 'created',
    after: row,
    userId,
  });
  return row.id;
}

const templateGone = () => validationError({ template_id: [TEMPLATE_GONE] }, TEMPLATE_GONE);

/** Updates a rule (row locked), with its audit diff. 404 for no rule, 422 when the template is gone. */
export async function updateReminderRule(tx: Db, id: number, v: RuleValues, userId: number): Promise<void> {
  const [before] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select name, kind, days, repeat_every_days, max_times, template_id, active, sort
        from payment_reminder_rules where id = ${id} for update`,
  );
  if (!before) throw notFound('Reminder rule not found.');
  const c = columns(v);
  const [after] = await queryRows<Record<string, unknown>>(
    tx,
    sql`update payment_reminder_rules set name = ${c.name}, kind = ${c.kind}, days = ${c.days},
               repeat_every_days = ${c.repeat_every_days}, max_times = ${c.max_times}, template_id = t.id,
               active = ${c.active}, updated_at = now()
        from email_templates t where t.id = ${c.template_id} and payment_reminder_rules.id = ${id}
        returning name, kind, days, repeat_every_days, max_times, template_id, active, sort`,
  );
  if (!after) throw templateGone();
  await recordAudit(tx, {
    entity: 'payment_reminder_rule',
    entityId: id,
    action: 'updated',
    before,
    after,
    userId,
  });
}

/** Deletes a rule that has sent nothing (409 otherwise: make it inactive), with its audit row. */
export async function deleteReminderRule(tx: Db, id: number, userId: number): Promise<void> {
  const [before] = await refuseIfInUse(
    () =>
      queryRows<Record<string, unknown> & { id: number }>(
        tx,
        sql`delete from payment_reminder_rules where id = ${id}
            returning id, name, kind, days, repeat_every_days, max_times, template_id, active, sort`,
      ),
    'This rule has sent reminders, so it stays on record: make it inactive instead.',
  );
  if (!before) throw notFound('Reminder rule not found.');
  await recordAudit(tx, { entity: 'payment_reminder_rule', entityId: id, action: 'deleted', before, userId });
}

/** A rule as the run uses it: the pure rule's fields, its name and its template. */
export interface RunRule extends RuleOfPureFn {
  name: string;
  template: {
    id: number;
    template_slug: string;
    template_subject: string;
    template_body_content: string;
    selected_doc_types: string[];
  };
}

/** The active rules in their order (sort, id), each with its template. */
export async function activeRules(db: Db): Promise<RunRule[]> {
  const rows = await queryRows<Omit<RunRule, 'template'> & RunRule['template'] & { template_id: number }>(
    db,
    sql`select r.id, r.name, r.kind, r.days, r.repeat_every_days, r.max_times, r.active, r.template_id,
               t.template_slug, t.template_subject, t.template_body_content, t.selected_doc_types
        from payment_reminder_rules r join email_templates t on t.id = r.template_id
        where r.active order by r.sort, r.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    days: r.days,
    repeat_every_days: r.repeat_every_days,
    max_times: r.max_times,
    active: r.active,
    template: {
      id: r.template_id,
      template_slug: r.template_slug,
      template_subject: r.template_subject,
      template_body_content: r.template_body_content,
      selected_doc_types: r.selected_doc_types,
    },
  }));
}

/** A booking the run looks at: who the reminder goes to and whether it may go. */
export interface ReminderCandidate {
  id: number;
  reference: string;
  party: string | null;
  /** The customer's address, else the agent's (lib/recipient.ts); null: none. */
  email_to: string | null;
  to: 'customer' | 'agent';
  paused: boolean;
}

/**
 * The ids (ascending) of the bookings that may owe a reminder today: not cancelled, a balance still owed (so never a paid or in-credit booking), and a schedule whose stages fall due
 * within [from, until]: a deposit, an instalment or the balance due inside the window (the partial
 * indexes of open balances and open deposits, and the instalments' due dates: the cost follows the
 * window, not the ten million bookings). Paused bookings and bookings with
 * no address come too, so the preview can say why they are left out.
 */
export async function reminderCandidateIds(db: Db, w: { from: string; until: string }): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from bookings where balance > 0 and cancelled_at is null
          and balance_due between ${w.from} and ${w.until}
        union
        select id from bookings where balance > 0 and cancelled_at is null
          and deposit_due between ${w.from} and ${w.until}
        union
        select holiday_booking_id from booking_instalments where due_date between ${w.from} and ${w.until}
        order by 1`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The candidates among `ids` (a batch of `reminderCandidateIds`) as the run reads them, id order:
 * still not cancelled and owing (re-read: the ids were collected before), with who they go to.
 */
export function reminderCandidates(db: Db, ids: readonly number[]): Promise<ReminderCandidate[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryRows<ReminderCandidate>(
    db,
    sql`select b.id, coalesce(b.booking_ref, b.old_booking_id::text, b.id::text) as reference,
               coalesce(c.full_name, a.name) as party, ${RECIPIENT.email} as email_to,
               case when nullif(trim(c.email), '') is not null then 'customer' else 'agent' end as "to",
               b.reminders_paused as paused
        from bookings b ${RECIPIENT.joins}
        where b.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
          and b.cancelled_at is null and b.balance > 0 and b.balance_due is not null
        order by b.id`,
  );
}

/** A reminder sent, as the rule reads it, keyed by its stage. */
export interface SentRow {
  holiday_booking_id: number;
  rule_id: number;
  stage_kind: string;
  due_date: string;
  occurrence: number;
}

/** The reminders already sent to bookings `ids`. */
export function sentReminders(db: Db, ids: readonly number[]): Promise<SentRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryRows<SentRow>(
    db,
    sql`select holiday_booking_id, rule_id, stage_kind, due_date::text as due_date, occurrence
        from payment_reminders_sent
        where holiday_booking_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

/** A booking's pause flag (who, when) and the reminders it was sent, newest first. */
export async function bookingReminders(db: Db, id: number) {
  const [b] = await queryRows<{ paused: boolean; paused_by: string | null; paused_at: string | null }>(
    db,
    sql`select b.reminders_paused as paused, u.name as paused_by, b.reminders_paused_at as paused_at
        from bookings b left join users u on u.id = b.reminders_paused_by where b.id = ${id}`,
  );
  if (!b) throw notFound('Booking not found.');
  const sent = await queryRows<{
    id: number;
    rule_name: string;
    stage_kind: string;
    due_date: string;
    occurrence: number;
    amount: string;
    email_to: string;
    sent_on: string;
    created_at: string;
  }>(
    db,
    sql`select s.id, r.name as rule_name, s.stage_kind, s.due_date::text as due_date, s.occurrence,
               s.amount::text as amount, s.email_to, s.sent_on::text as sent_on, s.created_at
        from payment_reminders_sent s join payment_reminder_rules r on r.id = s.rule_id
        where s.holiday_booking_id = ${id} order by s.id desc limit 200`,
  );
  return { ...b, sent };
}
