import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './common';
import { affiliates, agents, customers } from './parties';

/** Service types used on group supplier payments (spec 3 §3 ServiceType). */
export const service_types = pgTable('service_types', {
  id: serial('id').primaryKey(),
  service_name: text('service_name').notNull(),
  service_code: text('service_code'),
  ...timestamps,
});

/** Sizes of affiliate advertisements (spec 3 §3 AdvertiseSize). */
export const advertise_sizes = pgTable('advertise_sizes', {
  id: serial('id').primaryKey(),
  size_name: text('size_name').notNull(),
  ...timestamps,
});

/**
 * Cancellation policies (spec 3 §3): a penalty charged when a booking is cancelled between
 * days_before_start and days_before_end days before departure. penalty_type 1 = percentage of the
 * booking (capped at 100), otherwise an amount in pounds. tour_type is 'air' or 'coach'.
 */
export const cancellation_policies = pgTable(
  'cancellation_policies',
  {
    id: serial('id').primaryKey(),
    days_before_start: integer('days_before_start').notNull(),
    days_before_end: integer('days_before_end').notNull(),
    penalty_type: smallint('penalty_type').notNull().default(0),
    penalty_charge: numeric('penalty_charge', { precision: 12, scale: 2 }).notNull(),
    tour_type: text('tour_type').notNull(),
    ...timestamps,
  },
  (t) => [
    check('cancellation_days_order', sql`${t.days_before_end} < ${t.days_before_start}`),
    check('cancellation_percent_cap', sql`${t.penalty_type} <> 1 or ${t.penalty_charge} <= 100`),
  ],
);

/** Currency exchange rates valid over a date range (spec 2 §3), shown as '1 X = rate Sterling'. */
export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    short_name: text('short_name').notNull(),
    symbol: text('symbol'),
    exchange_rate: numeric('exchange_rate', { precision: 14, scale: 6 }).notNull(),
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [check('currency_rate_positive', sql`${t.exchange_rate} > 0`)],
);

/** Monthly account numbers (spec 2 §2): one row per year and month (1–12). */
export const monthly_accounts = pgTable(
  'monthly_accounts',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    month: smallint('month').notNull(),
    account_number: text('account_number'),
    ...timestamps,
  },
  (t) => [unique('monthly_accounts_year_month_uq').on(t.year, t.month)],
);

/** Rich-text blocks kept by type, e.g. 'brochure_cover_letter_content' (spec 3 §3 Cover letter). */
export const site_contents = pgTable('site_contents', {
  id: serial('id').primaryKey(),
  type: text('type').notNull().unique(),
  content: text('content').notNull().default(''),
  ...timestamps,
});

/**
 * Email templates (spec 3 §3): type 1 Admin Email, 2 System generated; status 1 active, 0 inactive.
 * body_content is sanitised HTML with {variable} placeholders; selected_doc_types lists the
 * document codes attached when the template is sent.
 */
export const email_templates = pgTable('email_templates', {
  id: serial('id').primaryKey(),
  template_name: text('template_name').notNull(),
  template_type: smallint('template_type').notNull().default(1),
  template_subject: text('template_subject').notNull(),
  template_slug: text('template_slug').notNull().unique(),
  template_status: smallint('template_status').notNull().default(1),
  template_body_content: text('template_body_content').notNull().default(''),
  selected_doc_types: text('selected_doc_types').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

/** Brochures customers may request (spec 2 §3 Brochure). */
export const brochures = pgTable('brochures', {
  id: serial('id').primaryKey(),
  brochure_name: text('brochure_name').notNull(),
  is_active: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/**
 * Brochure requests (spec 2 §3): from a customer, or from a requester not yet a customer (the
 * requester_* fields, e.g. from the website). sent is ticked once the letters are processed.
 */
export const brochure_requests = pgTable(
  'brochure_requests',
  {
    id: serial('id').primaryKey(),
    brochure_id: integer('brochure_id')
      .notNull()
      .references(() => brochures.id, { onDelete: 'restrict' }),
    qty: integer('qty').notNull().default(1),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    affiliate_id: integer('affiliate_id').references(() => affiliates.id, { onDelete: 'set null' }),
    requester_first_name: text('requester_first_name'),
    requester_last_name: text('requester_last_name'),
    requester_email: text('requester_email'),
    requester_street_address: text('requester_street_address'),
    requester_address_line_2: text('requester_address_line_2'),
    requester_town: text('requester_town'),
    requester_county: text('requester_county'),
    requester_postcode: text('requester_postcode'),
    batch_id: text('batch_id'),
    sent: boolean('sent').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('brochure_requests_customer_idx').on(t.customer_id),
    index('brochure_requests_created_idx').on(t.created_at),
    // A person's requests by address (GDPR subject access and erasure, areas/gdpr).
    index('brochure_requests_email_lower_idx').using('btree', sql`lower(trim(${t.requester_email}))`),
  ],
);

/** Notes staff add on a customer (spec 2 §3 notes: note_date, note_time, note, admin name). */
export const customer_notes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('customer_notes_customer_idx').on(t.customer_id, t.created_at)],
);

/** Single-use, expiring agent password-reset links; only the SHA-256 of the token is kept. */
export const agent_password_resets = pgTable(
  'agent_password_resets',
  {
    id: serial('id').primaryKey(),
    agent_id: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('agent_password_resets_agent_idx').on(t.agent_id)],
);
