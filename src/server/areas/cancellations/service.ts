import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CANCELLATION_MESSAGES,
  CANCELLATION_TOUR_TYPE_LABELS,
  type CancellationTourType,
  type cancellationPolicyInput,
} from '../../../shared/api/cancellations';
import { type Db, inTransaction } from '../../db/client';
import { pgCode } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';
import { findOverlap, insertPolicy, updatePolicy } from './queries';

type PolicyValues = z.output<typeof cancellationPolicyInput>;

/** The name of the CHECK constraint a database error names, if any (drivers wrap it in `cause`). */
function constraintOf(e: unknown): string {
  let cur: unknown = e;
  for (let i = 0; i < 3 && cur && typeof cur === 'object'; i++) {
    const c = (cur as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    cur = (cur as { cause?: unknown }).cause;
  }
  return '';
}

/**
 * Spec 3 §5 enforced by the table's CHECK constraints too: should a request slip past the zod rules,
 * a check violation still answers 422 with the spec's messages, never a 500.
 */
function checkViolationAs422(e: unknown): never {
  if (pgCode(e) === '23514') {
    if (constraintOf(e) === 'cancellation_percent_cap') {
      throw validationError({ penalty_charge: [CANCELLATION_MESSAGES.percentCap] });
    }
    throw validationError({
      days_before_end: [CANCELLATION_MESSAGES.daysEnd],
      days_before_start: [CANCELLATION_MESSAGES.daysStart],
    });
  }
  throw e;
}

/**
 * Adds (handle_tag 'add') or edits (handle_tag 'edit', with id) a cancellation policy (spec 3 §7
 * POST cancellations/penalties). A day range that overlaps another policy of the same tour type is
 * refused with 422 naming that policy. The check and the write run in one transaction that holds
 * the table's write lock, so two concurrent saves cannot both pass the overlap check.
 */
export async function saveCancellationPolicy(
  db: Db,
  v: PolicyValues,
): Promise<{ id: number; edited: boolean }> {
  const editId = v.handle_tag === 'edit' ? v.id : undefined;
  const values = {
    days_before_start: v.days_before_start,
    days_before_end: v.days_before_end,
    penalty_type: v.penalty_type,
    penalty_charge: v.penalty_charge,
    tour_type: v.tour_type,
  };
  try {
    return await inTransaction(db, async (tx) => {
      await tx.execute(sql`lock table cancellation_policies in share row exclusive mode`);
      const clash = await findOverlap(tx, v.tour_type, v.days_before_start, v.days_before_end, editId);
      if (clash) {
        const label = CANCELLATION_TOUR_TYPE_LABELS[v.tour_type as CancellationTourType];
        const message = `These days overlap the ${label} policy for ${clash.days_before_start} to ${clash.days_before_end} days before departure.`;
        throw validationError({ days_before_start: [message], days_before_end: [message] }, message);
      }
      if (editId) {
        if (!(await updatePolicy(tx, editId, values))) throw notFound('Cancellation policy not found.');
        return { id: editId, edited: true };
      }
      return { id: await insertPolicy(tx, values), edited: false };
    });
  } catch (e) {
    return checkViolationAs422(e);
  }
}
