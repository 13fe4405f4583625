import { type SQL, sql } from 'drizzle-orm';
import type { BookingRow } from '../../../shared/api/bookings';
import { daysBetween } from '../../../shared/dates';
import { type Db, preparedRows, queryRows } from '../../db/client';
import type { TablePage } from '../../http/datatables';
import { type CustomerSearch, countByCustomers, customerWalkSql, namesSearched } from './customer-search';
import {
  type BookingConditions,
  bookingsWithAirlineRef,
  type DayRange,
  matchingSet,
  refMatches,
  whereClause,
} from './list-conditions';
import { newestMeeting } from './newest';

/** Columns of the bookings list that can be sorted, by their DataTables `data` name. */
export const bookingSortable: Record<string, SQL> = {
  booking_ref: sql`b.booking_ref`,
  departure_date: sql`b.departure_date`,
  customer: sql`c.last_name`,
  agent: sql`ag.name`,
  affiliate: sql`af.name`,
  created_at: sql`b.created_at`,
  // Issue #22 point 12d: the overdue and balances-due lists sort on what is owed and when.
  balance: sql`b.balance`,
  balance_due: sql`b.balance_due`,
};

/** Keeps pages stable when many bookings share the sorted value. */
export const bookingTieBreaker = sql`b.id`;

/**
 * Bookings departing the same day are listed by booking date: the order of bookings_departure_idx
 * (departure_date, created_at, id), so a departure-sorted page is read from it in either direction
 * (at ten million bookings the earliest day alone held 76,000 bookings to sort by id).
 */
export const bookingThenBy: Record<string, SQL> = { departure_date: sql`b.created_at` };

/**
 * The bookings list's quick search (`search[value]`: reference or old id, lead customer's name or
 * postcode from three characters, airline reference — `bookingFilterConditions`) for the global
 * search (issue #22 point 8), bounded at any size: `ids` are up to `limit` matches, an exact
 * reference first, then the newest (names through `customerWalkSql`, the other alternatives each
 * through `newestMeeting`, stopped at `limit`); `count` is the number of matches counted
 * only up to `cap + 1` (so `count > cap` means "more than `cap`"). The same term in `/bookings?q=`
 * lists them all.
 */
