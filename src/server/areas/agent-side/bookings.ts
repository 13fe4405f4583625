import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AGENT_BOOKINGS_PAGE_SIZE,
  AGENT_MESSAGES,
  type AgentBookingRow,
  type agentBookingsQuery,
} from '../../../shared/api/agent-side';
import { agentAccounts } from '../../../shared/booking-totals';
import { addDays } from '../../../shared/dates';
import { type Db, queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import { balanceOutstanding, changesPending, missingDetails } from '../bookings';

/** Days ahead within which an owed balance counts as 'due soon' on the agency's list. */
export const BALANCE_SOON_DAYS = 14;

/**
 * The bookings of the earlier system that belong to agency `agentId`: old_agents have no link to
 * agents, so an old agent is this agency when its ABTA number matches, else its name (the staff
 * agent screen's rule, agents area `agentBookingsTable`).
 */
const oldAgentsOf = (
  agentId: number,
) => sql`array(select oa.id from old_agents oa join agents a on a.id = ${agentId}
    where (nullif(btrim(a.abta), '') is not null and upper(btrim(oa.abta)) = upper(btrim(a.abta)))
       or lower(btrim(oa.name)) = lower(btrim(a.name)))`;

/**
 * GET agent/bookings (issue #25): agency `agentId`'s bookings — its current ones (agent_id) and the
 * earlier system's (listed, not opened) — newest departure first, 25 a page. `search` matches the
 * booking reference (or old id) from its start, or a passenger's, the customer's or the old lead
 * passenger's surname; departure_from/to bound the departure date (YYYY-MM-DD, inclusive); `needs`
 * keeps the bookings with changes to accept, details missing, or a balance owed and due within
 * BALANCE_SOON_DAYS of `today` (the staff work lists' own conditions). Net balance per row by the
 * one agent accounts rule on the stored totals.
 */
export async function agencyBookings(
  db: Db,
  agentId: number,
  q: z.output<typeof agentBookingsQuery>,
  today: string,
): Promise<{ data: AgentBookingRow[]; total: number; page: number; per_page: number }> {
  const soon = addDays(today, BALANCE_SOON_DAYS);
  const balanceSoon = sql`(${balanceOutstanding} and b.balance_due <= ${soon}::date)`;
  const current = sql`b.agent_id = ${agentId}`;
  const where: SQL[] = [sql`(${current} or b.old_agent_id = any(${oldAgentsOf(agentId)}))`];
  if (q.search) {
    const term = q.search.trim();
    const like = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(b.booking_ref ilike ${like} or b.old_booking_id::text = ${term}
      or exists (select 1 from passengers p where p.holiday_booking_id = b.id and p.last_name ilike ${like})
      or exists (select 1 from customers c where c.id = b.customer_id and c.last_name ilike ${like})
      or b.old_lead_passenger ilike ${`%${like}`})`);
  }
  if (q.departure_from) where.push(sql`b.departure_date >= ${q.departure_from}::date`);
  if (q.departure_to) where.push(sql`b.departure_date <= ${q.departure_to}::date`);
  if (q.needs === 'changes') where.push(changesPending);
  if (q.needs === 'details') where.push(missingDetails);
  if (q.needs === 'balance') where.push(balanceSoon);
  const condition = sql.join(where, sql` and `);
  const offset = (q.page - 1) * AGENT_BOOKINGS_PAGE_SIZE;
  const rows = await queryRows<
    Omit<AgentBookingRow, 'net_balance' | 'needs'> & {
      changes: boolean;
      details: boolean;
      balance_soon: boolean;
      paid: string;
      non_commissionable_extras: string;
      commission_percent: string | null;
      vat_percent: string | null;
      total: number;
    }
  >(
    db,
    sql`select case when ${current} then b.id end as id,
               coalesce(b.booking_ref, b.old_booking_id::text, 'B' || b.id) as booking_ref,
               coalesce((select concat_ws(' ', p.first_name, p.last_name) from passengers p
                         where p.holiday_booking_id = b.id order by p.id limit 1),
                        (select c.full_name from customers c where c.id = b.customer_id),
                        b.old_lead_passenger) as client,
               b.departure_date::text as departure_date,
               to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as booked_at,
               case when b.cancelled_at is not null then 'Cancelled' else b.status end as status,
               b.total_due::text as total_due, b.paid::text as paid,
               b.non_commissionable_extras::text as non_commissionable_extras,
               b.agent_comission_percent::text as commission_percent, b.booking_vat_percent::text as vat_percent,
               b.balance_due::text as balance_due, (b.old_booking_id is not null and b.agent_id is distinct from ${agentId}) as is_old,
               ${changesPending} as changes, ${missingDetails} as details, ${balanceSoon} as balance_soon,
               count(*) over ()::int as total
        from bookings b
        where ${condition}
        order by b.departure_date desc nulls last, b.id desc
        limit ${AGENT_BOOKINGS_PAGE_SIZE} offset ${offset}`,
  );
  const total =
    rows[0]?.total ??
    (q.page > 1
      ? ((
          await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from bookings b where ${condition}`,
          )
        )[0]?.n ?? 0)
      : 0);
  return {
    data: rows.map((r) => ({
      id: r.id,
      booking_ref: r.booking_ref,
      client: r.client,
      departure_date: r.departure_date,
      booked_at: r.booked_at,
      status: r.status,
      total_due: r.total_due,
      net_balance:
        r.status === 'Cancelled'
          ? '0.00'
          : agentAccounts({
              total_due: r.total_due,
              paid: r.paid,
              non_commissionable_extras: r.non_commissionable_extras,
              commission_percent: r.commission_percent,
              vat_percent: r.vat_percent,
            }).agent_balance,
      balance_due: r.balance_due,
      is_old: r.is_old,
      needs: { changes: r.changes, details: r.details, balance: r.balance_soon },
    })),
    total,
    page: q.page,
    per_page: AGENT_BOOKINGS_PAGE_SIZE,
  };
}

/**
 * Booking `bookingId` when it is agency `agentId`'s (bookings.agent_id), else 404 'Booking not
 * found.' — another agency's, a direct customer's and an unknown booking answer alike, so an id
 * tells an agent nothing. Every agent route that names a booking goes through here first.
 */
export async function assertAgencyBooking(db: Db, agentId: number, bookingId: number): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from bookings where id = ${bookingId} and agent_id = ${agentId}`,
  );
  if (!row) throw notFound(AGENT_MESSAGES.bookingNotFound);
}
