import { sql } from 'drizzle-orm';
import { GROUP_TRAVEL_DOCUMENTS_JOB, type TravelDocumentsResult } from '../../../shared/api/group-documents';
import { type Db, queryRows } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import type { JobContext } from '../../jobs/queue';
import { DocumentRefused, sendTravelDocuments } from '../bookings';
import type { AreaDeps } from '../deps';

/**
 * 'Email travel docs to customer' for the selected bookings of a tour group (spec 3 §2, §7 Groups
 * `POST tours/groups/{id}/documents/email-travel-document?type=email_customer`), run as a
 * background job with progress on screen (issue #12). Each booking is sent on its own
 * (sendTravelDocuments: documents, history entry and outbox message in one transaction), so one
 * refusal does not stop the rest; cancelled bookings, bookings of another group and bookings whose
 * customer has no email address are skipped, and the result says which and why.
 */

export interface TravelDocumentsJobData {
  groupId: number;
  bookingIds: number[];
}

/** Why a booking was skipped (shown on screen in the job's result). */
export const SKIP_REASONS = {
  notFound: 'Booking not found',
  otherGroup: 'Not a booking of this group',
  cancelled: 'Booking is cancelled',
  noEmail: 'The customer has no email address',
  noCustomer: 'No customer attached to booking',
} as const;

/** The outbox kind sendTravelDocuments writes (email-service.ts), read to never send twice on a retry. */
const OUTBOX_KIND = 'travel-documents';

/**
 * Starts the job for `bookingIds` (duplicates dropped, order kept); answers background_jobs.id.
 * 404 'Group not found.' when the group is unknown. Call outside a transaction.
 */
export async function startGroupTravelDocuments(
  deps: Pick<AreaDeps, 'db' | 'jobs'>,
  groupId: number,
  bookingIds: number[],
  userId: number | null,
): Promise<{ jobId: number; count: number }> {
  const [g] = await queryRows(deps.db, sql`select 1 from tour_groups where id = ${groupId}`);
  if (!g) throw notFound('Group not found.');
  const ids = [...new Set(bookingIds)];
  const jobId = await deps.jobs.start<TravelDocumentsJobData>(
    GROUP_TRAVEL_DOCUMENTS_JOB,
    { groupId, bookingIds: ids },
    userId,
  );
  return { jobId, count: ids.length };
}

interface BookingCheck {
  id: number;
  booking_ref: string;
  cancelled: boolean;
  on_group: boolean;
  has_customer: boolean;
  email: string | null;
  /** The address this job already wrote an outbox message to (a retry after a crash). */
  already_to: string | null;
}

async function checkBookings(db: Db, jobId: number, groupId: number, ids: number[]) {
  const rows = await queryRows<BookingCheck>(
    db,
    sql`select b.id, coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
               b.cancelled_at is not null as cancelled,
               exists (select 1 from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
                       where tb.holiday_booking_id = b.id and i.tour_group_id = ${groupId}) as on_group,
               b.customer_id is not null as has_customer, nullif(trim(c.email), '') as email,
               (select o.to_address from email_outbox o, background_jobs j
                 where j.id = ${jobId} and o.holiday_booking_id = b.id and o.kind = ${OUTBOX_KIND}
                   and o.created_at >= j.created_at
                 order by o.id limit 1) as already_to
        from bookings b left join customers c on c.id = b.customer_id
        where b.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Why a booking cannot be sent, or null when it can. */
function skipReason(b: BookingCheck | undefined): string | null {
  if (!b) return SKIP_REASONS.notFound;
  if (!b.on_group) return SKIP_REASONS.otherGroup;
  if (b.cancelled) return SKIP_REASONS.cancelled;
  if (!b.has_customer) return SKIP_REASONS.noCustomer;
  if (!b.email) return SKIP_REASONS.noEmail;
  return null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The job's handler: walks the bookings in order, reporting 'Sending 3 of 12', and answers what
 * was sent (to whom) and what was skipped (why). A booking this job already sent before a restart
 * counts as sent and is not sent again.
 */
export async function runGroupTravelDocuments(
  deps: AreaDeps,
  job: JobContext<TravelDocumentsJobData>,
): Promise<TravelDocumentsResult> {
  const { groupId, bookingIds } = job.data;
  const userId = job.userId;
  if (userId === null) throw new HttpError(422, 'The job has no user to send the emails as.');
  const total = bookingIds.length;
  const checks = await checkBookings(deps.db, job.id, groupId, bookingIds);
  const sent: TravelDocumentsResult['sent'] = [];
  const skipped: TravelDocumentsResult['skipped'] = [];
  for (const [i, id] of bookingIds.entries()) {
    await job.progress(i, total, `Sending ${i + 1} of ${total}`);
    const b = checks.get(id);
    const ref = b?.booking_ref ?? `#${id}`;
    if (b?.already_to) {
      sent.push({ booking_id: id, booking_ref: ref, to: b.already_to });
      continue;
    }
    const reason = skipReason(b);
    if (reason) {
      skipped.push({ booking_id: id, booking_ref: ref, reason });
      continue;
    }
    try {
      const r = await sendTravelDocuments(deps.db, deps, id, userId, 'customer');
      if (r.sent) sent.push({ booking_id: id, booking_ref: ref, to: r.to ?? b?.email ?? '' });
      else skipped.push({ booking_id: id, booking_ref: ref, reason: r.reason ?? 'Not sent' });
    } catch (err) {
      // A refused document (no passengers…) or a failure on one booking: say so, go on with the rest.
      const readable = err instanceof HttpError || err instanceof DocumentRefused;
      if (!readable) console.error(`[jobs] travel documents of booking ${id} failed`, err);
      skipped.push({
        booking_id: id,
        booking_ref: ref,
        reason: readable ? err.message : 'Could not be sent (an unexpected error, logged on the server)',
      });
    }
  }
  const message = `Sent ${plural(sent.length, 'email', 'emails')}, skipped ${plural(skipped.length, 'booking', 'bookings')}.`;
  await job.progress(total, total, message);
  return { message, sent, skipped };
}

/** Registers the job's handler on the queue (once, when the routes are registered). */
export function defineGroupTravelDocumentsJob(deps: AreaDeps) {
  deps.jobs.define<TravelDocumentsJobData>(GROUP_TRAVEL_DOCUMENTS_JOB, (job) =>
    runGroupTravelDocuments(deps, job),
  );
}
