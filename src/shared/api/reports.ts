import { z } from 'zod';
import { blankToUndefined, flagSchema, idSchema, optionalId, optionalYmd } from './common';
import { endpoint, fileAnswer, MEDIA, type MediaType } from './contract';
import { TOUR_TYPE_VALUES } from './tour-catalogue';

/**
 * The reports screen (/reports, spec 3 §2 Reports, §3 'Report filter vocabulary', §4, §5 Reports,
 * §7 Reports, §8, §9): twelve spreadsheets, each a POST of its filters answering a streamed file.
 * The request schemas carry the spec's local validation messages, so the screen (zodValidate) and
 * the server (422 per field) refuse the same filters with the same words.
 */

/** Spec 3 §2: the report types in the order of the left list (slug, name); rooming is the default (§9). */
export const REPORT_TYPES = [
  { slug: 'rooming', name: 'Rooming Report' },
  { slug: 'day_report', name: 'Day Report' },
  { slug: 'aged_debtor', name: 'Aged Debtor Report' },
  { slug: 'bonding', name: 'Bonding Report' },
  { slug: 'sales', name: 'Sales Report' },
  { slug: 'booking_customer_detail', name: 'Booking Customer Detail' },
  { slug: 'customer_report', name: 'Customer Report' },
  { slug: 'affiliate', name: 'Affiliate Report' },
  { slug: 'revenue_report', name: 'Revenue Report' },
  { slug: 'payment_report', name: 'Payment Report' },
  // Spelling as in the product (spec 3 §2).
  { slug: 'addword_revenue_report', name: 'Addword Reveue Report' },
  { slug: 'airline_costing_report', name: 'Airline Costing Report' },
  // Issue #27: the VAT margin scheme's quarterly working (shared/api/toms.ts).
  { slug: 'toms_working', name: 'TOMS Working (VAT margin)' },
  // Issue #27 (compliance): shared/api/compliance-reports.ts.
  { slug: 'refunds', name: 'Refunds' },
  { slug: 'atol_apc_return', name: 'ATOL APC Return' },
] as const;
export type ReportSlug = (typeof REPORT_TYPES)[number]['slug'];
export const DEFAULT_REPORT: ReportSlug = 'rooming';

/** Spec 3 §3 report filter vocabulary. */
export const ROOMING_ORDER_BY = ['accommodation', 'date', 'arrival_date'] as const;
export const SALES_REPORT_TYPES = ['confirmed', 'cancelled', 'cancelled_pending'] as const;
export const OPT_OUT_CHOICES = ['include_opt_out', 'exclude_opt_out', 'only_opt_out'] as const;
export const BLACKLIST_CHOICES = ['include_blacklisted', 'exclude_blacklisted', 'only_blacklisted'] as const;
export const REPORT_WITH_CHOICES = ['brochure_requests', 'without_brochure_requests', 'both'] as const;
export const CUSTOMER_FILTER_MODES = ['all', 'exclude', 'only'] as const;
export const DAYBOOK_TYPES = ['report', 'csv'] as const;
/** 'Payment for' of the payment report: suppliers' and tour managers' invoices, or affiliates' adverts (Artwork). */
export const PAYMENT_REPORT_FOR = ['supplier', 'tour_manager', 'affiliate'] as const;
/** The six date pairs of the payment report (spec 3 §7): each sent as `<name>Start` / `<name>End`. */
export const PAYMENT_REPORT_DATE_PAIRS = [
  'invoiceDeadline',
  'payment',
  'placementDeadline',
  'placementExpiry',
  'invoiceDue',
  'paymentAdvert',
] as const;

