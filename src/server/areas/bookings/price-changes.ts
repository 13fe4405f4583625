import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PRICE_CHANGE_MESSAGES,
  type PriceChange,
  type priceChangeInput,
} from '../../../shared/api/booking-price-changes';
import { money } from '../../../shared/booking-totals';
import { londonToday, ukDate } from '../../../shared/dates';
import type { GreetingName } from '../../../shared/greeting';
import { poundsText } from '../../../shared/money-text';
import {
  decisionOn,
  isSignificantIncrease,
  PRICE_CHANGE_SETTINGS,
  type PriceChangeDecision,
  type PriceChangeSettings,
  priceChangeResponseDate,
  priceChangeSettings,
  priceIncreaseAllowed,
} from '../../../shared/price-change';
import { allQueries, type Db, queryRows } from '../../db/client';
import { loadSettingValues } from '../../documents/letterhead';
import { notFound, validationError } from '../../http/errors';
import { enqueueEmail } from '../../mail/outbox';
import type { EmailDeps } from './email-message';
import { inTransaction, lockBooking, recomputeBooking, writeHistory } from './ledger';
import { priceChangeEmail } from './price-change-email';
import { NO_RECIPIENT_EMAIL, RECIPIENT, RECIPIENT_GREETING } from './recipient';

/**
 * Price changes after booking (issue #27; PTR 2018 regs 10–11, rules in src/shared/price-change.ts):
 * a `booking_price_changes` row summed into the total due by the one totals rule (totals.ts), applied
 * under the ledger's lock / history / recompute in ONE transaction with its email.
 */

/** The three settings, with the regulation's values as defaults. */
export async function loadPriceChangeSettings(db: Db): Promise<PriceChangeSettings> {
  return priceChangeSettings(await loadSettingValues(db, Object.values(PRICE_CHANGE_SETTINGS)));
}

type Row = Omit<PriceChange, 'decision'> & { decision: PriceChangeDecision | null };

/**
 * Booking `bookingId`'s price changes, newest first, each decision as it stands on `today` (a pending
 * one past its response date reads 'deemed_accepted', reg. 11(4)(c)); with `id`, only that one.
 */
