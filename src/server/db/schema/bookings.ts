import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS } from '../../../shared/api/booking-edit';
import { users } from './auth';
import { tour_instances, tour_rooms, tours } from './catalogue';
import { money, percent, timestamps } from './common';
import { discounts, extras } from './extras-discounts';
import { affiliates, agents, customers, old_affiliates, old_agents, old_customers } from './parties';
import { bonding_types } from './reference';

/**
 * Bookings (spec 1 §3). created_at is the booking date; departure_date is the earliest departure
 * among the tour lines; total_due, paid and balance are stored in pounds and recomputed in the same
 * transaction as every change. version increments on each save (stale saves answer 409).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    booking_ref: text('booking_ref').unique(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    affiliate_id: integer('affiliate_id').references(() => affiliates.id, { onDelete: 'restrict' }),
    old_customer_id: integer('old_customer_id').references(() => old_customers.id),
    old_agent_id: integer('old_agent_id').references(() => old_agents.id),
    old_affiliate_id: integer('old_affiliate_id').references(() => old_affiliates.id),
    old_booking_id: integer('old_booking_id'),
    agent_confirmed: boolean('agent_confirmed').notNull().default(false),
    status: text('status').notNull().default('Pending'),
    /**
     * Whether the rooms this booking holds count as Confirmed (room_availability.
     * confirmed_locked_availability; status Confirmed or Paid) rather than Unconfirmed
     * (locked_availability; Pending). Kept by ledger.ts recomputeBooking; false once cancelled.
     */
    rooms_confirmed: boolean('rooms_confirmed').notNull().default(false),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true, mode: 'string' }),
    /** Null: never set (the total due counts, spec 1 §4); 0.00 entered at cancellation: waived. */
    cancellation_charge: money('cancellation_charge'),
    /**
     * When a cancelled booking's refund due last came down to 0.00 (issue #27, PTR 2018 reg. 14 refund
     * clock, shared/refund-clock.ts): set by ledger.ts recomputeBooking in the change that settled it
     * (the refund recorded), cleared when money is owed back again or the booking is not cancelled.
     */
    refund_settled_at: timestamp('refund_settled_at', { withTimezone: true, mode: 'string' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_from: text('created_from').notNull().default('admin'),
    created_by_agent_name: text('created_by_agent_name'),
    bonding_type: integer('bonding_type').references(() => bonding_types.id),
    special_request: text('special_request'),
    total_due: money('total_due').notNull().default('0'),
    paid: money('paid').notNull().default('0'),
    balance: money('balance').notNull().default('0'),
    balance_due: date('balance_due', { mode: 'string' }),
    deposit_due: date('deposit_due', { mode: 'string' }),
    agent_comission_percent: percent('agent_comission_percent'),
    booking_vat_percent: percent('booking_vat_percent').notNull().default('20'),
    non_commissionable_extras: money('non_commissionable_extras').notNull().default('0'),
    airline_reference_email: text('airline_reference_email'),
    allowed_domain: text('allowed_domain'),
    departure_date: date('departure_date', { mode: 'string' }),
    changes_accepted: smallint('changes_accepted').notNull().default(0),
    changes_accepted_at: timestamp('changes_accepted_at', { withTimezone: true, mode: 'string' }),
    changes_accepted_from: text('changes_accepted_from'),
    changes_reviewed: smallint('changes_reviewed').notNull().default(0),
    /**
     * Passenger or passport details are missing (areas/bookings/work-lists.ts detailsMissingNow):
     * kept by triggers on passengers, tour lines and tours (migration 0030); a new booking starts
     * true (lines, no passengers yet: create-booking.ts), which its lines' trigger then confirms.
     */
    details_missing: boolean('details_missing').notNull().default(false),
    changes_reviewed_at: timestamp('changes_reviewed_at', { withTimezone: true, mode: 'string' }),
    /**
     * Payment reminders (issue #26) are not sent to this booking while true; who paused them and
     * when (the booking screen's switch, with history and audit).
     */
    reminders_paused: boolean('reminders_paused').notNull().default(false),
    reminders_paused_by: integer('reminders_paused_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    reminders_paused_at: timestamp('reminders_paused_at', { withTimezone: true, mode: 'string' }),
    old_tour_booking: jsonb('old_tour_booking'),
    old_lead_passenger: text('old_lead_passenger'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    // Plain ascending: a backward scan serves the default 'booking date desc, id desc' order.
    index('bookings_created_idx').on(t.created_at, t.id),
    // Each filter index carries (created_at, id) so the list's page of ids comes from the index alone.
    index('bookings_departure_idx').on(t.departure_date, t.created_at, t.id),
    index('bookings_ref_pattern_idx').using('btree', sql`${t.booking_ref} text_pattern_ops`),
    index('bookings_old_booking_idx').on(t.old_booking_id),
    index('bookings_customer_idx').on(t.customer_id, t.created_at, t.id),
    // A customer's last departure (areas/gdpr/retention.ts): the departure, or the booking date for a
    // booking without one, per customer — max() is one index probe.
    index('bookings_customer_last_departure_idx')
      .using(
        'btree',
        t.customer_id,
        sql`coalesce(${t.departure_date}, (timezone('UTC', ${t.created_at}))::date)`,
      )
      .where(sql`customer_id is not null`),
    index('bookings_agent_idx').on(t.agent_id, t.created_at, t.id),
    index('bookings_affiliate_idx').on(t.affiliate_id, t.created_at, t.id),
    index('bookings_old_customer_idx').on(t.old_customer_id),
    index('bookings_old_agent_idx').on(t.old_agent_id),
    index('bookings_old_affiliate_idx').on(t.old_affiliate_id),
    // The dashboard's work lists (issue #14, areas/bookings/work-lists.ts: the same predicates).
    index('bookings_balance_open_idx')
      .on(t.balance_due, t.created_at, t.id, t.balance)
      .where(sql`balance > 0 and cancelled_at is null`),
    // A bank line's suggestions (issue #26): the bookings whose balance equals its amount.
    index('bookings_open_balance_idx').on(t.balance).where(sql`balance > 0 and cancelled_at is null`),
    // The payment reminders' candidates (issue #26): open deposits due within the run's window.
    index('bookings_deposit_open_idx').on(t.deposit_due).where(sql`balance > 0 and cancelled_at is null`),
    index('bookings_changes_pending_idx')
      .on(t.departure_date, t.created_at, t.id)
      .where(sql`changes_accepted = 0 and cancelled_at is null`),
    // Live bookings by departure: the missing-details check walks the next 14 days from it alone.
    index('bookings_live_departure_idx')
      .on(t.departure_date, t.created_at, t.id)
      .where(sql`cancelled_at is null`),
    // The dashboard's refunds due (issue #27): cancelled bookings owing money back (balance < 0).
    index('bookings_refund_due_idx')
      .on(t.cancelled_at, t.id)
      .where(sql`cancelled_at is not null and balance < 0`),
    // The refunds report (issue #27): cancelled bookings that owe or owed money back, by cancellation.
    index('bookings_refunds_idx')
      .on(t.cancelled_at, t.id)
      .where(sql`cancelled_at is not null and (balance < 0 or refund_settled_at is not null)`),
    // The Dashboard's new bookings from agents (issue #25; work-lists.ts agentBookingToReview).
    index('bookings_agent_pending_idx')
      .on(t.created_at, t.id)
      .where(
        sql`created_from = 'agent' and status = 'Pending' and changes_reviewed = 0 and cancelled_at is null`,
      ),
    // The bookings list's 'From agent' filter (issue #25; work-lists.ts madeByAgent).
    index('bookings_from_agent_idx').on(t.created_at, t.id).where(sql`created_from = 'agent'`),
    // The missing-details work list by departure (migration 0030).
    index('bookings_details_missing_idx')
      .on(t.departure_date, t.created_at, t.id)
      .where(sql`details_missing and cancelled_at is null`),
  ],
);

/** Tour lines of a booking (spec 1 §3 Tour booking). Prices in pounds per guest. */
export const tour_bookings = pgTable(
  'tour_bookings',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tour_id: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'restrict' }),
    tour_instance_id: integer('tour_instance_id')
      .notNull()
      .references(() => tour_instances.id, { onDelete: 'restrict' }),
    tour_room_id: integer('tour_room_id').references(() => tour_rooms.id, { onDelete: 'restrict' }),
    rooms: smallint('rooms').notNull().default(1),
    guests: smallint('guests').notNull().default(1),
    price: money('price').notNull().default('0'),
    sale_price: money('sale_price'),
    base_price: money('base_price'),
    supplement_price: money('supplement_price'),
    adjusted_price: money('adjusted_price'),
    cost: money('cost'),
    airline_ref: text('airline_ref'),
    airline_ref_added_at: timestamp('airline_ref_added_at', { withTimezone: true, mode: 'string' }),
    airline_flight_cost: money('airline_flight_cost'),
    special_requests: text('special_requests'),
    check_in_date: date('check_in_date', { mode: 'string' }),
    check_out_date: date('check_out_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('tour_bookings_booking_idx').on(t.holiday_booking_id),
    // Covers a booking's guests and tours (the dashboard's missing-details check, issue #14).
    index('tour_bookings_booking_guests_idx').on(t.holiday_booking_id, t.guests, t.tour_id),
    // With the booking: the Dashboard counts a window's departures from this index alone (0032).
    index('tour_bookings_instance_idx').on(t.tour_instance_id, t.holiday_booking_id),
    index('tour_bookings_room_idx').on(t.tour_room_id),
    index('tour_bookings_airline_ref_idx').using('btree', sql`upper(${t.airline_ref}) text_pattern_ops`),
  ],
);

