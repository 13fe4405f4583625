import { type SQL, sql } from 'drizzle-orm';
import {
  type DuplicateCustomer,
  type DuplicateGroupRow,
  type DuplicateKey,
  LIKELY_REASONS,
} from '../../../shared/api/customers-merging';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { type DataTablesRequest, likeEscape, resolveTablePage, tablePageAnswer } from '../../http/datatables';

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
 * them in step): without ' -()+./', 9 digits or more, a leading 44 read as 0; else null. `translate`
 * rather than a regular expression: it is several times cheaper over every customer.
 */
export const phoneKeySql = (col: SQL) => phoneKeyOf(strippedPhone(col));

/** A phone number without ' -()+./' (the first step of `phoneKeySql`). */
const strippedPhone = (col: SQL) => sql`translate(coalesce(${col}, ''), ' -()+./', '')`;

/** The key of an already stripped number `d` (the second step of `phoneKeySql`). */
const phoneKeyOf = (d: SQL) =>
  sql`(case when length(${d}) >= 9 and translate(${d}, '0123456789', '') = '' then
         case when ${d} like '44%' and length(${d}) >= 11 then '0' || substr(${d}, 3) else ${d} end
       end)`;

/** The table's filters (spec 2 §7 get-duplicate-table). */
export interface DuplicateFilters {
  pincode_search?: string;
  email_search?: string;
}

/**
 * The duplicate groups as CTEs `m` (every customer's keys, once), `ph` (phone keys) and `g` (one
 * row per group: kind, key, join keys k1/k2, count, exact_duplicates, kind_rank, and whether a
 * member matches the postcode prefix `pc` / the email pattern `em`).
 */
function groupsCte(pc: string | null, em: string | null): SQL {
  const match = (from: string) =>
    sql`${pc ? sql`bool_or(${sql.raw(from)}.pc like ${pc})` : sql`true`} as pc_match,
        ${em ? sql`bool_or(coalesce(${sql.raw(from)}.em, '') like ${em})` : sql`true`} as email_match`;
  // Members' emails differ: distinct emails, a blank one counting as its own.
  const emailsDiffer = (from: string) =>
    sql`count(distinct coalesce(${sql.raw(from)}.em, '#' || ${sql.raw(from)}.id)) > 1`;
  return sql`with m as materialized (
      select c.id, ${emailKeySql(sql`c.email`)} collate "C" as em,
             ${postcodeKeySql(sql`c.postcode`)} collate "C" as pc,
             ${nameKeySql(sql`c.first_name`, sql`c.last_name`)} collate "C" as nm,
             ${phoneKeyOf(sql`t.d1`)} collate "C" as p1, ${phoneKeyOf(sql`t.d2`)} collate "C" as p2
      from customers c
      cross join lateral (select ${strippedPhone(sql`c.phone_number`)} as d1,
                                 ${strippedPhone(sql`c.mobile_number`)} as d2) t
    ), ph as (
      select id, em, pc, p1 as p from m where p1 is not null
      union
      select id, em, pc, p2 from m where p2 is not null
    ), g as (
      select 'email'::text as kind, m.em as key, m.em as k1, null::text as k2, count(*)::int as count,
             (count(*) - count(distinct m.nm || '|' || m.pc))::int as exact_duplicates, 0 as kind_rank, ${match('m')}
      from m where m.em is not null group by m.em having count(*) > 1
      union all
      select 'name_postcode', 'same-name-postcode:' || m.nm || '|' || m.pc, m.nm, m.pc, count(*)::int, 0, 1, ${match('m')}
      from m where m.pc <> '' group by m.nm, m.pc having count(*) > 1 and ${emailsDiffer('m')}
      union all
      select 'phone', 'same-phone:' || ph.p, ph.p, null, count(*)::int, 0, 2, ${match('ph')}
      from ph group by ph.p having count(*) > 1 and ${emailsDiffer('ph')}
    )`;
}

