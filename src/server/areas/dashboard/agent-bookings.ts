import { sql } from 'drizzle-orm';
import { DASHBOARD_AGENT_BOOKINGS_LIMIT, type DashboardAgentBooking } from '../../../shared/api/dashboard';
import { type Db, queryRows } from '../../db/client';
import { agentBookingToReview } from '../bookings';

/**
 * The Dashboard's 'New bookings from agents' (issue #25): live bookings made on the agent's side,
 * Pending and not yet reviewed (bookings area's agentBookingToReview) — how many, and the newest
 * `limit` (booking date, newest first) with the agency, the lead client, departure and total due.
 * Both read from the partial index bookings_agent_pending_idx.
 */
export async function agentBookingsToReview(db: Db, limit = DASHBOARD_AGENT_BOOKINGS_LIMIT) {
  const [[totals], first] = await Promise.all([
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bookings b where ${agentBookingToReview}`,
    ),
    queryRows<DashboardAgentBooking>(
      db,
      sql`select b.id, coalesce(b.booking_ref, '#' || b.id) as reference,
                 coalesce(b.created_by_agent_name, ag.name) as agency,
                 (select nullif(btrim(concat_ws(' ', p.title, p.first_name, p.last_name)), '') from passengers p
                  where p.holiday_booking_id = b.id order by p.id limit 1) as client,
                 b.departure_date::text as departure_date, b.total_due::text as total_due, b.created_at
          from (select b.id from bookings b where ${agentBookingToReview}
                order by b.created_at desc, b.id desc limit ${limit}) x
          join bookings b on b.id = x.id
          left join agents ag on ag.id = b.agent_id
          order by b.created_at desc, b.id desc`,
    ),
  ]);
  return { count: totals?.n ?? 0, bookings: first };
}
