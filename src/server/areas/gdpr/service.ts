import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { GdprRun, GdprStatus } from '../../../shared/api/gdpr';
import { londonToday } from '../../../shared/dates';
import { type ErasureBooking, erasureRefusal, RETENTION_SETTING, retentionYears } from '../../../shared/gdpr';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import type { FileStore } from '../../storage/files';
import type { AreaDeps } from '../deps';
import { type ErasureCounts, eraseCustomers } from './erase';

/** The file-store area of subject access zips (kept until the customer is erased). */
export const SUBJECT_ACCESS_AREA = 'subject-access';
/** The key of customer `customerId`'s zip made by job `jobId`. */
export const subjectAccessKey = (customerId: number, jobId: number) =>
  `${SUBJECT_ACCESS_AREA}/customer-${customerId}-job-${jobId}.zip`;

/** The retention period in force: the setting `retention_years_after_last_departure`, else 6. */
export async function loadRetentionYears(db: Db): Promise<number> {
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`select value from system_settings where name = ${RETENTION_SETTING}`,
  );
  return retentionYears(row?.value);
}

async function customerBookings(db: Db, customerId: number): Promise<ErasureBooking[]> {
  return queryRows<ErasureBooking>(
    db,
    sql`select coalesce(booking_ref, '#' || id) as booking_ref, departure_date::text as departure_date,
               cancelled_at is not null as cancelled, balance::text as balance
        from bookings where customer_id = ${customerId} order by departure_date nulls first, id`,
  );
}

/** Customer `id`'s GDPR state on `today` (YYYY-MM-DD); 404 'Customer not found'. */
export async function gdprStatus(db: Db, id: number, today: string): Promise<GdprStatus> {
  const [c] = await queryRows<{ erased_at: string | null; passengers: number }>(
    db,
    sql`select c.erased_at, (select count(*)::int from passengers p join bookings b on b.id = p.holiday_booking_id
                             where b.customer_id = c.id) as passengers
        from customers c where c.id = ${id}`,
  );
  if (!c) throw notFound('Customer not found');
  const bookings = await customerBookings(db, id);
  return {
    erased_at: c.erased_at,
    erase_refusal: c.erased_at ? 'Already erased.' : erasureRefusal(bookings, today),
    bookings: bookings.length,
    passengers: c.passengers,
    retention_years: await loadRetentionYears(db),
  };
}

/**
 * Removes, after the commit, the stored files an erasure listed, the outbox's .eml copies and the
 * customers' subject access zips; answers how many went. A file already gone counts as removed.
 */
export async function removeErasedFiles(
  deps: Pick<AreaDeps, 'files' | 'config'>,
  counts: Pick<ErasureCounts, 'filesToRemove' | 'emlFiles'>,
  customerIds: number[],
): Promise<number> {
  const zips = customerIds.length ? await subjectAccessZips(deps.files, customerIds) : [];
  const keys = [...counts.filesToRemove, ...zips];
  for (const key of keys) await deps.files.remove(key);
  const outboxDir = path.join(deps.config.dataDir, 'outbox');
  for (const f of counts.emlFiles)
    await unlink(path.join(outboxDir, path.basename(f))).catch(() => undefined);
  return keys.length + counts.emlFiles.length;
}

async function subjectAccessZips(files: FileStore, customerIds: number[]): Promise<string[]> {
  const prefixes = customerIds.map((id) => `${SUBJECT_ACCESS_AREA}/customer-${id}-`);
  const all = await files.list(SUBJECT_ACCESS_AREA);
  return all.map((f) => f.key).filter((k) => prefixes.some((p) => k.startsWith(p)));
}

/**
 * Erases customer `id`'s personal data now (UK GDPR art. 17), as `userId`: refused (422, nothing
 * changed) when the rule of shared/gdpr.ts `erasureRefusal` says so — checked inside the
 * transaction, on the locked rows — or when already erased; 404 for no customer. One transaction
 * erases and writes the gdpr_runs row; the files go after the commit.
 */
export async function eraseCustomer(
  deps: Pick<AreaDeps, 'db' | 'files' | 'config' | 'clock'>,
  id: number,
  userId: number,
) {
  const today = londonToday(deps.clock());
  const { counts, runId } = await inTransaction(deps.db, async (tx) => {
    const [c] = await queryRows<{ erased_at: string | null }>(
      tx,
      sql`select erased_at from customers where id = ${id} for update`,
    );
    if (!c) throw notFound('Customer not found');
    if (c.erased_at) throw new HttpError(422, "This customer's personal data has already been erased.");
    const refusal = erasureRefusal(await customerBookings(tx, id), today);
    if (refusal) throw new HttpError(422, refusal);
    const counts = await eraseCustomers(tx, [id]);
    const [run] = await queryRows<{ id: number }>(
      tx,
      sql`insert into gdpr_runs (kind, customer_id, user_id, status, customers, bookings, passengers, fields, files,
                                 money_before, money_after, finished_at)
          values ('erasure', ${id}, ${userId}, 'done', ${counts.customers}, ${counts.bookings}, ${counts.passengers},
                  ${counts.fields}, ${counts.filesToRemove.length + counts.emlFiles.length},
                  ${counts.moneyBefore}, ${counts.moneyAfter}, now())
          returning id`,
    );
    return { counts, runId: run.id };
  });
  const files = await removeErasedFiles(deps, counts, [id]);
  if (files !== counts.filesToRemove.length + counts.emlFiles.length)
    await deps.db.execute(sql`update gdpr_runs set files = ${files} where id = ${runId}`);
  return {
    run_id: runId,
    customers: counts.customers,
    bookings: counts.bookings,
    passengers: counts.passengers,
    fields: counts.fields,
    files,
  };
}

/** The newest 20 runs, newest first, with who ran them. */
export async function listRuns(db: Db): Promise<GdprRun[]> {
  return queryRows<GdprRun>(
    db,
    sql`select r.id, r.kind, r.customer_id, u.name as user_name, r.status, r.customers, r.bookings, r.passengers,
               r.fields, r.files, r.money_before, r.money_after, r.error, r.started_at, r.finished_at
        from gdpr_runs r left join users u on u.id = r.user_id
        order by r.started_at desc, r.id desc limit 20`,
  );
}