/**
 * Runs the groups query with 64 MB for its sorts and hashes (PostgreSQL's default 4 MB spills the
 * grouping of a few hundred thousand customers to disk), in a read-only transaction of its own.
 */
function withSortMemory<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return fn(tx);
  });
}

/** Columns the duplicate table may sort by. */
const sortable = { rank: sql`rank`, count: sql`count`, email: sql`key` };

/**
 * The duplicate customers table (spec 2 §2, §7 GET customers-merging/get-duplicate-table, §9: 25
 * rows). Groups: emails held by more than one customer; then — beyond the legacy — the same name
 * and postcode, and the same phone (landline or mobile), whose members do not all share one email
 * (those are email groups already). Email groups come first, larger first (`rank`).
 * pincode_search keeps groups with a member whose postcode starts with it; email_search (and the
 * quick search) those with a member's email containing it.
 *
 * Built for a large customers table (350,000 in the bench: about 1.5 s): every customer's keys
 * are worked out once (`m`), the groups found from keys alone, counted and paged; only the page's
 * groups are then joined back for their emails, names and postcodes.
 */
export async function listDuplicateGroups(db: Db, req: DataTablesRequest & DuplicateFilters) {
  const page = resolveTablePage(req, {
    sortable,
    defaultOrder: { column: 'rank', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`key`,
  });
  const pc = req.pincode_search
    ? `${likeEscape(req.pincode_search.replace(/\s+/g, '').toUpperCase())}%`
    : null;
  const emailText = req.email_search ?? page.search;
  const em = emailText ? `%${likeEscape(emailText.trim().toLowerCase())}%` : null;
  const limit = page.limit == null ? sql`` : sql`limit ${page.limit}`;
  const rows = await withSortMemory(db, (tx) =>
    queryRows<DuplicateGroupRow & { total: number; filtered: number }>(
      tx,
      sql`
    ${groupsCte(pc, em)}, page as (
      select g.*, g.kind_rank * 1000000 - g.count as rank, count(*) over () as filtered
      from g where g.pc_match and g.email_match
      order by ${sql.join(page.orderBy, sql`, `)} ${limit} offset ${page.offset}
    ), members as (
      select p.key, m.id from page p join m on p.kind = 'email' and m.em = p.k1
      union all
      select p.key, m.id from page p join m on p.kind = 'name_postcode' and m.nm = p.k1 and m.pc = p.k2
      union all
      select p.key, ph.id from page p join ph on p.kind = 'phone' and ph.p = p.k1
    ), details as (
      select mb.key, string_agg(distinct coalesce(c.email, '(no email)'), ', ') as emails,
             string_agg(distinct c.full_name, ', ') as names,
             coalesce(string_agg(distinct c.postcode, ', '), '') as postcodes
      from members mb join customers c on c.id = mb.id group by mb.key
    )
    select p.key, p.kind, case when p.kind = 'email' then p.key else d.emails end as email,
           d.names, d.postcodes, p.count, p.exact_duplicates,
           case p.kind when 'name_postcode' then ${LIKELY_REASONS.name_postcode}::text
                       when 'phone' then ${LIKELY_REASONS.phone}::text end as likely_reason,
           p.filtered::int as filtered, (select count(*) from g)::int as total
    from page p join details d on d.key = p.key
    order by ${sql.join(page.orderBy, sql`, `)}`,
    ),
  );
  let [total, filtered] = [rows[0]?.total, rows[0]?.filtered];
  if (total === undefined) {
    // A page past the end (or no groups at all) has no row to carry the counts.
    const [n] = await withSortMemory(db, (tx) =>
      queryRows<{ total: number; filtered: number }>(
        tx,
        sql`${groupsCte(pc, em)} select count(*)::int as total,
                                         (count(*) filter (where pc_match and email_match))::int as filtered from g`,
      ),
    );
    [total, filtered] = [n.total, n.filtered];
  }
  return tablePageAnswer(
    page,
    Number(total),
    Number(filtered),
    rows.map(({ total: _t, filtered: _f, ...r }) => r),
  );
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
