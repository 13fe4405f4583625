import { z } from 'zod';
import { advertiseSizeAnswer } from './advertise-sizes';
import { blankToUndefined, flagSchema, idSchema, optionalId, optionalYmd, plainString } from './common';
import { endpoint, moneyAnswer } from './contract';
import { dataTablesShape, tableAnswer } from './datatables';

/** Spec 2 §3 'Payment invoice summary row' summary_for values; supplier is the default. */
export const SUMMARY_FOR = ['supplier', 'tour_manager', 'affiliate'] as const;
export type SummaryFor = (typeof SUMMARY_FOR)[number];

const optionalFlag = z.preprocess(blankToUndefined, flagSchema.optional());

/**
 * Filters of GET summary/payment-invoice (spec 2 §7 Summaries): the party type (supplier when not
 * sent), an optional party, and the payment due range (the screen sends it only when both ends are
 * set; one end alone bounds one side); `outstanding_only` (issue #22 point 12b) keeps the rows with
 * something still due.
 */
export const paymentInvoiceFiltersShape = {
  summary_for: z.preprocess(blankToUndefined, z.enum(SUMMARY_FOR).optional()),
  summary_for_id: optionalId,
  due_date_start: optionalYmd,
  due_date_end: optionalYmd,
  outstanding_only: optionalFlag,
};

/**
 * The Payment Invoices summary's totals per currency over every filtered row (not only the page;
 * issue #22 point 12b): amounts in different currencies are never added together.
 */
export const paymentInvoiceTotal = z.object({
  currency_type: z.string(),
  /** How many rows in this currency. */
  invoices: z.number().int(),
  invoice_amount: moneyAnswer,
  due_amount: moneyAnswer,
});
export type PaymentInvoiceTotal = z.input<typeof paymentInvoiceTotal>;

/**
 * Filters of POST summary/artwork-invoice (spec 2 §7): affiliate, artwork deadline range
 * (due_date_start/_end), placement range, and is_created / is_sent (yes: only those; no: only
 * those not; not sent: all).
 */
export const artworkFiltersShape = {
  affiliate_id: optionalId,
  due_date_start: optionalYmd,
  due_date_end: optionalYmd,
  placement_start: optionalYmd,
  placement_end: optionalYmd,
  is_created: optionalFlag,
  is_sent: optionalFlag,
};

/** A comma list of tour ids ('3,7,12'), or a list; blank means every tour. */
const tourIdList = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return v;
}, z.array(idSchema).max(1000, 'At most 1000 tours.').optional());

/** Filters of POST summary/tour-summary (spec 2 §7): tours (comma list) and the departure range. */
export const tourSummaryFiltersShape = {
  search_by_tour_ids: tourIdList,
  departure_start_range_start: optionalYmd,
  departure_start_range_end: optionalYmd,
};

/** Spec 2 §3 'Payment invoice summary row', plus the ids the row's actions need. */
export const paymentInvoiceRow = z.object({
  /** A row key: 'supplier-12', 'tour_manager-3' (party invoice id) or 'affiliate-5' (advertisement id). */
  id: z.string(),
  summary_for: z.enum(SUMMARY_FOR),
  summary_for_object: z.object({
    id: z.number().int(),
    supplier_name: z.string().optional(),
    firstname: z.string().optional(),
    lastname: z.string().optional(),
    name: z.string().optional(),
  }),
  /** The party invoice (supplier, tour manager); null for an affiliate's advertisement. */
  invoice_id: z.number().int().nullable(),
  /** The advertisement (affiliate); null otherwise. */
  advertisement_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  payment_due_date: z.string().nullable(),
  invoice_amount: moneyAnswer,
  due_amount: moneyAnswer,
  currency_type: z.string(),
  /** The advertisement's payment details (affiliate rows), for the payment details modal. */
  modal_payment_details: z
    .object({
      invoice_number: z.string().nullable(),
      invoice_amount: moneyAnswer.nullable(),
      invoice_due_date: z.string().nullable(),
      payment_mode: z.string().nullable(),
      payment_mode_number: z.string().nullable(),
      payment_date: z.string().nullable(),
      payment_amount: moneyAnswer.nullable(),
    })
    .nullable(),
});
export type PaymentInvoiceRow = z.input<typeof paymentInvoiceRow>;

