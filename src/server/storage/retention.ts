import { sql } from 'drizzle-orm';
import { type FileRetention, RETENTION_DEFAULTS } from '../../shared/api/backups';
import { type Db, queryRows } from '../db/client';
import type { JobRunner } from '../jobs/queue';
import type { FileStore } from './files';

/**
 * Retention of generated files (issue #28): print copies (booking document records made for
 * 'print'), group documents (the PDFs a tour group's Print stores) and backups are kept for the
 * periods in `file_retention` (days; 0 = for ever; set on the DB Backups screen by role 1), then
 * removed by the daily 'file-retention' queue (pg-boss cron, once across all processes). A print
 * copy's record stays, its file_removed_at set, so the booking's documents list says 'File no
 * longer kept' instead of failing; group documents and backups have no row beyond the store's.
 */

/** The store area of group documents (documents/group-documents.ts stores there). */
export const GROUP_DOCUMENTS_AREA = 'group-documents';
/** Processed cover-letter batches' zips (areas/brochure-requests), kept as print copies. */
export const COVER_LETTERS_AREA = 'cover-letters';
/** The system queue of the clean-up, and when it runs: every day at 03:30 (the server's clock, UTC). */
export const RETENTION_QUEUE = 'file-retention';
const RETENTION_CRON = '30 3 * * *';

/** The periods in force: the saved row, else RETENTION_DEFAULTS. */
export async function retentionPeriods(db: Db): Promise<FileRetention> {
  const [row] = await queryRows<FileRetention>(
    db,
    sql`select print_copies_days, group_documents_days, backups_days from file_retention where id = 1`,
  );
  return row ?? { ...RETENTION_DEFAULTS };
}

/** Saves the periods (one row, id 1) as changed by `userId`. */
export async function saveRetentionPeriods(db: Db, p: FileRetention, userId: number): Promise<void> {
  await db.execute(
    sql`insert into file_retention (id, print_copies_days, group_documents_days, backups_days, updated_by)
        values (1, ${p.print_copies_days}, ${p.group_documents_days}, ${p.backups_days}, ${userId})
        on conflict (id) do update set print_copies_days = excluded.print_copies_days,
          group_documents_days = excluded.group_documents_days, backups_days = excluded.backups_days,
          updated_by = excluded.updated_by, updated_at = now()`,
  );
}

/** What one clean-up removed. */
export interface RetentionResult {
  printCopies: number;
  groupDocuments: number;
  backups: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Print copies handled per statement, so a first run over years of copies takes small steps. */
const PRINT_BATCH = 200;

/**
 * Removes what is older than its period at `now` (tests pass a later clock): print copies' files
 * (then marks their records, file_removed_at = now), group documents and backups. A file is
 * removed before its record is marked, so a crash in between leaves a record whose download says
 * 'File not found' and the next run marks it. Answers the counts.
 */
export async function cleanExpiredFiles(
  deps: { db: Db; files: FileStore; backupFiles: FileStore },
  now = new Date(),
): Promise<RetentionResult> {
  const { db, files, backupFiles } = deps;
  const p = await retentionPeriods(db);
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const result: RetentionResult = { printCopies: 0, groupDocuments: 0, backups: 0 };

  if (p.print_copies_days > 0) {
    const cutoff = before(p.print_copies_days).toISOString();
    for (;;) {
      const rows = await queryRows<{ id: number; file_key: string }>(
        db,
        sql`select id, file_key from booking_document_records
            where created_for = 'print' and file_removed_at is null and created_at < ${cutoff}::timestamptz
            order by created_at limit ${PRINT_BATCH}`,
      );
      if (rows.length === 0) break;
      for (const r of rows) await files.remove(r.file_key);
      const ids = rows.map((r) => r.id);
      await db.execute(
        sql`update booking_document_records set file_removed_at = ${now.toISOString()}::timestamptz, updated_at = now()
            where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
      );
      result.printCopies += rows.length;
    }
  }
  if (p.print_copies_days > 0) {
    // Processed cover-letter batches are print copies too; a removed one is made again on download.
    for (const f of await files.list(COVER_LETTERS_AREA, { createdBefore: before(p.print_copies_days) })) {
      await files.remove(f.key);
      result.printCopies += 1;
    }
  }
  if (p.group_documents_days > 0) {
    for (const f of await files.list(GROUP_DOCUMENTS_AREA, {
      createdBefore: before(p.group_documents_days),
    })) {
      await files.remove(f.key);
      result.groupDocuments += 1;
    }
  }
  if (p.backups_days > 0) {
    for (const f of await backupFiles.list(undefined, { createdBefore: before(p.backups_days) })) {
      await backupFiles.remove(f.key);
      result.backups += 1;
    }
  }
  return result;
}

/** Defines the daily clean-up on the job queue (buildApp). */
export function defineFileRetention(deps: {
  db: Db;
  files: FileStore;
  backupFiles: FileStore;
  jobs: JobRunner;
}): void {
  deps.jobs.defineSystem(
    RETENTION_QUEUE,
    async () => {
      await cleanExpiredFiles(deps);
    },
    { cron: RETENTION_CRON },
  );
}
