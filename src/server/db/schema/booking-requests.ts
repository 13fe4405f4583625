import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bookings } from './bookings';
import { timestamps } from './common';
import { customers } from './parties';

/**
 * Booking requests — referrals (spec 2 §7 `POST bookings/requests` with customer_id, booking_id,
 * referrer_id; the spec names no entity, so this is our design, docs/spec-drift.md): customer
 * `referrer_id` referred customer `customer_id`, who made booking `booking_id`. A booking has at
 * most one referrer. The customer screen shows both sides: 'Referred by' on the customer,
 * 'Referrals' on the referrer. A merge of duplicate customers moves both columns to the main one.
 */
export const booking_requests = pgTable(
  'booking_requests',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    referrer_id: integer('referrer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('booking_requests_booking_uq').on(t.booking_id),
    index('booking_requests_customer_idx').on(t.customer_id),
    index('booking_requests_referrer_idx').on(t.referrer_id),
    check('booking_requests_not_self', sql`${t.customer_id} <> ${t.referrer_id}`),
  ],
);