/** The spec's local messages (spec 3 §5 Reports), word for word. */
export const REPORT_MESSAGES = {
  roomingBookingTo: 'Please select booking to date',
  roomingBookingFrom: 'Please select booking from date',
  roomingArrivalTo: 'Please select arrival to date',
  roomingArrivalFrom: 'Please select arrival from date',
  roomingBookingOrArrival: 'Please select booking date or arrival date',
  roomingArrivalOrBooking: 'Please select arrival date or booking date',
  dayType: 'Please select a valid report type',
  dayDate: 'Please select a valid booking date',
  dayStart: 'Please select a valid booking Start date',
  dayRange: 'Please select a valid booking date range',
  debtorFrom: 'Please select a valid due from date',
  debtorTo: 'Please select a valid due to date',
  bondingDepartureTo: 'Please select a valid departure to date',
  bondingDepartureFrom: 'Please select departure from date',
  bondingBookingTo: 'Please select a valid booking to date',
  bondingBookingFrom: 'Please select a valid booking from date',
  bondingBookingOrDeparture: 'Please select booking date or departure date',
  // Spelling as in the product.
  bondingDepartureOrBooking: 'Please select departue date or booking date',
  bondingType: 'Please select a valid bonding type',
  salesDepartureTo: 'Please select a valid departure to date',
  salesDepartureFrom: 'Please select a valid departure from date',
  salesBookingTo: 'Please select a valid booking to date',
  salesBookingFrom: 'Please select a valid booking from date',
  salesDepartureOrBooking: 'Please select departure date or booking date',
  salesBookingOrDeparture: 'Please select booking date or departure date',
  customerFrom: 'Please select a valid from date',
  customerTo: 'Please select a valid to date',
  affiliate: 'Please select affiliate',
  affiliateDepartureTo: 'Please select departure to date',
  affiliateDepartureFrom: 'Please select departure from date',
  affiliateBookingTo: 'Please select booking to date',
  affiliateBookingFrom: 'Please select booking from date',
  affiliateDepartureOrBooking: 'Please select departure or booking date',
  revenueDepartureTo: 'Please select departure to date',
  revenueDepartureFrom: 'Please select departure from date',
  // Spelling as in the product.
  revenueTours: 'Please select atleast one tour',
  /** Spec 3 §8: what the revenue and payment reports show on any failure. */
  invalidData: 'The given data was invalid.',
  /** Any date pair whose to date falls before its from date (the pickers prevent it on screen). */
  toBeforeFrom: 'The to date must not be before the from date.',
} as const;

const optionalFlag = z.preprocess(blankToUndefined, flagSchema.optional());

/**
 * A list of ids: an array, or a comma list ('3,7,12'); blank is no list. The screen's 'All' option
 * sends every id (spec 3 §4); an empty list means no restriction.
 */
export const reportIdList = z.preprocess(
  (v) => {
    if (v === '' || v === null || v === undefined) return [];
    if (typeof v === 'string')
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (typeof v === 'number') return [v];
    return v;
  },
  z.array(idSchema).max(5000, 'At most 5000 items.'),
);

type Issue = { path: string; message: string };

/**
 * A from/to pair: a from without a to → `toMessage` on the to field; a to without a from →
 * `fromMessage` on the from field; a to before the from → REPORT_MESSAGES.toBeforeFrom on the to.
 */
function pairIssues(
  v: Record<string, unknown>,
  from: string,
  to: string,
  toMessage: string,
  fromMessage: string,
): Issue[] {
  const a = v[from] as string | undefined;
  const b = v[to] as string | undefined;
  if (a && !b) return [{ path: to, message: toMessage }];
  if (b && !a) return [{ path: from, message: fromMessage }];
  if (a && b && b < a) return [{ path: to, message: REPORT_MESSAGES.toBeforeFrom }];
  return [];
}

/** A from/to pair with no spec message for a missing end: only the order is checked. */
function orderIssues(v: Record<string, unknown>, from: string, to: string): Issue[] {
  const a = v[from] as string | undefined;
  const b = v[to] as string | undefined;
  return a && b && b < a ? [{ path: to, message: REPORT_MESSAGES.toBeforeFrom }] : [];
}

/** Adds the issues to zod's context, at most one per field (the screen shows the first). */
function report(ctx: z.RefinementCtx, issues: Issue[]) {
  const seen = new Set<string>();
  for (const i of issues) {
    if (seen.has(i.path)) continue;
    seen.add(i.path);
    ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  }
}

// ── Rooming (spec 3 §7: POST reports/rooming) ─────────────────────────────────────────────

export const roomingReportShape = {
  booking_start_date: optionalYmd,
  booking_end_date: optionalYmd,
  arrival_start_date: optionalYmd,
  arrival_end_date: optionalYmd,
  accommodation_id: optionalId,
  tour_type: z.preprocess(blankToUndefined, z.enum(TOUR_TYPE_VALUES).optional()),
  include_cancelled: optionalFlag,
  include_pending: optionalFlag,
  order_by: z.preprocess(blankToUndefined, z.enum(ROOMING_ORDER_BY).default('accommodation')),
  resort_id: optionalId,
  supplier_id: optionalId,
};
export const roomingReportSchema = z.object(roomingReportShape).superRefine((v, ctx) => {
  const m = REPORT_MESSAGES;
  const issues = [
    ...pairIssues(v, 'booking_start_date', 'booking_end_date', m.roomingBookingTo, m.roomingBookingFrom),
    ...pairIssues(v, 'arrival_start_date', 'arrival_end_date', m.roomingArrivalTo, m.roomingArrivalFrom),
  ];
  if (!v.booking_start_date && !v.arrival_start_date)
    issues.push(
      { path: 'booking_start_date', message: m.roomingBookingOrArrival },
      { path: 'arrival_start_date', message: m.roomingArrivalOrBooking },
    );
  report(ctx, issues);
});
export type RoomingReportInput = z.output<typeof roomingReportSchema>;

