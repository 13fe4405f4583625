/**
 * The customer's token realm (issue #23), below the areas beside the staff one: links emailed to a
 * booking's recipient, and portal sessions (from a link or a six-digit code). A token is 256 random
 * bits (base64url); only its SHA-256 is stored. Each link and session is bound to its booking, the
 * booking's customer and the address it was sent to, and is checked on every use against the
 * booking as it is NOW: a change of customer or of that customer's email (or the agent's, when the
 * agent is the recipient) ends it, whatever code path made the change. A link lasts until 30 days
 * after the booking's return date; a session PORTAL_SESSION_HOURS, and never past its link's end.
 * Staff tokens (user_tokens) and portal tokens live in different tables: neither opens the other's
 * routes (http/auth.ts).
 */

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { londonZoneSql } from '../lib/dates';
import { RECIPIENT } from '../lib/recipient';
import { hashToken } from './service';

/** How long a portal session lasts after it is opened (hours). */
export const PORTAL_SESSION_HOURS = 8;
/** Days after the return date that a booking's links keep working. */
export const PORTAL_LINK_DAYS_AFTER_RETURN = 30;

/** A new random token (43 base64url characters) and its stored hash. */
export function newPortalToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/**
 * SQL: the end of booking `b`'s portal access — midnight after 30 days past its return date (the
 * last line's check-out, else departure + duration − 1 days; a booking without lines: its departure
 * date, else a year after it was made).
 */
export const portalAccessEnd = sql`((coalesce(
    (select max(coalesce(tb.check_out_date, i.departure_date + greatest(coalesce(i.duration, g.duration, t.duration, 1) - 1, 0)))
     from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
     join tour_groups g on g.id = i.tour_group_id join tours t on t.id = tb.tour_id
     where tb.holiday_booking_id = b.id),
    b.departure_date, (b.created_at + interval '365 days')::date)
  + ${PORTAL_LINK_DAYS_AFTER_RETURN}::int + 1)::timestamp at time zone ${londonZoneSql})`;

/** SQL: the booking's recipient address as links are bound to it (lower case, trimmed). */
export const recipientAddress = sql`lower(${RECIPIENT.email})`;

/**
 * SQL: row `x` (a link, session or code: holiday_booking_id, email, customer_id) still stands for
 * booking `b` (joined with RECIPIENT.joins): same customer, same address, before the access end.
 */
const stillBound = (x: string) =>
  sql`${sql.raw(x)}.customer_id is not distinct from b.customer_id
      and ${sql.raw(x)}.email = ${recipientAddress} and now() < ${portalAccessEnd}`;

/** The booking's recipient as a link binds it: address and customer; null when it has no address. */
export async function bookingRecipient(
  db: Db,
  bookingId: number,
): Promise<{ email: string; customer_id: number | null } | null> {
  const [r] = await queryRows<{ email: string | null; customer_id: number | null }>(
    db,
    sql`select ${recipientAddress} as email, b.customer_id from bookings b ${RECIPIENT.joins} where b.id = ${bookingId}`,
  );
  return r?.email ? { email: r.email, customer_id: r.customer_id } : null;
}

/**
 * Issues a personal link token for booking `bookingId`, bound to its recipient now (in the caller's
 * transaction, so an email that is not written leaves no link). Answers the token, or null when the
 * booking has no recipient address or `to` (the address the email goes to) is not the recipient's.
 */
export async function issuePortalLink(tx: Db, bookingId: number, to?: string): Promise<string | null> {
  const r = await bookingRecipient(tx, bookingId);
  if (!r || (to !== undefined && to.trim().toLowerCase() !== r.email)) return null;
  const { token, hash } = newPortalToken();
  await tx.execute(
    sql`insert into portal_links (holiday_booking_id, token_hash, email, customer_id)
        values (${bookingId}, ${hash}, ${r.email}, ${r.customer_id})`,
  );
  return token;
}

/** A link that still works: its booking and the address and customer it is bound to. */
export interface PortalLink {
  id: number;
  holiday_booking_id: number;
  email: string;
  customer_id: number | null;
}

/** The link of `token` when it still works (not revoked, still bound, before its end), else null. */
export async function findPortalLink(db: Db, token: string): Promise<PortalLink | null> {
  const [row] = await queryRows<PortalLink>(
    db,
    sql`update portal_links l set last_used_at = now()
        from bookings b ${RECIPIENT.joins}
        where l.token_hash = ${hashToken(token)} and b.id = l.holiday_booking_id and l.revoked_at is null
          and ${stillBound('l')}
        returning l.id, l.holiday_booking_id, l.email, l.customer_id`,
  );
  return row ?? null;
}

/**
 * Opens a portal session for booking `bookingId` bound to `email` and `customerId`: answers the
 * bearer token and when it ends (ISO 8601; PORTAL_SESSION_HOURS, never past the booking's access end).
 */
export async function createPortalSession(
  tx: Db,
  s: { bookingId: number; via: 'link' | 'code'; email: string; customerId: number | null },
): Promise<{ token: string; expires_at: string }> {
  const { token, hash } = newPortalToken();
  const [row] = await queryRows<{ expires_at: string }>(
    tx,
    sql`insert into portal_sessions (holiday_booking_id, token_hash, via, email, customer_id, expires_at)
        select b.id, ${hash}, ${s.via}, ${s.email}, ${s.customerId},
               least(now() + make_interval(hours => ${PORTAL_SESSION_HOURS}), ${portalAccessEnd})
        from bookings b where b.id = ${s.bookingId}
        returning to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at`,
  );
  return { token, expires_at: row.expires_at };
}

/** The caller of a portal route: the session and the one booking it stands for. */
export interface PortalCaller {
  sessionId: number;
  bookingId: number;
}

/**
 * The portal caller behind a bearer token, or null: an unknown token, an ended session, or one whose
 * booking has since changed customer or address (or is past its access end). A staff token is not
 * in this table, so it is never a portal caller.
 */
export async function authenticatePortal(db: Db, token: string): Promise<PortalCaller | null> {
  const [row] = await queryRows<{ id: number; holiday_booking_id: number }>(
    db,
    sql`update portal_sessions s set last_used_at = now()
        from bookings b ${RECIPIENT.joins}
        where s.token_hash = ${hashToken(token)} and b.id = s.holiday_booking_id and s.expires_at > now()
          and ${stillBound('s')}
        returning s.id, s.holiday_booking_id`,
  );
  return row ? { sessionId: row.id, bookingId: row.holiday_booking_id } : null;
}

/** Ends a portal session (sign-out). */
export async function endPortalSession(db: Db, sessionId: number): Promise<void> {
  await db.execute(sql`delete from portal_sessions where id = ${sessionId}`);
}
