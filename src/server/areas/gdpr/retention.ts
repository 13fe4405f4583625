import { sql } from 'drizzle-orm';
import { RETENTION_JOB } from '../../../shared/api/gdpr';
import { LONDON_TZ, londonToday } from '../../../shared/dates';
import { retentionCutoff } from '../../../shared/gdpr';
import { inTransaction, queryRows } from '../../db/client';
import { type JobRunner, jobErrorText } from '../../jobs/queue';
import type { AreaDeps } from '../deps';
import { eraseCustomers } from './erase';
import { loadRetentionYears, removeErasedFiles } from './service';

/**
 * The retention run (issue #27; Companies Act 2006 s.388, VAT Notice 700/21): every customer not
 * yet erased whose last departure (a booking's departure date, or its booking date when it has none)
 * is before today less `retention_years_after_last_departure` years is erased, as an erasure request
 * would (erase.ts), in batches of BATCH customers, one transaction each (a failing batch is rolled
 * back and stops the run). Customers without bookings are not touched (no departure to count from).
 *
 * The walk reads customers by id through the partial index customers_retention_idx (not erased, with
 * bookings) a page at a time, and each customer's last departure is one probe of the expression
 * index bookings_customer_last_departure_idx — so the daily run costs one index step per live
 * customer, never a scan of the bookings. One gdpr_runs row per run, with the counts.
 */

/** Customers read per page of the walk, and erased per transaction. */
const PAGE = 2000;
const BATCH = 100;

export interface RetentionRunResult {
  summary: string;
  run_id: number;
  customers: number;
  bookings: number;
  passengers: number;
  fields: number;
  files: number;
}

/** Runs the retention on `today` (YYYY-MM-DD) as `userId` (null: the schedule), reporting progress. */
export async function runRetention(
  deps: Pick<AreaDeps, 'db' | 'files' | 'config'>,
  opts: {
    today: string;
    userId: number | null;
    progress?: (done: number, total: number, message?: string) => Promise<void>;
  },
): Promise<RetentionRunResult> {
  const { db } = deps;
  const years = await loadRetentionYears(db);
  const cutoff = retentionCutoff(opts.today, years);
  const [run] = await queryRows<{ id: number }>(
    db,
    sql`insert into gdpr_runs (kind, user_id) values ('retention', ${opts.userId}) returning id`,
  );
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from customers where erased_at is null and booking_count > 0`,
  );
  const sums = { customers: 0, bookings: 0, passengers: 0, fields: 0, files: 0, batches: 0 };
  let moneyBefore = '';
  let moneyAfter = '';
  let seen = 0;
  let after = 0;
  try {
    await opts.progress?.(0, total, `Checking ${total.toLocaleString('en-GB')} customers`);
    for (;;) {
      const page = await queryRows<{ id: number; due: boolean }>(
        db,
        sql`select c.id,
                   coalesce((select max(coalesce(b.departure_date, (timezone('UTC', b.created_at))::date))
                               from bookings b where b.customer_id = c.id) < ${cutoff}::date, false) as due
            from customers c
            where c.erased_at is null and c.booking_count > 0 and c.id > ${after}
            order by c.id limit ${PAGE}`,
      );
      if (page.length === 0) break;
      after = page[page.length - 1].id;
      const due = page.filter((r) => r.due).map((r) => r.id);
      for (let i = 0; i < due.length; i += BATCH) {
        const ids = due.slice(i, i + BATCH);
        const counts = await inTransaction(db, (tx) => eraseCustomers(tx, ids));
        const files = await removeErasedFiles(deps, counts, ids);
        sums.customers += counts.customers;
        sums.bookings += counts.bookings;
        sums.passengers += counts.passengers;
        sums.fields += counts.fields;
        sums.files += files;
        sums.batches += 1;
        moneyBefore = counts.moneyBefore;
        moneyAfter = counts.moneyAfter;
        await db.execute(
          sql`update gdpr_runs set customers = ${sums.customers}, bookings = ${sums.bookings},
                passengers = ${sums.passengers}, fields = ${sums.fields}, files = ${sums.files} where id = ${run.id}`,
        );
      }
      seen += page.length;
      await opts.progress?.(
        Math.min(seen, total),
        total,
        `Checked ${seen.toLocaleString('en-GB')}, erased ${sums.customers.toLocaleString('en-GB')}`,
      );
    }
  } catch (err) {
    await db.execute(
      sql`update gdpr_runs set status = 'failed', error = ${jobErrorText(err)}, finished_at = now() where id = ${run.id}`,
    );
    throw err;
  }
  // One batch: its totals; more: each batch was compared on its own (equal, or it was rolled back).
  const money = (last: string) =>
    sums.batches === 0
      ? null
      : sums.batches === 1
        ? last
        : `${sums.batches} batches, each equal before and after`;
  await db.execute(
    sql`update gdpr_runs set status = 'done', money_before = ${money(moneyBefore)}, money_after = ${money(moneyAfter)},
          finished_at = now() where id = ${run.id}`,
  );
  const summary =
    `Retention (${years} years after the last departure, before ${cutoff}): erased ${sums.customers} customer${sums.customers === 1 ? '' : 's'}, ` +
    `${sums.bookings} booking${sums.bookings === 1 ? '' : 's'}, ${sums.passengers} passenger${sums.passengers === 1 ? '' : 's'}, ` +
    `${sums.fields} fields, ${sums.files} file${sums.files === 1 ? '' : 's'}.`;
  await opts.progress?.(total, total, summary);
  return { summary, run_id: run.id, ...sums };
}

/** The daily queue: 04:15 London time, once across all processes. */
export const RETENTION_QUEUE = 'gdpr-retention-daily';
const RETENTION_CRON = '15 4 * * *';

/** Defines the daily retention run and the 'Run retention now' job on the one queue (buildApp). */
export function defineGdprRetention(deps: AreaDeps & { jobs: JobRunner }): void {
  deps.jobs.defineSystem(
    RETENTION_QUEUE,
    async () => {
      await runRetention(deps, { today: londonToday(deps.clock()), userId: null });
    },
    { cron: RETENTION_CRON, tz: LONDON_TZ },
  );
  deps.jobs.define<{ today: string }>(RETENTION_JOB, (job) =>
    runRetention(deps, {
      today: job.data.today,
      userId: job.userId,
      progress: (done, total, message) => job.progress(done, total, message),
    }),
  );
}
