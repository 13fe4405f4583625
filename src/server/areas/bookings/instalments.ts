import { sql } from 'drizzle-orm';
import type { InstalmentPlan, InstalmentsSet } from '../../../shared/api/booking-instalments';
import { londonToday } from '../../../shared/dates';
import {
  defaultInstalments,
  INSTALMENT_MESSAGES,
  type Instalment,
  instalmentPlanErrors,
  instalmentsText,
  maxInstalments,
} from '../../../shared/instalments';
import { scheduleParts } from '../../../shared/payment-schedule';
import { type Db, queryRows } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { loadScheduleInputs, type StoredScheduleInput } from '../../lib/payment-schedules';
import { inTransaction, lockBooking, recomputeBooking, storeInstalments, writeHistory } from './ledger';

/**
 * A booking's instalments (issue #26): the plan read with what it is checked against, set (the
 * equal split of a number, or a list as edited) and removed — each in ONE transaction through the
 * ledger (lock with the version check, the rows, history before → after, audit, recompute and
 * version + 1). The rules are src/shared/instalments.ts; the stages src/shared/payment-schedule.ts.
 */

/** The plan as the service reads it: the answer's fields and whether the booking is cancelled. */
type PlanState = InstalmentPlan & { cancelled: boolean };

/**
 * The stored plan of booking `id` and what a plan is checked against (`InstalmentPlan`): the balance
 * part the schedule splits, the balance due date, the earliest day allowed (today or the booking
 * date, the later), how many instalments fit. Null for an unknown booking.
 */
async function planState(db: Db, id: number): Promise<PlanState | null> {
  const input = (await loadScheduleInputs(db, [id])).get(id);
  return input ? planOf(input) : null;
}

/** `planState` of a booking's loaded schedule input (the booking detail loads it once for both). */
export function planOf(input: StoredScheduleInput, today = londonToday()): PlanState {
  const notBefore = input.booking_date > today ? input.booking_date : today;
  return {
    instalments: [...(input.instalments ?? [])],
    balance: scheduleParts(input).balance,
    balance_due: input.balance_due,
    not_before: notBefore,
    max_count: input.balance_due ? maxInstalments(notBefore, input.balance_due) : 0,
    cancelled: input.cancelled ?? false,
  };
}

/** The booking detail's `instalment_plan` (see `planState`); null for an unknown booking. */
export async function instalmentPlan(db: Db, id: number): Promise<InstalmentPlan | null> {
  const state = await planState(db, id);
  if (!state) return null;
  const { cancelled: _, ...plan } = state;
  return plan;
}

/** The equal split of `count` as the plan would be set now (GET …/instalments/preview); 404 unknown. */
export async function previewInstalments(db: Db, id: number, count: number): Promise<InstalmentPlan> {
  const plan = await instalmentPlan(db, id);
  if (!plan) throw notFound('Booking not found.');
  return { ...plan, instalments: splitOrRefuse(plan, count) };
}

/** `defaultInstalments` of `count`, or 422 when the booking has no balance due date or too few days. */
function splitOrRefuse(plan: InstalmentPlan, count: number): Instalment[] {
  if (!plan.balance_due) throw refused(INSTALMENT_MESSAGES.noBalanceDue);
  if (count > plan.max_count)
    throw validationError(
      { count: [INSTALMENT_MESSAGES.tooMany(plan.max_count, plan.not_before, plan.balance_due)] },
      INSTALMENT_MESSAGES.tooMany(plan.max_count, plan.not_before, plan.balance_due),
    );
  return defaultInstalments(plan.balance, count, plan.balance_due, plan.not_before);
}

const refused = (message: string) => validationError({ instalments: [message] }, message);

/**
 * PUT bookings/{id}/instalments (role 1): stores the plan — the equal split of `count`, or the list
 * sent — after `instalmentPlanErrors` (422 with every problem by field, the first as the message;
 * a past date is accepted only where the stored plan already has it). 409 when `version` is stale;
 * 422 on a cancelled booking. Answers the new version and the plan.
 */
export async function setInstalments(db: Db, id: number, input: InstalmentsSet, userId: number) {
  return inTransaction(db, async (tx) => {
    await lockBooking(tx, id, input.version);
    return changePlan(tx, id, userId, (now) => {
      const plan =
        input.count !== undefined
          ? splitOrRefuse(now, input.count)
          : (input.instalments ?? []).map((p) => ({ due: p.due, amount: p.amount }));
      const errors = instalmentPlanErrors(plan, {
        balance: now.balance,
        balanceDue: now.balance_due,
        notBefore: now.not_before,
        kept: now.instalments,
      });
      const first = Object.values(errors)[0]?.[0];
      if (first) throw validationError(errors, first);
      return plan;
    });
  });
}

/** POST bookings/{id}/instalments/delete (role 1): the balance is one stage again. 409 when stale. */
export async function removeInstalments(db: Db, id: number, version: number | undefined, userId: number) {
  return inTransaction(db, async (tx) => {
    await lockBooking(tx, id, version);
    return changePlan(tx, id, userId, () => []);
  });
}

/** The shared steps of a change of plan, inside the caller's transaction with the booking locked. */
async function changePlan(tx: Db, id: number, userId: number, next: (now: InstalmentPlan) => Instalment[]) {
  const now = await planState(tx, id);
  if (!now) throw notFound('Booking not found.');
  if (now.cancelled) throw refused(INSTALMENT_MESSAGES.cancelled);
  const plan = next(now);
  const before = instalmentsText(now.instalments);
  const after = instalmentsText(plan);
  if (before === after) {
    const [{ version }] = await queryRows<{ version: number }>(
      tx,
      sql`select version from bookings where id = ${id}`,
    );
    return { version, instalments: plan, changed: false };
  }
  await storeInstalments(tx, id, plan);
  await writeHistory(tx, {
    bookingId: id,
    userId,
    type: 'Payment',
    action: plan.length ? 'Instalments set' : 'Instalments removed',
    comment: `Instalments: ${before} → ${after}`,
    changes: [{ field: 'Instalments', before, after }],
  });
  await recordAudit(tx, {
    entity: 'booking',
    entityId: id,
    action: 'updated',
    before: { instalments: now.instalments },
    after: { instalments: plan },
    userId,
  });
  const { version } = await recomputeBooking(tx, id);
  return { version, instalments: plan, changed: true };
}