export const roomingAccommodationListSchema = z.object({ resort_id: optionalId, supplier_id: optionalId });

// ── Day report (POST reports/daybook) ─────────────────────────────────────────────────────

export const daybookReportShape = {
  type: z.preprocess(blankToUndefined, z.enum(DAYBOOK_TYPES, { error: REPORT_MESSAGES.dayType }).optional()),
  start_date: optionalYmd,
  end_date: optionalYmd,
};
export const daybookReportSchema = z.object(daybookReportShape).superRefine((v, ctx) => {
  const m = REPORT_MESSAGES;
  const issues: Issue[] = [];
  if (!v.type) issues.push({ path: 'type', message: m.dayType });
  else if (v.type === 'report') {
    if (!v.start_date) issues.push({ path: 'start_date', message: m.dayDate });
    issues.push(...orderIssues(v, 'start_date', 'end_date'));
  } else {
    if (!v.start_date) issues.push({ path: 'start_date', message: m.dayStart });
    if (!v.end_date) issues.push({ path: 'end_date', message: m.dayRange });
    issues.push(...orderIssues(v, 'start_date', 'end_date'));
  }
  report(ctx, issues);
});
export type DaybookReportInput = z.output<typeof daybookReportSchema>;

// ── Aged debtors (POST reports/debtor-booking) ────────────────────────────────────────────

export const debtorReportShape = { from_date: optionalYmd, to_date: optionalYmd };
export const debtorReportSchema = z.object(debtorReportShape).superRefine((v, ctx) => {
  const issues: Issue[] = [];
  if (!v.from_date) issues.push({ path: 'from_date', message: REPORT_MESSAGES.debtorFrom });
  else if (!v.to_date) issues.push({ path: 'to_date', message: REPORT_MESSAGES.debtorTo });
  issues.push(...orderIssues(v, 'from_date', 'to_date'));
  report(ctx, issues);
});
export type DebtorReportInput = z.output<typeof debtorReportSchema>;

// ── Bonding (POST reports/bondingreport) ──────────────────────────────────────────────────

/** A bonding type id, or 'all' (every type, with totals per type). */
export const bondingTypeChoice = z.preprocess(
  blankToUndefined,
  z.union([z.literal('all'), idSchema], { error: REPORT_MESSAGES.bondingType }).optional(),
);
export const bondingReportShape = {
  departureDateRangeStart: optionalYmd,
  departureDateRangeEnd: optionalYmd,
  bookingDateRangeStart: optionalYmd,
  bookingDateRangeEnd: optionalYmd,
  bonding_type: bondingTypeChoice,
};
export const bondingReportSchema = z.object(bondingReportShape).superRefine((v, ctx) => {
  const m = REPORT_MESSAGES;
  const issues = [
    ...pairIssues(
      v,
      'departureDateRangeStart',
      'departureDateRangeEnd',
      m.bondingDepartureTo,
      m.bondingDepartureFrom,
    ),
    ...pairIssues(
      v,
      'bookingDateRangeStart',
      'bookingDateRangeEnd',
      m.bondingBookingTo,
      m.bondingBookingFrom,
    ),
  ];
  if (!v.departureDateRangeStart && !v.bookingDateRangeStart)
    issues.push(
      { path: 'bookingDateRangeStart', message: m.bondingBookingOrDeparture },
      { path: 'departureDateRangeStart', message: m.bondingDepartureOrBooking },
    );
  if (v.bonding_type === undefined) issues.push({ path: 'bonding_type', message: m.bondingType });
  report(ctx, issues);
});
export type BondingReportInput = z.output<typeof bondingReportSchema>;

// ── Sales (POST reports/salesreport) ──────────────────────────────────────────────────────

