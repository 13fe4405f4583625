import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bookings } from './bookings';
import { customers } from './parties';

/**
 * The customer's side (issue #23). Every token is random (256 bits) and only its SHA-256 is kept.
 * A link or session stands for one booking AND the address it was sent to: it stops working when the
 * booking's customer or that customer's email changes (checked on every request, so no code path
 * that changes them can forget to revoke), 30 days after the booking's return date, or when revoked.
 */

/** The personal links in emails ('Manage your booking', 'Accept your booking'). */
export const portal_links = pgTable(
  'portal_links',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    /** The address (lower case) the link was emailed to: the booking's recipient then. */
    email: text('email').notNull(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'string' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('portal_links_booking_idx').on(t.holiday_booking_id)],
);

/** A signed-in customer: from a link or a code; the bearer token of the portal realm. */
export const portal_sessions = pgTable(
  'portal_sessions',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    /** 'link' or 'code'. */
    via: text('via').notNull(),
    email: text('email').notNull(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('portal_sessions_booking_idx').on(t.holiday_booking_id)],
);

/** Six-digit sign-in codes: single use, 10 minutes, 5 tries; the SHA-256 of booking id + code kept. */
export const portal_codes = pgTable(
  'portal_codes',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    email: text('email').notNull(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('portal_codes_booking_idx').on(t.holiday_booking_id, t.created_at)],
);

/** Attempts counted for throttling across processes: `scope` 'code-ip', 'code-booking', 'sign-in-ip', 'link-ip'. */
export const portal_attempts = pgTable(
  'portal_attempts',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    attempted_at: timestamp('attempted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('portal_attempts_key_idx').on(t.scope, t.key, t.attempted_at)],
);

/**
 * What customers send or do on their side for staff to see (issue #23): 'message' (a special
 * request, a question) and 'update' (passenger details completed, changes accepted, a card payment
 * started). Unread until a member of staff marks it read.
 */
export const customer_messages = pgTable(
  'customer_messages',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    read_at: timestamp('read_at', { withTimezone: true, mode: 'string' }),
    read_by: integer('read_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_messages_booking_idx').on(t.holiday_booking_id, t.created_at),
    index('customer_messages_unread_idx').on(t.created_at).where(sql`read_at is null`),
  ],
);
