import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PORTAL_MESSAGES,
  type portalCodeRequestInput,
  type portalLinkInput,
  type portalSignInInput,
} from '../../../shared/api/portal';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { HttpError, validationError } from '../../http/errors';
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
import type { AtolDeps } from '../bookings';
import { RECIPIENT } from '../bookings';
import { acceptAsCustomer } from './service';

/**
 * Signing in on the customer's side (issue #23): from an email's link (with Accept), or with a
 * six-digit code emailed to the booking's address; and signing out. Attempts are counted in the
 * database per client address and per booking (429 past PORTAL_LIMITS), so throttling holds across
 * processes; the sessions themselves are users/portal.ts'.
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
