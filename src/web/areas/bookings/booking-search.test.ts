import { describe, expect, it } from 'vitest';
import {
  bookingSearchFromUrl,
  bookingSearchToUrl,
  emptyBookingSearch,
  toBookingTableFilters,
} from './booking-search';

const hit = (id: number) => ({
  id,
  first_name: 'A',
  last_name: 'B',
  full_name: 'A B',
  postcode: 'X1 1XX',
  email: null,
});

describe('toBookingTableFilters (spec 1 §7 GET bookings/table filters)', () => {
  it('sends nothing for an empty form', () => {
    expect(toBookingTableFilters(emptyBookingSearch)).toEqual({});
  });

  it('sends the reference, both date ranges and the chosen customer id', () => {
    expect(
      toBookingTableFilters({
        ...emptyBookingSearch,
        ref: ' TB1 ',
        customer: hit(42),
        bookingFrom: '2026-01-01',
        bookingTo: '2026-01-31',
        departureFrom: '2026-06-01',
        departureTo: '2026-06-30',
      }),
    ).toEqual({
      search_by_ref: 'TB1',
      search_by_customer: 42,
      search_by_booking_start: '2026-01-01',
      search_by_booking_end: '2026-01-31',
      search_by_departure_start: '2026-06-01',
      search_by_departure_end: '2026-06-30',
    });
  });

  it('sends only the party of the current Booking for choice', () => {
    const s = {
      ...emptyBookingSearch,
      customer: hit(1),
      agent: { id: 2, name: 'A' },
      affiliate: { id: 3, name: 'F' },
      airlineRef: 'XY12',
    };
    expect(toBookingTableFilters({ ...s, bookingFor: 'agent' })).toEqual({ search_by_agent: 2 });
    expect(toBookingTableFilters({ ...s, bookingFor: 'affiliate' })).toEqual({ search_by_affiliate: 3 });
    expect(toBookingTableFilters({ ...s, bookingFor: 'airline' })).toEqual({ search_by_airline_ref: 'XY12' });
    expect(toBookingTableFilters({ ...s, bookingFor: 'customer' })).toEqual({ search_by_customer: 1 });
  });
});

describe('the work lists and the URL of a search (issue #14: the dashboard tiles link to the list)', () => {
  it('sends the balance due range and the work-list flags as the table filters', () => {
    expect(
      toBookingTableFilters({
        ...emptyBookingSearch,
        balanceDueFrom: '2026-07-01',
        balanceDueTo: '2026-07-15',
        outstanding: true,
        changesPending: true,
        missingDetails: true,
        fromAgent: true,
      }),
    ).toEqual({
      search_by_balance_due_start: '2026-07-01',
      search_by_balance_due_end: '2026-07-15',
      search_by_outstanding: '1',
      search_by_changes_pending: '1',
      search_by_missing_details: '1',
      search_by_from_agent: '1',
    });
  });

  it('reads a tile link back into the form, ignoring what is not a date or a flag', () => {
    const params = new URLSearchParams(
      'search_by_balance_due_start=2026-07-01&search_by_balance_due_end=07/15/2026&search_by_outstanding=1' +
        '&search_by_changes_pending=no&search_by_ref=HB1&search_by_customer=42',
    );
    expect(bookingSearchFromUrl(params)).toEqual({
      ...emptyBookingSearch,
      ref: 'HB1',
      balanceDueFrom: '2026-07-01',
      outstanding: true,
    });
  });

  it('round-trips a search through the URL, leaving the parties out', () => {
    const s = {
      ...emptyBookingSearch,
      ref: 'TB9',
      departureFrom: '2026-08-01',
      missingDetails: true,
      fromAgent: true,
      customer: hit(7),
    };
    const url = bookingSearchToUrl(s);
    expect(url).toEqual({
      search_by_ref: 'TB9',
      search_by_departure_start: '2026-08-01',
      search_by_missing_details: '1',
      search_by_from_agent: '1',
    });
    expect(bookingSearchFromUrl(new URLSearchParams(url))).toEqual({ ...s, customer: null });
  });
});
