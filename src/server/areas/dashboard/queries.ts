import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { shortText } from '../../../shared/api/customer-messages';
import {
  DASHBOARD_MESSAGE_PREVIEW,
  type DashboardBooking,
  type DashboardInvoice,
  type dashboardCustomerMessage,
} from '../../../shared/api/dashboard';
import { convertedToSterling, invoiceOutstanding } from '../../../shared/money-owed';
import { type Db, queryRows } from '../../db/client';
import { isoTimestampSql, londonZoneSql } from '../../lib/dates';
import { guestCount, passengerCount, passportsMissing } from '../bookings';

const whereAll = (where: SQL[]) => (where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``);

/**
 * Bookings of a kept kind over the days `from`..`to` (inclusive YYYY-MM-DD; either end open) and
 * the sum of their money (pounds), from the trigger-kept day rows of booking_day_counts (migrations
 * 0026 and 0031): 'outstanding' — live bookings with a balance, by balance due day (sum: their
 * balances; work-lists.ts balanceOutstanding); 'changes_pending' — live bookings whose changes are
 * not accepted, by departure day (changesPending). A few hundred rows at ten million bookings,
 * where counting the bookings read 377,000 index entries.
 */
export async function keptDayTotals(
  db: Db,
  kind: 'outstanding' | 'changes_pending',
  from?: string,
  to?: string,
): Promise<{ count: number; sum: string }> {
  const since = from ? sql` and day >= ${from}::date` : sql``;
  const until = to ? sql` and day <= ${to}::date` : sql``;
  const [row] = await queryRows<{ n: string | number; s: string }>(
    db,
    sql`select coalesce(sum(n), 0) as n, coalesce(sum(total), 0)::numeric(14, 2)::text as s
        from booking_day_counts where kind = ${kind}${since}${until}`,
  );
  return { count: Number(row?.n ?? 0), sum: row?.s ?? '0.00' };
}

/** A booking's reference (`b` bookings): booking_ref, else the old system's id, else '#id'. */
const reference = sql`coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id)`;

/**
 * Who a booking is for (`b` bookings, `c` its customer, `ag` its agent, `oc` its old-system
 * customer): the customer's name, else the agent's, else the old system's customer or lead passenger.
 */
const party = sql`coalesce(nullif(btrim(c.first_name || ' ' || c.last_name), ''), ag.name,
  nullif(btrim(coalesce(oc.first_name, '') || ' ' || coalesce(oc.last_name, '')), ''),
  b.old_lead_passenger)`;

/**
 * The first `limit` bookings meeting `where` in `orderBy` (columns of `bookings b`), each with
 * the party it is for, its balance and its passenger details. The ids are found first (from the
 * work lists' indexes) and only those rows are joined.
 */
export async function firstBookings(
  db: Db,
  where: SQL[],
  orderBy: SQL,
  limit = 5,
): Promise<DashboardBooking[]> {
  return queryRows<DashboardBooking>(
    db,
    sql`select b.id,
          ${reference} as reference, ${party} as party,
          b.departure_date::text as departure_date, b.balance::text as balance,
          b.balance_due::text as balance_due,
          ${passengerCount}::int as passengers, ${guestCount}::int as guests,
          ${passportsMissing} as passports_missing
        from (select b.id from bookings b ${whereAll(where)} order by ${orderBy} limit ${limit}) x
        join bookings b on b.id = x.id
        left join customers c on c.id = b.customer_id
        left join agents ag on ag.id = b.agent_id
        left join old_customers oc on oc.id = b.old_customer_id
        order by ${orderBy}`,
  );
}

/**
 * Bookings meeting `where` (conditions on `bookings b`; the missing details read a kept flag): how
 * many, how many departures (tour instances departing from..to) they travel on, and the ids of the
 * first `limit` by departure — two statements side by side. The departures come from the window's
 * lines read with their booking from tour_bookings_instance_idx alone (migration 0032) and matched
 * to the bookings in a hash (`offset 0` keeps the planner from probing each booking's lines
 * instead: 29,000 bookings, 110 ms at ten million).
 */
