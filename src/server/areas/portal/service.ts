import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PORTAL_MESSAGES,
  type portalCardPaymentInput,
  type portalMessageInput,
  type portalPassengerInput,
  type portalPriceChangeInput,
} from '../../../shared/api/portal';
import { londonToday } from '../../../shared/dates';
import { poundsText } from '../../../shared/money-text';
import { pathTo } from '../../../shared/routes';
import type { Config } from '../../config';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import type { PortalCaller } from '../../users/portal';
import {
  type AtolDeps,
  answerPriceChangeLocked,
  lockBooking,
  refreshAtolCertificate,
  releaseHeldCertificates,
  writeHistory,
} from '../bookings';
import { startEcommpayPayment } from '../payments';
import { detailsDays, detailsEditableUntil } from './view';

/**
 * The customer's side (issue #23), once signed in (sign-in.ts): accepting changes, completing
 * passenger details, paying by card and writing to the office. Everything a customer
 * does runs in one transaction with its history entry (user null, actor 'customer'), an audit row
 * and a `customer_messages` row for staff (Dashboard, booking screen).
 */

/**
 * Who acts from outside the office: the booking's customer (their side, issue #23) or the travel
 * agency the booking belongs to (its side, issue #25; `name` the agency's).
 */
export type OutsideParty = { actor: 'customer' } | { actor: 'agent'; name: string };
const CUSTOMER: OutsideParty = { actor: 'customer' };
/** How a history entry and an update for staff name the party ('the customer', 'the agent Sunny Travel'). */
const partyName = (by: OutsideParty) => (by.actor === 'agent' ? `the agent ${by.name}` : 'the customer');

/**
 * A customer message or update for staff (Dashboard, booking screen), in the caller's transaction,
 * with its audit row (actor 'customer', or 'agent' with the agency named in the body).
 */
