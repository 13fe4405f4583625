import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { customers } from './parties';

/**
 * GDPR runs (issue #27, docs/gdpr.md): one row per erasure — a single customer's ('erasure', by a
 * member of staff) or a retention run's ('retention', by the daily schedule or 'Run retention now')
 * — with what it changed, counted. No personal data: the customer's id only (their record stays,
 * anonymised). `money_before`/`money_after` are the totals of the bookings touched (count, total
 * due, paid, balance, payments), equal by construction: a run whose totals differ is rolled back.
 */
export const gdpr_runs = pgTable(
  'gdpr_runs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['erasure', 'retention'] }).notNull(),
    /** The erased customer of a single erasure; null for a retention run. */
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Who ran it; null for the schedule. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    customers: integer('customers').notNull().default(0),
    bookings: integer('bookings').notNull().default(0),
    passengers: integer('passengers').notNull().default(0),
    /** Text fields (column values) changed, across every table. */
    fields: integer('fields').notNull().default(0),
    /** Stored files deleted. */
    files: integer('files').notNull().default(0),
    /** The money totals of the bookings touched, before and after (text, pounds). */
    money_before: text('money_before'),
    money_after: text('money_after'),
    error: text('error'),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('gdpr_runs_started_idx').on(t.started_at, t.id)],
);
