import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './common';

/** bytea, read as the driver gives it (node-postgres: Buffer; PGlite: Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The database file store (src/server/storage/database.ts, used on a PostgreSQL server): one row
 * per stored file — its key ('invoices/1f3a….pdf', the same shape as DATA_DIR/files/<key>), area
 * (the key's first segment, '' for none), size in bytes and when it was stored — and its bytes in
 * chunks of up to 256 KB, written in one transaction so a half-written file is never seen. A file
 * is never rewritten (storing a key again replaces the row), so there is no updated_at.
 */
function fileTables(files: string, chunks: string) {
  const fileTable = pgTable(
    files,
    {
      id: serial('id').primaryKey(),
      key: text('key').notNull().unique(),
      area: text('area').notNull(),
      size: bigint('size', { mode: 'number' }).notNull(),
      created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    },
    (t) => [index(`${files}_area_idx`).on(t.area, t.created_at)],
  );
  const chunkTable = pgTable(
    chunks,
    {
      file_id: integer('file_id')
        .notNull()
        .references(() => fileTable.id, { onDelete: 'cascade' }),
      seq: integer('seq').notNull(),
      data: bytea('data').notNull(),
    },
    (t) => [primaryKey({ columns: [t.file_id, t.seq] })],
  );
  return [fileTable, chunkTable] as const;
}

/** Uploaded and generated files: invoices, documents, attachments (in every database backup). */
export const [stored_files, stored_file_chunks] = fileTables('stored_files', 'stored_file_chunks');

/**
 * Backups (areas/backups): the same layout, apart so a database backup leaves the backups before
 * it out (pg_dump --exclude-table-data of both tables): a restored database lists no backup whose
 * bytes it does not hold, and backups do not grow by holding each other.
 */
export const [backup_files, backup_file_chunks] = fileTables('backup_files', 'backup_file_chunks');

/**
 * How long generated files are kept (issue #28), one row (id 1), changed by role 1 on the DB
 * Backups screen; days, 0 = kept for ever. A missing row reads as the defaults
 * (storage/retention.ts). The daily clean-up removes print copies (booking document records made
 * for 'print'), group documents (print PDFs) and backups older than these.
 */
export const file_retention = pgTable(
  'file_retention',
  {
    id: smallint('id').primaryKey().default(1),
    print_copies_days: integer('print_copies_days').notNull(),
    group_documents_days: integer('group_documents_days').notNull(),
    backups_days: integer('backups_days').notNull(),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [check('file_retention_one_row', sql`${t.id} = 1`)],
);
