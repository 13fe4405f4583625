import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { AddwordRevenueReportInput } from '../../../../shared/api/reports';
import type { Db } from '../../../db/client';
import { londonZoneSql } from '../../../lib/dates';
import { allOf, dateBetween, filterLines, inIds, namesOf, namesText, rangeText } from '../filters';
import type { ReportRow, ReportSpec } from '../sheet';

interface AddwordRow {
  [k: string]: unknown;
  affiliate_id: number;
  affiliate: string;
  size: string;
  placement: string;
  tours: string | null;
  cost: string | null;
  bookings: number;
  revenue: string;
  return_on_cost: string | null;
}

/**
 * Revenue ÷ cost of an advert, 2 decimals half-up (decimal.js); null when the cost is 0 or not set.
 */
export function revenuePerPound(revenue: string, cost: string | null): string | null {
  if (cost === null || new Decimal(cost).isZero()) return null;
  return new Decimal(revenue).div(cost).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * Addword revenue ('Addword Reveue Report', spec 3 §2, §7 POST reports/addword-revenue-report →
 * Addword-Revenue-Report.xlsx; issue #15): one row per advertisement placed in
 * placementStartDate..EndDate (`placemenet_date`; both ends optional) of the chosen affiliates
 * (`selectedAffiliate`; empty = all) naming one of the chosen tours among its products (`tour`;
 * empty = all, adverts without products included). The advert's tours are its products' tours
 * (`advertisement_products.tour_id`). Columns: affiliate, size, placement date, tours, cost, then
 * what the advert brought — bookings: the live (not cancelled) bookings made through that affiliate
 * (`bookings.affiliate_id`) from the placement date on (London days, no end) with a tour line on
 * one of the advert's tours (all of them, whatever the tour filter, so a row reads the same however
 * it was picked); revenue: Σ their total due; revenue ÷ cost (blank when the cost is 0 or not set).
 * Ordered by affiliate, placement date; a subtotal per affiliate and grand totals of cost, bookings
 * and revenue (a booking that two adverts both count is in both). `db` reads the names for the
 * filters line.
 */
export async function addwordRevenueReport(
  db: Db,
  input: AddwordRevenueReportInput,
): Promise<ReportSpec<AddwordRow>> {
  const where = allOf(
    dateBetween(sql`a.placemenet_date`, input.placementStartDate, input.placementEndDate),
    inIds(sql`a.affiliate_id`, input.selectedAffiliate),
    input.tour.length
      ? sql`exists (select 1 from advertisement_products x
                    where x.advertisement_id = a.id and ${inIds(sql`x.tour_id`, input.tour)})`
      : null,
  );
  const [affiliates, tours] = await Promise.all([
    namesOf(db, 'affiliates', input.selectedAffiliate),
    namesOf(db, 'tours', input.tour),
  ]);
  return {
    title: 'Addword Revenue Report',
    fileName: 'Addword-Revenue-Report.xlsx',
    filters: filterLines(
      rangeText('Placement', input.placementStartDate, input.placementEndDate),
      `Affiliates: ${namesText(affiliates)}`,
      `Tours: ${namesText(tours)}`,
    ),
    columns: [
      { key: 'affiliate', header: 'Affiliate', kind: 'text' },
      { key: 'size', header: 'Size', kind: 'text' },
      { key: 'placement', header: 'Placement', kind: 'date' },
      { key: 'tours', header: 'Tours', kind: 'text' },
      { key: 'cost', header: 'Cost', kind: 'money', total: true },
      { key: 'bookings', header: 'Bookings', kind: 'int', total: true },
      { key: 'revenue', header: 'Revenue', kind: 'money', total: true },
      { key: 'return_on_cost', header: 'Revenue ÷ cost', kind: 'decimal' },
    ],
    count: sql`select count(*)::int as n from advertisements a where ${where}`,
    // The adverts' bookings are worked out together, from each chosen affiliate's live bookings
    // since its earliest chosen placement (bookings_affiliate_idx), their tours matched to the
    // adverts' products by hash: one pass over those bookings instead of one per advert.
    query: sql`
      with chosen as materialized (
        select a.id, a.affiliate_id, a.size_id, a.placemenet_date, a.total_cost
        from advertisements a where ${where}),
      since as (select affiliate_id, min(placemenet_date) as since from chosen group by affiliate_id),
      lines as (
        select distinct b.id, b.affiliate_id, b.created_at, b.total_due, tb.tour_id
        from since
        join bookings b on b.affiliate_id = since.affiliate_id
          and b.created_at >= (since.since::timestamp at time zone ${londonZoneSql})
        join tour_bookings tb on tb.holiday_booking_id = b.id
        where b.cancelled_at is null),
      hits as (
        select distinct c.id as advert_id, l.id as booking_id, l.total_due
        from lines l
        join advertisement_products p on p.tour_id = l.tour_id
        join chosen c on c.id = p.advertisement_id and c.affiliate_id = l.affiliate_id
          and l.created_at >= (c.placemenet_date::timestamp at time zone ${londonZoneSql})),
      brought as (
        select advert_id, count(*)::int as bookings, sum(total_due) as revenue from hits group by advert_id)
      select a.affiliate_id, af.name as affiliate, sz.size_name as size,
             a.placemenet_date::text as placement,
             (select string_agg(distinct t.name, ', ' order by t.name)
                from advertisement_products p join tours t on t.id = p.tour_id
                where p.advertisement_id = a.id) as tours,
             a.total_cost::text as cost,
             coalesce(r.bookings, 0) as bookings,
             coalesce(r.revenue, 0.00)::text as revenue
      from chosen a
      join affiliates af on af.id = a.affiliate_id
      join advertise_sizes sz on sz.id = a.size_id
      left join brought r on r.advert_id = a.id
      order by lower(af.name), a.affiliate_id, a.placemenet_date, a.id`,
    map: (raw: ReportRow) => {
      const r = raw as AddwordRow;
      return { ...r, return_on_cost: revenuePerPound(r.revenue, r.cost) };
    },
    groupBy: { key: (r) => String(r.affiliate_id), label: (r) => r.affiliate },
    emptyText: 'No advertisements match these filters.',
  };
}