async function tellStaff(
  tx: Db,
  bookingId: number,
  kind: 'message' | 'update',
  text: string,
  by: OutsideParty = CUSTOMER,
) {
  const body = by.actor === 'agent' ? `${text} (by the agent ${by.name})` : text;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into customer_messages (holiday_booking_id, kind, body) values (${bookingId}, ${kind}, ${body}) returning id`,
  );
  await recordAudit(tx, {
    entity: 'customer_message',
    entityId: row.id,
    action: 'created',
    after: { holiday_booking_id: bookingId, kind, body },
    userId: null,
    actor: by.actor,
    scope: `booking:${bookingId}`,
  });
}

/**
 * Accepts booking `bookingId`'s waiting changes as its customer, in the caller's transaction:
 * changes_accepted 1 with the time and the source ('email' from the link's Accept button,
 * 'manage_booking' from the portal, spec 1 §4; 'agent' when its agency accepts on the client's
 * behalf, issue #25), a history entry and audit row as 'Customer' (or 'Agent'), the waiting ATOL
 * certificate email released (as when staff accept without an email), and an update for staff.
 * Answers false (nothing written) when none were waiting or the booking is cancelled.
 */
export async function acceptAsCustomer(
  tx: Db,
  bookingId: number,
  from: 'email' | 'manage_booking' | 'agent',
  by: OutsideParty = CUSTOMER,
) {
  const b = await lockBooking(tx, bookingId);
  if (b.cancelled_at || b.changes_accepted === 1) return false;
  await tx.execute(
    sql`update bookings set changes_accepted = 1, changes_accepted_at = now(), changes_accepted_from = ${from},
               version = version + 1, updated_at = now()
        where id = ${bookingId}`,
  );
  const source = from === 'email' ? 'From email' : from === 'agent' ? 'By the agent' : 'From Manage booking';
  await writeHistory(tx, {
    bookingId,
    userId: null,
    actor: by.actor,
    type: 'Booking',
    action: 'Changes accepted',
    comment: `${source}, by ${partyName(by)}`,
  });
  await recordAudit(tx, {
    entity: 'booking',
    entityId: bookingId,
    action: 'updated',
    before: { changes_accepted: 0 },
    after: { changes_accepted: 1, changes_accepted_from: from },
    userId: null,
    actor: by.actor,
  });
  await releaseHeldCertificates(tx, bookingId);
  await tellStaff(tx, bookingId, 'update', `Changes accepted (${source})`, by);
  return true;
}

/** POST portal/booking/accept: accepts the changes 'From Manage booking'. 422 when none are waiting. */
export async function acceptFromPortal(db: Db, deps: AtolDeps, caller: PortalCaller) {
  const accepted = await inTransaction(db, (tx) => acceptAsCustomer(tx, caller.bookingId, 'manage_booking'));
  if (!accepted) throw validationError({}, PORTAL_MESSAGES.nothingToAccept);
  deps.outbox.kick();
  const [row] = await queryRows<{ accepted_at: string }>(
    db,
    sql`select to_char(changes_accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as accepted_at
        from bookings where id = ${caller.bookingId}`,
  );
  return { success: true as const, message: PORTAL_MESSAGES.accepted, accepted_at: row.accepted_at };
}

/**
 * POST portal/booking/price-change (issue #27, PTR 2018 reg. 11(4)–(5)): the customer accepts a
 * significant price increase or cancels without a cancellation charge (the whole amount paid becomes
 * the refund due). Only the session's booking: a change of another booking is 404. One transaction:
 * the answer and its history (answerPriceChangeLocked), an audit row and an update for staff.
 */
export async function answerPriceChangeAsCustomer(
  db: Db,
  caller: PortalCaller,
  v: z.output<typeof portalPriceChangeInput>,
) {
  const answer = v.answer === 'accept' ? 'accepted' : 'cancelled';
  await inTransaction(db, async (tx) => {
    await lockBooking(tx, caller.bookingId);
    await answerPriceChangeLocked(tx, caller.bookingId, v.price_change_id, answer, { via: 'customer' });
    await recordAudit(tx, {
      entity: 'booking_price_change',
      entityId: v.price_change_id,
      action: 'updated',
      before: { decision: 'pending' },
      after: { decision: answer },
      userId: null,
      actor: 'customer',
      scope: `booking:${caller.bookingId}`,
    });
    await tellStaff(
      tx,
      caller.bookingId,
      'update',
      answer === 'accepted'
        ? 'Price change accepted'
        : 'Booking cancelled after the price change (no charge)',
    );
  });
  return answer === 'accepted' ? PORTAL_MESSAGES.priceAccepted : PORTAL_MESSAGES.priceCancelled;
}

const PASSENGER_FIELDS = [
  'title',
  'first_name',
  'last_name',
  'dob',
  'gender',
  'passport_no',
  'passport_issue',
  'passport_expiry',
  'passport_nationality',
] as const;

const FIELD_LABELS: Record<(typeof PASSENGER_FIELDS)[number], string> = {
  title: 'Title',
  first_name: 'First name',
  last_name: 'Last name',
  dob: 'Date of birth',
  gender: 'Gender',
  passport_no: 'Passport number',
  passport_issue: 'Passport issue date',
  passport_expiry: 'Passport expiry date',
  passport_nationality: 'Passport nationality',
};

/**
 * PUT portal/booking/passengers/{id}: the customer completes passenger `passengerId` of the
 * caller's booking (the staff side's rules: `portalPassengerInput`). Refused with 422 once the
 * booking is cancelled or it is later than `portal_details_days_before_departure` days before
 * departure; 404 when the passenger is not on the caller's booking. One transaction: the row, a
 * history entry 'Passenger updated by the customer' (each field before → after; passport numbers
 * masked), an audit row, the booking's Changes Reviewed back to Pending (staff look), an update for
 * staff, and the ATOL certificate brought up to date (names are on it).
 */
export async function updatePassengerAsCustomer(
  db: Db,
  deps: AtolDeps,
  caller: Pick<PortalCaller, 'bookingId'>,
  passengerId: number,
  v: z.output<typeof portalPassengerInput>,
  today = londonToday(),
  by: OutsideParty = CUSTOMER,
) {
  if (v.passport_issue && v.passport_expiry && v.passport_expiry <= v.passport_issue)
    throw validationError({ passport_expiry: ['The passport expiry must be after its issue date.'] });
  const days = await detailsDays(db);
  await inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, caller.bookingId);
    if (b.cancelled_at) throw validationError({}, PORTAL_MESSAGES.cancelled);
    const until = detailsEditableUntil(b.departure_date, days);
    if (!until || today > until) throw validationError({}, PORTAL_MESSAGES.detailsClosed);
    const [before] = await queryRows<Record<(typeof PASSENGER_FIELDS)[number], string | null>>(
      tx,
      sql`select title, first_name, last_name, dob::text as dob, gender, passport_no, passport_issue::text as passport_issue,
                 passport_expiry::text as passport_expiry, passport_nationality
          from passengers where id = ${passengerId} and holiday_booking_id = ${caller.bookingId} for update`,
    );
    if (!before) throw notFound('Passenger not found.');
    const after = Object.fromEntries(PASSENGER_FIELDS.map((f) => [f, v[f] ?? null])) as typeof before;
    const changed = PASSENGER_FIELDS.filter((f) => (before[f] ?? null) !== (after[f] ?? null));
    if (changed.length === 0) return;
    await tx.execute(
      sql`update passengers set ${sql.join(
        PASSENGER_FIELDS.map((f) => sql`${sql.identifier(f)} = ${after[f]}`),
        sql`, `,
      )}, updated_at = now() where id = ${passengerId}`,
    );
    const shown = (f: (typeof PASSENGER_FIELDS)[number], value: string | null) =>
      value === null || value === '' ? '—' : f === 'passport_no' ? `…${value.slice(-3)}` : value;
    const name = [after.title, after.first_name, after.last_name].filter(Boolean).join(' ');
    await writeHistory(tx, {
      bookingId: caller.bookingId,
      userId: null,
      actor: by.actor,
      type: 'Passenger',
      action: by.actor === 'agent' ? 'Passenger updated by the agent' : 'Passenger updated by the customer',
      comment: `${name}: ${changed.map((f) => `${FIELD_LABELS[f]} ${shown(f, before[f])} → ${shown(f, after[f])}`).join('; ')}`,
    });
    await recordAudit(tx, {
      entity: 'passenger',
      entityId: passengerId,
      action: 'updated',
      before: Object.fromEntries(changed.map((f) => [f, before[f]])),
      after: Object.fromEntries(changed.map((f) => [f, after[f]])),
      userId: null,
      actor: by.actor,
      scope: `booking:${caller.bookingId}`,
    });
    await tx.execute(
      sql`update bookings set changes_reviewed = 0, version = version + 1, updated_at = now() where id = ${caller.bookingId}`,
    );
    await tellStaff(
      tx,
      caller.bookingId,
      'update',
      `Passenger details updated: ${name} (${changed.map((f) => FIELD_LABELS[f].toLowerCase()).join(', ')})`,
      by,
    );
    await refreshAtolCertificate(tx, deps, caller.bookingId, null, 'passenger updated');
  });
  deps.outbox.kick();
}

/** POST portal/booking/messages: the customer's message, kept for staff with a history entry. */
export async function sendMessage(db: Db, caller: PortalCaller, v: z.output<typeof portalMessageInput>) {
  await inTransaction(db, async (tx) => {
    await lockBooking(tx, caller.bookingId);
    await tellStaff(tx, caller.bookingId, 'message', v.message);
    await writeHistory(tx, {
      bookingId: caller.bookingId,
      userId: null,
      actor: 'customer',
      type: 'Message',
      action: 'Message from the customer',
      comment: v.message,
    });
  });
  return { success: true as const, message: PORTAL_MESSAGES.messageSent };
}

/**
 * POST portal/booking/card-payment: starts an ECOMMPAY payment of `amount` pounds for the caller's
 * booking (the staff side's `startEcommpayPayment`: the same signing, pending row and callback;
 * the gateway returns to the customer's page). 422 when card payments are not configured, nothing
 * is owed, or the amount is more than the balance (a customer never overpays online).
 */
export async function startCardPayment(
  db: Db,
  config: Pick<
    Config,
    'ECOMMPAY_PROJECT_ID' | 'ECOMMPAY_SECRET_KEY' | 'ECOMMPAY_PAYMENT_CURRENCY' | 'appUrl'
  >,
  caller: PortalCaller,
  v: z.output<typeof portalCardPaymentInput>,
) {
  if (!config.ECOMMPAY_PROJECT_ID || !config.ECOMMPAY_SECRET_KEY)
    throw validationError({ amount: [PORTAL_MESSAGES.cardNotAvailable] }, PORTAL_MESSAGES.cardNotAvailable);
  const [b] = await queryRows<{ balance: string; cancelled: boolean }>(
    db,
    sql`select balance::text as balance, cancelled_at is not null as cancelled from bookings where id = ${caller.bookingId}`,
  );
  if (!b) throw notFound('Booking not found.');
  if (b.cancelled || new Decimal(b.balance).lte(0))
    throw validationError({ amount: [PORTAL_MESSAGES.nothingToPay] }, PORTAL_MESSAGES.nothingToPay);
  if (new Decimal(v.amount).gt(b.balance))
    throw validationError({ amount: [PORTAL_MESSAGES.moreThanBalance] }, PORTAL_MESSAGES.moreThanBalance);
  const amount = new Decimal(v.amount).toFixed(2);
  const params = await startEcommpayPayment(
    db,
    config,
    { holiday_booking_id: caller.bookingId, payment_method: 'ecommpay', payment_amount: amount },
    null,
    { returnUrl: `${config.appUrl}${pathTo('portal-booking')}` },
  );
  await inTransaction(db, async (tx) => {
    await writeHistory(tx, {
      bookingId: caller.bookingId,
      userId: null,
      actor: 'customer',
      type: 'Payment',
      action: 'Card payment started by the customer',
      comment: `${poundsText(amount)} by card (recorded when the card payment succeeds)`,
    });
    await recordAudit(tx, {
      entity: 'booking',
      entityId: caller.bookingId,
      action: 'updated',
      before: { card_payment_started: null },
      after: { card_payment_started: amount },
      userId: null,
      actor: 'customer',
      scope: `booking:${caller.bookingId}`,
    });
  });
  return {
    success: true as const,
    data: params as unknown as Record<string, string | number | boolean | null>,
  };
}
