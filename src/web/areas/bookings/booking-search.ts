import type { BookingTableFilters } from '../../../shared/api/bookings';
import type { CustomerHit } from '../../ui/CustomerTypeahead';
import type { PartyChoice } from '../../ui/PartyPickerModal';

/** Spec 1 §2: the 'Booking for' choices of the bookings search form. */
export const bookingForOptions = [
  { value: 'customer', label: 'Customer' },
  { value: 'agent', label: 'Agent' },
  { value: 'affiliate', label: 'Affiliate' },
  { value: 'airline', label: 'Airline reference' },
] as const;

export type BookingFor = (typeof bookingForOptions)[number]['value'];

/** What the search form holds; dates are 'YYYY-MM-DD' (the date fields' values) or null. */
export interface BookingSearch {
  ref: string;
  bookingFor: BookingFor;
  customer: CustomerHit | null;
  agent: PartyChoice | null;
  affiliate: PartyChoice | null;
  airlineRef: string;
  bookingFrom: string | null;
  bookingTo: string | null;
  departureFrom: string | null;
  departureTo: string | null;
  /** Issue #14 (the dashboard's tiles): balance due range and the work lists of live bookings. */
  balanceDueFrom: string | null;
  balanceDueTo: string | null;
  outstanding: boolean;
  changesPending: boolean;
  missingDetails: boolean;
  /** Issue #25: only bookings an agency made on its side (created_from 'agent'). */
  fromAgent: boolean;
}

export const emptyBookingSearch: BookingSearch = {
  ref: '',
  bookingFor: 'customer',
  customer: null,
  agent: null,
  affiliate: null,
  airlineRef: '',
  bookingFrom: null,
  bookingTo: null,
  departureFrom: null,
  departureTo: null,
  balanceDueFrom: null,
  balanceDueTo: null,
  outstanding: false,
  changesPending: false,
  missingDetails: false,
  fromAgent: false,
};

export type BookingTableQuery = { [K in keyof BookingTableFilters]?: string | number };

/**
 * The search form → the filters of GET /api/bookings/table (spec 1 §7). Only the party of the
 * current 'Booking for' choice is sent; blank values are left out.
 */
export function toBookingTableFilters(s: BookingSearch): BookingTableQuery {
  const out: BookingTableQuery = {};
  const text = (v: string) => v.trim() || undefined;
  const set = <K extends keyof BookingTableQuery>(k: K, v: BookingTableQuery[K] | null | undefined) => {
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  };
  set('search_by_ref', text(s.ref));
  set('search_by_booking_start', s.bookingFrom);
  set('search_by_booking_end', s.bookingTo);
  set('search_by_departure_start', s.departureFrom);
  set('search_by_departure_end', s.departureTo);
  set('search_by_balance_due_start', s.balanceDueFrom);
  set('search_by_balance_due_end', s.balanceDueTo);
  if (s.outstanding) set('search_by_outstanding', '1');
  if (s.changesPending) set('search_by_changes_pending', '1');
  if (s.missingDetails) set('search_by_missing_details', '1');
  if (s.fromAgent) set('search_by_from_agent', '1');
  if (s.bookingFor === 'customer') set('search_by_customer', s.customer?.id);
  if (s.bookingFor === 'agent') set('search_by_agent', s.agent?.id);
  if (s.bookingFor === 'affiliate') set('search_by_affiliate', s.affiliate?.id);
  if (s.bookingFor === 'airline') set('search_by_airline_ref', text(s.airlineRef));
  return out;
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a link may carry in the list's URL: those of the table's query, by the same names. */
const urlFields = {
  ref: 'search_by_ref',
  bookingFrom: 'search_by_booking_start',
  bookingTo: 'search_by_booking_end',
  departureFrom: 'search_by_departure_start',
  departureTo: 'search_by_departure_end',
  balanceDueFrom: 'search_by_balance_due_start',
  balanceDueTo: 'search_by_balance_due_end',
  outstanding: 'search_by_outstanding',
  changesPending: 'search_by_changes_pending',
  missingDetails: 'search_by_missing_details',
  fromAgent: 'search_by_from_agent',
} as const satisfies Partial<Record<keyof BookingSearch, keyof BookingTableFilters>>;

/**
 * The search a link opens (issue #14: each dashboard tile links to `/bookings?search_by_…`): the
 * reference, the date ranges (YYYY-MM-DD; others ignored) and the work-list flags ('1' or 'true').
 * Parties are not carried in the URL (their names come from pickers).
 */
export function bookingSearchFromUrl(params: URLSearchParams): BookingSearch {
  const date = (k: string) => {
    const v = params.get(k);
    return v && YMD.test(v) ? v : null;
  };
  const flag = (k: string) => ['1', 'true', 'yes', 'on'].includes((params.get(k) ?? '').toLowerCase());
  const f = urlFields;
  return {
    ...emptyBookingSearch,
    ref: params.get(f.ref)?.slice(0, 50) ?? '',
    bookingFrom: date(f.bookingFrom),
    bookingTo: date(f.bookingTo),
    departureFrom: date(f.departureFrom),
    departureTo: date(f.departureTo),
    balanceDueFrom: date(f.balanceDueFrom),
    balanceDueTo: date(f.balanceDueTo),
    outstanding: flag(f.outstanding),
    changesPending: flag(f.changesPending),
    missingDetails: flag(f.missingDetails),
    fromAgent: flag(f.fromAgent),
  };
}

/** The URL query of a search: what `bookingSearchFromUrl` reads back (parties left out). */
export function bookingSearchToUrl(s: BookingSearch): Record<string, string> {
  const all = toBookingTableFilters(s);
  const out: Record<string, string> = {};
  for (const name of Object.values(urlFields)) {
    const v = all[name];
    if (v !== undefined) out[name] = String(v);
  }
  return out;
}
