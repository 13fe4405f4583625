import { type SQL, sql } from 'drizzle-orm';
import {
  type DuplicateCustomer,
  type DuplicateGroupRow,
  type DuplicateKey,
  LIKELY_REASONS,
} from '../../../shared/api/customers-merging';
import { type Db, queryRows } from '../../db/client';
import { type DataTablesRequest, likeEscape, runSimpleTable } from '../../http/datatables';

/** `ids` as a SQL list for `in (…)`. */
export const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** An email as compared: trimmed, lower case; blank → null. */
export const emailKeySql = (col: SQL) => sql`nullif(lower(trim(${col})), '')`;
/** A postcode as compared: upper case, no spaces ('' when none). */
export const postcodeKeySql = (col: SQL) => sql`upper(replace(coalesce(${col}, ''), ' ', ''))`;
/** A name as compared: 'first|last', trimmed, lower case. */
export const nameKeySql = (first: SQL, last: SQL) =>
  sql`lower(trim(${first})) || '|' || lower(trim(${last}))`;

/**
 * A phone number as compared (the SQL twin of `phoneKey` in shared/api/customers-merging.ts — keep
 * them in step): its digits, a leading 44 read as 0, null when fewer than 9 digits.
 */
export const phoneKeySql = (col: SQL) => sql`(
  select case when length(k) >= 9 then k end from (
    select case when d like '44%' and length(d) >= 11 then '0' || substr(d, 3) else d end as k
    from (select regexp_replace(coalesce(${col}, ''), '[^0-9]', '', 'g') as d) d0) k0)`;

/** The table's filters (spec 2 §7 get-duplicate-table). */
export interface DuplicateFilters {
  pincode_search?: string;
  email_search?: string;
}

/**
 * Every duplicate group as one row (see shared/api/customers-merging.ts for keys): emails held by
 * more than one customer; then — beyond the legacy — groups of the same name and postcode, and of
 * the same phone (landline or mobile), whose members do not all share one email. `rank` orders
 * email groups first, larger groups first; `pc_match` / `email_match` say whether any member
 * matches the filters.
 */
function duplicateGroupsSql(f: DuplicateFilters): SQL {
  const pc = f.pincode_search ? `${likeEscape(f.pincode_search.replace(/\s+/g, '').toUpperCase())}%` : null;
  const em = f.email_search ? `%${likeEscape(f.email_search.trim().toLowerCase())}%` : null;
  const pcMatch = pc ? sql`bool_or(m.pc like ${pc})` : sql`true`;
  const emMatch = em ? sql`bool_or(coalesce(m.em, '') like ${em})` : sql`true`;
  const common = sql`string_agg(distinct m.full_name, ', ') as names,
                     coalesce(string_agg(distinct m.postcode, ', '), '') as postcodes,
                     count(*)::int as count, ${pcMatch} as pc_match, ${emMatch} as email_match`;
  const likelyEmails = sql`string_agg(distinct coalesce(m.email, '(no email)'), ', ')`;
  // Members' emails differ: distinct emails, a blank one counting as its own.
  const emailsDiffer = sql`count(distinct coalesce(m.em, '#' || m.id)) > 1`;
  return sql`
    with m as (
      select c.id, c.full_name, c.email, c.postcode,
             ${emailKeySql(sql`c.email`)} as em,
             ${postcodeKeySql(sql`c.postcode`)} as pc,
             ${nameKeySql(sql`c.first_name`, sql`c.last_name`)} as nm
      from customers c
    ), phones as (
      select distinct id, p from (
        select id, ${phoneKeySql(sql`phone_number`)} as p from customers
        union all
        select id, ${phoneKeySql(sql`mobile_number`)} as p from customers) x
      where p is not null
    ), g as (
      select 'email' as kind, m.em as key, m.em as email, ${common},
             (count(*) - count(distinct m.nm || '|' || m.pc))::int as exact_duplicates,
             null::text as likely_reason, 0 as kind_rank
      from m where m.em is not null group by m.em having count(*) > 1
      union all
      select 'name_postcode', 'same-name-postcode:' || m.nm || '|' || m.pc, ${likelyEmails}, ${common},
             0, ${LIKELY_REASONS.name_postcode}::text, 1
      from m where m.pc <> '' group by m.nm, m.pc having count(*) > 1 and ${emailsDiffer}
      union all
      select 'phone', 'same-phone:' || ph.p, ${likelyEmails}, ${common}, 0, ${LIKELY_REASONS.phone}::text, 2
      from phones ph join m on m.id = ph.id group by ph.p having count(*) > 1 and ${emailsDiffer}
    )
    select g.*, g.kind_rank * 1000000 - g.count as rank from g where g.pc_match and g.email_match`;
}

