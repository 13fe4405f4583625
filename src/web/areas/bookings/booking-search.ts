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
  if (s.bookingFor === 'customer') set('search_by_customer', s.customer?.id);
  if (s.bookingFor === 'agent') set('search_by_agent', s.agent?.id);
  if (s.bookingFor === 'affiliate') set('search_by_affiliate', s.affiliate?.id);
  if (s.bookingFor === 'airline') set('search_by_airline_ref', text(s.airlineRef));
  return out;
}
