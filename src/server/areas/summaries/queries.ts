import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ArtworkRow,
  artworkFiltersShape,
  PaymentInvoiceRow,
  PaymentInvoiceTotal,
  PreData,
  paymentInvoiceFiltersShape,
  TourSummaryRow,
  tourSummaryFiltersShape,
} from '../../../shared/api/summaries';
import { type Db, queryRows } from '../../db/client';
import {
  type DataTablesRequest,
  likeEscape,
  resolveTablePage,
  runSimpleTable,
  tablePageAnswer,
} from '../../http/datatables';
import { dateBetween } from '../adverts';

type Filters<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;

/** Summaries: 25 a page (spec 2 §9: 5, 25, 50, 100, 500). */
const PAGE = 25;

/**
 * The Payment Invoices summary (spec 2 §2 Summaries, §7 GET summary/payment-invoice): one row per
 * invoice of the chosen party type (supplier by default), optionally one party and a due-date range.
 *
 * - supplier / tour_manager: party_invoices; total = invoice amount and due = amount − total_paid
 *   (never below 0 — `invoiceOutstanding` of shared/money-owed.ts, here in SQL so the table can sort
 *   on it), in the invoice's currency.
 * - affiliate: the affiliate's advertisements; total = invoice amount, else the cost; due = total −
 *   paid amount (never below 0 — `advertBilled` / `advertDue` of shared/advert-money.ts, in SQL).
 *
 * Sorted by due date (soonest first) unless the request sorts on party, invoice_number,
 * payment_due_date, invoice_amount or due_amount; quick search on invoice number and party name.
 * `outstanding_only` keeps rows with something due; `totals` sums the filtered rows per currency
 * (issue #22 point 12b: €, £ and $ are never added together).
 */
export async function paymentInvoiceTable(
  db: Db,
  req: DataTablesRequest & Filters<typeof paymentInvoiceFiltersShape>,
) {
  const answer = await paymentInvoicePage(db, req);
  return { ...answer, totals: 'totals' in answer ? answer.totals : [] };
}

function paymentInvoicePage(db: Db, req: DataTablesRequest & Filters<typeof paymentInvoiceFiltersShape>) {
  const kind = req.summary_for ?? 'supplier';
  /** Totals per currency over the filtered rows (issue #22 point 12b), from the row's own figures. */
  const totalsOf = (currency: SQL, billed: SQL, due: SQL) => ({
    select: sql`${currency} as currency_type, count(*)::int as invoices,
      coalesce(sum(${billed}), 0)::numeric(14,2)::text as invoice_amount,
      coalesce(sum(${due}), 0)::numeric(14,2)::text as due_amount`,
    groupBy: currency,
  });
  /** Outstanding only: rows with something still due. */
  const outstanding = (due: SQL) => (req.outstanding_only ? [sql`${due} > 0`] : []);
  const common = { defaultOrder: { column: 'payment_due_date', dir: 'asc' as const }, defaultLength: PAGE };
  if (kind === 'affiliate') {
    const billed = sql`coalesce(a.invoice_amount, a.total_cost, 0)`;
    const due = sql`greatest(${billed} - coalesce(a.payment_amount, 0), 0)`;
    return runSimpleTable<PaymentInvoiceRow, PaymentInvoiceTotal>(db, req, {
      ...common,
      totals: totalsOf(sql`'Sterling'::text`, billed, due),
      from: sql`advertisements a join affiliates af on af.id = a.affiliate_id`,
      select: sql`'affiliate-' || a.id as id, 'affiliate' as summary_for,
        json_build_object('id', af.id, 'name', af.name) as summary_for_object,
        null::int as invoice_id, a.id as advertisement_id, a.invoice_number, a.invoice_due_date as payment_due_date,
        ${billed} as invoice_amount, ${due} as due_amount, 'Sterling' as currency_type,
        json_build_object('invoice_number', a.invoice_number, 'invoice_amount', a.invoice_amount::text,
          'invoice_due_date', a.invoice_due_date, 'payment_mode', a.payment_mode,
          'payment_mode_number', a.payment_mode_number, 'payment_date', a.payment_date,
          'payment_amount', a.payment_amount::text) as modal_payment_details`,
      sortable: {
        summary_for_object: sql`af.name`,
        invoice_number: sql`a.invoice_number`,
        payment_due_date: sql`a.invoice_due_date`,
        invoice_amount: billed,
        due_amount: due,
      },
      tieBreaker: sql`a.id`,
      searchable: [sql`a.invoice_number`, sql`af.name`],
      where: [
        ...(req.summary_for_id ? [sql`a.affiliate_id = ${req.summary_for_id}`] : []),
        ...dateBetween(sql`a.invoice_due_date`, req.due_date_start, req.due_date_end),
        ...outstanding(due),
      ],
    });
  }
  const party =
    kind === 'supplier'
      ? {
          join: sql`suppliers p on p.id = i.supplier_id`,
          object: sql`json_build_object('id', p.id, 'supplier_name', p.supplier_name)`,
          name: sql`p.supplier_name`,
          column: sql`i.supplier_id`,
        }
      : {
          join: sql`tour_managers p on p.id = i.tour_manager_id`,
          object: sql`json_build_object('id', p.id, 'firstname', p.firstname, 'lastname', p.lastname)`,
          name: sql`(p.firstname || ' ' || p.lastname)`,
          column: sql`i.tour_manager_id`,
        };
  const due = sql`greatest(i.invoice_amount - i.total_paid, 0)`;
  return runSimpleTable<PaymentInvoiceRow, PaymentInvoiceTotal>(db, req, {
    ...common,
    totals: totalsOf(sql`i.currency_type::text`, sql`i.invoice_amount`, due),
    from: sql`party_invoices i join ${party.join}`,
    select: sql`${kind}::text || '-' || i.id as id, ${kind}::text as summary_for, ${party.object} as summary_for_object,
      i.id as invoice_id, null::int as advertisement_id, i.invoice_number, i.invoice_due_date as payment_due_date,
      i.invoice_amount, ${due} as due_amount, i.currency_type, null::json as modal_payment_details`,
    sortable: {
      summary_for_object: party.name,
      invoice_number: sql`i.invoice_number`,
      payment_due_date: sql`i.invoice_due_date`,
      invoice_amount: sql`i.invoice_amount`,
      due_amount: due,
    },
    tieBreaker: sql`i.id`,
    searchable: [sql`i.invoice_number`, party.name],
    where: [
      sql`i.invoice_for = ${kind}`,
      ...(req.summary_for_id ? [sql`${party.column} = ${req.summary_for_id}`] : []),
      ...dateBetween(sql`i.invoice_due_date`, req.due_date_start, req.due_date_end),
      ...outstanding(due),
    ],
  });
}

