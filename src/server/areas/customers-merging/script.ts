import { CUSTOMERS_MERGE_JOB, type MergeScriptResult } from '../../../shared/api/customers-merging';
import { HttpError } from '../../http/errors';
import type { JobContext } from '../../jobs/queue';
import type { AreaDeps } from '../deps';
import { mergeCustomers, movedText, plural } from './merge';
import { exactDuplicateGroups } from './queries';

/** The job's data: one email (a row's 'Run Duplicate Script'), or none for every email. */
export interface MergeScriptData {
  email?: string;
}

/**
 * Starts the duplicate script (spec 2 §2 'a button that starts a background merge script', §7
 * POST customers-merging/merge-customers-script) as a background job; answers its id. Call it
 * outside a transaction.
 */
export function startMergeScript(
  deps: Pick<AreaDeps, 'jobs'>,
  email: string | undefined,
  userId: number | null,
) {
  return deps.jobs.start<MergeScriptData>(CUSTOMERS_MERGE_JOB, email ? { email } : {}, userId);
}

/**
 * The job's handler: finds the exact duplicates (same email, name and postcode — never likely
 * ones, which need a person's eye) and merges each group into its oldest record, one transaction
 * per group (`mergeCustomers`), reporting 'Merging group 3 of 12'. A group someone changed
 * meanwhile (409) is skipped and named in the result, as is any group that fails.
 */
export async function runMergeScript(
  deps: Pick<AreaDeps, 'db'>,
  job: JobContext<MergeScriptData>,
): Promise<MergeScriptResult> {
  const groups = await exactDuplicateGroups(deps.db, job.data.email);
  const result: MergeScriptResult = {
    summary: '',
    groups: 0,
    customers_removed: 0,
    bookings: 0,
    old_system_bookings: 0,
    notes: 0,
    brochure_requests: 0,
    booking_requests: 0,
    merged: [],
    skipped: [],
  };
  for (const [i, ids] of groups.entries()) {
    await job.progress(i, groups.length, `Merging group ${i + 1} of ${groups.length}`);
    try {
      const o = await mergeCustomers(deps.db, { ids, mainId: ids[0], userId: job.userId });
      const s = o.summary;
      result.groups += 1;
      result.customers_removed += s.removed_customer_ids.length;
      result.bookings += s.bookings;
      result.old_system_bookings += s.old_system_bookings;
      result.notes += s.notes;
      result.brochure_requests += s.brochure_requests;
      result.booking_requests += s.booking_requests;
      result.merged.push({
        main_customer_id: o.main.id,
        name: o.main.full_name,
        email: o.main.email ?? '',
        removed_customer_ids: s.removed_customer_ids,
      });
    } catch (e) {
      const readable = e instanceof HttpError;
      if (!readable) console.error(`[jobs] merging customers ${ids.join(', ')} failed`, e);
      result.skipped.push({
        customer_ids: ids,
        reason: readable ? e.message : 'Could not be merged (an unexpected error, logged on the server)',
      });
    }
  }
  result.summary = groups.length
    ? `Merged ${plural(result.customers_removed, 'duplicate customer')} in ${plural(result.groups, 'group')}; ${movedText(result)}.` +
      (result.skipped.length ? ` Skipped ${plural(result.skipped.length, 'group')}.` : '')
    : 'No exact duplicates found (same email, name and postcode).';
  await job.progress(groups.length, groups.length, result.summary);
  return result;
}

/** Registers the job's handler (once, when the routes are registered). */
export function defineMergeScriptJob(deps: AreaDeps) {
  deps.jobs.define<MergeScriptData>(CUSTOMERS_MERGE_JOB, (job) => runMergeScript(deps, job));
}
