import { eq, sql } from 'drizzle-orm';
import type {
  Customer,
  CustomerBooking,
  CustomerBookings,
  CustomerNote,
  CustomerValues,
} from '../../../shared/api/customers';
import { type Db, queryRows } from '../../db/client';
import { customer_notes, customers } from '../../db/schema';
import { isForeignKeyViolation } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';
import { londonZoneSql } from '../../lib/dates';

/** One customer with its country's and affiliate's names (spec 2 §7 GET customers/{id}); 404 if none. */
export async function getCustomer(db: Db, id: number): Promise<Customer> {
  const [row] = await queryRows<Customer>(
    db,
    sql`select c.id, c.title, c.first_name, c.last_name, c.full_name, c.email, c.phone_number,
               c.mobile_number, c.street_address, c.address_line_2, c.address_line_3, c.address_line_4,
               c.town, c.county, c.postcode, c.country_id, co.name as country_name, c.affiliate_id,
               a.name as affiliate_name, c.opt_out_email, c.opt_out_mailing, c.is_blacklisted, c.created_at
        from customers c
        left join countries co on co.id = c.country_id
        left join affiliates a on a.id = c.affiliate_id
        where c.id = ${id}`,
  );
  if (!row) throw notFound('Customer not found.');
  return row;
}

/** 404 unless the customer exists. */
export async function assertCustomerExists(db: Db, id: number): Promise<void> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from customers where id = ${id}`);
  if (!row) throw notFound('Customer not found.');
}

/**
 * 422 on country_id / affiliate_id when they name no row (spec 2 §5: the server validates). One
 * query for both, so the form learns every problem at once.
 */
async function assertReferencesExist(db: Db, v: CustomerValues): Promise<void> {
  const [row] = await queryRows<{ country: boolean; affiliate: boolean }>(
    db,
    sql`select exists(select 1 from countries where id = ${v.country_id}) as country,
               ${v.affiliate_id == null ? sql`true` : sql`exists(select 1 from affiliates where id = ${v.affiliate_id})`} as affiliate`,
  );
  const errors: Record<string, string[]> = {};
  if (!row.country) errors.country_id = ['The selected country does not exist.'];
  if (!row.affiliate) errors.affiliate_id = ['The selected affiliate does not exist.'];
  if (Object.keys(errors).length) throw validationError(errors);
}

/** A reference removed between the check and the write still answers 422, not a 500. */
async function mapReferenceErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!isForeignKeyViolation(e)) throw e;
    const driver = (e as { cause?: unknown }).cause ?? e;
    const { constraint, message } = driver as { constraint?: string; message?: string };
    throw validationError(
      `${constraint ?? ''} ${message ?? ''}`.includes('affiliate')
        ? { affiliate_id: ['The selected affiliate does not exist.'] }
        : { country_id: ['The selected country does not exist.'] },
    );
  }
}

const columns = (v: CustomerValues) => ({
  title: v.title ?? null,
  first_name: v.first_name,
  last_name: v.last_name,
  email: v.email ?? null,
  phone_number: v.phone_number ?? null,
  mobile_number: v.mobile_number ?? null,
  street_address: v.street_address ?? null,
  address_line_2: v.address_line_2 ?? null,
  address_line_3: v.address_line_3 ?? null,
  address_line_4: v.address_line_4 ?? null,
  town: v.town ?? null,
  county: v.county ?? null,
  postcode: v.postcode ?? null,
  country_id: v.country_id,
  affiliate_id: v.affiliate_id ?? null,
  opt_out_email: v.opt_out_email,
  opt_out_mailing: v.opt_out_mailing,
  is_blacklisted: v.is_blacklisted,
});

/** Creates a customer (spec 2 §7 POST customers); answers the new id. */
export async function createCustomer(db: Db, v: CustomerValues): Promise<number> {
  await assertReferencesExist(db, v);
  const [row] = await mapReferenceErrors(() =>
    db.insert(customers).values(columns(v)).returning({ id: customers.id }),
  );
  return row.id;
}

/** Saves the whole customer form (spec 2 §7 POST customers/{id}); 404 for an unknown id. */
export async function updateCustomer(db: Db, id: number, v: CustomerValues): Promise<void> {
  await assertReferencesExist(db, v);
  const rows = await mapReferenceErrors(() =>
    db
      .update(customers)
      .set({ ...columns(v), updated_at: sql`now()` })
      .where(eq(customers.id, id))
      .returning({ id: customers.id }),
  );
  if (rows.length === 0) throw notFound('Customer not found.');
}

/**
 * A customer's bookings (spec 2 §2 customer edit; §3 bookings, old_bookings). Current: bookings
 * made in this system for the customer. Old: bookings imported from the earlier system — those
 * already linked to the customer (old_booking_id set), and those of the old-system customer record
 * that is the same person (same email, or same name and postcode), which point at it through
 * old_customer_id. Newest first.
 */
export async function customerBookings(db: Db, id: number): Promise<CustomerBookings> {
  const [customer] = await queryRows<{ email: string | null; first: string; last: string; pc: string }>(
    db,
    sql`select lower(email) as email, lower(first_name) as first, lower(last_name) as last,
               replace(upper(coalesce(postcode, '')), ' ', '') as pc
        from customers where id = ${id}`,
  );
  if (!customer) throw notFound('Customer not found.');
  const select = sql`select b.id, b.booking_ref, b.old_booking_id, b.departure_date, b.created_at,
                            b.status, b.cancelled_at from bookings b`;
  const [current, linkedOld, matchedOld] = await Promise.all([
    queryRows<CustomerBooking>(
      db,
      sql`${select} where b.customer_id = ${id} and b.old_booking_id is null
          order by b.created_at desc, b.id desc`,
    ),
    queryRows<CustomerBooking>(
      db,
      sql`${select} where b.customer_id = ${id} and b.old_booking_id is not null`,
    ),
    queryRows<CustomerBooking>(
      db,
      sql`${select} where b.old_customer_id in (
            select oc.id from old_customers oc
            where ${customer.email ? sql`lower(oc.email) = ${customer.email} or ` : sql``}
                  (lower(oc.first_name) = ${customer.first} and lower(oc.last_name) = ${customer.last}
                   and ${customer.pc} <> '' and replace(upper(coalesce(oc.postcode, '')), ' ', '') = ${customer.pc}))`,
    ),
  ]);
  const old = new Map<number, CustomerBooking>();
  for (const b of [...linkedOld, ...matchedOld]) old.set(b.id, b);
  const newestFirst = (a: CustomerBooking, b: CustomerBooking) =>
    new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id;
  return { bookings: current, old_bookings: [...old.values()].sort(newestFirst) };
}

/** A customer's notes, newest first, with the day and time in London and the author's name. */
export async function listNotes(db: Db, customerId: number): Promise<CustomerNote[]> {
  await assertCustomerExists(db, customerId);
  const rows = await queryRows<Omit<CustomerNote, 'admin'>>(
    db,
    sql`select n.id, n.note,
               to_char(n.created_at at time zone ${londonZoneSql}, 'YYYY-MM-DD') as note_date,
               to_char(n.created_at at time zone ${londonZoneSql}, 'HH24:MI') as note_time,
               u.name as admin_name, n.created_at
        from customer_notes n left join users u on u.id = n.user_id
        where n.customer_id = ${customerId}
        order by n.created_at desc, n.id desc`,
  );
  return rows.map((r) => ({ ...r, admin: r.admin_name ? { name: r.admin_name } : null }));
}

/** Adds a note by the signed-in staff member (spec 1 §7 customer-note/add-note). */
export async function addNote(db: Db, customerId: number, note: string, userId: number): Promise<void> {
  await assertCustomerExists(db, customerId);
  await db.insert(customer_notes).values({ customer_id: customerId, note, user_id: userId });
}