/** The yes/no filter of a flag column: yes → only set, no → only not set, absent → all. */
const flagFilter = (col: SQL, v: boolean | undefined) => (v === undefined ? [] : [v ? col : sql`not ${col}`]);

/**
 * The Artwork summary (spec 2 §2, §7 POST summary/artwork-invoice): one row per advertisement with
 * its affiliate, size, products' tour names, deadline and placement, cost and invoice amount and the
 * Paid / Created / Sent flags. Filters: affiliate, artwork deadline range (due_date_start/_end),
 * placement range, is_created, is_sent. Soonest artwork deadline first by default.
 */
export function artworkTable(db: Db, req: DataTablesRequest & Filters<typeof artworkFiltersShape>) {
  return runSimpleTable<ArtworkRow>(db, req, {
    from: sql`advertisements a join affiliates af on af.id = a.affiliate_id join advertise_sizes s on s.id = a.size_id`,
    select: sql`a.id as advertisement_id, a.affiliate_id, json_build_object('name', af.name) as affiliate,
      json_build_object('size_name', s.size_name) as advertise_size,
      coalesce((select json_agg(json_build_object('id', p.id, 'tour', json_build_object('name', t.name)) order by p.id)
        from advertisement_products p join tours t on t.id = p.tour_id where p.advertisement_id = a.id), '[]'::json) as products,
      a.submission_deadline_date, a.placemenet_date, a.total_cost, a.invoice_amount, 'Sterling' as currency_type,
      a.paid_status, a.is_graphic_created, a.is_sent`,
    sortable: {
      affiliate: sql`af.name`,
      advertise_size: sql`s.size_name`,
      submission_deadline_date: sql`a.submission_deadline_date`,
      placemenet_date: sql`a.placemenet_date`,
      total_cost: sql`a.total_cost`,
      paid_status: sql`a.paid_status`,
      is_graphic_created: sql`a.is_graphic_created`,
      is_sent: sql`a.is_sent`,
    },
    defaultOrder: { column: 'submission_deadline_date', dir: 'asc' },
    defaultLength: PAGE,
    tieBreaker: sql`a.id`,
    searchable: [sql`af.name`, sql`s.size_name`],
    where: [
      ...(req.affiliate_id ? [sql`a.affiliate_id = ${req.affiliate_id}`] : []),
      ...dateBetween(sql`a.submission_deadline_date`, req.due_date_start, req.due_date_end),
      ...dateBetween(sql`a.placemenet_date`, req.placement_start, req.placement_end),
      ...flagFilter(sql`a.is_graphic_created`, req.is_created),
      ...flagFilter(sql`a.is_sent`, req.is_sent),
    ],
  });
}

