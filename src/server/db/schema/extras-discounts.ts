import { boolean, date, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { tours } from './catalogue';
import { money, percent, timestamps } from './common';
import { airlines } from './reference';

/** Extras and discounts of the catalogue (spec 3 §3 Extra, Discount) (were in catalogue.ts). */

/** Catalogue extras (spec 3 §3 Extra); price and cost in pounds. */
export const extras = pgTable('extras', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  price: money('price').notNull().default('0'),
  cost: money('cost').notNull().default('0'),
  commissionable: boolean('commissionable').notNull().default(true),
  commission_rate: percent('commission_rate'),
  booking_start_date: date('booking_start_date', { mode: 'string' }),
  booking_end_date: date('booking_end_date', { mode: 'string' }),
  start_date: date('start_date', { mode: 'string' }),
  end_date: date('end_date', { mode: 'string' }),
  short_description: text('short_description'),
  for_admin: boolean('for_admin').notNull().default(false),
  for_per_person: boolean('for_per_person').notNull().default(false),
  tour_id: integer('tour_id').references(() => tours.id, { onDelete: 'cascade' }),
  ...timestamps,
});

export const extra_airlines = pgTable(
  'extra_airlines',
  {
    extra_id: integer('extra_id')
      .notNull()
      .references(() => extras.id, { onDelete: 'cascade' }),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.extra_id, t.airline_id] })],
);

export const extra_tours = pgTable(
  'extra_tours',
  {
    extra_id: integer('extra_id')
      .notNull()
      .references(() => extras.id, { onDelete: 'cascade' }),
    tour_id: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.extra_id, t.tour_id] })],
);

/** Discounts (spec 3 §3): penalty_type false = fixed pounds, true = percent. */
export const discounts = pgTable('discounts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  description: text('description'),
  value: money('value').notNull().default('0'),
  penalty_type: boolean('penalty_type').notNull().default(false),
  per_person: boolean('per_person').notNull().default(false),
  tour_id: integer('tour_id').references(() => tours.id, { onDelete: 'cascade' }),
  start_date: date('start_date', { mode: 'string' }),
  end_date: date('end_date', { mode: 'string' }),
  valid_from_date: date('valid_from_date', { mode: 'string' }),
  valid_to_date: date('valid_to_date', { mode: 'string' }),
  on_base_price: boolean('on_base_price').notNull().default(false),
  is_suppressed: boolean('is_suppressed').notNull().default(false),
  is_manual: boolean('is_manual').notNull().default(false),
  ...timestamps,
});
