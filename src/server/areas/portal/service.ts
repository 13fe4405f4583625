import { createHash, randomInt } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PORTAL_MESSAGES,
  type portalCardPaymentInput,
  type portalCodeRequestInput,
  type portalLinkInput,
  type portalMessageInput,
  type portalPassengerInput,
  type portalSignInInput,
} from '../../../shared/api/portal';
import { londonToday } from '../../../shared/dates';
import { poundsText } from '../../../shared/money-text';
import { pathTo } from '../../../shared/routes';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { type AtolDeps, refreshAtolCertificate, releaseHeldCertificates } from '../../documents/atol';
import { HttpError, notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { escapeHtml } from '../../lib/html';
import { enqueueEmail } from '../../mail/outbox';
import type { FileStore } from '../../storage/files';
import {
  bookingRecipient,
  createPortalSession,
  endPortalSession,
  findPortalLink,
  type PortalCaller,
  recipientAddress,
} from '../../users/portal';
import { inTransaction, lockBooking, writeHistory } from '../bookings/ledger';
import { RECIPIENT } from '../bookings/recipient';
import { startEcommpayPayment } from '../payments/service';
import { detailsDays, detailsEditableUntil } from './view';

/**
 * The customer's side (issue #23): signing in from a link or with a code, accepting changes,
 * completing passenger details, paying by card and writing to the office. Everything a customer
 * does runs in one transaction with its history entry (user null, actor 'customer'), an audit row
 * and a `customer_messages` row for staff (Dashboard, booking screen).
 */

/** How long a sign-in code works (minutes), and how many wrong tries it takes. */
export const CODE_MINUTES = 10;
export const CODE_MAX_TRIES = 5;
/** Throttling windows and limits (per 15 minutes). */
export const PORTAL_WINDOW_MINUTES = 15;
export const PORTAL_LIMITS = {
  /** Codes sent for one booking. */
  codesPerBooking: 3,
  /** Code requests from one client address (matching or not). */
  codeRequestsPerIp: 10,
  /** Wrong codes or unknown references from one client address. */
  signInFailuresPerIp: 20,
  /** Unknown or ended link tokens from one client address. */
  linkFailuresPerIp: 20,
} as const;

type Scope = 'code-booking' | 'code-ip' | 'sign-in-ip' | 'link-ip';

/** Attempts of `scope` by `key` within the window (counted in the database: holds across processes). */
async function attempts(db: Db, scope: Scope, key: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from portal_attempts
        where scope = ${scope} and key = ${key}
          and attempted_at > now() - make_interval(mins => ${PORTAL_WINDOW_MINUTES})`,
  );
  return row.n;
}

async function recordAttempt(db: Db, scope: Scope, key: string): Promise<void> {
  await db.execute(sql`insert into portal_attempts (scope, key) values (${scope}, ${key})`);
}

const tooMany = () => new HttpError(429, PORTAL_MESSAGES.tooMany);

/** The stored form of a code: SHA-256 of the booking id and the code (a code means nothing alone). */
const codeHash = (bookingId: number, code: string) =>
  createHash('sha256').update(`${bookingId}:${code}`).digest('hex');

/** The booking of a reference (case and spaces ignored); null when there is none. */
async function bookingByRef(db: Db, ref: string): Promise<{ id: number } | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from bookings where upper(booking_ref) = ${ref.replace(/\s+/g, '').toUpperCase()} limit 1`,
  );
  return row ?? null;
}

/** Surnames compared as people type them: case, accents, spaces, hyphens and apostrophes ignored. */
export function sameSurname(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/[\s'’-]+/g, '')
      .toLowerCase();
  return norm(a) !== '' && norm(a) === norm(b);
}

/**
 * A customer message or update for staff (Dashboard, booking screen), in the caller's transaction,
 * with its audit row (actor 'customer').
 */
async function tellStaff(tx: Db, bookingId: number, kind: 'message' | 'update', body: string) {
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
    actor: 'customer',
    scope: `booking:${bookingId}`,
  });
}

/**
 * POST portal/link (public): the token of an email's link → a portal session (via 'link'); with
 * `accept`, the booking's waiting changes are accepted 'From email' in the same transaction
 * (`accepted` false when none were waiting). 401 PORTAL_MESSAGES.linkInvalid for an unknown,
 * revoked or ended link (counted per client address: 429 past PORTAL_LIMITS.linkFailuresPerIp).
 */
