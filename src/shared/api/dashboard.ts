import { z } from 'zod';
import { plainString } from './common';
import { endpoint, moneyAnswer, timestampAnswer } from './contract';
import { CUSTOMER_MESSAGE_KINDS } from './customer-messages';

/**
 * The bookings list's query parameters that open exactly a tile's bookings (GET bookings/table
 * filters, e.g. `{ search_by_balance_due_start: '2026-07-01', search_by_outstanding: '1' }`). The
 * server builds them with the tile's figures, so the count on the tile is the list's total.
 */
export const bookingListFilters = z.record(z.string(), z.string());
export type BookingListFilters = z.infer<typeof bookingListFilters>;

/** A booking on a tile: who it is for, its departure and balance. Dates YYYY-MM-DD; money pounds. */
export const dashboardBooking = z.object({
  id: z.number().int(),
  /** booking_ref, or the old system's booking id for an imported booking. */
  reference: z.string(),
  /** The customer's name, else the agent's or the old system's. */
  party: z.string().nullable(),
  departure_date: z.string().nullable(),
  balance: moneyAnswer,
  balance_due: z.string().nullable(),
  /** Passengers entered and the guests they are for (the largest tour line). */
  passengers: z.number().int(),
  guests: z.number().int(),
  /** A tour line's tour asks for passports and a passenger has no passport number or expiry. */
  passports_missing: z.boolean(),
});
export type DashboardBooking = z.input<typeof dashboardBooking>;

/** A figure over bookings: how many, the first of them (up to 5) and the list filters that show all. */
const bookingTile = z.object({
  count: z.number().int(),
  bookings: z.array(dashboardBooking),
  filters: bookingListFilters,
});

/** A supplier invoice with money left to pay (amounts in the invoice's currency and in pounds). */
export const dashboardInvoice = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  invoice_number: z.string(),
  invoice_due_date: z.string(),
  currency_type: z.string(),
  /** invoice_amount − total_paid, in the invoice's currency. */
  outstanding: moneyAnswer,
  /** outstanding ÷ the invoice's exchange rate, pounds to the penny (spec 2 §9). */
  outstanding_gbp: moneyAnswer,
});
export type DashboardInvoice = z.input<typeof dashboardInvoice>;

/** The newest unread messages and updates the Dashboard lists. */
export const DASHBOARD_MESSAGES_LIMIT = 10;

/** The longest body the Dashboard shows of a message (on one line; cut at a word, with '…'). */
export const DASHBOARD_MESSAGE_PREVIEW = 140;

/** An unread message or update from a customer's side (issue #23), with the booking it is about. */
export const dashboardCustomerMessage = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  /** booking_ref, or the old system's booking id for an imported booking. */
  reference: z.string(),
  /** The customer's name, else the agent's or the old system's. */
  party: z.string().nullable(),
  kind: z.enum(CUSTOMER_MESSAGE_KINDS),
  /** The body on one line, at most DASHBOARD_MESSAGE_PREVIEW characters (`shortText`). */
  body: z.string(),
  created_at: timestampAnswer,
});
export type DashboardCustomerMessage = z.input<typeof dashboardCustomerMessage>;

/** A cancelled booking owing a refund (issue #27; PTR 2018 reg. 14: due 14 days from the cancellation). */
export const dashboardRefund = z.object({
  id: z.number().int(),
  reference: z.string(),
  party: z.string().nullable(),
  /** The London day it was cancelled, and the day the refund is due by (+14 days), YYYY-MM-DD. */
  cancelled_on: z.string(),
  due_by: z.string(),
  refund_due: moneyAnswer,
  /** Today is after `due_by`. */
  overdue: z.boolean(),
});
export type DashboardRefund = z.input<typeof dashboardRefund>;

/**
 * A price increase waiting for the customer's decision (issue #27; PTR 2018 reg. 11: accept, or
 * cancel without a charge, by `respond_by`; no answer by then counts as accepted).
 */
export const dashboardPriceDecision = z.object({
  /** The booking's id. */
  id: z.number().int(),
  reference: z.string(),
  party: z.string().nullable(),
  /** The increase and the new total, pounds. */
  amount: moneyAnswer,
  total_after: moneyAnswer,
  /** The last day for the answer, YYYY-MM-DD. */
  respond_by: z.string(),
});
export type DashboardPriceDecision = z.input<typeof dashboardPriceDecision>;

/** The newest agent bookings the Dashboard lists. */
export const DASHBOARD_AGENT_BOOKINGS_LIMIT = 10;

/** A booking an agency made on its side (issue #25) that staff have not yet reviewed. */
export const dashboardAgentBooking = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** The agency's name as it booked (created_by_agent_name, else the agent's). */
  agency: z.string().nullable(),
  /** The lead passenger (first named), else null. */
  client: z.string().nullable(),
  departure_date: z.string().nullable(),
  total_due: moneyAnswer,
  created_at: timestampAnswer,
});
export type DashboardAgentBooking = z.input<typeof dashboardAgentBooking>;

/**
 * GET dashboard (issue #14 'what needs doing today'). `today` is the London date; every window is
 * counted from it. Money is exact decimal text in pounds.
 */
