import { sql } from 'drizzle-orm';
import type {
  BookingChoice,
  BookingRequestValues,
  Referral,
  ReferrerOption,
} from '../../../shared/api/booking-requests';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { likeEscape } from '../../http/datatables';
import { isUniqueViolation } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';

/** 404 unless the customer exists. */
async function assertCustomer(db: Db, id: number) {
  const [row] = await queryRows(db, sql`select 1 from customers where id = ${id}`);
  if (!row) throw notFound('Customer not found.');
}

/**
 * A customer's bookings for the referral picker (GET bookings?customer_id=), newest first, at most
 * 100; `search` keeps those whose reference (or old-system number) starts with it. Each carries
 * the referrer already recorded, if any. 404 for an unknown customer.
 */
export async function customerBookingChoices(
  db: Db,
  customerId: number,
  search?: string,
): Promise<BookingChoice[]> {
  await assertCustomer(db, customerId);
  const prefix = search ? `${likeEscape(search.trim().toUpperCase())}%` : null;
  return queryRows<BookingChoice>(
    db,
    sql`select b.id, b.booking_ref, b.departure_date, b.status, b.created_at,
               r.referrer_id, rc.full_name as referrer_name
        from bookings b
        left join booking_requests r on r.booking_id = b.id
        left join customers rc on rc.id = r.referrer_id
        where b.customer_id = ${customerId}
          ${prefix ? sql`and upper(coalesce(b.booking_ref, b.old_booking_id::text, '')) like ${prefix}` : sql``}
        order by b.created_at desc, b.id desc
        limit 100`,
  );
}

/**
 * Customers who may be named as referrer (GET referrers): up to 20 whose name, postcode or email
 * contains `search` (2 characters at least, else none), other than `exceptId`, with their bookings.
 */
export async function findReferrers(
  db: Db,
  search: string | undefined,
  exceptId?: number,
): Promise<ReferrerOption[]> {
  const text = (search ?? '').trim().toLowerCase();
  if (text.length < 2) return [];
  const pattern = `%${likeEscape(text)}%`;
  return queryRows<ReferrerOption>(
    db,
    sql`select c.id, c.full_name, c.email, c.postcode,
               (select count(*)::int from bookings b where b.customer_id = c.id) as total_bookings
        from customers c
        where (c.search_text like ${pattern} or lower(coalesce(c.email, '')) like ${pattern})
          ${exceptId ? sql`and c.id <> ${exceptId}` : sql``}
        order by c.last_name, c.first_name, c.id
        limit 20`,
  );
}

/**
 * Records a referral (POST bookings/requests): `referrer_id` referred `customer_id`, whose booking
 * `booking_id` it was. 422 per field: unknown customer, referrer or booking; a booking of another
 * customer; a customer referring themselves; a booking that already has a referrer. Answers the id.
 */
export async function createBookingRequest(db: Db, v: BookingRequestValues, userId: number): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [row] = await queryRows<{
      customer: boolean;
      referrer: boolean;
      booking_customer: number | null;
      booking: boolean;
      taken: boolean;
    }>(
      tx,
      sql`select exists(select 1 from customers where id = ${v.customer_id}) as customer,
                 exists(select 1 from customers where id = ${v.referrer_id}) as referrer,
                 exists(select 1 from bookings where id = ${v.booking_id}) as booking,
                 (select customer_id from bookings where id = ${v.booking_id}) as booking_customer,
                 exists(select 1 from booking_requests where booking_id = ${v.booking_id}) as taken`,
    );
    const errors: Record<string, string[]> = {};
    if (!row.customer) errors.customer_id = ['The selected customer does not exist.'];
    if (!row.referrer) errors.referrer_id = ['The selected referrer does not exist.'];
    else if (v.referrer_id === v.customer_id) errors.referrer_id = ['A customer cannot refer themselves.'];
    if (!row.booking) errors.booking_id = ['The selected booking does not exist.'];
    else if (row.customer && Number(row.booking_customer) !== v.customer_id)
      errors.booking_id = ["The booking is not one of this customer's bookings."];
    else if (row.taken) errors.booking_id = ['This booking already has a referrer.'];
    if (Object.keys(errors).length) throw validationError(errors);
    try {
      const [created] = await queryRows<{ id: number }>(
        tx,
        sql`insert into booking_requests (customer_id, booking_id, referrer_id, created_by)
            values (${v.customer_id}, ${v.booking_id}, ${v.referrer_id}, ${userId}) returning id`,
      );
      return created.id;
    } catch (e) {
      // Two staff recording a referrer for one booking at once: the second is told, not a 500.
      if (isUniqueViolation(e))
        throw validationError({ booking_id: ['This booking already has a referrer.'] });
      throw e;
    }
  });
}

/**
 * A customer's referrals, both sides (GET customers/{id}/referrals): `referred_by` — who referred
 * this customer, per booking — and `referrals` — the customers this one referred. Newest first.
 */
export async function customerReferrals(db: Db, customerId: number) {
  await assertCustomer(db, customerId);
  const select = sql`select r.id, r.booking_id, b.booking_ref, b.departure_date, b.status as booking_status,
                            r.customer_id, c.full_name as customer_name, r.referrer_id,
                            rc.full_name as referrer_name, r.created_at
                     from booking_requests r
                     join bookings b on b.id = r.booking_id
                     join customers c on c.id = r.customer_id
                     join customers rc on rc.id = r.referrer_id`;
  const [referredBy, referrals] = await Promise.all([
    queryRows<Referral>(
      db,
      sql`${select} where r.customer_id = ${customerId} order by r.created_at desc, r.id desc`,
    ),
    queryRows<Referral>(
      db,
      sql`${select} where r.referrer_id = ${customerId} order by r.created_at desc, r.id desc`,
    ),
  ]);
  return { referred_by: referredBy, referrals };
}

/** Removes a referral (POST bookings/requests/{id}/delete); 404 when there is none. */
export async function deleteBookingRequest(db: Db, id: number) {
  const rows = await queryRows(db, sql`delete from booking_requests where id = ${id} returning id`);
  if (!rows.length) throw notFound('Referral not found.');
}