export async function openLink(db: Db, deps: AtolDeps, v: z.output<typeof portalLinkInput>, ip: string) {
  if ((await attempts(db, 'link-ip', ip)) >= PORTAL_LIMITS.linkFailuresPerIp) throw tooMany();
  const link = await findPortalLink(db, v.token);
  if (!link) {
    await recordAttempt(db, 'link-ip', ip);
    throw new HttpError(401, PORTAL_MESSAGES.linkInvalid);
  }
  const result = await inTransaction(db, async (tx) => {
    const session = await createPortalSession(tx, {
      bookingId: link.holiday_booking_id,
      via: 'link',
      email: link.email,
      customerId: link.customer_id,
    });
    const accepted = v.accept ? await acceptAsCustomer(tx, link.holiday_booking_id, 'email') : false;
    return { ...session, accepted };
  });
  if (result.accepted) deps.outbox.kick();
  return {
    success: true as const,
    message: result.accepted ? PORTAL_MESSAGES.accepted : 'Welcome back.',
    token: result.token,
    expires_at: result.expires_at,
    ...(v.accept ? { accepted: result.accepted } : {}),
  };
}

/**
 * POST portal/code (public): when the reference and the lead passenger's surname (else the
 * customer's) match a booking with an address, a six-digit code (CODE_MINUTES, single use) is
 * emailed to it. The answer is the same either way (PORTAL_MESSAGES.codeSent), so it tells no one
 * whether a booking exists. 429 past PORTAL_LIMITS.codeRequestsPerIp from `ip` or
 * codesPerBooking for the booking.
 */
export async function requestCode(
  db: Db,
  deps: { files: FileStore; outbox: AtolDeps['outbox'] },
  v: z.output<typeof portalCodeRequestInput>,
  ip: string,
) {
  if ((await attempts(db, 'code-ip', ip)) >= PORTAL_LIMITS.codeRequestsPerIp) throw tooMany();
  await recordAttempt(db, 'code-ip', ip);
  const booking = await bookingByRef(db, v.booking_ref);
  const ok = { success: true as const, message: PORTAL_MESSAGES.codeSent };
  if (!booking) return ok;
  const [who] = await queryRows<{
    surname: string | null;
    ref: string;
    email: string | null;
    customer_id: number | null;
  }>(
    db,
    sql`select coalesce((select last_name from passengers where holiday_booking_id = b.id order by id limit 1),
                        c.last_name) as surname,
               coalesce(b.booking_ref, 'B' || b.id) as ref, ${recipientAddress} as email, b.customer_id
        from bookings b ${RECIPIENT.joins} where b.id = ${booking.id}`,
  );
  if (!who?.surname || !who.email || !sameSurname(who.surname, v.surname)) return ok;
  if ((await attempts(db, 'code-booking', String(booking.id))) >= PORTAL_LIMITS.codesPerBooking)
    throw tooMany();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await inTransaction(db, async (tx) => {
    await recordAttempt(tx, 'code-booking', String(booking.id));
    // A new code replaces any earlier one: only the newest works.
    await tx.execute(
      sql`update portal_codes set used_at = now() where holiday_booking_id = ${booking.id} and used_at is null`,
    );
    await tx.execute(
      sql`insert into portal_codes (holiday_booking_id, code_hash, email, customer_id, expires_at, ip)
          values (${booking.id}, ${codeHash(booking.id, code)}, ${who.email}, ${who.customer_id},
                  now() + make_interval(mins => ${CODE_MINUTES}), ${ip})`,
    );
    await enqueueEmail(tx, deps.files, {
      kind: 'portal-code',
      to: who.email as string,
      subject: `Your code for booking ${who.ref}: ${code}`,
      html:
        `<p>Your code to manage booking <strong>${escapeHtml(who.ref)}</strong> is:</p>` +
        `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>` +
        `<p>It works once, for ${CODE_MINUTES} minutes. If you did not ask for it, you can ignore this email: nobody can sign in without it.</p>`,
      bookingId: booking.id,
    });
  });
  deps.outbox.kick();
  return ok;
}

/**
 * POST portal/sign-in (public): the reference and the newest code → a portal session (via 'code').
 * 422 PORTAL_MESSAGES.codeWrong for a wrong code (its tries counted: the fifth wrong one ends it),
 * PORTAL_MESSAGES.codeExpired for none live; 429 past PORTAL_LIMITS.signInFailuresPerIp from `ip`.
 * The code must still stand for the booking's recipient (customer and address unchanged).
 */