/** Airline costs of a tour line, each with an optional PDF invoice. */
export const tour_booking_airline_costs = pgTable(
  'tour_booking_airline_costs',
  {
    id: serial('id').primaryKey(),
    tour_booking_id: integer('tour_booking_id')
      .notNull()
      .references(() => tour_bookings.id, { onDelete: 'cascade' }),
    airline_ref: text('airline_ref'),
    flight_cost: money('flight_cost').notNull().default('0'),
    booked_date: date('booked_date', { mode: 'string' }),
    airline_invoice_name: text('airline_invoice_name'),
    airline_invoice_path: text('airline_invoice_path'),
    ...timestamps,
  },
  (t) => [index('tour_booking_airline_costs_line_idx').on(t.tour_booking_id)],
);

/** Passengers of a booking (spec 1 §3). */
export const passengers = pgTable(
  'passengers',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    title: text('title'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender'),
    passport_no: text('passport_no'),
    passport_issue: date('passport_issue', { mode: 'string' }),
    passport_expiry: date('passport_expiry', { mode: 'string' }),
    passport_nationality: text('passport_nationality'),
    policy_number: text('policy_number'),
    insurance_company: text('insurance_company'),
    insurance_telephone_number: text('insurance_telephone_number'),
    ...timestamps,
  },
  (t) => [index('passengers_booking_idx').on(t.holiday_booking_id)],
);

