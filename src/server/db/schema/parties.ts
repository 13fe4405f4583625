import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { money, percent, timestamps } from './common';
import { countries } from './reference';

/** Affiliates (spec 2 §3): partners with a unique code. */
export const affiliates = pgTable('affiliates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  email: text('email'),
  phone_number: text('phone_number'),
  address_line_1: text('address_line_1'),
  address_line_2: text('address_line_2'),
  town_city: text('town_city'),
  county: text('county'),
  postcode: text('postcode'),
  artwork_email: text('artwork_email'),
  is_active: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/**
 * Customers (spec 2 §3). full_name and search_text are generated: search_text holds name and
 * postcode (with and without its space) in lower case for the trigram type-ahead.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    title: text('title'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    full_name: text('full_name').generatedAlwaysAs(sql`first_name || ' ' || last_name`),
    email: text('email'),
    phone_number: text('phone_number'),
    mobile_number: text('mobile_number'),
    street_address: text('street_address'),
    address_line_2: text('address_line_2'),
    address_line_3: text('address_line_3'),
    address_line_4: text('address_line_4'),
    town: text('town'),
    county: text('county'),
    postcode: text('postcode'),
    country_id: integer('country_id')
      .notNull()
      .default(220)
      .references(() => countries.id),
    affiliate_id: integer('affiliate_id').references(() => affiliates.id, { onDelete: 'set null' }),
    opt_out_email: boolean('opt_out_email').notNull().default(false),
    opt_out_mailing: boolean('opt_out_mailing').notNull().default(false),
    is_blacklisted: boolean('is_blacklisted').notNull().default(false),
    search_text: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || coalesce(postcode, '') || ' ' || replace(coalesce(postcode, ''), ' ', ''))`,
    ),
    /**
     * The customer's bookings (bookings.customer_id) and the newest one's created_at, kept exact by
     * statement-level triggers on bookings (migration 0028): a name search counts and pages its
     * matches from these (areas/bookings/queries.ts), never written by the application.
     */
    booking_count: integer('booking_count').notNull().default(0),
    last_booked_at: timestamp('last_booked_at', { withTimezone: true, mode: 'string' }),
    /** When the personal fields were erased (UK GDPR art. 17; areas/gdpr): the record stays, anonymised. */
    erased_at: timestamp('erased_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('customers_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('customers_last_name_idx').on(t.last_name, t.first_name),
    index('customers_postcode_idx').on(t.postcode),
    index('customers_email_idx').on(t.email),
    index('customers_created_idx').on(t.created_at),
    // The global search (issue #14): surname and email prefixes, any case.
    index('customers_last_name_lower_idx').using('btree', sql`lower(${t.last_name}) text_pattern_ops`),
    index('customers_email_lower_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    // The retention run (areas/gdpr/retention.ts) walks only customers not yet erased who have bookings.
    index('customers_retention_idx').on(t.id).where(sql`erased_at is null and booking_count > 0`),
  ],
);

/** Travel agents (spec 2 §3): abta is the ABTA number; commission in percent; credit_limit in pounds. */
export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    abta: text('abta'),
    email: text('email'),
    phone_number: text('phone_number'),
    address_line_1: text('address_line_1'),
    address_line_2: text('address_line_2'),
    town_city: text('town_city'),
    county: text('county'),
    postcode: text('postcode'),
    commission: percent('commission').notNull().default('0'),
    credit_limit: money('credit_limit').notNull().default('0'),
    password_hash: text('password_hash'),
    is_password_generated: boolean('is_password_generated').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('agents_name_idx').on(t.name), index('agents_abta_idx').on(t.abta)],
);

/**
 * The travel agent's side (issue #25): sessions of an agency's sign-in, as staff's user_tokens —
 * only the token's SHA-256 stored, an end (TOKEN_TTL_HOURS) and an idle end (SESSION_IDLE_MINUTES
 * from last_used_at). Deleted on sign-out and when the agency's password is set again.
 */
export const agent_sessions = pgTable(
  'agent_sessions',
  {
    id: serial('id').primaryKey(),
    agent_id: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('agent_sessions_agent_idx').on(t.agent_id)],
);

/** Customer records imported from the earlier system; bookings point at them through old_customer_id. */
export const old_customers = pgTable('old_customers', {
  id: integer('id').primaryKey(),
  title: text('title'),
  first_name: text('first_name'),
  last_name: text('last_name'),
  email: text('email'),
  postcode: text('postcode'),
  ...timestamps,
});

/** Agent records imported from the earlier system. */
export const old_agents = pgTable('old_agents', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  abta: text('abta'),
  ...timestamps,
});

/** Affiliate records imported from the earlier system. */
export const old_affiliates = pgTable('old_affiliates', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code'),
  ...timestamps,
});

/** Tour managers (spec 2 §3) with their bank details; invoices come with the money issue. */
export const tour_managers = pgTable('tour_managers', {
  id: serial('id').primaryKey(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  email: text('email').notNull(),
  mobile_number: text('mobile_number').notNull(),
  telephone_number: text('telephone_number').notNull(),
  address: text('address'),
  iban_number: text('iban_number'),
  bic_swift_number: text('bic_swift_number'),
  account_number: text('account_number'),
  sort_code: text('sort_code'),
  bank_name: text('bank_name'),
  ...timestamps,
});