export const dashboardAnswer = z.object({
  today: z.string(),
  /** Balances due from today to `until` (today + 14 days), not cancelled, balance > 0. */
  balances_due: bookingTile.extend({ sum: moneyAnswer, until: z.string() }),
  /** Balances whose due date has passed, not cancelled, balance > 0. */
  balances_overdue: bookingTile.extend({ sum: moneyAnswer }),
  /** Live bookings departing today or later whose changes the customer has not accepted. */
  changes_not_accepted: bookingTile,
  /**
   * Live bookings departing from today to `until` with fewer passengers than guests, or with a
   * passenger's passport details missing where the tour asks for them; `departures`: how many
   * departures (tour instances) those bookings travel on.
   */
  missing_details: bookingTile.extend({ until: z.string(), departures: z.number().int() }),
  /**
   * Supplier invoices with money outstanding due from today to `until` (this week's Sunday), and
   * those already overdue; the first invoices of both, earliest due first.
   */
  supplier_invoices: z.object({
    until: z.string(),
    due_count: z.number().int(),
    due_gbp: moneyAnswer,
    overdue_count: z.number().int(),
    overdue_gbp: moneyAnswer,
    invoices: z.array(dashboardInvoice),
  }),
  /** Brochure requests not yet processed (not sent), and the date of the oldest. */
  brochure_requests: z.object({ count: z.number().int(), oldest: z.string().nullable() }),
  /**
   * What customers sent or did on their side that no member of staff has marked read (issue #23):
   * how many across all bookings, and the newest DASHBOARD_MESSAGES_LIMIT of them.
   */
  from_customers: z.object({ count: z.number().int(), messages: z.array(dashboardCustomerMessage) }),
  /**
   * Refunds due on cancelled bookings (issue #27): how many, how many overdue, the sum owed back
   * (pounds) and the oldest cancellations first (overdue before due).
   */
  refunds_due: z.object({
    count: z.number().int(),
    overdue_count: z.number().int(),
    sum: moneyAnswer,
    refunds: z.array(dashboardRefund),
  }),
  /**
   * Price increases still waiting for the customer's decision (issue #27): how many, and the
   * first DASHBOARD_DECISIONS_LIMIT by response date (the soonest first). Live bookings only.
   */
  price_decisions: z.object({ count: z.number().int(), decisions: z.array(dashboardPriceDecision) }),
  /**
   * New bookings from agents (issue #25): live bookings made on the agent's side, still Pending and
   * not yet reviewed by staff — how many, and the newest DASHBOARD_AGENT_BOOKINGS_LIMIT first.
   */
  agent_bookings: z.object({ count: z.number().int(), bookings: z.array(dashboardAgentBooking) }),
});
export type DashboardAnswer = z.input<typeof dashboardAnswer>;

/** What the global search looks through. */
export const SEARCH_KINDS = ['bookings', 'customers', 'agents'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN_LENGTH} characters to search.`;

/** GET search?q=: at least two characters (trimmed), at most 100. */
export const searchQuery = z.object({
  q: plainString({ error: SEARCH_TOO_SHORT })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT)
    .max(100, 'Search for at most 100 characters.'),
});

/** One hit: what to show and where it leads (a path of the web app). */
export const searchHit = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

/** Matches are counted up to this many; more reads "100+". */
export const SEARCH_COUNT_CAP = 100;

/**
 * Matches of a group beyond its hits: `count` of them (when `capped`, at least that many) and the
 * filtered list holding every match (a path of the web app).
 */
export const searchMore = z.object({ count: z.number().int(), capped: z.boolean(), link: z.string() });
export type SearchMore = z.infer<typeof searchMore>;

/** "and 6 more", "and 94+ more": what a group's `more` reads. */
export function searchMoreText(more: SearchMore): string {
  return `and ${more.count}${more.capped ? '+' : ''} more`;
}

/**
 * GET search: the top hits grouped by kind (bookings, customers, agents), empty groups left out;
 * `more` when a group has matches beyond its hits (issue #22 point 8), else null.
 */
export const searchAnswer = z.object({
  q: z.string(),
  groups: z.array(
    z.object({
      kind: z.enum(SEARCH_KINDS),
      label: z.string(),
      hits: z.array(searchHit),
      more: searchMore.nullable(),
    }),
  ),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;

/** The dashboard and the global search (issue #14). Both only read: any signed-in staff member. */
export const dashboardApi = {
  get: endpoint({
    method: 'GET',
    path: '/dashboard',
    summary:
      'What needs doing today: balances due in 14 days and overdue, changes not accepted, departures ' +
      'in 14 days missing passenger or passport details, supplier invoices due this week, brochure ' +
      'requests not processed, unread messages and updates from customers; each with the bookings ' +
      'list filters that show it.',
    answer: dashboardAnswer,
  }),
  search: endpoint({
    method: 'GET',
    path: '/search',
    summary:
      'Global search (q, at least 2 characters): bookings by reference or lead customer name/postcode, customers by name, postcode ' +
      'or email, agents by name; the top hits of each kind with their links.',
    query: searchQuery,
    answer: searchAnswer,
  }),
};