/** Passengers allocated to a tour line. */
export const tour_booking_passengers = pgTable(
  'tour_booking_passengers',
  {
    tour_booking_id: integer('tour_booking_id')
      .notNull()
      .references(() => tour_bookings.id, { onDelete: 'cascade' }),
    passenger_id: integer('passenger_id')
      .notNull()
      .references(() => passengers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tour_booking_id, t.passenger_id] })],
);

/** Extras on a booking: a snapshot of the extra's price, its quantity and a note. */
export const booking_extras = pgTable(
  'booking_extras',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    extra_id: integer('extra_id')
      .notNull()
      .references(() => extras.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    price: money('price').notNull(),
    commissionable: boolean('commissionable').notNull().default(true),
    for_per_person: boolean('for_per_person').notNull().default(false),
    qty: smallint('qty').notNull().default(1),
    extra_note: text('extra_note'),
    ...timestamps,
  },
  (t) => [index('booking_extras_booking_idx').on(t.holiday_booking_id)],
);

/** Discounts applied to a booking; discount_content snapshots the discount as applied. */
export const booking_discounts = pgTable(
  'booking_discounts',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    discount_id: integer('discount_id').references(() => discounts.id, { onDelete: 'restrict' }),
    qty: smallint('qty').notNull().default(1),
    manual_discount_price: money('manual_discount_price'),
    discount_content: jsonb('discount_content'),
    ...timestamps,
  },
  (t) => [index('booking_discounts_booking_idx').on(t.holiday_booking_id)],
);

/**
 * A booking's balance split into instalments (issue #26; rules in src/shared/instalments.ts): `seq`
 * 1..n in due-date order, the last due on the booking's balance due date, the amounts adding up to
 * the balance part of the payment schedule. No rows: the balance is one stage. Rewritten whole by
 * the instalments service; kept true to the booking by recomputeBooking (ledger.ts).
 */
export const booking_instalments = pgTable(
  'booking_instalments',
  {
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.holiday_booking_id, t.seq] }),
    check('booking_instalments_amount_positive', sql`${t.amount} > 0`),
    check('booking_instalments_seq_range', sql`${t.seq} between 1 and 12`),
    // The payment reminders' candidates: instalments due within the run's window (issue #26).
    index('booking_instalments_due_idx').on(t.due_date),
  ],
);

/** Payment methods of spec 1 §9 (one list, in the booking contract). */
export { PAYMENT_METHODS };

/** Booking history (spec 1 §3 History entry), written in the same transaction as the change. */
export const booking_history = pgTable(
  'booking_history',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    action: text('action').notNull(),
    comment: text('comment'),
    is_multiple: boolean('is_multiple').notNull().default(false),
    document_name: text('document_name'),
    /**
     * What the change did to what the customer sees, field by field (issue #22: the change email
     * lists them since the customer last accepted): [{field, before, after}], money as text
     * ('£1,198.00'). Null for entries that change nothing the customer is told about.
     */
    changes: jsonb('changes').$type<{ field: string; before: string; after: string }[]>(),
    /** Who acted when it was not a member of staff: 'customer' (the customer's side, issue #23). */
    actor: text('actor'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('booking_history_booking_idx').on(t.holiday_booking_id, t.created_at)],
);

/** Additional documents of a booking (spec 1 §3): images and PDFs uploaded by staff, stored by key. */
export const booking_additional_documents = pgTable(
  'booking_additional_documents',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The original file name, used for the download. */
    name: text('name').notNull(),
    file_key: text('file_key').notNull(),
    mime_type: text('mime_type').notNull(),
    document_detail: text('document_detail'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('booking_additional_documents_booking_idx').on(t.holiday_booking_id)],
);

/**
 * Who has a booking's edit screen open (spec 1 §4: 'a pending state is flagged while the screen is
 * open and cleared when leaving it'): one row per booking and member of staff, refreshed while the
 * screen stays open and deleted when they leave it; rows not refreshed for 2 minutes are stale.
 */
export const booking_screen_presence = pgTable(
  'booking_screen_presence',
  {
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seen_at: timestamp('seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.holiday_booking_id, t.user_id] })],
);
