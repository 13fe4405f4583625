import { sql } from 'drizzle-orm';
import type { SearchAnswer, SearchHit } from '../../../shared/api/dashboard';
import { pathTo } from '../../../shared/routes';
import { type Db, queryRows } from '../../db/client';
import { likeEscape } from '../../http/datatables';
import { ukDate } from '../../lib/dates';

/** Hits shown per kind. */
export const SEARCH_LIMIT = 6;

/**
 * Bookings whose reference starts with `q` (any case; the text_pattern_ops index, walked in order
 * so the exact reference comes first), or whose old-system id is `q`.
 */
async function searchBookings(db: Db, q: string): Promise<SearchHit[]> {
  const prefix = `${likeEscape(q.toUpperCase())}%`;
  const oldId = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const rows = await queryRows<{
    id: number;
    reference: string;
    party: string | null;
    departure_date: string | null;
    status: string;
  }>(
    db,
    sql`with hits as (
          (select b.id, b.booking_ref as sort from bookings b where b.booking_ref like ${prefix}
           order by b.booking_ref using ~<~ limit ${SEARCH_LIMIT})
          ${oldId === null ? sql`` : sql`union all (select b.id, '' from bookings b where b.old_booking_id = ${oldId} limit ${SEARCH_LIMIT})`}
        )
        select b.id, coalesce(b.booking_ref, b.old_booking_id::text) as reference,
          coalesce(nullif(btrim(c.first_name || ' ' || c.last_name), ''), ag.name, b.old_lead_passenger) as party,
          b.departure_date::text as departure_date, b.status
        from (select distinct on (id) id, sort from hits order by id) h
        join bookings b on b.id = h.id
        left join customers c on c.id = b.customer_id
        left join agents ag on ag.id = b.agent_id
        order by h.sort using ~<~, b.id limit ${SEARCH_LIMIT}`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.reference,
    subtitle: [r.party, r.departure_date ? `departs ${ukDate(r.departure_date)}` : null, r.status]
      .filter(Boolean)
      .join(' · '),
    link: pathTo('booking-edit', { id: r.id }),
  }));
}

/**
 * Customers by surname prefix, email prefix, or — from three characters — any part of the name
 * or postcode (the trigram index on customers.search_text, as the bookings list). Surname matches
 * first, then email, then the rest, each by name.
 */
async function searchCustomers(db: Db, q: string): Promise<SearchHit[]> {
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
  }>(
    db,
    sql`with hits as (
          (select id, 0 as rank from customers where lower(last_name) like ${prefix}
           order by lower(last_name) using ~<~ limit ${SEARCH_LIMIT})
          union all
          (select id, 1 from customers where lower(email) like ${prefix}
           order by lower(email) using ~<~ limit ${SEARCH_LIMIT})
          ${
            q.length >= 3
              ? // Unordered: the first matches the index gives; enough for a top list.
                sql`union all (select id, 2 from customers where search_text like ${anywhere} limit 30)`
              : sql``
          }
        )
        select c.id, c.first_name, c.last_name, c.email, c.postcode, c.town
        from (select id, min(rank) as rank from hits group by id) h join customers c on c.id = h.id
        order by h.rank, c.last_name, c.first_name, c.id limit ${SEARCH_LIMIT}`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: `${r.first_name} ${r.last_name}`.trim(),
    subtitle: [r.email, r.postcode, r.town].filter(Boolean).join(' · '),
    link: pathTo('customer-edit', { id: r.id }),
  }));
}

/** Agents whose name contains `q` (any case), those starting with it first. */
async function searchAgents(db: Db, q: string): Promise<SearchHit[]> {
  const lower = q.toLowerCase();
  const rows = await queryRows<{ id: number; name: string; abta: string | null; town_city: string | null }>(
    db,
    sql`select id, name, abta, town_city from agents where lower(name) like ${`%${likeEscape(lower)}%`}
        order by (lower(name) like ${`${likeEscape(lower)}%`}) desc, name, id limit ${SEARCH_LIMIT}`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.name,
    subtitle: [r.abta ? `ABTA ${r.abta}` : null, r.town_city].filter(Boolean).join(' · '),
    link: pathTo('agent-edit', { id: r.id }),
  }));
}

/**
 * GET search (issue #14, the global search box): the top hits for `q` (trimmed, at least two
 * characters — the route's schema refuses shorter with 422) among bookings (reference),
 * customers (name, postcode, email) and agents (name), grouped by kind, empty groups left out.
 */
export async function globalSearch(db: Db, q: string): Promise<SearchAnswer> {
  const [bookings, customers, agents] = await Promise.all([
    searchBookings(db, q),
    searchCustomers(db, q),
    searchAgents(db, q),
  ]);
  const groups: SearchAnswer['groups'] = [
    { kind: 'bookings' as const, label: 'Bookings', hits: bookings },
    { kind: 'customers' as const, label: 'Customers', hits: customers },
    { kind: 'agents' as const, label: 'Agents', hits: agents },
  ].filter((g) => g.hits.length > 0);
  return { q, groups };
}
