import { z } from 'zod';
import { REMINDER_KINDS } from '../payment-reminders';
import { flagSchema, intSchema, optionalInt, requiredId, requiredText } from './common';
import { createdAnswer, endpoint, messageAnswer, moneyAnswer, okAnswer, timestampAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/** Labels of the rule kinds, as the settings screen offers them. */
export const REMINDER_KIND_LABELS: Record<(typeof REMINDER_KINDS)[number], string> = {
  before: 'Days before the due date',
  on: 'On the due date',
  after: 'Days after the due date (overdue)',
};

/**
 * A reminder rule as the form sends it (issue #26, src/shared/payment-reminders.ts). `days` counts
 * before or after the due date (0 for 'on'); an 'after' rule may repeat every `repeat_every_days`
 * days up to `max_times` times in all.
 */
export const reminderRuleInput = z
  .object({
    name: requiredText('Name', 100),
    kind: z.enum(REMINDER_KINDS, { error: 'Choose when the reminder goes.' }),
    days: intSchema('Days', { min: 0, max: 365 }),
    repeat_every_days: optionalInt('Repeat every', { min: 1, max: 365 }),
    max_times: optionalInt('At most', { min: 1, max: 52 }),
    template_id: requiredId('Choose the email template.'),
    active: flagSchema,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'before' && v.days < 1)
      ctx.addIssue({
        code: 'custom',
        path: ['days'],
        message: 'A reminder before the due date needs 1 day or more.',
      });
    if (v.kind !== 'after' && (v.repeat_every_days !== undefined || v.max_times !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['repeat_every_days'],
        message: 'Only a reminder after the due date repeats.',
      });
    if (v.kind === 'after' && v.repeat_every_days !== undefined && v.max_times === undefined)
      ctx.addIssue({ code: 'custom', path: ['max_times'], message: 'Say how many times at most.' });
  });
export type ReminderRuleInput = z.input<typeof reminderRuleInput>;

/** A rule as answered: its fields, its template's name and the rule in words. */
export const reminderRuleAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(REMINDER_KINDS),
  days: z.number().int(),
  repeat_every_days: z.number().int().nullable(),
  max_times: z.number().int().nullable(),
  template_id: z.number().int(),
  template_name: z.string(),
  active: z.boolean(),
  sort: z.number().int(),
  /** '14 days before', '7 days after, then every 7 days, 4 times at most'. */
  when: z.string(),
  /** Reminders this rule has sent (a rule that has sent any is made inactive, not deleted). */
  sent_count: z.number().int(),
});
export type ReminderRule = z.infer<typeof reminderRuleAnswer>;

/** One reminder a run would send today (or leaves out, with the reason). Money pounds; dates YYYY-MM-DD. */
export const dueReminderAnswer = z.object({
  booking_id: z.number().int(),
  reference: z.string(),
  /** The customer's name, else the agent's. */
  party: z.string().nullable(),
  rule_id: z.number().int(),
  rule_name: z.string(),
  /** The schedule stage: deposit, balance, full (and instalments), with its label. */
  stage_kind: z.string(),
  stage_label: z.string(),
  amount: moneyAnswer,
  due_date: z.string(),
  /** 1 for a one-off rule; 2, 3, … for an overdue rule's repeats. */
  occurrence: z.number().int(),
  /** The address it goes to; null when the booking has none. */
  email_to: z.string().nullable(),
  /** Why it will not be sent ('Reminders paused', 'No email address'); null when it will. */
  skip_reason: z.string().nullable(),
});
export type DueReminder = z.infer<typeof dueReminderAnswer>;

/** A reminder a booking was sent. */
export const sentReminderAnswer = z.object({
  id: z.number().int(),
  rule_name: z.string(),
  stage_kind: z.string(),
  due_date: z.string(),
  occurrence: z.number().int(),
  amount: moneyAnswer,
  email_to: z.string(),
  sent_on: z.string(),
  created_at: timestampAnswer,
});

/**
 * Payment reminders (issue #26): the rules (Settings → Payment reminders; writes role 1), today's
 * preview and 'Send now' (the Dashboard; role 1), and pausing a booking's reminders (any staff, from
 * the booking screen).
 */
export const paymentRemindersApi = {
  rulesTable: endpoint({
    method: 'GET',
    path: '/payment-reminders/rules/table',
    summary: 'Reminder rules in their order, DataTables protocol (All allowed).',
    query: dataTablesRequestSchema,
    answer: tableAnswer(reminderRuleAnswer),
  }),
  getRule: endpoint({
    method: 'GET',
    path: '/payment-reminders/rules/:id',
    summary: 'One reminder rule: data.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: reminderRuleAnswer }),
  }),
  createRule: endpoint({
    method: 'POST',
    path: '/payment-reminders/rules',
    summary: 'Create a reminder rule (placed last); answers data.id.',
    permission: 'paymentReminders.manage',
    body: reminderRuleInput,
    answer: createdAnswer,
  }),
  updateRule: endpoint({
    method: 'POST',
    path: '/payment-reminders/rules/:id',
    summary: 'Update a reminder rule.',
    permission: 'paymentReminders.manage',
    params: idParams,
    body: reminderRuleInput,
    answer: messageAnswer,
  }),
  deleteRule: endpoint({
    method: 'POST',
    path: '/payment-reminders/rules/:id/delete',
    summary: 'Delete a reminder rule (refused once it has sent reminders: make it inactive).',
    permission: 'paymentReminders.manage',
    params: idParams,
    answer: messageAnswer,
  }),
  due: endpoint({
    method: 'GET',
    path: '/payment-reminders/due',
    summary: "Today's reminders: what a run now would send, and what it leaves out and why (first 500).",
    answer: z.object({
      success: z.literal(true),
      today: z.string(),
      /** Reminders that would be sent. */
      count: z.number().int(),
      /** Left out (paused, no address). */
      skipped: z.number().int(),
      reminders: z.array(dueReminderAnswer),
    }),
  }),
  send: endpoint({
    method: 'POST',
    path: '/payment-reminders/send',
    summary: "Send today's reminders now (a background job; each reminder is sent once whoever runs it).",
    permission: 'paymentReminders.send',
    answer: okAnswer({ data: z.object({ job_id: z.number().int() }) }),
  }),
  booking: endpoint({
    method: 'GET',
    path: '/payment-reminders/bookings/:id',
    summary: "A booking's reminders: paused or not (by whom, when) and those sent.",
    params: idParams,
    answer: z.object({
      success: z.literal(true),
      paused: z.boolean(),
      paused_by: z.string().nullable(),
      paused_at: timestampAnswer.nullable(),
      sent: z.array(sentReminderAnswer),
    }),
  }),
  pause: endpoint({
    method: 'POST',
    path: '/payment-reminders/bookings/:id/pause',
    summary: "Pause (paused: yes) or resume (no) a booking's payment reminders; history and audit.",
    permission: 'paymentReminders.pause',
    params: idParams,
    body: z.object({ paused: flagSchema }),
    answer: messageAnswer,
  }),
};
