import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { bookingTableFiltersSchema } from '../../../shared/api/bookings';
import { DASHBOARD_MESSAGES_LIMIT, type dashboardAnswer } from '../../../shared/api/dashboard';
import { addDays, londonDay, londonInstant, londonToday } from '../../../shared/dates';
import { REFUND_DAYS, refundDueBy } from '../../../shared/refund-clock';
import type { Db } from '../../db/client';
import { workListConditions, workListFilters } from '../bookings';
import { agentBookingsToReview } from './agent-bookings';
import * as q from './queries';

/** The work-list conditions of a tile's list filters, parsed exactly as GET bookings/table parses them. */
const conditionsOf = (filters: Record<string, string>) =>
  workListConditions(bookingTableFiltersSchema.parse(filters));

/** The Sunday ending London's week of `today` (today itself on a Sunday). */
export function endOfWeek(today: string): string {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(today, (7 - weekday) % 7);
}

/**
 * GET dashboard (issue #14, 'what needs doing today'): each booking figure counts exactly the
 * bookings its `filters` show in the bookings list (the same conditions, areas/bookings/
 * work-lists.ts), with the first five of them; supplier invoices due by Sunday, brochure
 * requests not processed, and what customers sent that nobody has read (the newest ten; from the
 * partial index of unread rows), and the refunds due on cancelled bookings (issue #27, the
 * partial index of bookings owing money back) and the price increases waiting for the customer's
 * decision (issue #27, PTR 2018 reg. 11), and the new bookings from agents not yet reviewed (issue #25). The balance and changes figures are sums of the day totals kept
 * by triggers (migration 0031) and the missing details read the kept flag (0030), so the Dashboard
 * costs the same at ten million bookings as at a thousand. `today` is London's date (`now` for
 * tests). Read-only; the queries run side by side on PostgreSQL's pool.
 */
export async function getDashboard(db: Db, now = new Date()): Promise<z.output<typeof dashboardAnswer>> {
  const today = londonToday(now);
  const f = workListFilters(today);
  const due = conditionsOf(f.balancesDue);
  const overdue = conditionsOf(f.balancesOverdue);
  const changes = conditionsOf(f.changesNotAccepted);
  // The figures of these three come from the kept day totals over the tiles' own date ranges.
  const dueRange = [
    f.balancesDue.search_by_balance_due_start,
    f.balancesDue.search_by_balance_due_end,
  ] as const;
  const missing = conditionsOf(f.missingDetails);
  const byBalanceDue = sql`b.balance_due, b.created_at, b.id`;
  const byDeparture = sql`b.departure_date, b.created_at, b.id`;
  const until = endOfWeek(today);

  const [
    dueTotals,
    dueFirst,
    overdueTotals,
    overdueFirst,
    changesCount,
    changesFirst,
    missingSummary,
    invoices,
    brochures,
    fromCustomers,
    refunds,
    priceDecisions,
    agentBookings,
  ] = await Promise.all([
    q.keptDayTotals(db, 'outstanding', ...dueRange),
    q.firstBookings(db, due, byBalanceDue),
    q.keptDayTotals(db, 'outstanding', undefined, f.balancesOverdue.search_by_balance_due_end),
    // The most recently overdue first: the ones still worth a reminder.
    q.firstBookings(db, overdue, sql`b.balance_due desc, b.created_at desc, b.id desc`),
    q.keptDayTotals(db, 'changes_pending', f.changesNotAccepted.search_by_departure_start),
    q.firstBookings(db, changes, byDeparture),
    q.summariseBookings(db, missing, today, f.until),
    q.supplierInvoicesDue(db, today, until),
    q.unsentBrochureRequests(db),
    q.unreadCustomerMessages(db, DASHBOARD_MESSAGES_LIMIT),
    // Overdue: cancelled on a London day before today − 14 (shared/refund-clock.ts).
    q.refundsDue(db, londonInstant(`${addDays(today, -REFUND_DAYS)} 00:00`)),
    q.priceDecisionsWaiting(db, today),
    agentBookingsToReview(db),
  ]);

  return {
    today,
    balances_due: { ...dueTotals, bookings: dueFirst, filters: f.balancesDue, until: f.until },
    balances_overdue: { ...overdueTotals, bookings: overdueFirst, filters: f.balancesOverdue },
    changes_not_accepted: {
      count: changesCount.count,
      bookings: changesFirst,
      filters: f.changesNotAccepted,
    },
    missing_details: {
      count: missingSummary.count,
      // Only the first five are joined; the condition is not evaluated again.
      bookings: await q.firstBookings(
        db,
        [sql`b.id = any(${`{${missingSummary.ids.join(',')}}`}::int[])`],
        byDeparture,
      ),
      filters: f.missingDetails,
      until: f.until,
      departures: missingSummary.departures,
    },
    supplier_invoices: { until, ...invoices },
    brochure_requests: brochures,
    from_customers: fromCustomers,
    refunds_due: {
      count: refunds.count,
      overdue_count: refunds.overdue_count,
      sum: refunds.sum,
      refunds: refunds.first.map((r) => {
        const dueBy = refundDueBy(r.cancelled_at);
        return {
          id: r.id,
          reference: r.reference,
          party: r.party,
          cancelled_on: londonDay(r.cancelled_at),
          due_by: dueBy,
          refund_due: r.refund_due,
          overdue: today > dueBy,
        };
      }),
    },
    price_decisions: priceDecisions,
    agent_bookings: agentBookings,
  };
}