/**
 * The Tour summary (spec 2 §2, §7 POST summary/tour-summary): one row per departure (tour group:
 * tour name, start date) of the chosen tours (all when none) departing in the range, with
 * total_guests — guests of the tour lines of every booking not cancelled on the group's instances
 * (0 when none) — and confirmed_pax_count — guests of Confirmed or Paid bookings (spec 3 §4's
 * passenger count). The counts come from `departure_guest_counts` (kept per instance by triggers,
 * schema/summaries.ts), so a year of departures costs a few thousand rows, not every tour line.
 * Sorted on guests, descending, by default (spec 2 §2: the third column); quick search on the tour
 * name.
 */
export async function tourSummaryTable(
  db: Db,
  req: DataTablesRequest & Filters<typeof tourSummaryFiltersShape>,
) {
  const page = resolveTablePage(req, {
    sortable: {
      tour_name: sql`t.name`,
      departure_date: sql`g.start_date`,
      total_guests: sql`coalesce(c.total_guests, 0)`,
      confirmed_pax_count: sql`coalesce(c.confirmed_pax_count, 0)`,
    },
    defaultOrder: { column: 'total_guests', dir: 'desc' },
    defaultLength: PAGE,
    tieBreaker: sql`g.id`,
  });
  const base: SQL[] = [
    ...(req.search_by_tour_ids?.length
      ? [
          sql`g.tour_id in (${sql.join(
            req.search_by_tour_ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ]
      : []),
    ...dateBetween(sql`g.start_date`, req.departure_start_range_start, req.departure_start_range_end),
  ];
  const where = [...base, ...(page.search ? [sql`t.name ilike ${`%${likeEscape(page.search)}%`}`] : [])];
  const clause = (w: SQL[]) => (w.length ? sql`where ${sql.join(w, sql` and `)}` : sql``);
  const limit = page.limit == null ? sql`` : sql`limit ${page.limit}`;
  const [rows, [total], [filtered]] = await Promise.all([
    queryRows<TourSummaryRow>(
      db,
      sql`with groups as (
            select g.id, g.tour_id, g.start_date from tour_groups g join tours t on t.id = g.tour_id ${clause(where)}
          ), counts as (
            select i.tour_group_id as id, sum(c.total_guests)::int as total_guests,
              sum(c.confirmed_guests)::int as confirmed_pax_count
            from groups g
            join tour_instances i on i.tour_group_id = g.id
            join departure_guest_counts c on c.tour_instance_id = i.id
            group by i.tour_group_id
          )
          select g.id, g.tour_id, t.name as tour_name, g.start_date as departure_date,
            coalesce(c.total_guests, 0) as total_guests, coalesce(c.confirmed_pax_count, 0) as confirmed_pax_count
          from groups g join tours t on t.id = g.tour_id
          left join counts c on c.id = g.id
          order by ${sql.join(page.orderBy, sql`, `)} ${limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from tour_groups g join tours t on t.id = g.tour_id ${clause(base)}`,
    ),
    page.search
      ? queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from tour_groups g join tours t on t.id = g.tour_id ${clause(where)}`,
        )
      : Promise.resolve([undefined]),
  ]);
  const totalN = Number(total?.n ?? 0);
  return tablePageAnswer(page, totalN, filtered ? Number(filtered.n) : totalN, rows);
}

/** Spec 2 §3 'Pre-data for filters': suppliers, tour managers, affiliates and advertise sizes, by name. */
export async function preData(db: Db): Promise<PreData> {
  const [suppliers, tourManagers, affiliates, sizes] = await Promise.all([
    queryRows<PreData['suppliers'][number]>(
      db,
      sql`select id, supplier_name from suppliers order by supplier_name, id`,
    ),
    queryRows<PreData['tour_managers'][number]>(
      db,
      sql`select id, firstname, lastname from tour_managers order by firstname, lastname, id`,
    ),
    queryRows<PreData['affiliates'][number]>(db, sql`select id, name from affiliates order by name, id`),
    queryRows<PreData['advertise_sizes'][number]>(
      db,
      sql`select id, id as size_id, size_name from advertise_sizes order by size_name, id`,
    ),
  ]);
  return { suppliers, tour_managers: tourManagers, affiliates, advertise_sizes: sizes };
}
