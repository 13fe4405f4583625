import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tours } from './catalogue';
import { money, timestamps } from './common';
import { affiliates } from './parties';
import { advertise_sizes } from './settings';

/** Spec 2 §9 / spec 3 §3: payment modes of advertisement payments, spelling as in the product. */
export const ADVERT_PAYMENT_MODES = ['Bax', 'Card', 'checque', 'cash', 'bank'] as const;

/**
 * Advertisements an affiliate places for us (spec 2 §3 Advertisement): answered as
 * `advertisement_id`; `placemenet_date` keeps the product's spelling. The three yes/no flags are
 * toggled together in the products modal (spec 2 §4). Files live in the file store: the artwork
 * graphic (image) and the affiliate's invoice (PDF), each with the original name kept for downloads.
 * Money is numeric(12,2), never negative.
 */
export const advertisements = pgTable(
  'advertisements',
  {
    id: serial('id').primaryKey(),
    affiliate_id: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'restrict' }),
    size_id: integer('size_id')
      .notNull()
      .references(() => advertise_sizes.id, { onDelete: 'restrict' }),
    placemenet_date: date('placemenet_date', { mode: 'string' }).notNull(),
    expiry_date: date('expiry_date', { mode: 'string' }).notNull(),
    total_cost: money('total_cost'),
    /** The artwork deadline. */
    submission_deadline_date: date('submission_deadline_date', { mode: 'string' }),
    is_graphic_created: boolean('is_graphic_created').notNull().default(false),
    is_sent: boolean('is_sent').notNull().default(false),
    paid_status: boolean('paid_status').notNull().default(false),
    invoice_number: text('invoice_number'),
    invoice_amount: money('invoice_amount'),
    invoice_due_date: date('invoice_due_date', { mode: 'string' }),
    invoice_file_key: text('invoice_file_key'),
    invoice_name: text('invoice_name'),
    graphic_file_key: text('graphic_file_key'),
    graphic_name: text('graphic_name'),
    payment_mode: text('payment_mode', { enum: ADVERT_PAYMENT_MODES }),
    payment_mode_number: text('payment_mode_number'),
    payment_date: date('payment_date', { mode: 'string' }),
    payment_amount: money('payment_amount'),
    ...timestamps,
  },
  (t) => [
    index('advertisements_affiliate_idx').on(t.affiliate_id, t.placemenet_date, t.id),
    index('advertisements_deadline_idx').on(t.submission_deadline_date, t.id),
    index('advertisements_placement_idx').on(t.placemenet_date, t.id),
    index('advertisements_due_idx').on(t.invoice_due_date, t.id),
    index('advertisements_size_idx').on(t.size_id),
    check(
      'advertisements_money_check',
      sql`coalesce(${t.total_cost}, 0) >= 0 and coalesce(${t.invoice_amount}, 0) >= 0 and coalesce(${t.payment_amount}, 0) >= 0`,
    ),
    check('advertisements_dates_check', sql`${t.expiry_date} >= ${t.placemenet_date}`),
  ],
);

/**
 * Advertisement products (spec 2 §3 Advertisement product; the product calls them advertisement
 * invoices): the advert's cost shared out over tours, each with a size and an amount. Their sum never
 * exceeds the advert's total cost (the products modal's Total / Paid / Left).
 */
export const advertisement_products = pgTable(
  'advertisement_products',
  {
    id: serial('id').primaryKey(),
    advertisement_id: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    tour_id: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'restrict' }),
    size_id: integer('size_id').references(() => advertise_sizes.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    index('advertisement_products_advert_idx').on(t.advertisement_id, t.id),
    index('advertisement_products_tour_idx').on(t.tour_id),
    check('advertisement_products_amount_check', sql`${t.amount} >= 0`),
  ],
);