/**
 * The duplicate customers table (spec 2 §2, §7 GET customers-merging/get-duplicate-table, §9: 25
 * rows): email groups first (largest first), then likely duplicates; pincode_search keeps groups
 * with a member whose postcode starts with it, email_search those with a member's email containing
 * it; the quick search matches the email, names or postcodes.
 */
export function listDuplicateGroups(db: Db, req: DataTablesRequest & DuplicateFilters) {
  return runSimpleTable<DuplicateGroupRow>(db, req, {
    from: sql`(${duplicateGroupsSql(req)}) dup`,
    select: sql`key, kind, email, names, postcodes, count, exact_duplicates, likely_reason`,
    sortable: {
      rank: sql`rank`,
      count: sql`count`,
      email: sql`email`,
      names: sql`names`,
      postcodes: sql`postcodes`,
    },
    defaultOrder: { column: 'rank', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`key`,
    searchable: [sql`email`, sql`names`, sql`postcodes`],
  });
}

/** The WHERE condition (on customers `c`) of one duplicate group. */
export function groupCondition(key: DuplicateKey): SQL {
  if (key.kind === 'email') return sql`${emailKeySql(sql`c.email`)} = ${key.email}`;
  if (key.kind === 'phone')
    return sql`(${phoneKeySql(sql`c.phone_number`)} = ${key.phone} or ${phoneKeySql(sql`c.mobile_number`)} = ${key.phone})`;
  return sql`${nameKeySql(sql`c.first_name`, sql`c.last_name`)} = ${`${key.first}|${key.last}`}
             and ${postcodeKeySql(sql`c.postcode`)} = ${key.postcode}`;
}

/**
 * The customers of one group (spec 2 §7 get-duplicate-record), oldest first, each with its total
 * bookings (current and linked old-system ones). Empty when the group has merged away.
 */
export function duplicateRecords(db: Db, key: DuplicateKey): Promise<DuplicateCustomer[]> {
  return queryRows<DuplicateCustomer>(
    db,
    sql`select c.id, c.title, c.first_name, c.last_name, c.full_name, c.email, c.phone_number,
               c.mobile_number, c.street_address, c.town, c.postcode, c.created_at,
               (select count(*)::int from bookings b where b.customer_id = c.id) as total_bookings
        from customers c
        where ${groupCondition(key)}
        order by c.created_at, c.id
        limit 500`,
  );
}

/**
 * Exact duplicates (same email, name and postcode, case and spacing ignored), as groups of ids,
 * oldest first in each — the work of the duplicate script; only those of `email` when given.
 */
export async function exactDuplicateGroups(db: Db, email?: string): Promise<number[][]> {
  const rows = await queryRows<{ ids: number[] }>(
    db,
    sql`select array_agg(c.id order by c.created_at, c.id) as ids
        from customers c
        where ${emailKeySql(sql`c.email`)} is not null
          ${email ? sql`and ${emailKeySql(sql`c.email`)} = ${email.trim().toLowerCase()}` : sql``}
        group by ${emailKeySql(sql`c.email`)}, ${nameKeySql(sql`c.first_name`, sql`c.last_name`)},
                 ${postcodeKeySql(sql`c.postcode`)}
        having count(*) > 1
        order by min(c.id)`,
  );
  return rows.map((r) => r.ids.map(Number));
}
