import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { booking_history, bookings } from './bookings';
import { money, timestamps } from './common';

/**
 * Document records (spec 1 §3 Document record): every booking document generated — downloaded,
 * printed or emailed — kept as the exact PDF bytes of that day (file_key in the file store). An issued
 * document is never rewritten; a new generation is a new record. Print copies are kept for the
 * retention period (file_retention), then their bytes go and file_removed_at is set.
 */
export const booking_document_records = pgTable(
  'booking_document_records',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** invoice | atol | airline | airline-checkin | agent-invoice | cancellation-invoice (spec 1 §9). */
    doc_type: text('doc_type').notNull(),
    /** The file name shown and downloaded, e.g. 'Confirmation-TB10023.pdf'. */
    name: text('name').notNull(),
    /** Who or what it was made for: download, print, customer (emailed), agent (emailed), atol-issue. */
    created_for: text('created_for').notNull(),
    file_key: text('file_key').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    /** When the retention clean-up removed the bytes (print copies, storage/retention.ts); null while kept. */
    file_removed_at: timestamp('file_removed_at', { withTimezone: true, mode: 'string' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('booking_document_records_booking_idx').on(t.holiday_booking_id, t.created_at),
    // The retention clean-up's walk over print copies still kept.
    index('booking_document_records_print_idx')
      .on(t.created_at)
      .where(sql`created_for = 'print' and file_removed_at is null`),
  ],
);

/**
 * ATOL certificates issued for a flight-inclusive booking (ATOL Regulations 2012 regs 17 and 19):
 * version 1 when the first payment is recorded, a new version whenever the protected information
 * changes. `reference` is the certificate's unique reference number (booking ref + '-' + version);
 * `fingerprint` is a hash of the protected content, to tell whether it changed. The ATOL Protection
 * Contribution is stored per certificate for the bonding report.
 */
export const atol_certificates = pgTable(
  'atol_certificates',
  {
    id: serial('id').primaryKey(),
    holiday_booking_id: integer('holiday_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    version: smallint('version').notNull(),
    reference: text('reference').notNull(),
    document_record_id: integer('document_record_id').references(() => booking_document_records.id, {
      onDelete: 'set null',
    }),
    /** Why it was issued: 'First payment recorded', or the changes ('passengers, flights'). */
    reason: text('reason').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Passengers protected, and those aged 2 or over (who carry the APC). */
    passengers_protected: integer('passengers_protected').notNull(),
    apc_passengers: integer('apc_passengers').notNull(),
    apc_per_passenger: money('apc_per_passenger').notNull(),
    apc_total: money('apc_total').notNull(),
    /**
     * The booking's total selling price (total due, pounds) when this certificate was issued: the
     * licensable revenue of the ATOL APC return (issue #27). Null on certificates issued before it
     * was kept (the return then reads the booking's total due).
     */
    licensable_revenue: money('licensable_revenue'),
    issued_at: timestamp('issued_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    superseded_at: timestamp('superseded_at', { withTimezone: true, mode: 'string' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('atol_certificates_booking_version_idx').on(t.holiday_booking_id, t.version),
    // The ATOL APC return (issue #27): certificates issued in a month or quarter.
    index('atol_certificates_issued_idx').on(t.issued_at, t.id),
  ],
);

/**
 * The documents attached to a history entry (spec 1 §3 multiple_documents_attached: id, file_name,
 * friendly_name), downloadable through `POST download-booking-history-document`.
 */
export const booking_history_documents = pgTable(
  'booking_history_documents',
  {
    id: serial('id').primaryKey(),
    history_id: integer('history_id')
      .notNull()
      .references(() => booking_history.id, { onDelete: 'cascade' }),
    file_name: text('file_name').notNull(),
    friendly_name: text('friendly_name').notNull(),
    file_key: text('file_key').notNull(),
    content_type: text('content_type').notNull().default('application/pdf'),
    document_record_id: integer('document_record_id').references(() => booking_document_records.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [index('booking_history_documents_history_idx').on(t.history_id)],
);

/** An attachment of an outbox message: the bytes are in the file store under file_key. */
export interface OutboxAttachment {
  filename: string;
  file_key: string;
  content_type: string;
}

/**
 * The email outbox: a message is written here (rendered, attachments stored as files) in the same
 * transaction as the change that sends it; the worker delivers it (SMTP_URL or the .eml outbox),
 * retrying with back-off. status: pending → sending (claimed until locked_until) → sent | failed;
 * 'merged' when another email carried its attachment instead (a waiting ATOL certificate, issue #22).
 */
export const email_outbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    /** What sent it: booking-email, travel-documents, agent-password-reset, … */
    kind: text('kind').notNull(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    holiday_booking_id: integer('holiday_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    history_id: integer('history_id').references((): AnyPgColumn => booking_history.id, {
      onDelete: 'set null',
    }),
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true, mode: 'string' }),
    last_error: text('last_error'),
    message_id: text('message_id'),
    /** Where the .eml went when SMTP_URL is unset. */
    eml_file: text('eml_file'),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.next_attempt_at),
    index('email_outbox_booking_idx').on(t.holiday_booking_id),
    // A person's emails by address (GDPR subject access and erasure, areas/gdpr).
    index('email_outbox_to_lower_idx').using('btree', sql`lower(trim(${t.to_address}))`),
  ],
);

/**
 * Long work run by the job queue (pg-boss) with progress on screen: merges, backups, bulk emails,
 * big exports. status: queued → running → done | failed. `result` is the job's summary for the screen.
 */
export const background_jobs = pgTable(
  'background_jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    progress_done: integer('progress_done').notNull().default(0),
    progress_total: integer('progress_total').notNull().default(0),
    message: text('message'),
    result: jsonb('result'),
    error: text('error'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('background_jobs_kind_idx').on(t.kind, t.created_at)],
);