export async function summariseBookings(
  db: Db,
  where: SQL[],
  from: string,
  to: string,
  limit = 5,
): Promise<{ count: number; departures: number; ids: number[] }> {
  const matching = sql`select b.id, b.departure_date, b.created_at from bookings b ${whereAll(where)}`;
  const [[counted], [lines]] = await Promise.all([
    queryRows<{ n: number; ids: number[] }>(
      db,
      sql`with m as materialized (${matching})
          select (select count(*)::int from m) as n,
            array(select id from m order by departure_date, created_at, id limit ${limit}) as ids`,
    ),
    queryRows<{ departures: number }>(
      db,
      sql`with m as materialized (${matching})
          select count(distinct x.tour_instance_id)::int as departures
          from (select tb.tour_instance_id, tb.holiday_booking_id
                from tour_instances i join tour_bookings tb on tb.tour_instance_id = i.id
                where i.departure_date between ${from}::date and ${to}::date offset 0) x
          where x.holiday_booking_id in (select id from m)`,
    ),
  ]);
  return {
    count: Number(counted?.n ?? 0),
    departures: Number(lines?.departures ?? 0),
    ids: counted?.ids ?? [],
  };
}

/** outstanding ÷ rate, rounded to the penny per invoice (as `convertedToSterling`), then summed. */
const outstandingGbp = sql`round((i.invoice_amount - i.total_paid) / i.currency_exchange_rate, 2)`;

/**
 * Supplier invoices with money outstanding (total_paid < invoice_amount) due by `until`: counts and
 * pounds outstanding of those due from `today` and of those overdue (due before `today`), and the
 * first `limit` of them, earliest due first.
 */
export async function supplierInvoicesDue(db: Db, today: string, until: string, limit = 5) {
  const open = sql`i.invoice_for = 'supplier' and i.invoice_due_date <= ${until}::date and i.total_paid < i.invoice_amount`;
  const [totals] = await queryRows<{ dn: number; dg: string; on: number; og: string }>(
    db,
    sql`select count(*) filter (where i.invoice_due_date >= ${today}::date)::int as dn,
          coalesce(sum(${outstandingGbp}) filter (where i.invoice_due_date >= ${today}::date), 0)::text as dg,
          count(*) filter (where i.invoice_due_date < ${today}::date)::int as "on",
          coalesce(sum(${outstandingGbp}) filter (where i.invoice_due_date < ${today}::date), 0)::text as og
        from party_invoices i where ${open}`,
  );
  const rows = await queryRows<{
    id: number;
    supplier_id: number;
    supplier_name: string;
    invoice_number: string;
    invoice_due_date: string;
    currency_type: string;
    invoice_amount: string;
    total_paid: string;
    currency_exchange_rate: string;
  }>(
    db,
    sql`select i.id, i.supplier_id, s.supplier_name, i.invoice_number, i.invoice_due_date::text as invoice_due_date,
          i.currency_type, i.invoice_amount::text as invoice_amount, i.total_paid::text as total_paid,
          i.currency_exchange_rate::text as currency_exchange_rate
        from party_invoices i join suppliers s on s.id = i.supplier_id
        where ${open} order by i.invoice_due_date, i.id limit ${limit}`,
  );
  const invoices: DashboardInvoice[] = rows.map((r) => {
    const outstanding = invoiceOutstanding(r.invoice_amount, r.total_paid);
    return {
      id: r.id,
      supplier_id: r.supplier_id,
      supplier_name: r.supplier_name,
      invoice_number: r.invoice_number,
      invoice_due_date: r.invoice_due_date,
      currency_type: r.currency_type,
      outstanding,
      outstanding_gbp: convertedToSterling(outstanding, r.currency_exchange_rate),
    };
  });
  return {
    due_count: Number(totals?.dn ?? 0),
    due_gbp: totals?.dg ?? '0.00',
    overdue_count: Number(totals?.on ?? 0),
    overdue_gbp: totals?.og ?? '0.00',
    invoices,
  };
}

/** Brochure requests not processed yet (not sent) and the London date of the oldest. */
export async function unsentBrochureRequests(db: Db) {
  const [row] = await queryRows<{ n: number; oldest: string | null }>(
    db,
    sql`select count(*)::int as n, (min(created_at) at time zone ${londonZoneSql})::date::text as oldest
        from brochure_requests where not sent`,
  );
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ?? null };
}

/** An unread message as the Dashboard lists it (its time as the driver gives it). */
type UnreadMessage = z.output<typeof dashboardCustomerMessage>;

/**
 * What customers sent or did on their side that nobody has marked read (issue #23; table
 * customer_messages): how many across all bookings, and the newest `limit` with their booking's
 * reference and party, the body shortened to one line (`shortText`). Both statements read only the
 * partial index customer_messages_unread_idx (read_at is null) — the count its entries, the list
 * its newest `limit` walked backwards — so the cost follows the unread rows, never the bookings;
 * only those rows are joined to their bookings.
 */
