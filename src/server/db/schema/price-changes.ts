import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bookings } from './bookings';
import { money } from './common';

/**
 * Price changes after booking (issue #27; PTR 2018 regs 10–11, rules in src/shared/price-change.ts):
 * a surcharge (or a reduction, negative) staff apply to a booking, summed into its total due by the
 * one totals rule (areas/bookings/totals.ts). A significant increase (reg. 11(3)(c), more than the
 * set percentage) waits for the customer's answer: `decision` 'pending' until `respond_by`, then
 * 'accepted' / 'cancelled' (the booking cancelled without a charge) or, read after that day,
 * 'deemed_accepted'. Other changes carry no decision (null): a plain notice.
 */
export const booking_price_changes = pgTable(
  'booking_price_changes',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Pounds: positive a surcharge, negative a reduction. */
    amount: money('amount').notNull(),
    /** The justification sent to the customer (e.g. 'Fuel surcharge'). */
    reason: text('reason').notNull(),
    /** The booking's total due just before and after the change, pounds. */
    total_before: money('total_before').notNull(),
    total_after: money('total_after').notNull(),
    /** 'pending' | 'accepted' | 'cancelled' | 'deemed_accepted'; null when no decision is asked. */
    decision: text('decision'),
    /** The last day (YYYY-MM-DD) the customer may answer; null when no decision is asked. */
    respond_by: date('respond_by', { mode: 'string' }),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    /** Who recorded the answer: 'customer' (the portal), 'staff' (by phone), 'system' (deemed). */
    decided_via: text('decided_via'),
    decided_by: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_price_changes_booking_idx').on(t.holiday_booking_id),
    // The Dashboard's decisions still awaited: the few pending rows, by their response date.
    index('booking_price_changes_pending_idx').on(t.respond_by, t.id).where(sql`decision = 'pending'`),
    check('booking_price_changes_amount_not_zero', sql`${t.amount} <> 0`),
    check(
      'booking_price_changes_decision',
      sql`${t.decision} is null or ${t.decision} in ('pending', 'accepted', 'cancelled', 'deemed_accepted')`,
    ),
  ],
);