export const salesReportShape = {
  departureDateStart: optionalYmd,
  departureDateEnd: optionalYmd,
  /** The tour chosen in the list (its id; the product's field name). */
  tour_name: optionalId,
  bookingDateStart: optionalYmd,
  bookingDateEnd: optionalYmd,
  tour_type: z.preprocess(blankToUndefined, z.enum(TOUR_TYPE_VALUES).optional()),
  report_type: z.preprocess(blankToUndefined, z.enum(SALES_REPORT_TYPES).default('confirmed')),
  include_cancelled: optionalFlag,
  include_confirmed: optionalFlag,
  include_cancelled_pending: optionalFlag,
};
export const salesReportSchema = z.object(salesReportShape).superRefine((v, ctx) => {
  const m = REPORT_MESSAGES;
  const issues = [
    ...pairIssues(v, 'departureDateStart', 'departureDateEnd', m.salesDepartureTo, m.salesDepartureFrom),
    ...pairIssues(v, 'bookingDateStart', 'bookingDateEnd', m.salesBookingTo, m.salesBookingFrom),
  ];
  if (!v.departureDateStart && !v.bookingDateStart)
    issues.push(
      { path: 'departureDateStart', message: m.salesDepartureOrBooking },
      { path: 'bookingDateStart', message: m.salesBookingOrDeparture },
    );
  report(ctx, issues);
});
export type SalesReportInput = z.output<typeof salesReportSchema>;

/**
 * Which booking states a sales report lists (spec 3 §4 switches): confirmed/paid → Confirmed and
 * Paid; cancelled → Cancelled; cancelled-pending → Cancelled and Pending. The include_* switches
 * when any is sent, else `report_type` alone.
 */
export function salesStatuses(v: SalesReportInput): {
  confirmed: boolean;
  cancelled: boolean;
  pending: boolean;
} {
  const anySwitch =
    v.include_confirmed !== undefined ||
    v.include_cancelled !== undefined ||
    v.include_cancelled_pending !== undefined;
  const confirmed = anySwitch ? v.include_confirmed === true : v.report_type === 'confirmed';
  const cancelledOnly = anySwitch ? v.include_cancelled === true : v.report_type === 'cancelled';
  const cancelledPending = anySwitch
    ? v.include_cancelled_pending === true
    : v.report_type === 'cancelled_pending';
  return { confirmed, cancelled: cancelledOnly || cancelledPending, pending: cancelledPending };
}

// ── Departure customer details (POST reports/departure-customer-details) ──────────────────

export const departureCustomerReportShape = {
  departure_from_date: optionalYmd,
  departure_to_date: optionalYmd,
  tour_id: optionalId,
  unaccepted_only: optionalFlag,
  booking_from_date: optionalYmd,
  booking_to_date: optionalYmd,
  filterMode: z.preprocess(blankToUndefined, z.enum(CUSTOMER_FILTER_MODES).default('all')),
  excluded_customer: reportIdList,
  only_customer: reportIdList,
};
export const departureCustomerReportSchema = z.object(departureCustomerReportShape).superRefine((v, ctx) => {
  report(ctx, [
    ...orderIssues(v, 'departure_from_date', 'departure_to_date'),
    ...orderIssues(v, 'booking_from_date', 'booking_to_date'),
  ]);
});
export type DepartureCustomerReportInput = z.output<typeof departureCustomerReportSchema>;

// ── Customer detail (POST reports/customer-detail-report) ─────────────────────────────────

export const customerReportShape = {
  customer_creation_from: optionalYmd,
  customer_creation_to: optionalYmd,
  customer_brochure_from: optionalYmd,
  customer_brochure_to: optionalYmd,
  /** Spec 3 §9 defaults: exclude opt-outs and blacklisted customers. */
  opt_out_emails_customer: z.preprocess(blankToUndefined, z.enum(OPT_OUT_CHOICES).default('exclude_opt_out')),
  opt_out_mailing_customer: z.preprocess(
    blankToUndefined,
    z.enum(OPT_OUT_CHOICES).default('exclude_opt_out'),
  ),
  blacklisted_mailing_customer: z.preprocess(
    blankToUndefined,
    z.enum(BLACKLIST_CHOICES).default('exclude_blacklisted'),
  ),
  report_with: z.preprocess(blankToUndefined, z.enum(REPORT_WITH_CHOICES).default('both')),
};
export const customerReportSchema = z.object(customerReportShape).superRefine((v, ctx) => {
  const issues: Issue[] = [];
  if (!v.customer_creation_from)
    issues.push({ path: 'customer_creation_from', message: REPORT_MESSAGES.customerFrom });
  else if (!v.customer_creation_to)
    issues.push({ path: 'customer_creation_to', message: REPORT_MESSAGES.customerTo });
  issues.push(
    ...orderIssues(v, 'customer_creation_from', 'customer_creation_to'),
    ...orderIssues(v, 'customer_brochure_from', 'customer_brochure_to'),
  );
  report(ctx, issues);
});
export type CustomerReportInput = z.output<typeof customerReportSchema>;

