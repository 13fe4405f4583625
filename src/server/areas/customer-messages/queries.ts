import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BOOKING_MESSAGES_LIMIT,
  type bookingCustomerMessagesAnswer,
  type customerMessageAnswer,
} from '../../../shared/api/customer-messages';
import { type Db, queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import { isoTimestampSql } from '../../lib/dates';

/**
 * The customer's messages and updates as staff read them (issue #23; table customer_messages,
 * written by the portal's server). Two indexes serve every read: (holiday_booking_id, created_at)
 * for a booking's list, and the partial index on created_at where read_at is null for what is
 * unread (the Dashboard's 'From customers', dashboard/queries.ts `unreadCustomerMessages`).
 */

/** A message as read from the database (times as the driver gives them; the answer encodes them). */
type CustomerMessage = z.output<typeof customerMessageAnswer>;
type BookingCustomerMessages = z.output<typeof bookingCustomerMessagesAnswer>;

export const MESSAGE_NOT_FOUND = 'Message not found.';
export const BOOKING_NOT_FOUND = 'Booking not found.';

/** The columns of one message as staff see it (`m` is customer_messages, `r` the reader's user row). */
const messageColumns = sql`m.id, m.kind, m.body, ${isoTimestampSql(sql`m.created_at`)} as created_at,
  ${isoTimestampSql(sql`m.read_at`)} as read_at, r.name as read_by_name`;

/**
 * Booking `bookingId`'s messages and updates, newest first (at most BOOKING_MESSAGES_LIMIT), with
 * how many it has and how many are unread. 404 'Booking not found.' for an unknown booking.
 */
export async function bookingCustomerMessages(db: Db, bookingId: number): Promise<BookingCustomerMessages> {
  const [counts] = await queryRows<{ found: boolean; total: number; unread: number }>(
    db,
    sql`select exists (select 1 from bookings where id = ${bookingId}) as found,
          count(*)::int as total, count(*) filter (where read_at is null)::int as unread
        from customer_messages where holiday_booking_id = ${bookingId}`,
  );
  if (!counts?.found) throw notFound(BOOKING_NOT_FOUND);
  const data = await queryRows<CustomerMessage>(
    db,
    sql`select ${messageColumns}
        from customer_messages m left join users r on r.id = m.read_by
        where m.holiday_booking_id = ${bookingId}
        order by m.created_at desc, m.id desc limit ${BOOKING_MESSAGES_LIMIT}`,
  );
  return { success: true, data, total: counts.total, unread: counts.unread };
}

/**
 * Marks message `id` read by `userId` now, and answers it. Idempotent: one already read keeps who
 * read it and when (the first reader), so two people pressing at once both succeed and one name
 * stays. 404 'Message not found.' for an unknown id.
 */
export async function markCustomerMessageRead(db: Db, id: number, userId: number): Promise<CustomerMessage> {
  // `read_at is null` in the update's condition: a concurrent reader's commit is re-checked by
  // PostgreSQL, so the second update changes nothing and the first reader's name stays.
  await db.execute(
    sql`update customer_messages set read_at = now(), read_by = ${userId} where id = ${id} and read_at is null`,
  );
  const [row] = await queryRows<CustomerMessage>(
    db,
    sql`select ${messageColumns} from customer_messages m left join users r on r.id = m.read_by
        where m.id = ${id}`,
  );
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

/**
 * Marks booking `bookingId`'s unread messages read by `userId` — only those up to `lastId` when
 * given (what the screen showed; later ones stay unread). Answers how many were marked (0 when
 * none was unread). 404 'Booking not found.' for an unknown booking.
 */
export async function markBookingMessagesRead(
  db: Db,
  bookingId: number,
  userId: number,
  lastId?: number,
): Promise<number> {
  const upTo = lastId === undefined ? sql`` : sql` and m.id <= ${lastId}`;
  const [row] = await queryRows<{ found: boolean; marked: number }>(
    db,
    sql`with marked as (
          update customer_messages m set read_at = now(), read_by = ${userId}
          where m.holiday_booking_id = ${bookingId} and m.read_at is null${upTo}
          returning m.id)
        select exists (select 1 from bookings where id = ${bookingId}) as found,
          (select count(*) from marked)::int as marked`,
  );
  if (!row?.found) throw notFound(BOOKING_NOT_FOUND);
  return row.marked;
}
