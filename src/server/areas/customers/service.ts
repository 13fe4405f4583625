import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { type DataTablesRequest, likeEscape, runSimpleTable } from '../../http/datatables';

export type CustomerOption = {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  postcode: string | null;
  email: string | null;
  is_blacklisted: boolean;
};

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

/** Customers as a server-side table (picker and list): 25 per page by default, newest first. */
export function listCustomers(
  db: Db,
  req: DataTablesRequest & { pincode_search?: string; open_search?: string },
) {
  const where = [];
  if (req.pincode_search) {
    const pc = likeEscape(req.pincode_search.replace(/\s+/g, '').toLowerCase());
    where.push(sql`replace(lower(coalesce(postcode, '')), ' ', '') like ${`${pc}%`}`);
  }
  if (req.open_search) {
    const pattern = `%${likeEscape(req.open_search.toLowerCase())}%`;
    where.push(sql`(search_text like ${pattern} or lower(coalesce(email, '')) like ${pattern})`);
  }
  return runSimpleTable(db, req, {
    from: sql`customers`,
    select: sql`id, title, first_name, last_name, full_name, email, phone_number, postcode, town, is_blacklisted, created_at`,
    sortable: {
      id: sql`id`,
      first_name: sql`first_name`,
      last_name: sql`last_name`,
      full_name: sql`last_name`,
      email: sql`email`,
      phone_number: sql`phone_number`,
      postcode: sql`postcode`,
      created_at: sql`created_at`,
    },
    defaultOrder: { column: 'created_at', dir: 'desc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: [sql`full_name`, sql`postcode`, sql`email`],
    where,
  });
}
