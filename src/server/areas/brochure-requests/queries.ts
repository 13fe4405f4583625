import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BrochureRequestRow,
  brochureRequestLookupQuery,
  brochureRequestTableQuery,
} from '../../../shared/api/brochure-requests';
import { type Db, queryRows } from '../../db/client';
import { likeEscape, runSimpleTable } from '../../http/datatables';
import { notFound } from '../../http/errors';
import { londonZoneSql } from '../../lib/dates';

/**
 * SQL of the brochure request screens (spec 2 §3 Brochure request). A request either carries its
 * requester's own details (requester_* — e.g. asked for on the website) or only a customer (asked
 * for from the customer screen); `brochure_requester` answers the requester's details when there
 * are any, else the linked customer's, so the list and the letters always have a name and address.
 */

/** The request has its own requester details (not only a customer). */
export const OWN_REQUESTER = sql`(r.requester_first_name is not null or r.requester_last_name is not null)`;

/** A requester column, falling back to the customer's. */
const requester = (col: string, customerCol = col) =>
  sql`case when ${OWN_REQUESTER} then ${sql.raw(`r.requester_${col}`)} else ${sql.raw(`c.${customerCol}`)} end`;

/** The name the list shows for the requester. */
const REQUESTER_NAME = sql`trim(coalesce(${requester('first_name')}, '') || ' ' || coalesce(${requester('last_name')}, ''))`;

export const REQUEST_FROM = sql`brochure_requests r
  join brochures b on b.id = r.brochure_id
  left join customers c on c.id = r.customer_id
  left join affiliates a on a.id = coalesce(r.affiliate_id, case when ${OWN_REQUESTER} then null else c.affiliate_id end)`;

export const REQUEST_SELECT = sql`r.id, r.brochure_id, b.brochure_name as brochures_names, r.qty, r.sent,
  r.batch_id, r.created_at, r.customer_id,
  case when c.id is null then null else trim(c.first_name || ' ' || c.last_name) end as customer_name,
  case when c.id is null then null
       else json_build_object('id', c.id, 'first_name', c.first_name, 'last_name', c.last_name) end as customer,
  ${REQUESTER_NAME} as brochure_requester_name,
  json_build_object(
    'first_name', ${requester('first_name')},
    'last_name', ${requester('last_name')},
    'email', ${requester('email')},
    'street_address', ${requester('street_address')},
    'address_line_2', ${requester('address_line_2')},
    'town', ${requester('town')},
    'county', ${requester('county')},
    'postcode', ${requester('postcode')},
    'affiliate', case when a.id is null then null else json_build_object('name', a.name) end
  ) as brochure_requester`;

/** `created_at` on or after the London day `from` and on or before the London day `to`. */
export function requestedBetween(from: string | undefined, to: string | undefined): SQL[] {
  const where: SQL[] = [];
  if (from) where.push(sql`r.created_at >= (${from}::date)::timestamp at time zone ${londonZoneSql}`);
  if (to) where.push(sql`r.created_at < (${to}::date + 1)::timestamp at time zone ${londonZoneSql}`);
  return where;
}

type TableQuery = z.output<typeof brochureRequestTableQuery>;
type LookupQuery = z.output<typeof brochureRequestLookupQuery>;

/** The filters of spec 2 §7 as conditions; `includeSent` false keeps the unsent requests only. */
function filterConditions(q: TableQuery & { customer_post_code?: string }, includeSent: boolean): SQL[] {
  const where: SQL[] = [];
  if (!includeSent) where.push(sql`not r.sent`);
  if (q.brochure_name) where.push(sql`b.brochure_name ilike ${`%${likeEscape(q.brochure_name)}%`}`);
  if (q.customer_name) {
    const pattern = `%${likeEscape(q.customer_name)}%`;
    where.push(
      sql`(${REQUESTER_NAME} ilike ${pattern} or trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) ilike ${pattern})`,
    );
  }
  if (q.batch_id) where.push(sql`r.batch_id ilike ${`${likeEscape(q.batch_id)}%`}`);
  if (q.customer_post_code) {
    const pc = `${likeEscape(q.customer_post_code.replace(/\s+/g, '').toUpperCase())}%`;
    where.push(
      sql`(replace(upper(coalesce(r.requester_postcode, '')), ' ', '') like ${pc} or replace(upper(coalesce(c.postcode, '')), ' ', '') like ${pc})`,
    );
  }
  where.push(...requestedBetween(q.brochure_requested_from, q.brochure_requested_to));
  return where;
}

const SEARCHABLE = [
  sql`b.brochure_name`,
  REQUESTER_NAME,
  sql`coalesce(${requester('email')}, '')`,
  sql`coalesce(${requester('postcode')}, '')`,
  sql`coalesce(r.batch_id, '')`,
];

const TABLE = {
  from: REQUEST_FROM,
  select: REQUEST_SELECT,
  // Spec 3 §9: the table is unordered on screen; the server lists the newest first.
  sortable: { created_at: sql`r.created_at`, id: sql`r.id` },
  defaultOrder: { column: 'created_at', dir: 'desc' as const },
  defaultLength: 25,
  tieBreaker: sql`r.id`,
  searchable: SEARCHABLE,
};

/**
 * The brochure request list (spec 3 §7 GET brochures/requests/table): the unsent requests, all of
 * them with include_send_brochures, filtered by brochure, customer or requester name, batch and
 * the London days requested; newest first.
 */
export function listBrochureRequests(db: Db, q: TableQuery) {
  return runSimpleTable<BrochureRequestRow>(db, q, {
    ...TABLE,
    where: filterConditions(q, q.include_send_brochures === true),
  });
}

/**
 * The customers list's lookup (spec 2 §7 GET customers/brochure-request-table): the same rows,
 * sent ones included (a requester may be looked up after the letters went), plus the post code.
 */
export function lookupBrochureRequests(db: Db, q: LookupQuery) {
  return runSimpleTable<BrochureRequestRow>(db, q, {
    ...TABLE,
    where: filterConditions(q, q.include_send_brochures !== false),
  });
}

/** One request (spec 3 §7 GET brochures/requests/{id}); 404 'Brochure request not found.' */
export async function getBrochureRequest(db: Db, id: number): Promise<BrochureRequestRow> {
  const [row] = await queryRows<BrochureRequestRow>(
    db,
    sql`select ${REQUEST_SELECT} from ${REQUEST_FROM} where r.id = ${id}`,
  );
  if (!row) throw notFound('Brochure request not found.');
  return row;
}

/**
 * The requests made between two London days, oldest first (GET brochures/requests/filter), sent
 * ones included unless `includeSent` is false.
 */
export function brochureRequestsBetween(
  db: Db,
  from: string | undefined,
  to: string | undefined,
  includeSent: boolean,
): Promise<BrochureRequestRow[]> {
  const where = [...requestedBetween(from, to), ...(includeSent ? [] : [sql`not r.sent`])];
  return queryRows<BrochureRequestRow>(
    db,
    sql`select ${REQUEST_SELECT} from ${REQUEST_FROM}
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by r.created_at, r.id`,
  );
}