// ── Affiliate (POST reports/affiliate-report) ─────────────────────────────────────────────

export const affiliateReportShape = {
  affiliate: z.preprocess(blankToUndefined, idSchema.optional()),
  departure_from_date: optionalYmd,
  departure_to_date: optionalYmd,
  booking_from_date: optionalYmd,
  booking_to_date: optionalYmd,
};
export const affiliateReportSchema = z.object(affiliateReportShape).superRefine((v, ctx) => {
  const m = REPORT_MESSAGES;
  const issues: Issue[] = [];
  if (v.affiliate === undefined) issues.push({ path: 'affiliate', message: m.affiliate });
  issues.push(
    ...pairIssues(
      v,
      'departure_from_date',
      'departure_to_date',
      m.affiliateDepartureTo,
      m.affiliateDepartureFrom,
    ),
    ...pairIssues(v, 'booking_from_date', 'booking_to_date', m.affiliateBookingTo, m.affiliateBookingFrom),
  );
  if (!v.departure_from_date && !v.booking_from_date)
    issues.push({ path: 'departure_from_date', message: m.affiliateDepartureOrBooking });
  report(ctx, issues);
});
export type AffiliateReportInput = z.output<typeof affiliateReportSchema>;

// ── Revenue (POST reports/revenue-report) ─────────────────────────────────────────────────

export const revenueReportShape = {
  departureDateStart: optionalYmd,
  departureDateEnd: optionalYmd,
  selected_tours: reportIdList,
};
export const revenueReportSchema = z.object(revenueReportShape).superRefine((v, ctx) => {
  const m = REPORT_MESSAGES;
  const issues = pairIssues(
    v,
    'departureDateStart',
    'departureDateEnd',
    m.revenueDepartureTo,
    m.revenueDepartureFrom,
  );
  if (v.selected_tours.length === 0) issues.push({ path: 'selected_tours', message: m.revenueTours });
  report(ctx, issues);
});
export type RevenueReportInput = z.output<typeof revenueReportSchema>;

// ── Payment (POST reports/payment-report) ─────────────────────────────────────────────────

const paymentDateShape = Object.fromEntries(
  PAYMENT_REPORT_DATE_PAIRS.flatMap((p) => [
    [`${p}Start`, optionalYmd],
    [`${p}End`, optionalYmd],
  ]),
) as Record<`${(typeof PAYMENT_REPORT_DATE_PAIRS)[number]}${'Start' | 'End'}`, typeof optionalYmd>;

export const paymentReportShape = {
  report_for: z.preprocess(blankToUndefined, z.enum(PAYMENT_REPORT_FOR).default('supplier')),
  supplier_id: reportIdList,
  tour_manager_id: reportIdList,
  affiliates_id: reportIdList,
  ...paymentDateShape,
};
export const paymentReportSchema = z.object(paymentReportShape).superRefine((v, ctx) => {
  report(
    ctx,
    PAYMENT_REPORT_DATE_PAIRS.flatMap((p) =>
      orderIssues(v as Record<string, unknown>, `${p}Start`, `${p}End`),
    ),
  );
});
export type PaymentReportInput = z.output<typeof paymentReportSchema>;

// ── Addword revenue (POST reports/addword-revenue-report) ─────────────────────────────────

export const addwordRevenueReportShape = {
  placementStartDate: optionalYmd,
  placementEndDate: optionalYmd,
  tour: reportIdList,
  selectedAffiliate: reportIdList,
};
export const addwordRevenueReportSchema = z.object(addwordRevenueReportShape).superRefine((v, ctx) => {
  report(ctx, orderIssues(v, 'placementStartDate', 'placementEndDate'));
});
export type AddwordRevenueReportInput = z.output<typeof addwordRevenueReportSchema>;

// ── Airline costing (POST reports/airline-costing-report) ─────────────────────────────────

