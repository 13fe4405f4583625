import { describe, expect, it } from 'vitest';
import { emptyBookingSearch, toBookingTableFilters } from './booking-search';

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