export async function signIn(db: Db, v: z.output<typeof portalSignInInput>, ip: string) {
  if ((await attempts(db, 'sign-in-ip', ip)) >= PORTAL_LIMITS.signInFailuresPerIp) throw tooMany();
  const booking = await bookingByRef(db, v.booking_ref);
  const fail = async (message: string) => {
    await recordAttempt(db, 'sign-in-ip', ip);
    return validationError({ code: [message] }, message);
  };
  if (!booking) throw await fail(PORTAL_MESSAGES.codeExpired);
  const session = await inTransaction(db, async (tx) => {
    const [code] = await queryRows<{
      id: number;
      code_hash: string;
      attempts: number;
      email: string;
      customer_id: number | null;
    }>(
      tx,
      sql`select id, code_hash, attempts, email, customer_id from portal_codes
          where holiday_booking_id = ${booking.id} and used_at is null and expires_at > now()
            and attempts < ${CODE_MAX_TRIES}
          order by id desc limit 1 for update`,
    );
    if (!code) return { error: PORTAL_MESSAGES.codeExpired } as const;
    if (code.code_hash !== codeHash(booking.id, v.code)) {
      await tx.execute(
        sql`update portal_codes set attempts = attempts + 1,
                   used_at = case when attempts + 1 >= ${CODE_MAX_TRIES} then now() end
            where id = ${code.id}`,
      );
      return { error: PORTAL_MESSAGES.codeWrong } as const;
    }
    await tx.execute(sql`update portal_codes set used_at = now() where id = ${code.id}`);
    const now = await bookingRecipient(tx, booking.id);
    if (!now || now.email !== code.email || now.customer_id !== code.customer_id)
      return { error: PORTAL_MESSAGES.codeExpired } as const;
    return createPortalSession(tx, {
      bookingId: booking.id,
      via: 'code',
      email: code.email,
      customerId: code.customer_id,
    });
  });
  if ('error' in session) throw await fail(session.error);
  return { success: true as const, message: 'Signed in.', ...session };
}

/** POST portal/sign-out: ends the caller's session. */
export async function signOut(db: Db, caller: PortalCaller) {
  await endPortalSession(db, caller.sessionId);
  return { success: true as const, message: PORTAL_MESSAGES.signedOut };
}

/**
 * Accepts booking `bookingId`'s waiting changes as its customer, in the caller's transaction:
 * changes_accepted 1 with the time and the source ('email' from the link's Accept button,
 * 'manage_booking' from the portal, spec 1 §4), a history entry and audit row as 'Customer', the
 * waiting ATOL certificate email released (as when staff accept without an email), and an update
 * for staff. Answers false (nothing written) when none were waiting or the booking is cancelled.
 */
export async function acceptAsCustomer(tx: Db, bookingId: number, from: 'email' | 'manage_booking') {
  const b = await lockBooking(tx, bookingId);
  if (b.cancelled_at || b.changes_accepted === 1) return false;
  await tx.execute(
    sql`update bookings set changes_accepted = 1, changes_accepted_at = now(), changes_accepted_from = ${from},
               version = version + 1, updated_at = now()
        where id = ${bookingId}`,
  );
  const source = from === 'email' ? 'From email' : 'From Manage booking';
  await writeHistory(tx, {
    bookingId,
    userId: null,
    actor: 'customer',
    type: 'Booking',
    action: 'Changes accepted',
    comment: `${source}, by the customer`,
  });
  await recordAudit(tx, {
    entity: 'booking',
    entityId: bookingId,
    action: 'updated',
    before: { changes_accepted: 0 },
    after: { changes_accepted: 1, changes_accepted_from: from },
    userId: null,
    actor: 'customer',
  });
  await releaseHeldCertificates(tx, bookingId);
  await tellStaff(tx, bookingId, 'update', `Changes accepted (${source})`);
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
  caller: PortalCaller,
  passengerId: number,
  v: z.output<typeof portalPassengerInput>,
  today = londonToday(),
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
      actor: 'customer',
      type: 'Passenger',
      action: 'Passenger updated by the customer',
      comment: `${name}: ${changed.map((f) => `${FIELD_LABELS[f]} ${shown(f, before[f])} → ${shown(f, after[f])}`).join('; ')}`,
    });
    await recordAudit(tx, {
      entity: 'passenger',
      entityId: passengerId,
      action: 'updated',
      before: Object.fromEntries(changed.map((f) => [f, before[f]])),
      after: Object.fromEntries(changed.map((f) => [f, after[f]])),
      userId: null,
      actor: 'customer',
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
