import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at on every table (DESIGN.md §5). */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

/** Money in pounds, exact to the penny: numeric(12,2), read as a string. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** A percentage such as commission or VAT: numeric(5,2). */
export const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });
