import { type SQL, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/api/booking-edit';
import type { FieldChange } from '../../../shared/booking-changes';
import { bookingStatus, bookingTotals, chargedLines } from '../../../shared/booking-totals';
import { londonToday } from '../../../shared/dates';
import { type Instalment, instalmentsText, reconcileInstalments } from '../../../shared/instalments';
import { type ScheduleSettings, scheduleDueDates, scheduleParts } from '../../../shared/payment-schedule';
import { type Db, inSequence, inTransaction, queryRows } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import type { Actor } from '../../lib/audit';
import { londonZoneSql } from '../../lib/dates';
import { instalmentsJsonSql, loadScheduleSettings } from '../../lib/payment-schedules';
import { settleHeldRooms } from './room-stock';
import { loadBookingFigures } from './totals';

/**
 * The ledger of one booking: every change to a booking goes through these inside ONE transaction —
 * lock the booking row (`lockBooking`), change what it changes, write history (`writeHistory`),
 * then `recomputeBooking`, which stores the spec 1 §9 figures, departure date, status and a new
 * version. So totals never drift from their formulas and a stale screen gets 409, not an overwrite.
 */

/** The locked booking row as the services read it. */
export interface LockedBooking {
  id: number;
  version: number;
  booking_ref: string | null;
  customer_id: number | null;
  agent_id: number | null;
  affiliate_id: number | null;
  cancelled_at: string | null;
  /** Null while never set; '0.00' entered at cancellation means waived. */
  cancellation_charge: string | null;
  agent_confirmed: boolean;
  changes_accepted: number;
  departure_date: string | null;
  created_at: string;
  /** The stored money as of the lock (pounds): what payments check against. */
  total_due: string;
  paid: string;
}

/** The one transaction scaffold (db/client.ts), here with the rest of the booking's ledger. */
export { inTransaction };

/**
 * Locks booking `id` (`select … for update`) for the rest of the transaction. 404 when there is no
 * such booking; 409 with MESSAGES.stale when `version` is given and the booking has moved on.
 */
export async function lockBooking(tx: Db, id: number, version?: number): Promise<LockedBooking> {
  const [b] = await queryRows<LockedBooking>(
    tx,
    sql`select id, version, booking_ref, customer_id, agent_id, affiliate_id, cancelled_at,
               cancellation_charge::text as cancellation_charge, agent_confirmed, changes_accepted,
               departure_date::text as departure_date, created_at, total_due::text as total_due, paid::text as paid
        from bookings where id = ${id} for update`,
  );
  if (!b) throw notFound('Booking not found.');
  if (version !== undefined && version !== b.version) throw conflict(MESSAGES.stale);
  return b;
}

/** A history entry as writeHistory takes it. `bookingId` may be SQL (the id a CTE of the same statement returns). */
export interface HistoryEntry {
  bookingId: number | SQL;
  userId: number | null;
  type: string;
  action: string;
  comment?: string | null;
  documentName?: string | null;
  changes?: FieldChange[];
  /** Who acted when it was not a member of staff (`userId` null): 'customer' or 'agent' (their sides). */
  actor?: Actor;
}

/**
 * The INSERT of a history entry (writeHistory's), for a statement that writes more than it; with
 * `from`, one entry per row of that relation (none when it is empty), `bookingId` then read from it.
 */
export function historyInsertSql(e: HistoryEntry, from?: SQL): SQL {
  const changes = e.changes?.length ? JSON.stringify(e.changes) : null;
  const row = sql`${e.bookingId}, ${e.userId}, ${e.type}, ${e.action}, ${e.comment ?? null}, ${e.documentName ?? null},
                ${changes}::jsonb, ${e.actor ?? null}`;
  return sql`insert into booking_history (holiday_booking_id, user_id, type, action, comment, document_name, changes, actor)
        ${from ? sql`select ${row} from ${from}` : sql`values (${row})`}
        returning id`;
}

/**
 * A history entry (spec 1 §3 History entry), written in the caller's transaction; answers its id.
 * `changes`: what the change did to what the customer sees, field by field (shared/booking-changes.ts;
 * the change email lists them since the customer last accepted).
 */
export async function writeHistory(tx: Db, e: HistoryEntry & { bookingId: number }): Promise<number> {
  const [row] = await queryRows<{ id: number }>(tx, historyInsertSql(e));
  return row.id;
}

/**
 * The due dates of a booking made on `bookingDate` and leaving on `departure`, as of today
 * (London), by the one schedule rule (`scheduleDueDates`, src/shared/payment-schedule.ts,
 * with the system settings balance_due_days_before_departure and deposit_due_days_after_booking):
 * balance departure − 84 days, never before today; deposit booking + 7 days, or null when that
 * would not come before the balance (a booking inside the balance window pays the whole amount).
 */
export async function dueDates(
  tx: Db,
  bookingDate: string,
  departure: string | null,
): Promise<{ deposit_due: string | null; balance_due: string | null }> {
  return scheduleDueDates({
    booking_date: bookingDate,
    departure_date: departure,
    today: londonToday(),
    settings: await loadScheduleSettings(tx),
  });
}

/**
 * Recomputes and stores booking `id`'s money (spec 1 §9 via src/shared/booking-totals.ts), its
 * departure date (the earliest departure among its tour lines, spec 1 §5), its status, and bumps
 * its version, in ONE update. `staffChange`: a change by staff after the customer accepted sets the
 * booking back to Pending (changes_accepted = changes_reviewed = 0). `tourLinesChanged`: a tour
 * line was added or removed (or the booking created), so `balance_due` moves with the departure
 * (spec 1 §4 'adding or removing a tour updates balance_due') and `deposit_due` with it (`dueDates`:
 * never on or after the balance), in the same update; otherwise the dates staff set are kept. Answers the new version and figures, and
 * `balance_due` (YYYY-MM-DD or null) when it was set.
 */
export async function recomputeBooking(
  tx: Db,
  id: number,
  { staffChange = true, tourLinesChanged = false } = {},
) {
  const [[b], figures] = await inSequence(
    () =>
      queryRows<{
        agent_id: number | null;
        cancelled_at: string | null;
        owed_back: boolean;
        agent_confirmed: boolean;
        rooms_confirmed: boolean;
        booking_date: string;
        deposit_due: string | null;
        balance_due: string | null;
        instalments: Instalment[];
      }>(
        tx,
        sql`select agent_id, to_char(created_at at time zone ${londonZoneSql}, 'YYYY-MM-DD') as booking_date,
                   cancelled_at, (cancelled_at is not null and balance < 0) as owed_back,
                   agent_confirmed, rooms_confirmed,
                   deposit_due::text as deposit_due, balance_due::text as balance_due,
                   ${instalmentsJsonSql(sql`bookings.id`)} as instalments
            from bookings where id = ${id}`,
      ),
    // The figures as the booking detail shows them: the one loader (totals.ts).
    () => loadBookingFigures(tx, id),
  );
  if (!b || !figures) throw notFound('Booking not found.');
  const { totals, deposit, departure_date: departure } = figures;
  const status = bookingStatus({
    cancelled: b.cancelled_at !== null,
    total_due: totals.total_due,
    paid: totals.paid,
    deposit,
    agent_confirmed: b.agent_id !== null && b.agent_confirmed,
  });
  // The rooms it holds count as Confirmed or Unconfirmed by the new status (room-stock.ts).
  const roomsConfirmed = await settleHeldRooms(
    tx,
    id,
    { rooms_confirmed: b.rooms_confirmed, cancelled: b.cancelled_at !== null },
    status,
  );
  const due = tourLinesChanged ? await dueDates(tx, b.booking_date, departure) : undefined;
  // The refund clock (issue #27, shared/refund-clock.ts): a cancelled booking that owed money back
  // and owes none now was settled by this change; owing again, or live again, clears it.
  const owesBack = b.cancelled_at !== null && totals.refund_due !== '0.00';
  const settled =
    b.cancelled_at === null || owesBack
      ? sql`, refund_settled_at = null`
      : b.owed_back
        ? sql`, refund_settled_at = now()`
        : sql``;
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update bookings set total_due = ${totals.total_due}, paid = ${totals.paid}, balance = ${totals.balance},
               non_commissionable_extras = ${totals.non_commissionable_extras}, status = ${status},
               departure_date = ${departure}, rooms_confirmed = ${roomsConfirmed}, version = version + 1, updated_at = now()
               ${due === undefined ? sql`` : sql`, balance_due = ${due.balance_due}, deposit_due = ${due.deposit_due}`}
               ${staffChange ? sql`, changes_accepted = 0, changes_reviewed = 0` : sql``}
               ${settled}
        where id = ${id} returning version`,
  );
  if (b.instalments.length)
    await keepInstalments(tx, id, b.instalments, {
      ...scheduleParts({
        total_due: totals.total_due,
        deposit,
        deposit_due: due ? due.deposit_due : b.deposit_due,
        balance_due: due ? due.balance_due : b.balance_due,
      }),
      balanceDue: due ? due.balance_due : b.balance_due,
      cancelled: b.cancelled_at !== null,
    });
  return { version: row.version, totals, deposit, status, balance_due: due?.balance_due ?? null };
}

/**
 * Keeps booking `id`'s stored instalment plan true to its new figures (`reconcileInstalments`,
 * src/shared/instalments.ts): the last instalment absorbs a change of the balance and follows the
 * balance due date; a plan that can no longer hold (cancelled, no balance due date, the earlier
 * instalments above the balance or not before its date) is cleared. Either is written to the
 * history (by the system: the change that caused it has its own entry).
 */
async function keepInstalments(
  tx: Db,
  id: number,
  plan: Instalment[],
  now: { balance: string; balanceDue: string | null; cancelled: boolean },
) {
  const r = reconcileInstalments(plan, now);
  if (r.kind === 'same') return;
  const after = r.kind === 'adjusted' ? r.plan : [];
  await storeInstalments(tx, id, after);
  await writeHistory(tx, {
    bookingId: id,
    userId: null,
    type: 'Payment',
    action: r.kind === 'adjusted' ? 'Instalments adjusted' : 'Instalments cleared',
    comment: r.note,
    changes: [{ field: 'Instalments', before: instalmentsText(plan), after: instalmentsText(after) }],
  });
}

/** Replaces booking `id`'s instalment rows by `plan` (seq 1..n in its order; [] removes them). */
export async function storeInstalments(tx: Db, id: number, plan: readonly Instalment[]) {
  await tx.execute(sql`delete from booking_instalments where holiday_booking_id = ${id}`);
  if (!plan.length) return;
  await tx.execute(
    sql`insert into booking_instalments (holiday_booking_id, seq, due_date, amount) values ${sql.join(
      plan.map((p, i) => sql`(${id}, ${i + 1}, ${p.due}::date, ${p.amount}::numeric)`),
      sql`, `,
    )}`,
  );
}

/**
 * What `recomputeBooking(tx, id, { tourLinesChanged: true })` would store on a booking just created
 * from `lines` — computed before its INSERT, so createBooking writes the row once instead of
 * inserting it and updating it again in the same transaction (the update cost a read of the row,
 * its lines, extras, discounts and payments, and fired the bookings update triggers). Same
 * functions as recomputeBooking: a new booking has no extras, discounts or payments and
 * no old_tour_booking; paid is 0, so its status is Pending (bookingStatus: not Paid, and no payment
 * reaches any deposit), its rooms are Unconfirmed, and the due dates follow its departure (the
 * earliest of its lines) by the schedule rule, as of `bookingDate`, the London day of its
 * created_at (read in the same transaction).
 */
export function newBookingFigures(input: {
  lines: readonly {
    price: string;
    sale_price: string | null;
    base_price: string | null;
    guests: number;
    departure_date: string;
  }[];
  /** The agent's commission percent when the booking has an agent, else null. */
  agentCommissionPercent: string | null;
  vatPercent: string;
  bookingDate: string;
  settings: ScheduleSettings;
  today?: string;
}) {
  const totals = bookingTotals({
    tour_lines: chargedLines(input.lines, null),
    extras: [],
    discounts: [],
    paid: '0',
    agent_commission_percent: input.agentCommissionPercent,
    vat_percent: input.vatPercent,
    cancelled: false,
    cancellation_charge: null,
  });
  // Nothing paid: whatever deposit the lines ask, the status is Pending.
  const status = bookingStatus({
    cancelled: false,
    total_due: totals.total_due,
    paid: totals.paid,
    deposit: totals.total_due,
  });
  const departure = input.lines.length ? input.lines.map((l) => l.departure_date).sort()[0] : null;
  const due = scheduleDueDates({
    booking_date: input.bookingDate,
    departure_date: departure,
    today: input.today ?? londonToday(),
    settings: input.settings,
  });
  return {
    totals,
    status,
    departure_date: departure,
    roomsConfirmed: status === 'Confirmed' || status === 'Paid',
    ...due,
  };
}