/** Spec 2 §3 'Artwork summary row', keyed by advertisement. */
export const artworkRow = z.object({
  advertisement_id: z.number().int(),
  affiliate_id: z.number().int(),
  affiliate: z.object({ name: z.string() }),
  advertise_size: z.object({ size_name: z.string() }),
  products: z.array(z.object({ id: z.number().int(), tour: z.object({ name: z.string() }) })),
  submission_deadline_date: z.string().nullable(),
  placemenet_date: z.string(),
  /** The advert's cost: the products modal's Total. */
  total_cost: moneyAnswer.nullable(),
  invoice_amount: moneyAnswer.nullable(),
  currency_type: z.string(),
  paid_status: z.boolean(),
  is_graphic_created: z.boolean(),
  is_sent: z.boolean(),
});
export type ArtworkRow = z.input<typeof artworkRow>;

/** Spec 2 §3 'Tour summary row': one departure (tour group) with its guests. */
export const tourSummaryRow = z.object({
  /** The tour group. */
  id: z.number().int(),
  tour_id: z.number().int(),
  tour_name: z.string(),
  departure_date: z.string(),
  /** Guests of every live (not cancelled) booking on the departure; 0 when none. */
  total_guests: z.number().int(),
  /** Guests of Confirmed or Paid bookings (spec 3 §4's passenger count). */
  confirmed_pax_count: z.number().int(),
});
export type TourSummaryRow = z.input<typeof tourSummaryRow>;

/** Spec 2 §3 'Pre-data for filters'. */
export const preDataAnswer = z.object({
  success: z.literal(true),
  status: z.literal(true),
  data: z.object({
    suppliers: z.array(z.object({ id: z.number().int(), supplier_name: z.string() })),
    tour_managers: z.array(z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() })),
    affiliates: z.array(z.object({ id: z.number().int(), name: z.string() })),
    advertise_sizes: z.array(advertiseSizeAnswer),
  }),
});
export type PreData = z.input<typeof preDataAnswer>['data'];

/**
 * Summaries (spec 2 §2 Summaries, §7 Summaries): three server-side tables and the filters' pre-data.
 * The POST calls only read (`summaries.read`, any staff member); each takes its filters in the
 * query string (the spec) or, with the DataTables fields, in the body (the web app's table).
 */
export const summariesApi = {
  paymentInvoices: endpoint({
    method: 'GET',
    path: '/summary/payment-invoice',
    summary:
      'Payment invoices summary, DataTables protocol (25 a page): summary_for supplier (default) | tour_manager | ' +
      'affiliate, summary_for_id, due_date_start/_end, outstanding_only; totals per currency over the filtered rows.',
    query: z.strictObject({ ...dataTablesShape, ...paymentInvoiceFiltersShape }),
    answer: tableAnswer(paymentInvoiceRow).extend({ totals: z.array(paymentInvoiceTotal) }),
  }),
  artwork: endpoint({
    method: 'POST',
    path: '/summary/artwork-invoice',
    summary:
      'Artwork summary, DataTables protocol: affiliate_id, due_date_start/_end (artwork deadline), ' +
      'placement_start/_end, is_created, is_sent — in the query or the body.',
    permission: 'summaries.read',
    query: z.strictObject(artworkFiltersShape),
    body: z.strictObject({ ...dataTablesShape, ...artworkFiltersShape }).optional(),
    answer: tableAnswer(artworkRow),
  }),
  tours: endpoint({
    method: 'POST',
    path: '/summary/tour-summary',
    summary:
      'Tour summary, DataTables protocol (default: guests, descending): search_by_tour_ids (comma list), ' +
      'departure_start_range_start/_end — in the query or the body.',
    permission: 'summaries.read',
    query: z.strictObject(tourSummaryFiltersShape),
    body: z.strictObject({ ...dataTablesShape, ...tourSummaryFiltersShape }).optional(),
    answer: tableAnswer(tourSummaryRow),
  }),
  preData: endpoint({
    method: 'POST',
    path: '/filters/get-pre-data',
    summary: 'Pre-data of the summary filters: data.suppliers, tour_managers, affiliates, advertise_sizes.',
    permission: 'summaries.read',
    body: z
      .object({ filters_for: z.preprocess(blankToUndefined, plainString().max(100).optional()) })
      .optional(),
    answer: preDataAnswer,
  }),
};