export async function priceChangesOf(
  db: Db,
  bookingId: number,
  today: string,
  id?: number,
): Promise<PriceChange[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select pc.id, pc.amount::text as amount, pc.reason, pc.total_before::text as total_before,
               pc.total_after::text as total_after, pc.decision, pc.respond_by::text as respond_by,
               to_char(pc.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as decided_at, pc.decided_via,
               to_char(pc.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
               u.name as created_by
        from booking_price_changes pc left join users u on u.id = pc.created_by
        where pc.holiday_booking_id = ${bookingId} ${id === undefined ? sql`` : sql`and pc.id = ${id}`}
        order by pc.id desc`,
  );
  return rows.map((r) => {
    const decision = decisionOn(r.decision, r.respond_by, today);
    const deemed = decision === 'deemed_accepted' && r.decision === 'pending';
    return { ...r, decision, decided_via: deemed ? 'system' : r.decided_via };
  });
}

/** GET bookings/{id}/price-changes: the changes and the rules as they apply today. */
export async function listPriceChanges(db: Db, bookingId: number, today = londonToday()) {
  const [[b], settings, changes] = await allQueries(db, [
    () =>
      queryRows<{ departure_date: string | null; total_due: string }>(
        db,
        sql`select departure_date::text as departure_date, total_due::text as total_due from bookings where id = ${bookingId}`,
      ),
    () => loadPriceChangeSettings(db),
    () => priceChangesOf(db, bookingId, today),
  ]);
  if (!b) throw notFound('Booking not found.');
  return {
    changes,
    rules: {
      min_days: settings.minDays,
      significant_percent: settings.significantPercent,
      response_days: settings.responseDays,
      departure_date: b.departure_date,
      increase_allowed: priceIncreaseAllowed(b.departure_date, today, settings.minDays),
      total_due: b.total_due,
    },
  };
}

/**
 * POST bookings/{id}/price-changes: applies `v.amount` (pounds; negative a reduction, always allowed
 * and passed on) with its reason. An increase is refused (422, nothing changed) fewer than the set
 * days (default 20, reg. 10) before departure, while another increase waits for an answer, or when
 * there is no address to notify (reg. 10: notified on a durable medium). An increase of more than
 * the set percentage of the total due (default 8 %, reg. 11(3)(c)) gets decision 'pending' with a
 * response date (`priceChangeResponseDate`); the email offers accept or cancel without a charge.
 * One transaction: lock (version), row, history, recompute, email. Answers the new version, the row
 * and the address emailed (null: a reduction with no address).
 */
export async function applyPriceChange(
  db: Db,
  deps: EmailDeps,
  bookingId: number,
  v: z.output<typeof priceChangeInput>,
  userId: number,
  today = londonToday(),
) {
  const settings = await loadPriceChangeSettings(db);
  const increase = new Decimal(v.amount).gt(0);
  const result = await inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, bookingId, v.version);
    if (b.cancelled_at) throw validationError({}, PRICE_CHANGE_MESSAGES.cancelled);
    if (increase && !priceIncreaseAllowed(b.departure_date, today, settings.minDays))
      throw validationError(
        { amount: [PRICE_CHANGE_MESSAGES.tooLate(settings.minDays, ukDate(b.departure_date ?? today))] },
        PRICE_CHANGE_MESSAGES.tooLate(settings.minDays, ukDate(b.departure_date ?? today)),
      );
    const waiting =
      increase && (await priceChangesOf(tx, bookingId, today)).some((c) => c.decision === 'pending');
    if (waiting)
      throw validationError({ amount: [PRICE_CHANGE_MESSAGES.pending] }, PRICE_CHANGE_MESSAGES.pending);
    const [to] = await queryRows<{ email: string | null; ref: string | null } & GreetingName>(
      tx,
      sql`select ${RECIPIENT.email} as email, ${RECIPIENT_GREETING}, b.booking_ref as ref
          from bookings b ${RECIPIENT.joins} where b.id = ${bookingId}`,
    );
    if (increase && !to?.email) throw validationError({ amount: [NO_RECIPIENT_EMAIL] }, NO_RECIPIENT_EMAIL);
    // Deemed accepted is kept on the row once a later change reads it (the reads say so already).
    await tx.execute(
      sql`update booking_price_changes set decision = 'deemed_accepted', decided_via = 'system', decided_at = now()
          where holiday_booking_id = ${bookingId} and decision = 'pending' and respond_by < ${today}::date`,
    );
    const totalBefore = money(b.total_due);
    const significant = isSignificantIncrease(v.amount, totalBefore, settings.significantPercent);
    const respondBy = significant
      ? priceChangeResponseDate(today, b.departure_date, settings.responseDays)
      : null;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into booking_price_changes (holiday_booking_id, amount, reason, total_before, total_after, decision, respond_by, created_by)
          values (${bookingId}, ${v.amount}, ${v.reason}, ${totalBefore}, ${totalBefore}, ${significant ? 'pending' : null},
                  ${respondBy}::date, ${userId})
          returning id`,
    );
    // An increase the customer must decide on has its own acceptance (the decision card and its
    // answer), so it does not also ask them to accept changes; a notice is a change like any other.
    const { version, totals } = await recomputeBooking(tx, bookingId, { staffChange: !significant });
    await tx.execute(
      sql`update booking_price_changes set total_after = ${totals.total_due} where id = ${row.id}`,
    );
    const what = increase ? 'Price increase' : 'Price reduction';
    const historyId = await writeHistory(tx, {
      bookingId,
      userId,
      type: 'Booking',
      action: significant ? `${what}: customer's answer asked by ${ukDate(respondBy ?? today)}` : what,
      comment: `${v.reason}: ${poundsText(v.amount)} (PTR 2018 reg. 10)${significant ? `; more than ${settings.significantPercent}% of the total price, so the customer may accept or cancel without a charge (reg. 11)` : ''}.`,
      changes: [
        { field: 'Total price', before: poundsText(totalBefore), after: poundsText(totals.total_due) },
      ],
    });
    let emailedTo: string | null = null;
    if (to?.email) {
      const mail = await priceChangeEmail(
        tx,
        {
          bookingId,
          ref: to.ref ?? String(bookingId),
          to: to.email,
          greeting: to,
          amount: v.amount,
          reason: v.reason,
          totalBefore,
          totalAfter: totals.total_due,
          decision: respondBy ? { respondBy, percent: settings.significantPercent } : null,
        },
        deps.config.appUrl,
      );
      await enqueueEmail(tx, deps.files, {
        kind: 'price-change',
        to: to.email,
        ...mail,
        bookingId,
        historyId,
        createdBy: userId,
      });
      emailedTo = to.email;
    }
    const [change] = await priceChangesOf(tx, bookingId, today, row.id);
    return { version, price_change: change, emailed_to: emailedTo };
  });
  if (result.emailed_to) deps.outbox.kick();
  return result;
}
