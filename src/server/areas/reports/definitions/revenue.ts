import { sql } from 'drizzle-orm';
import type { GroupRevenue } from '../../../../shared/api/group-payments';
import type { RevenueReportInput } from '../../../../shared/api/reports';
import type { Db } from '../../../db/client';
import { revenueOfGroups } from '../../groups';
import { allOf, dateBetween, filterLines, inIds, namesOf, namesText, rangeText } from '../filters';
import type { ReportSpec } from '../sheet';

/** Departures per `revenueOfGroups` call. */
const GROUPS_PER_CALL = 25;

interface RevenueRow {
  [k: string]: unknown;
  group_id: number;
  tour: string;
  departure: string;
  passengers: number | null;
  gross_revenue: string | null;
  cancellation_revenue: string | null;
  supplier_costs: string | null;
  profit: string | null;
}

/**
 * Revenue (spec 3 §7 POST reports/revenue-report → Revenue-Report.xlsx; issue #15): one row per
 * departure (tour group) of the chosen tours (`selected_tours`, at least one — spec 3 §5) starting
 * in departureDateStart..End (`tour_groups.start_date`; both ends optional). Columns: tour,
 * departure date, passengers (guests of Paid or Confirmed bookings, spec 3 §4), gross revenue,
 * cancellation revenue, supplier costs and profit, in pounds — each departure's figures are what
 * the group screen's calculate-revenue answers, from the same code (`revenueOfGroups`, a batch of
 * departures at a time in `mapBatch`; docs/money.md 'Group money'). Ordered by departure date,
 * tour name, group id. Totals of passengers and every money column (the profit total is the sum of
 * the departures' profits, each floored at 0). `db` reads the tour names for the filters line and
 * the figures.
 */
export async function revenueReport(db: Db, input: RevenueReportInput): Promise<ReportSpec<RevenueRow>> {
  const where = allOf(
    // selected_tours is never empty (the schema refuses it): no tours means no rows, never all.
    inIds(sql`g.tour_id`, input.selected_tours) ?? sql`false`,
    dateBetween(sql`g.start_date`, input.departureDateStart, input.departureDateEnd),
  );
  const tours = await namesOf(db, 'tours', input.selected_tours);
  return {
    title: 'Revenue Report',
    fileName: 'Revenue-Report.xlsx',
    filters: filterLines(
      `Tours: ${namesText(tours, 'none')}`,
      rangeText('Departure', input.departureDateStart, input.departureDateEnd),
    ),
    columns: [
      { key: 'tour', header: 'Tour', kind: 'text' },
      { key: 'departure', header: 'Departure', kind: 'date' },
      { key: 'passengers', header: 'Passengers', kind: 'int', total: true },
      { key: 'gross_revenue', header: 'Gross revenue', kind: 'money', total: true },
      { key: 'cancellation_revenue', header: 'Cancellation revenue', kind: 'money', total: true },
      { key: 'supplier_costs', header: 'Supplier costs', kind: 'money', total: true },
      { key: 'profit', header: 'Profit', kind: 'money', total: true },
    ],
    count: sql`select count(*)::int as n from tour_groups g where ${where}`,
    query: sql`
      select g.id as group_id, t.name as tour, g.start_date::text as departure
      from tour_groups g join tours t on t.id = g.tour_id
      where ${where}
      order by g.start_date, lower(t.name), t.name, g.id`,
    mapBatch: async (rows) => {
      // A few dozen departures per call: each call reads every booking on its departures, so
      // smaller calls keep the rows held (and the time spent on them between other requests) small.
      const money = new Map<number, GroupRevenue>();
      for (let i = 0; i < rows.length; i += GROUPS_PER_CALL) {
        const part = await revenueOfGroups(
          db,
          rows.slice(i, i + GROUPS_PER_CALL).map((r) => r.group_id),
        );
        for (const [id, m] of part) money.set(id, m);
      }
      return rows.map((r) => {
        const m = money.get(r.group_id);
        return {
          ...r,
          passengers: m?.passengers ?? 0,
          gross_revenue: m ? String(m.gross_revenue) : null,
          cancellation_revenue: m ? String(m.cancellation_revenue) : null,
          supplier_costs: m ? String(m.supplier_costs) : null,
          profit: m ? String(m.tour_profit) : null,
        };
      });
    },
    emptyText: 'No departures of these tours fall in these dates.',
  };
}
