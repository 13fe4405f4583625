import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BankSuggestion } from '../../../shared/bank-matching';
import { users } from './auth';
import { bookings } from './bookings';
import { money, timestamps } from './common';

/**
 * Bank statements imported for matching (issue #26): one row per file, with what its import found.
 * `account` is the bank account the file names (CAMT IBAN / OFX bank and account id) or, for a
 * CSV, the saved mapping's bank name: lines are unique per account and format.
 */
export const bank_statements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  file_name: text('file_name').notNull(),
  format: text('format', { enum: ['camt053', 'ofx', 'csv'] }).notNull(),
  account: text('account').notNull(),
  imported_by: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
  /** 'matching' while the job matches its lines, then 'ready'; 'failed' with the job's error. */
  status: text('status').notNull().default('matching'),
  job_id: integer('job_id'),
  lines_in_file: integer('lines_in_file').notNull().default(0),
  /** Lines already imported from an earlier (same or overlapping) statement: skipped, never twice. */
  lines_skipped: integer('lines_skipped').notNull().default(0),
  ...timestamps,
});

/**
 * One line of a statement. `bank_line_id` is the bank's own id (CAMT AcctSvcrRef/NtryRef, OFX
 * FITID; a CSV line's hash of date, amount, reference, payer and occurrence). Status: unmatched |
 * matched | suggested | recorded | ignored | debit. Credits positive, debits negative.
 */
export const bank_statement_lines = pgTable(
  'bank_statement_lines',
  {
    id: serial('id').primaryKey(),
    statement_id: integer('statement_id')
      .notNull()
      .references(() => bank_statements.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    format: text('format').notNull(),
    bank_line_id: text('bank_line_id').notNull(),
    line_no: integer('line_no').notNull(),
    booked_on: date('booked_on', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    reference: text('reference').notNull().default(''),
    payer: text('payer').notNull().default(''),
    status: text('status').notNull().default('unmatched'),
    booking_id: integer('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    score: smallint('score'),
    suggestions: jsonb('suggestions').$type<BankSuggestion[]>().notNull().default(sql`'[]'::jsonb`),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // A line is used once: a re-import or an overlapping statement skips the lines already here.
    uniqueIndex('bank_statement_lines_bank_id_idx').on(t.account, t.format, t.bank_line_id),
    index('bank_statement_lines_statement_idx').on(t.statement_id, t.status, t.line_no),
    // The lines matched to a booking (GDPR erasure rubs the payer's name out, areas/gdpr).
    index('bank_statement_lines_booking_idx').on(t.booking_id).where(sql`booking_id is not null`),
  ],
);

/** Saved CSV column mappings, one per bank name: which header holds the date, amount, reference, payer. */
export const bank_csv_mappings = pgTable('bank_csv_mappings', {
  id: serial('id').primaryKey(),
  bank_name: text('bank_name').notNull().unique(),
  date_column: text('date_column').notNull(),
  amount_column: text('amount_column').notNull(),
  reference_column: text('reference_column').notNull(),
  payer_column: text('payer_column').notNull(),
  /** 'DD/MM/YYYY' (UK banks) or 'YYYY-MM-DD'. */
  date_format: text('date_format').notNull().default('DD/MM/YYYY'),
  ...timestamps,
});