export async function unreadCustomerMessages(
  db: Db,
  limit: number,
): Promise<{ count: number; messages: UnreadMessage[] }> {
  const [[counted], rows] = await Promise.all([
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from customer_messages where read_at is null`),
    queryRows<UnreadMessage>(
      db,
      sql`select m.id, m.holiday_booking_id as booking_id, ${reference} as reference, ${party} as party,
            m.kind, m.body, ${isoTimestampSql(sql`m.created_at`)} as created_at
          from (select id, holiday_booking_id, kind, body, created_at from customer_messages
                where read_at is null order by created_at desc, id desc limit ${limit}) m
          join bookings b on b.id = m.holiday_booking_id
          left join customers c on c.id = b.customer_id
          left join agents ag on ag.id = b.agent_id
          left join old_customers oc on oc.id = b.old_customer_id
          order by m.created_at desc, m.id desc`,
    ),
  ]);
  return {
    count: Number(counted?.n ?? 0),
    messages: rows.map((m) => ({ ...m, body: shortText(m.body, DASHBOARD_MESSAGE_PREVIEW) })),
  };
}

/** The refunds the Dashboard lists (issue #27): the oldest cancellations, i.e. the overdue first. */
export const DASHBOARD_REFUNDS_LIMIT = 10;

/**
 * Cancelled bookings owing money back (balance < 0: the refund due, PTR 2018 reg. 14): how many,
 * how many overdue (cancelled before `overdueBefore`, the London midnight starting today − 14 days),
 * the sum owed, and the first `limit` by cancellation (oldest first: overdue before due). All from
 * the partial index bookings_refund_due_idx — the few bookings owing a refund, whatever the table's size.
 */
export async function refundsDue(db: Db, overdueBefore: Date, limit = DASHBOARD_REFUNDS_LIMIT) {
  const owing = sql`b.cancelled_at is not null and b.balance < 0`;
  const [[totals], first] = await Promise.all([
    queryRows<{ n: number; overdue: number; s: string }>(
      db,
      sql`select count(*)::int as n,
                 count(*) filter (where b.cancelled_at < ${overdueBefore.toISOString()}::timestamptz)::int as overdue,
                 coalesce(-sum(b.balance), 0)::numeric(14, 2)::text as s
          from bookings b where ${owing}`,
    ),
    queryRows<{
      id: number;
      reference: string;
      party: string | null;
      cancelled_at: string;
      refund_due: string;
    }>(
      db,
      sql`select b.id, ${reference} as reference, ${party} as party,
                 ${isoTimestampSql(sql`b.cancelled_at`)} as cancelled_at, (-b.balance)::text as refund_due
          from (select b.id from bookings b where ${owing} order by b.cancelled_at, b.id limit ${limit}) x
          join bookings b on b.id = x.id
          left join customers c on c.id = b.customer_id
          left join agents ag on ag.id = b.agent_id
          left join old_customers oc on oc.id = b.old_customer_id
          order by b.cancelled_at, b.id`,
    ),
  ]);
  return { count: totals?.n ?? 0, overdue_count: totals?.overdue ?? 0, sum: totals?.s ?? '0.00', first };
}

/** The price decisions the Dashboard lists (issue #27): the soonest response dates first. */
export const DASHBOARD_DECISIONS_LIMIT = 10;

/**
 * Price increases waiting for the customer's decision (PTR 2018 reg. 11) on live bookings, whose
 * response date is today or later (after it, no answer counts as accepted): how many, and the first
 * `limit` by response date. From the partial index booking_price_changes_pending_idx.
 */
export async function priceDecisionsWaiting(db: Db, today: string, limit = DASHBOARD_DECISIONS_LIMIT) {
  const waiting = sql`pc.decision = 'pending' and pc.respond_by >= ${today}::date and b.cancelled_at is null`;
  const [[totals], first] = await Promise.all([
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from booking_price_changes pc
          join bookings b on b.id = pc.holiday_booking_id where ${waiting}`,
    ),
    queryRows<{
      id: number;
      reference: string;
      party: string | null;
      amount: string;
      total_after: string;
      respond_by: string;
    }>(
      db,
      sql`select b.id, ${reference} as reference, ${party} as party, pc.amount::text as amount,
                 pc.total_after::text as total_after, pc.respond_by::text as respond_by
          from booking_price_changes pc
          join bookings b on b.id = pc.holiday_booking_id
          left join customers c on c.id = b.customer_id
          left join agents ag on ag.id = b.agent_id
          left join old_customers oc on oc.id = b.old_customer_id
          where ${waiting}
          order by pc.respond_by, pc.id
          limit ${limit}`,
    ),
  ]);
  return { count: totals?.n ?? 0, decisions: first };
}
