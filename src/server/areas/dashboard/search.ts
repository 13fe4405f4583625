import { sql } from 'drizzle-orm';
import {
  SEARCH_COUNT_CAP,
  type SearchAnswer,
  type SearchHit,
  type SearchMore,
} from '../../../shared/api/dashboard';
import { ukDate } from '../../../shared/dates';
import { pathTo } from '../../../shared/routes';
import { type Db, queryRows } from '../../db/client';
import { likeEscape } from '../../http/datatables';
import { selectQuickSearchBookings } from '../bookings';

/** One kind's hits and what lies beyond them. */
type Group = { hits: SearchHit[]; more: SearchMore | null };

/** Hits shown per kind. */
export const SEARCH_LIMIT = 6;

/** Matches counted per kind (more reads "100+"). */
const CAP = SEARCH_COUNT_CAP;

/** `more` of a group: the matches beyond the hits shown, and the list that holds them all. */
function moreOf(count: number, shown: number, link: string): SearchMore | null {
  const capped = count > CAP;
  const total = Math.min(count, CAP);
  return total > shown ? { count: total - shown, capped, link } : null;
}

/**
 * Bookings as the bookings list's quick search finds them (reference or old-system id, lead
 * customer's name or postcode, airline reference; issue #22 point 8): an exact reference first,
 * then the newest; `more` links to `/bookings?q=` with the same term.
 */
async function searchBookings(db: Db, q: string): Promise<Group> {
  const found = await selectQuickSearchBookings(db, q, { limit: SEARCH_LIMIT, cap: CAP });
  const rows = found.ids.length
    ? await queryRows<{
        id: number;
        reference: string;
        party: string | null;
        departure_date: string | null;
        status: string;
      }>(
        db,
        sql`select b.id, coalesce(b.booking_ref, b.old_booking_id::text) as reference,
          coalesce(nullif(btrim(c.first_name || ' ' || c.last_name), ''), ag.name, b.old_lead_passenger) as party,
          b.departure_date::text as departure_date, b.status
        from bookings b
        left join customers c on c.id = b.customer_id
        left join agents ag on ag.id = b.agent_id
        where b.id = any(${`{${found.ids.join(',')}}`}::int[])`,
      )
    : [];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const hits = found.ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        title: r.reference,
        subtitle: [r.party, r.departure_date ? `departs ${ukDate(r.departure_date)}` : null, r.status]
          .filter(Boolean)
          .join(' · '),
        link: pathTo('booking-edit', { id: r.id }),
      },
    ];
  });
  return { hits, more: moreOf(found.count, hits.length, pathTo('bookings', undefined, { q })) };
}

/**
 * Customers by surname prefix, email prefix, or — from three characters — any part of the name
 * or postcode (the trigram index on customers.search_text, as the bookings list): up to 101 of
 * each, read from their indexes. Those with bookings come first, the most recently booked first
 * (one probe of bookings_customer_idx each), then surname matches, email, the rest, by name.
 * `more` links to the customers list searched for the same term (`/customers?q=`).
 */
async function searchCustomers(db: Db, q: string): Promise<Group> {
  const lower = q.toLowerCase();
  const prefix = `${likeEscape(lower)}%`;
  const anywhere = `%${likeEscape(lower)}%`;
  const rows = await queryRows<{
    id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    postcode: string | null;
    town: string | null;
    bookings: number;
    n: number;
  }>(
    db,
    sql`with hits as (
          (select id, 0 as rank from customers where lower(last_name) like ${prefix}
           order by lower(last_name) using ~<~ limit ${CAP + 1})
          union all
          (select id, 1 from customers where lower(email) like ${prefix}
           order by lower(email) using ~<~ limit ${CAP + 1})
          ${
            q.length >= 3
              ? // Unordered: the first matches the index gives; enough for a top list and a capped count.
                sql`union all (select id, 2 from customers where search_text like ${anywhere} limit ${CAP + 1})`
              : sql``
          }
        ), found as (select id, min(rank) as rank from hits group by id)
        select c.id, c.first_name, c.last_name, c.email, c.postcode, c.town,
          (select count(*) from (select 1 from bookings b where b.customer_id = c.id limit ${CAP + 1}) x)::int as bookings,
          (select count(*) from found)::int as n
        from found h join customers c on c.id = h.id
        left join lateral (
          select b.created_at from bookings b where b.customer_id = c.id order by b.created_at desc limit 1
        ) last on true
        order by last.created_at desc nulls last, h.rank, c.last_name, c.first_name, c.id
        limit ${SEARCH_LIMIT}`,
  );
  const hits = rows.map((r) => ({
    id: r.id,
    title: `${r.first_name} ${r.last_name}`.trim(),
    subtitle: [
      r.email,
      r.postcode,
      r.town,
      r.bookings > 0
        ? `${r.bookings > CAP ? `${CAP}+` : r.bookings} booking${r.bookings === 1 ? '' : 's'}`
        : null,
    ]
      .filter(Boolean)
      .join(' · '),
    link: pathTo('customer-edit', { id: r.id }),
  }));
  return { hits, more: moreOf(Number(rows[0]?.n ?? 0), hits.length, pathTo('customers', undefined, { q })) };
}

/** Agents whose name contains `q` (any case), those starting with it first. */
async function searchAgents(db: Db, q: string): Promise<Group> {
  const lower = q.toLowerCase();
  const rows = await queryRows<{ id: number; name: string; abta: string | null; town_city: string | null }>(
    db,
    sql`select id, name, abta, town_city from agents where lower(name) like ${`%${likeEscape(lower)}%`}
        order by (lower(name) like ${`${likeEscape(lower)}%`}) desc, name, id limit ${SEARCH_LIMIT}`,
  );
  const hits = rows.map((r) => ({
    id: r.id,
    title: r.name,
    subtitle: [r.abta ? `ABTA ${r.abta}` : null, r.town_city].filter(Boolean).join(' · '),
    link: pathTo('agent-edit', { id: r.id }),
  }));
  return { hits, more: null };
}

/**
 * GET search (issue #14, the global search box): the top hits for `q` (trimmed, at least two
 * characters — the route's schema refuses shorter with 422) among bookings (the bookings list's
 * quick search: reference, lead customer's name or postcode, airline reference), customers (name,
 * postcode, email) and agents (name), grouped by kind, empty groups left out; each group's `more`
 * counts the rest (capped at SEARCH_COUNT_CAP) and links to the list filtered by `q` (issue #22).
 */
export async function globalSearch(db: Db, q: string): Promise<SearchAnswer> {
  const [bookings, customers, agents] = await Promise.all([
    searchBookings(db, q),
    searchCustomers(db, q),
    searchAgents(db, q),
  ]);
  const groups: SearchAnswer['groups'] = [
    { kind: 'bookings' as const, label: 'Bookings', ...bookings },
    { kind: 'customers' as const, label: 'Customers', ...customers },
    { kind: 'agents' as const, label: 'Agents', ...agents },
  ].filter((g) => g.hits.length > 0);
  return { q, groups };
}