export const airlineCostingReportShape = {
  airlines: reportIdList,
  booking_start: optionalYmd,
  booking_end: optionalYmd,
  departure_start: optionalYmd,
  /** Spelling as in the product (spec 3 §7). */
  departuare_end: optionalYmd,
};
export const airlineCostingReportSchema = z.object(airlineCostingReportShape).superRefine((v, ctx) => {
  report(ctx, [
    ...orderIssues(v, 'booking_start', 'booking_end'),
    ...orderIssues(v, 'departure_start', 'departuare_end'),
  ]);
});
export type AirlineCostingReportInput = z.output<typeof airlineCostingReportSchema>;

// ── Endpoints ─────────────────────────────────────────────────────────────────────────────

const named = z.object({ id: z.number().int(), name: z.string() });

const reportEndpoint = <B extends z.ZodType>(
  path: string,
  summary: string,
  body: B,
  files: readonly MediaType[] = [MEDIA.xlsx],
) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    permission: 'reports.run',
    body,
    answer: fileAnswer,
    files,
  });

export const reportsApi = {
  fieldsData: endpoint({
    method: 'GET',
    path: '/reports/fields-data',
    summary: 'The reports screen lists: data.suppliers, affiliates, tour_managers, airline ([{id, name}]).',
    answer: z.object({
      status: z.literal(true),
      data: z.object({
        suppliers: z.array(named),
        affiliates: z.array(named),
        tour_managers: z.array(named),
        airline: z.array(named),
      }),
    }),
  }),
  bondingTypes: endpoint({
    method: 'GET',
    path: '/bonding-types',
    summary: 'Bonding types [{id, name}] (the bonding report filter).',
    answer: z.object({ status: z.literal(true), data: z.array(named) }),
  }),
  roomingAccommodationList: endpoint({
    method: 'POST',
    path: '/reports/rooming/accommodation-list',
    summary: 'Accommodation of a resort and/or supplier, for the rooming report filter: data [{id, name}].',
    permission: 'reports.run',
    body: roomingAccommodationListSchema,
    answer: z.object({ status: z.literal(true), data: z.array(named) }),
  }),
  rooming: reportEndpoint(
    '/reports/rooming',
    'Rooming report → rooming-report.xlsx (streamed).',
    roomingReportSchema,
  ),
  daybook: reportEndpoint(
    '/reports/daybook',
    'Day report → Day-Report.xlsx, or Day-Report-{start}-{end}.csv (streamed).',
    daybookReportSchema,
    [MEDIA.xlsx, MEDIA.csv],
  ),
  debtor: reportEndpoint(
    '/reports/debtor-booking',
    'Aged debtors → Debtor-Report.xlsx (streamed).',
    debtorReportSchema,
  ),
  bonding: reportEndpoint(
    '/reports/bondingreport',
    'Bonding → Bonding-Report.xlsx (streamed).',
    bondingReportSchema,
  ),
  sales: reportEndpoint('/reports/salesreport', 'Sales → Sales-Report.xlsx (streamed).', salesReportSchema),
  departureCustomers: reportEndpoint(
    '/reports/departure-customer-details',
    'Passengers departing → Departure-Report.xlsx (streamed).',
    departureCustomerReportSchema,
  ),
  customers: reportEndpoint(
    '/reports/customer-detail-report',
    'Customers → Customer-Report.xlsx (streamed).',
    customerReportSchema,
  ),
  affiliate: reportEndpoint(
    '/reports/affiliate-report',
    "An affiliate's bookings → Affiliate-Report.xlsx (streamed).",
    affiliateReportSchema,
  ),
  revenue: reportEndpoint(
    '/reports/revenue-report',
    'Revenue per departure (the group screen figures) → Revenue-Report.xlsx (streamed).',
    revenueReportSchema,
  ),
  payment: reportEndpoint(
    '/reports/payment-report',
    'Invoices and their payments → Payment-Report.xlsx, or Artwork-Report.xlsx for affiliates (streamed).',
    paymentReportSchema,
  ),
  addwordRevenue: reportEndpoint(
    '/reports/addword-revenue-report',
    'Adverts against the revenue they brought → Addword-Revenue-Report.xlsx (streamed).',
    addwordRevenueReportSchema,
  ),
  airlineCosting: reportEndpoint(
    '/reports/airline-costing-report',
    'Tour lines with an airline reference → Airline-Costing-Report.csv (streamed).',
    airlineCostingReportSchema,
    [MEDIA.csv],
  ),
};

/** The header carrying the id of the report run's background_jobs row (progress: GET /api/jobs/{id}). */
export const REPORT_JOB_HEADER = 'X-Report-Job';
