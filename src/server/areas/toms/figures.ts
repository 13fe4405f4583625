import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { TomsFiguresAnswer } from '../../../shared/api/toms';
import { convertedToSterling } from '../../../shared/money-owed';
import {
  apportion,
  tomsMargin,
  tomsSellingPrice,
  tourManagersInHouse,
  vatStandardRate,
} from '../../../shared/toms';
import { allQueries, type Db, queryRows } from '../../db/client';

/** The settings TOMS reads: the standard rate and whether tour managers are in-house. */
export interface TomsSettings {
  rate: string;
  tourManagersInHouse: boolean;
}

/** `vat_standard_rate` (default 20) and `toms_tour_managers_in_house` (default yes) from system_settings. */
export async function loadTomsSettings(db: Db): Promise<TomsSettings> {
  const rows = await queryRows<{ name: string; value: string | null }>(
    db,
    sql`select name, value from system_settings where name in ('vat_standard_rate', 'toms_tour_managers_in_house')`,
  );
  const v = Object.fromEntries(rows.map((r) => [r.name, r.value]));
  return {
    rate: vatStandardRate(v.vat_standard_rate),
    tourManagersInHouse: tourManagersInHouse(v.toms_tour_managers_in_house),
  };
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** A live booking's guests on one departure (tour group). */
interface GuestsOnGroup {
  booking_id: number;
  group_id: number;
  guests: number;
}

/** A departure's invoiced costs in pounds and its live guests. */
interface GroupCosts {
  tour: string;
  start_date: string;
  bought_in: Decimal;
  in_house: Decimal;
  guests: number;
}

/**
 * The invoiced costs of departures `groupIds` (tour groups), pounds: each internal payment with an
 * invoice converted as money-owed does (amount assigned ÷ the invoice's rate, pence half-up) and
 * summed — suppliers' as bought-in, tour managers' as in-house when the setting says so; estimates
 * without an invoice are not costs incurred and are left out. Guests: the live guests of the
 * group's departures (`departure_guest_counts.total_guests`, kept by triggers).
 */
async function groupCosts(db: Db, groupIds: number[], s: TomsSettings): Promise<Map<number, GroupCosts>> {
  const out = new Map<number, GroupCosts>();
  if (groupIds.length === 0) return out;
  const [groups, payments] = await allQueries(db, [
    () =>
      queryRows<{ id: number; tour: string; start_date: string; guests: number }>(
        db,
        sql`select g.id, t.name as tour, g.start_date::text as start_date,
                   coalesce((select sum(c.total_guests) from tour_instances i
                             join departure_guest_counts c on c.tour_instance_id = i.id
                             where i.tour_group_id = g.id), 0)::int as guests
            from tour_groups g join tours t on t.id = g.tour_id
            where g.id in (${idList(groupIds)})`,
      ),
    () =>
      queryRows<{ group_id: number; payment_for: number; amount: string; rate: string }>(
        db,
        sql`select p.tour_group_id as group_id, p.payment_for, p.invoice_asigned_amount::text as amount,
                   inv.currency_exchange_rate::text as rate
            from tour_group_payments p join party_invoices inv on inv.id = p.supplier_invoice_id
            where p.tour_group_id in (${idList(groupIds)}) and p.invoice_asigned_amount is not null`,
      ),
  ]);
  for (const g of groups) {
    out.set(g.id, {
      tour: g.tour,
      start_date: g.start_date,
      bought_in: new Decimal(0),
      in_house: new Decimal(0),
      guests: g.guests,
    });
  }
  for (const p of payments) {
    const g = out.get(p.group_id);
    if (!g) continue;
    const pounds = convertedToSterling(p.amount, p.rate);
    if (p.payment_for === 2 && s.tourManagersInHouse) g.in_house = g.in_house.plus(pounds);
    else g.bought_in = g.bought_in.plus(pounds);
  }
  return out;
}

/**
 * What TOMS reads of a booking (columns of `bookings b`), in one place for the booking endpoint and
 * the report's cursor (which reads them with its rows, so a batch does not fetch its bookings
 * twice): the stored total due and cancellation charge, whether it is cancelled / live (as
 * departure_guest_counts counts it: not Cancelled and no cancelled_at), whether its travel is
 * outside the UK, and its airline costs. Index-only reads of its tour lines per booking.
 */
export const tomsBookingColumns = sql`b.total_due::text as total_due, b.cancelled_at is not null as cancelled,
  (b.status <> 'Cancelled' and b.cancelled_at is null) as live,
  b.cancellation_charge::text as cancellation_charge,
  coalesce((select bool_and(c.iso_code is not null and c.iso_code <> 'GB')
            from tour_bookings tb join tours t on t.id = tb.tour_id
            left join countries c on c.id = t.destination
            where tb.holiday_booking_id = b.id), false) as outside_uk,
  (select coalesce(sum(ac.flight_cost), 0) from tour_bookings tb
   join tour_booking_airline_costs ac on ac.tour_booking_id = tb.id
   where tb.holiday_booking_id = b.id)::text as airline`;

/** A booking's `tomsBookingColumns` with its id. */
export interface TomsBookingInput {
  id: number;
  total_due: string;
  cancelled: boolean;
  live: boolean;
  cancellation_charge: string | null;
  outside_uk: boolean;
  airline: string;
}

/**
 * The TOMS figures of bookings `ids` (the booking screen asks one), by id; unknown ids are absent.
 * Reads `tomsBookingColumns` and answers `tomsFiguresFrom`.
 */
export async function tomsFiguresOf(
  db: Db,
  ids: readonly number[],
  s: TomsSettings,
): Promise<Map<number, TomsFiguresAnswer>> {
  if (ids.length === 0) return new Map();
  const bookings = await queryRows<TomsBookingInput>(
    db,
    sql`select b.id, ${tomsBookingColumns} from bookings b where b.id in (${idList(ids)})`,
  );
  return tomsFiguresFrom(db, bookings, s);
}

/**
 * The TOMS figures of `bookings` (their `tomsBookingColumns`), by id — any number, set-based (three
 * queries whatever the count; the report passes a batch of its cursor's rows):
 *
 * - Selling price: `tomsSellingPrice` of the stored total due (the ledger stores what
 *   areas/bookings/totals.ts computes) and the cancellation charge.
 * - Bought-in costs: the airline costs entered on its tour lines (`tour_booking_airline_costs`,
 *   pounds, each the airline's charge for that line's seats, so all of it is the booking's) + for
 *   each departure (tour group) of its tour lines, the group's invoiced supplier costs × the
 *   booking's guests on the group ÷ all live guests of the group (`apportion`, pence per group).
 *   A cancelled booking is not live, so takes no share of a group's costs; the airline costs of
 *   its seats stay its own.
 * - In-house: the tour managers' invoiced costs apportioned the same way (when in-house).
 * - Outside the UK when every tour line's tour has a destination country other than the UK (ISO
 *   'GB'); a tour with no destination counts as UK (standard-rated, the cautious reading).
 */
export async function tomsFiguresFrom(
  db: Db,
  bookings: readonly TomsBookingInput[],
  s: TomsSettings,
): Promise<Map<number, TomsFiguresAnswer>> {
  const out = new Map<number, TomsFiguresAnswer>();
  const live = bookings.filter((b) => b.live).map((b) => b.id);
  const onGroups = live.length
    ? await queryRows<GuestsOnGroup>(
        db,
        sql`select tb.holiday_booking_id as booking_id, i.tour_group_id as group_id, sum(tb.guests)::int as guests
            from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
            where tb.holiday_booking_id in (${idList(live)})
            group by tb.holiday_booking_id, i.tour_group_id
            order by tb.holiday_booking_id, i.tour_group_id`,
      )
    : [];
  const groups = await groupCosts(db, [...new Set(onGroups.map((g) => g.group_id))], s);
  const sharesOf = new Map<number, TomsFiguresAnswer['groups']>();
  for (const row of onGroups) {
    const g = groups.get(row.group_id);
    if (!g) continue;
    const list = sharesOf.get(row.booking_id) ?? [];
    list.push({
      group_id: row.group_id,
      tour: g.tour,
      start_date: g.start_date,
      group_bought_in: g.bought_in.toFixed(2),
      group_in_house: g.in_house.toFixed(2),
      booking_guests: row.guests,
      group_guests: g.guests,
      bought_in_share: apportion(g.bought_in.toString(), row.guests, g.guests),
      in_house_share: apportion(g.in_house.toString(), row.guests, g.guests),
    });
    sharesOf.set(row.booking_id, list);
  }
  for (const b of bookings) {
    const shares = sharesOf.get(b.id) ?? [];
    const supplier = shares.reduce((sum, x) => sum.plus(x.bought_in_share), new Decimal(0));
    const inHouse = shares.reduce((sum, x) => sum.plus(x.in_house_share), new Decimal(0));
    const figures = tomsMargin({
      sellingPrice: tomsSellingPrice(b),
      boughtIn: supplier.plus(b.airline).toString(),
      inHouse: inHouse.toString(),
      outsideUk: b.outside_uk,
      rate: s.rate,
    });
    out.set(b.id, {
      booking_id: b.id,
      cancelled: b.cancelled,
      outside_uk: b.outside_uk,
      vat_rate: s.rate,
      airline_costs: new Decimal(b.airline).toFixed(2),
      supplier_costs: supplier.toFixed(2),
      ...figures,
      groups: shares,
    });
  }
  return out;
}