export async function selectQuickSearchBookings(
  db: Db,
  text: string,
  { limit, cap }: { limit: number; cap: number },
): Promise<{ ids: number[]; count: number }> {
  const exact = text.toUpperCase();
  const others = [refMatches(text), sql`b.id = any(array(${bookingsWithAirlineRef(text)}))`];
  const search: CustomerSearch = { text, others };
  const [exactRows, top, count] = await Promise.all([
    queryRows<{ id: number }>(
      db,
      sql`select id from bookings where booking_ref = ${exact} order by id limit ${limit}`,
    ),
    queryRows<{ id: number }>(
      db,
      namesSearched(text)
        ? customerWalkSql(search, limit, 0)
        : sql`select m.id from (${sql.join(
            others.map((alt) => sql`(${newestMeeting(alt, limit)})`),
            sql` union `,
          )}) m
            order by m.created_at desc, m.id desc limit ${limit}`,
    ),
    namesSearched(text)
      ? countByCustomers(db, search, cap)
      : queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from (${matchingSet({ where: [], anyOf: others }, ['id'], sql`limit ${cap + 1}`)}) m`,
        ).then((r) => Math.min(Number(r[0]?.n ?? 0), cap + 1)),
  ]);
  // The exact reference first: newer references it prefixes cannot push it out.
  const ids = [...new Set([...exactRows, ...top].map((r) => Number(r.id)))].slice(0, limit);
  return { ids, count };
}

type RawRow = {
  id: number;
  booking_ref: string | null;
  old_booking_id: number | null;
  departure_date: string | null;
  created_at: Date | string;
  cancelled_at: Date | string | null;
  status: string;
  changes_accepted: number;
  balance: string;
  balance_due: string | null;
  c_id: number | null;
  c_first: string | null;
  c_last: string | null;
  c_blacklisted: boolean | null;
  ag_id: number | null;
  ag_name: string | null;
  af_id: number | null;
  af_name: string | null;
  oc_id: number | null;
  oc_first: string | null;
  oc_last: string | null;
  oa_id: number | null;
  oa_name: string | null;
  oaf_id: number | null;
  oaf_name: string | null;
};

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

function toBookingRow(r: RawRow): BookingRow {
  return {
    id: r.id,
    booking_ref: r.booking_ref,
    old_booking_id: r.old_booking_id,
    departure_date: r.departure_date,
    created_at: iso(r.created_at),
    cancelled_at: r.cancelled_at ? iso(r.cancelled_at) : null,
    status: r.status,
    changes_accepted: Number(r.changes_accepted),
    balance: r.balance,
    balance_due: r.balance_due,
    customer:
      r.c_id != null
        ? {
            id: r.c_id,
            first_name: r.c_first ?? '',
            last_name: r.c_last ?? '',
            full_name: `${r.c_first ?? ''} ${r.c_last ?? ''}`.trim(),
            is_blacklisted: Boolean(r.c_blacklisted),
          }
        : null,
    agent: r.ag_id != null ? { id: r.ag_id, name: r.ag_name ?? '' } : null,
    affiliate: r.af_id != null ? { id: r.af_id, name: r.af_name ?? '' } : null,
    old_customer: r.oc_id != null ? { id: r.oc_id, first_name: r.oc_first, last_name: r.oc_last } : null,
    old_agent: r.oa_id != null ? { id: r.oa_id, name: r.oa_name ?? '' } : null,
    old_affiliate: r.oaf_id != null ? { id: r.oaf_id, name: r.oaf_name ?? '' } : null,
  };
}

const partyJoin: Record<string, SQL> = {
  customer: sql`left join customers c on c.id = b.customer_id`,
  agent: sql`left join agents ag on ag.id = b.agent_id`,
  affiliate: sql`left join affiliates af on af.id = b.affiliate_id`,
};
const partyJoins = sql`${partyJoin.customer} ${partyJoin.agent} ${partyJoin.affiliate}`;

/** Columns of `bookings` each sort needs, so the matching set can come from a covering index. */
const sortNeeds: Record<string, string[]> = {
  booking_ref: ['booking_ref'],
  departure_date: ['departure_date', 'created_at'],
  created_at: ['created_at'],
  balance: ['balance'],
  balance_due: ['balance_due'],
  customer: ['customer_id'],
  agent: ['agent_id'],
  affiliate: ['affiliate_id'],
};

/**
 * The ids of one page. Unfiltered or booking-date-only lists walk an index in sort order; other
 * filters first collect the matching (id, sort columns) — from the covering filter indexes — into
 * a materialized set and sort that, which costs in proportion to the matches, not the table.
 */
function pageIdsQuery(c: BookingConditions, page: TablePage): SQL {
  const limit = page.limit == null ? sql`` : sql`limit ${page.limit}`;
  const orderBy = sql.join(page.orderBy, sql`, `);
  const walk = departureDaysWalk(c, page) ?? customerWalk(c, page);
  if (walk) return walk;
  if (!c.selective) {
    return sql`select b.id from bookings b ${partyJoins} ${whereClause(c.where)}
      order by ${orderBy} ${limit} offset ${page.offset}`;
  }
  const columns = [...new Set(['id', ...page.orderNames.flatMap((n) => sortNeeds[n] ?? [])])];
  const joins = sql.join(
    page.orderNames.filter((n) => n in partyJoin).map((n) => partyJoin[n]),
    sql` `,
  );
  return sql`with b as materialized (${matchingSet(c, columns)})
    select b.id from b ${joins} order by ${orderBy} ${limit} offset ${page.offset}`;
}

/** Longest departure range (days) walked day by day; a longer one collects and sorts its matches. */
const maxWalkDays = 93;
/** Deepest row (offset + page length) the day-by-day walk serves; deeper pages collect and sort. */
const maxWalkDepth = 1000;

/**
 * A closed departure range sorted by booking date (the list's default order), one page not deep in:
 * for each departure day, the newest `offset + limit` bookings straight from `bookings_departure_idx`
 * (departure_date, created_at, id), merged and cut to the page — at most 93 × 1,000 index entries
 * read in order, however many bookings the month holds (290,000 at ten million bookings, which the
 * collect-and-sort path had to read and sort whole). Answers null when the walk does not apply.
 */
function departureDaysWalk(c: BookingConditions, page: TablePage): SQL | null {
  const r = c.dayRange;
  if (r?.kind !== 'departure' || !r.from || !r.to || page.limit == null) return null;
  const depth = page.offset + page.limit;
  const days = daysBetween(r.from, r.to);
  if (!(days >= 0 && days < maxWalkDays) || depth > maxWalkDepth) return null;
  if (page.orderNames.length !== 1 || page.orderNames[0] !== 'created_at') return null;
  const dir = sql.raw(page.orderDirs[0] === 'desc' ? 'desc' : 'asc');
  return sql`select w.id from generate_series(${r.from}::date, ${r.to}::date, interval '1 day') as d(day)
    cross join lateral (
      select b.id, b.created_at from bookings b where b.departure_date = d.day::date
      order by b.created_at ${dir}, b.id ${dir} limit ${depth}) w
    order by w.created_at ${dir}, w.id ${dir} limit ${page.limit} offset ${page.offset}`;
}

/**
 * A customer search (`CustomerSearch`) newest first, one page not deep in (`depth` = offset + page
 * length ≤ 1,000): the bookings of the `depth` matching customers with the newest last booking
 * (`customers.last_booked_at`, ties included), `depth` newest each from `bookings_customer_idx`,
 * merged with the newest `depth` of each of `others`. Exact: the page's bookings were all made on or
 * after the depth-th newest last booking L (those customers' newest bookings alone are `depth`
 * bookings at or after L), so only customers whose last booking is at or after L can hold one — a
 * few hundred index entries at ten million bookings, where sorting the matches read 25,000.
 * Answers null when the walk does not apply (another order, a deep page).
 */
function customerWalk(c: BookingConditions, page: TablePage): SQL | null {
  const s = c.byCustomers;

  if (!s || page.limit == null) return null;
  const depth = page.offset + page.limit;
  if (depth > maxWalkDepth || depth < 1) return null;
  if (page.orderNames.length !== 1 || page.orderNames[0] !== 'created_at' || page.orderDirs[0] !== 'desc')
    return null;
  return customerWalkSql(s, page.limit, page.offset);
}

/** The display columns of the bookings list for ids $1 in their order (one text: a prepared statement). */
const pageRowsQuery = (ids: number[]) => sql`
    select b.id, b.booking_ref, b.old_booking_id, b.departure_date::text as departure_date, b.created_at,
      b.cancelled_at, b.status, b.changes_accepted, b.balance::text as balance,
      b.balance_due::text as balance_due,
      c.id as c_id, c.first_name as c_first, c.last_name as c_last, c.is_blacklisted as c_blacklisted,
      ag.id as ag_id, ag.name as ag_name, af.id as af_id, af.name as af_name,
      oc.id as oc_id, oc.first_name as oc_first, oc.last_name as oc_last,
      oa.id as oa_id, oa.name as oa_name, oaf.id as oaf_id, oaf.name as oaf_name
    from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as page(id, n)
    join bookings b on b.id = page.id ${partyJoins}
    left join old_customers oc on oc.id = b.old_customer_id
    left join old_agents oa on oa.id = b.old_agent_id
    left join old_affiliates oaf on oaf.id = b.old_affiliate_id
    order by page.n`;

/**
 * One page of the bookings list, with the parties and their old-system fallbacks joined: the
 * page's ids are found first (in the page's order), then only those rows are joined for display,
 * by a prepared statement whose text never changes — planning the two as one statement cost
 * 16–18 ms a call on a million bookings, more than finding the page.
 */
export async function selectBookingsPage(
  db: Db,
  c: BookingConditions,
  page: TablePage,
): Promise<BookingRow[]> {
  const ids = (await queryRows<{ id: number }>(db, pageIdsQuery(c, page))).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await preparedRows<RawRow>(db, pageRowsQuery(ids));
  return rows.map(toBookingRow);
}

/**
 * Number of bookings meeting `c` (every `where`, and one of `anyOf` when given). With no
 * conditions it reads the trigger-kept exact count (migration 0002_row_counts) instead of
 * counting a million rows.
 */
export async function countBookings(
  db: Db,
  c: Pick<BookingConditions, 'where' | 'anyOf' | 'dayRange' | 'byCustomers'> = { where: [], anyOf: [] },
): Promise<number> {
  if (c.dayRange) return countDays(db, c.dayRange);
  if (c.byCustomers) return countByCustomers(db, c.byCustomers);
  if (c.where.length === 0 && c.anyOf.length === 0) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(n), 0)::int as n from table_row_counts where table_name = 'bookings'`,
    );
    return Number(row?.n ?? 0);
  }
  const [row] = await queryRows<{ n: number }>(
    db,
    c.anyOf.length
      ? sql`select count(*)::int as n from (${matchingSet(c, ['id'])}) m`
      : sql`select count(*)::int as n from bookings b ${whereClause(c.where)}`,
  );
  return Number(row?.n ?? 0);
}

/** Bookings in a date range, summed from the trigger-kept day counts (migration 0026). */
async function countDays(db: Db, r: DayRange): Promise<number> {
  const from = r.from ? sql` and day >= ${r.from}::date` : sql``;
  const to = r.to ? sql` and day <= ${r.to}::date` : sql``;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select coalesce(sum(n), 0) as n from booking_day_counts where kind = ${r.kind}${from}${to}`,
  );
  return Number(row?.n ?? 0);
}

/** Agents and affiliates for the list's filters (spec 1 §7 get-booking-filters-data). */
export async function selectFilterParties(db: Db) {
  const agents = await queryRows<{ id: number; name: string; abta: string | null }>(
    db,
    sql`select id, name, abta from agents order by name`,
  );
  const affiliates = await queryRows<{ id: number; name: string; code: string }>(
    db,
    sql`select id, name, code from affiliates order by name`,
  );
  return { agents, affiliates };
}
