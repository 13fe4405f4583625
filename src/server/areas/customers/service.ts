import { type SQL, sql } from 'drizzle-orm';
import type { CustomerOption, CustomerRow, LikelyDuplicate } from '../../../shared/api/customers';
import {
  type DuplicateProbe,
  duplicateEmailKey,
  duplicateNameKey,
  duplicatePostcodeKey,
  duplicateReasons,
} from '../../../shared/customer-duplicates';
import { type Db, queryRows } from '../../db/client';
import { type DataTablesRequest, likeEscape, runSimpleTable } from '../../http/datatables';

/**
 * Customer type-ahead (spec 1 §7 POST customers/filtered/list): up to 20 customers whose name or
 * postcode contains the text (case and postcode spacing ignored). Under 2 characters: none.
 */
export async function findCustomersForTypeahead(db: Db, search: string): Promise<CustomerOption[]> {
  const text = search.trim().toLowerCase();
  if (text.length < 2) return [];
  const pattern = `%${likeEscape(text)}%`;
  return queryRows<CustomerOption>(
    db,
    sql`
    select id, first_name, last_name, full_name, postcode, email, is_blacklisted
    from customers
    where search_text like ${pattern}
    order by last_name, first_name, id
    limit 20`,
  );
}

/** The list's filters (spec 2 §7 GET customers/table): postcode prefix and open search. */
export interface CustomerFilters {
  pincode_search?: string;
  open_search?: string;
}

/**
 * WHERE conditions of the customers list and its CSV export. pincode_search matches the start of
 * the postcode (spacing and case ignored); open_search matches name, postcode or email anywhere,
 * and phone or mobile numbers (spaces ignored) when it holds a digit.
 */
export function customerFilterConditions(req: CustomerFilters): SQL[] {
  const where: SQL[] = [];
  if (req.pincode_search) {
    const pc = likeEscape(req.pincode_search.replace(/\s+/g, '').toLowerCase());
    where.push(sql`replace(lower(coalesce(postcode, '')), ' ', '') like ${`${pc}%`}`);
  }
  if (req.open_search) {
    const pattern = `%${likeEscape(req.open_search.toLowerCase())}%`;
    const digits = req.open_search.replace(/\D+/g, '');
    const phone =
      digits.length >= 3 && /^[\d\s+()-]+$/.test(req.open_search.trim())
        ? sql` or replace(coalesce(phone_number, ''), ' ', '') like ${`%${digits}%`}
               or replace(coalesce(mobile_number, ''), ' ', '') like ${`%${digits}%`}`
        : sql``;
    where.push(sql`(search_text like ${pattern} or lower(coalesce(email, '')) like ${pattern}${phone})`);
  }
  return where;
}

/** Columns the customers list may sort by (`columns[i][data]` → SQL). */
export const customerSortable = {
  id: sql`id`,
  first_name: sql`first_name`,
  last_name: sql`last_name`,
  full_name: sql`last_name`,
  email: sql`email`,
  phone_number: sql`phone_number`,
  postcode: sql`postcode`,
  created_at: sql`created_at`,
};

/** The quick search (`search[value]`) of the customers table. */
export const customerSearchable = [sql`full_name`, sql`postcode`, sql`email`];

/**
 * Customers as a server-side table (spec 2 §2 list, §9: 25 per page, newest first; also the
 * bookings pickers of spec 1 §7).
 */
export function listCustomers(db: Db, req: DataTablesRequest & CustomerFilters) {
  return runSimpleTable<CustomerRow>(db, req, {
    from: sql`customers`,
    select: sql`id, title, first_name, last_name, full_name, email, phone_number, mobile_number, postcode, town, is_blacklisted, created_at`,
    sortable: customerSortable,
    defaultOrder: { column: 'created_at', dir: 'desc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: customerSearchable,
    where: customerFilterConditions(req),
  });
}

/**
 * Customers on file that the one about to be created likely duplicates (issue #22 point 11, GET
 * customers/likely-duplicates): the same email, or the same first and last name with the same post
 * code — `duplicateReasons` of src/shared/customer-duplicates.ts, here as SQL on the lower(email)
 * and lower(last_name) indexes. Oldest first, at most 10, each with its bookings count (one probe
 * of bookings_customer_idx each) and the reasons.
 */
export async function findLikelyDuplicates(db: Db, probe: DuplicateProbe): Promise<LikelyDuplicate[]> {
  const email = duplicateEmailKey(probe.email);
  const postcode = duplicatePostcodeKey(probe.postcode);
  const byEmail = email ? sql`lower(c.email) = ${email}` : null;
  const byName = postcode
    ? sql`(lower(c.last_name) = ${duplicateNameKey(probe.last_name)}
           and lower(c.first_name) = ${duplicateNameKey(probe.first_name)}
           and replace(upper(coalesce(c.postcode, '')), ' ', '') = ${postcode})`
    : null;
  const either = [byEmail, byName].filter((c): c is SQL => c !== null);
  if (either.length === 0) return [];
  const rows = await queryRows<Omit<LikelyDuplicate, 'reasons'> & { first_name: string; last_name: string }>(
    db,
    sql`select c.id, c.first_name, c.last_name, c.full_name, c.email, c.postcode, c.created_at,
          (select count(*) from bookings b where b.customer_id = c.id)::int as bookings
        from customers c where ${sql.join(either, sql` or `)}
        order by c.created_at, c.id limit 10`,
  );
  return rows.map(({ first_name, last_name, ...r }) => ({
    ...r,
    // Raw SQL answers the driver's text on PGlite: made a Date, so the wire always carries ISO.
    created_at: new Date(r.created_at).toISOString(),
    bookings: Number(r.bookings),
    reasons: duplicateReasons(probe, { first_name, last_name, email: r.email, postcode: r.postcode }),
  }));
}
