import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { booking_history, bookings } from './bookings';
import { money, timestamps } from './common';
import { email_outbox } from './documents';
import { email_templates } from './settings';

/**
 * Payment reminder rules (issue #26, Settings → Payment reminders): when a reminder goes for a stage
 * of a booking's payment schedule (src/shared/payment-reminders.ts): `before` `days` days before its
 * due date, `on` the day, `after` `days` days after it and then every `repeat_every_days` days, at
 * most `max_times` times. Each sends its own email template. `sort`: the order on screen, and which
 * rule wins when two fall on one day.
 */
export const payment_reminder_rules = pgTable(
  'payment_reminder_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    days: smallint('days').notNull().default(0),
    repeat_every_days: smallint('repeat_every_days'),
    max_times: smallint('max_times'),
    template_id: integer('template_id')
      .notNull()
      .references(() => email_templates.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('payment_reminder_rules_kind', sql`${t.kind} in ('before', 'on', 'after')`),
    check('payment_reminder_rules_days', sql`${t.days} between 0 and 365`),
  ],
);

/**
 * Every payment reminder sent (issue #26): one row per booking, rule, schedule stage (kind and due
 * date) and occurrence (1 for before/on; 1…max_times for a repeating after-rule). The UNIQUE key is
 * what sends each once: the row is inserted `on conflict do nothing` in the same transaction as the
 * email's outbox row and history entry, so two processes, or a re-run after a crash, find it taken.
 */
export const payment_reminders_sent = pgTable(
  'payment_reminders_sent',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    rule_id: integer('rule_id')
      .notNull()
      .references(() => payment_reminder_rules.id, { onDelete: 'restrict' }),
    stage_kind: text('stage_kind').notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    occurrence: smallint('occurrence').notNull().default(1),
    /** The London day of the run that sent it (the injectable clock's). */
    sent_on: date('sent_on', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    email_to: text('email_to').notNull(),
    history_id: integer('history_id').references(() => booking_history.id, { onDelete: 'set null' }),
    outbox_id: integer('outbox_id').references(() => email_outbox.id, { onDelete: 'set null' }),
    sent_by: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_reminders_sent_once').on(
      t.holiday_booking_id,
      t.rule_id,
      t.stage_kind,
      t.due_date,
      t.occurrence,
    ),
    index('payment_reminders_sent_on_idx').on(t.sent_on),
  ],
);
