import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { GroupPayment, GroupRevenue } from '../../../shared/api/group-payments';
import { bookingShare, groupProfit, sumAmounts, supplierCost } from '../../../shared/money-owed';
import { type Db, queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import { countedPassengers, linesOnGroup } from '../instances';

/**
 * Reading a tour group's money (spec 3 §2 'Suppliers, Services & Payments', §3 Internal payment,
 * §9 net profit): its internal payments with their cost in pounds, and its revenue from bookings.
 * The formulas are the shared ones (src/shared/money-owed.ts); see docs/money.md 'Group money'.
 */

/** A stored internal payment with what the screen shows of its party, service, room and invoice. */
export interface StoredGroupPayment {
  id: number;
  tour_group_id: number;
  payment_for: number;
  supplier_id: number | null;
  supplier_name: string | null;
  tour_manager_id: number | null;
  firstname: string | null;
  lastname: string | null;
  service_type_id: number | null;
  service_name: string | null;
  accommodation_id: number | null;
  accommodation_name: string | null;
  accommodation_room_id: number | null;
  room_name: string | null;
  estimated_cost: string | null;
  currency_type: 'USD' | 'Sterling' | 'EUR';
  currency_exchange_rate: string;
  per_person_basis: boolean;
  supplier_invoice_id: number | null;
  invoice_number: string | null;
  invoice_amount: string | null;
  invoice_currency: string | null;
  invoice_rate: string | null;
  payment_invoice_name: string | null;
  payment_invoice_file_key: string | null;
  invoice_due_date: string | null;
  invoice_asigned_amount: string | null;
}

const paymentSelect = sql`select p.id, p.tour_group_id, p.payment_for, p.supplier_id, s.supplier_name, p.tour_manager_id,
    tm.firstname, tm.lastname, p.service_type_id, st.service_name, p.accommodation_id, a.accommodation_name,
    p.accommodation_room_id, r.name as room_name, p.estimated_cost::text as estimated_cost, p.currency_type,
    p.currency_exchange_rate::text as currency_exchange_rate, p.per_person_basis, p.supplier_invoice_id,
    i.invoice_number, i.invoice_amount::text as invoice_amount, i.currency_type as invoice_currency,
    i.currency_exchange_rate::text as invoice_rate, i.payment_invoice_name, i.payment_invoice_file_key,
    i.invoice_due_date::text as invoice_due_date, p.invoice_asigned_amount::text as invoice_asigned_amount
  from tour_group_payments p
  left join suppliers s on s.id = p.supplier_id
  left join tour_managers tm on tm.id = p.tour_manager_id
  left join service_types st on st.id = p.service_type_id
  left join accommodations a on a.id = p.accommodation_id
  left join accommodation_rooms r on r.id = p.accommodation_room_id
  left join party_invoices i on i.id = p.supplier_invoice_id`;

/** Internal payment `id` of group `groupId`; 404 when there is none. */
export async function findGroupPayment(db: Db, groupId: number, id: number): Promise<StoredGroupPayment> {
  const [row] = await queryRows<StoredGroupPayment>(
    db,
    sql`${paymentSelect} where p.id = ${id} and p.tour_group_id = ${groupId}`,
  );
  if (!row) throw notFound('Payment not found.');
  return row;
}

/** Internal payment `id` (any group); 404 when there is none. */
export async function findAnyGroupPayment(db: Db, id: number): Promise<StoredGroupPayment> {
  const [row] = await queryRows<StoredGroupPayment>(db, sql`${paymentSelect} where p.id = ${id}`);
  if (!row) throw notFound('Payment not found.');
  return row;
}

const rate = (r: string | null) => (r === null ? null : new Decimal(r).toFixed());

/** The answer of one internal payment, its cost computed for `passengers` (spec 3 §9). */
export function groupPaymentAnswer(p: StoredGroupPayment, passengers: number): GroupPayment {
  return {
    tour_group_payment_id: p.id,
    tour_group_id: p.tour_group_id,
    payment_for: p.payment_for,
    group_supplier: p.supplier_id ? { id: p.supplier_id, supplier_name: p.supplier_name ?? '' } : null,
    tour_manager: p.tour_manager_id
      ? { id: p.tour_manager_id, firstname: p.firstname ?? '', lastname: p.lastname ?? '' }
      : null,
    party_name: p.supplier_id ? (p.supplier_name ?? '') : `${p.firstname ?? ''} ${p.lastname ?? ''}`.trim(),
    service_type_id: p.service_type_id,
    service_name: p.service_name,
    accommodation_id: p.accommodation_id,
    accommodation_name: p.accommodation_name,
    accommodation_room_id: p.accommodation_id ? (p.accommodation_room_id ?? 0) : null,
    room_name: p.accommodation_id ? (p.room_name ?? 'All') : null,
    estimated_cost: p.estimated_cost,
    currency_type: p.currency_type,
    currency_exchange_rate: rate(p.currency_exchange_rate) ?? '1',
    per_person_basis: p.per_person_basis,
    supplier_invoice: p.supplier_invoice_id
      ? {
          id: p.supplier_invoice_id,
          invoice_number: p.invoice_number ?? '',
          invoice_amount: p.invoice_amount ?? '0.00',
          currency_type: p.invoice_currency ?? 'Sterling',
          currency_exchange_rate: rate(p.invoice_rate) ?? '1',
          payment_invoice_name: p.payment_invoice_file_key ? (p.payment_invoice_name ?? 'Invoice.pdf') : null,
          payment_due_date: p.invoice_due_date ?? '',
        }
      : null,
    invoice_asigned_amount: p.invoice_asigned_amount,
    supplier_cost: supplierCost({
      invoiceAmount: p.supplier_invoice_id ? p.invoice_asigned_amount : null,
      invoiceRate: p.invoice_rate,
      estimatedCost: p.estimated_cost,
      estimateRate: p.currency_exchange_rate,
      perPerson: p.per_person_basis,
      passengers,
    }),
  };
}

/** Passengers counted on group `groupId` (Paid or Confirmed, not cancelled; spec 3 §4). */
export async function groupPassengers(db: Db, groupId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select ${countedPassengers(linesOnGroup(groupId))} as n`,
  );
  return Number(row?.n ?? 0);
}

/** The internal payments of `groupIds`, by group, each with its cost (GET tours/{id}/groups?serviceEstimateCost=true). */
export async function internalPaymentsOfGroups(
  db: Db,
  groupIds: number[],
): Promise<Map<number, GroupPayment[]>> {
  return (await internalPaymentsAndPassengers(db, groupIds)).payments;
}

/** The internal payments of `groupIds` by group (each costed for its group's passengers), and those passengers. */
async function internalPaymentsAndPassengers(
  db: Db,
  groupIds: number[],
): Promise<{ payments: Map<number, GroupPayment[]>; passengers: Map<number, number> }> {
  const payments = new Map<number, GroupPayment[]>();
  if (groupIds.length === 0) return { payments, passengers: new Map() };
  const list = sql.join(
    groupIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [rows, counts] = await Promise.all([
    queryRows<StoredGroupPayment>(db, sql`${paymentSelect} where p.tour_group_id in (${list}) order by p.id`),
    queryRows<{ id: number; n: number }>(
      db,
      sql`select g.id, ${countedPassengers(linesOnGroup(sql`g.id`))} as n from tour_groups g where g.id in (${list})`,
    ),
  ]);
  const passengers = new Map(counts.map((c) => [c.id, Number(c.n)]));
  for (const r of rows) {
    const l = payments.get(r.tour_group_id) ?? [];
    l.push(groupPaymentAnswer(r, passengers.get(r.tour_group_id) ?? 0));
    payments.set(r.tour_group_id, l);
  }
  return { payments, passengers };
}

/**
 * POST tours/groups/{id}/calculate-revenue (spec 3 §2, §9; docs/money.md 'Group money'): the
 * revenue of one group (`revenueOfGroups` for it alone); 404 when there is no such group.
 */
export async function groupRevenue(db: Db, groupId: number): Promise<GroupRevenue> {
  const [group] = await queryRows(db, sql`select 1 from tour_groups where id = ${groupId}`);
  if (!group) throw notFound('Group not found.');
  return (await revenueOfGroups(db, [groupId])).get(groupId) as GroupRevenue;
}

/**
 * The money of each group in `groupIds` (the group screen's calculate-revenue, and the revenue
 * report a batch of departures at a time — one implementation; spec 3 §2, §9):
 * - gross revenue = Σ over the live (not cancelled) bookings with a tour line on the group of their
 *   total due × the share of their lines' charge on the group;
 * - cancellation revenue = the same over the cancelled bookings, of their cancellation value (the
 *   charge entered, 0.00 when waived; the total due when never set — spec 1 §4);
 * - passengers = guests of Paid or Confirmed bookings on the group (spec 3 §4);
 * - supplier costs = Σ of each internal payment's cost; tour profit = gross + cancellation − costs,
 *   floored at 0.
 * Every id given gets an entry (a group without bookings or payments: zeros). Four queries whatever
 * the number of groups.
 */
export async function revenueOfGroups(db: Db, groupIds: number[]): Promise<Map<number, GroupRevenue>> {
  const out = new Map<number, GroupRevenue>();
  if (groupIds.length === 0) return out;
  const list = sql.join(
    groupIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [bookings, internal] = await Promise.all([
    queryRows<{
      group_id: number;
      cancelled: boolean;
      total_due: string;
      cancellation_charge: string | null;
      on_group: string;
      all_lines: string;
      lines_on_group: number;
      line_count: number;
    }>(
      db,
      sql`with gi as (select id, tour_group_id from tour_instances where tour_group_id in (${list})),
          bk as (select distinct gi.tour_group_id as group_id, tb.holiday_booking_id as id
                 from tour_bookings tb join gi on gi.id = tb.tour_instance_id)
          select bk.group_id, b.cancelled_at is not null as cancelled, b.total_due::text as total_due,
            b.cancellation_charge::text as cancellation_charge,
            coalesce(sum(case when ti.tour_group_id = bk.group_id
              then coalesce(nullif(tb.sale_price, 0), tb.price) * tb.guests else 0 end), 0)::text as on_group,
            coalesce(sum(coalesce(nullif(tb.sale_price, 0), tb.price) * tb.guests), 0)::text as all_lines,
            count(*) filter (where ti.tour_group_id = bk.group_id)::int as lines_on_group,
            count(*)::int as line_count
          from bk join bookings b on b.id = bk.id
          join tour_bookings tb on tb.holiday_booking_id = b.id
          join tour_instances ti on ti.id = tb.tour_instance_id
          group by bk.group_id, b.id
          order by bk.group_id, b.id`,
    ),
    internalPaymentsAndPassengers(db, groupIds),
  ]);
  const gross = new Map<number, string[]>();
  const cancellation = new Map<number, string[]>();
  for (const b of bookings) {
    const value = b.cancelled ? (b.cancellation_charge ?? b.total_due) : b.total_due;
    const share = bookingShare(value, b.on_group, b.all_lines, b.lines_on_group, b.line_count);
    const into = b.cancelled ? cancellation : gross;
    const l = into.get(b.group_id) ?? [];
    l.push(share);
    into.set(b.group_id, l);
  }
  for (const id of groupIds) {
    const payments = internal.payments.get(id) ?? [];
    const grossRevenue = sumAmounts(gross.get(id) ?? []);
    const cancellationRevenue = sumAmounts(cancellation.get(id) ?? []);
    const costs = payments.map((p) => String(p.supplier_cost));
    out.set(id, {
      gross_revenue: grossRevenue,
      cancellation_revenue: cancellationRevenue,
      passengers: internal.passengers.get(id) ?? 0,
      supplier_costs: sumAmounts(costs),
      tour_profit: groupProfit(grossRevenue, cancellationRevenue, costs),
      internal_payments: payments,
    });
  }
  return out;
}

/**
 * POST tours/groups/{id}/fetch-supplier-estimated-cost: the cost of a room of accommodation
 * `accommodationId` over the group's nights in it — the nights of the stay (check-in to check-out
 * day of the group's own tour accommodation, else the tour's) — from the accommodation prices,
 * each night's price ÷ its exchange rate, in pounds; room 0 (All) takes the dearest room. Per person
 * when the prices are per person. Null when no night has a price.
 */
export async function estimatedCost(db: Db, groupId: number, accommodationId: number, roomId: number) {
  const [g] = await queryRows<{ tour_id: number; start_date: string }>(
    db,
    sql`select tour_id, start_date::text as start_date from tour_groups where id = ${groupId}`,
  );
  if (!g) throw notFound('Group not found.');
  const [stay] = await queryRows<{ check_in_day: number; check_out_day: number }>(
    db,
    sql`select check_in_day, check_out_day from tour_accommodations
        where tour_id = ${g.tour_id} and accommodation_id = ${accommodationId}
          and (tour_group_id = ${groupId} or tour_group_id is null)
        order by tour_group_id nulls last, id limit 1`,
  );
  const inDay = stay?.check_in_day ?? 1;
  const outDay = stay && stay.check_out_day > stay.check_in_day ? stay.check_out_day : inDay + 1;
  const nights = outDay - inDay;
  const rows = await queryRows<{ room_id: number; price: string; rate: string; price_type: string }>(
    db,
    sql`select p.accommodation_room_id as room_id, p.price::text as price, p.exchange_rate::text as rate, p.price_type
        from accommodation_prices p join accommodation_rooms r on r.id = p.accommodation_room_id
        where r.accommodation_id = ${accommodationId} ${roomId ? sql`and r.id = ${roomId}` : sql``}
          and p.room_availability_date >= (${g.start_date}::date + ${inDay - 1}::int)
          and p.room_availability_date <= (${g.start_date}::date + ${outDay - 2}::int)`,
  );
  const byRoom = new Map<number, Decimal>();
  let perPerson = false;
  for (const r of rows) {
    byRoom.set(r.room_id, (byRoom.get(r.room_id) ?? new Decimal(0)).plus(new Decimal(r.price).div(r.rate)));
    if (r.price_type === 'per_person') perPerson = true;
  }
  const totals = [...byRoom.values()];
  const best = totals.length ? Decimal.max(...totals) : null;
  return {
    status: true as const,
    estimated_cost: best ? best.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : null,
    currency: 'Sterling' as const,
    per_person_basis: perPerson,
    nights,
  };
}
