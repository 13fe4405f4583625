import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS } from '../../../shared/api/booking-edit';
import { users } from './auth';
import { bank_statement_lines } from './bank';
import { bookings } from './bookings';
import { money, timestamps } from './common';

/** Payments of bookings (spec 1 §9) and card payments started through ECOMMPAY (were in bookings.ts). */

/** Payments received (negative for refunds), in pounds. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    transaction_id: text('transaction_id'),
    payment_method: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    payment_amount: money('payment_amount').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A receipt voided by role 1: kept, with who, when and why; its reversal row cancels it out. */
    voided_at: timestamp('voided_at', { withTimezone: true, mode: 'string' }),
    voided_by: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    void_reason: text('void_reason'),
    /** On a reversal row: the receipt it voids (its amount is that receipt's, negated). */
    reverses_payment_id: integer('reverses_payment_id').references((): AnyPgColumn => payments.id),
    /** The bank statement line this payment was recorded from (issue #26); null otherwise. */
    bank_line_id: integer('bank_line_id').references((): AnyPgColumn => bank_statement_lines.id, {
      onDelete: 'restrict',
    }),
    ...timestamps,
  },
  (t) => [
    index('payments_booking_idx').on(t.holiday_booking_id),
    // The day report (issue #15) reads payments by the London days they were recorded.
    index('payments_created_idx').on(t.created_at, t.id),
    // A receipt is voided once: at most one reversal names it.
    uniqueIndex('payments_reverses_payment_idx').on(t.reverses_payment_id),
    index('payments_bank_line_idx').on(t.bank_line_id),
  ],
);

/**
 * Card payments started through the ECOMMPAY widget: the payment_id we sign into the widget and
 * the amount asked; the gateway's signed callback completes it (and only then is a payment recorded).
 */
export const ecommpay_payments = pgTable(
  'ecommpay_payments',
  {
    id: serial('id').primaryKey(),
    payment_id: text('payment_id').notNull().unique(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    status: text('status').notNull().default('pending'),
    payment_record_id: integer('payment_record_id').references(() => payments.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('ecommpay_payments_booking_idx').on(t.holiday_booking_id)],
);
