import { describe, expect, it } from 'vitest';
import { acceptedSource, airlineEmailAddress, bookingTitle, isCancelled, lineTotal } from './booking-view';

describe('booking edit readings', () => {
  it("titles 'Booking #{booking_ref}', else the old booking id (spec 1 §2)", () => {
    expect(bookingTitle({ id: 7, booking_ref: 'HB100007', old_booking_id: null })).toBe('Booking #HB100007');
    expect(bookingTitle({ id: 7, booking_ref: null, old_booking_id: 50001 })).toBe('Booking #50001');
    expect(bookingTitle({ id: 7, booking_ref: null, old_booking_id: null })).toBe('Booking #7');
  });

  it('builds the custom airline address from the customer names in lower case, dot-joined (spec 1 §4)', () => {
    const c = { first_name: 'Anne-Marie', last_name: "O'Neill" };
    expect(airlineEmailAddress(c, 'bookings-mail.co.uk')).toBe('annemarie.oneill@bookings-mail.co.uk');
    expect(airlineEmailAddress({ first_name: 'Zoë', last_name: 'Brontë' }, 'X.CO.UK')).toBe(
      'zoe.bronte@x.co.uk',
    );
    // 'clearing the domain empties the address'
    expect(airlineEmailAddress(c, null)).toBe('');
    expect(airlineEmailAddress(null, 'bookings-mail.co.uk')).toBe('');
  });

  it("names where an acceptance came from: 'By Admin', 'From email', 'From Manage booking'", () => {
    expect(acceptedSource('admin')).toBe('By Admin');
    expect(acceptedSource('email')).toBe('From email');
    expect(acceptedSource('manage_booking')).toBe('From Manage booking');
    expect(acceptedSource('agent')).toBe('By the agent');
    expect(acceptedSource(null)).toBeNull();
  });

  it('totals a line at its sale price when present, else its price (spec 1 §9)', () => {
    expect(lineTotal({ price: '489.00', sale_price: '414.00', guests: 2 })).toBe('828.00');
    expect(lineTotal({ price: '0.10', sale_price: null, guests: 3 })).toBe('0.30');
    expect(lineTotal({ price: '359.00', sale_price: '0.00', guests: 2 })).toBe('718.00');
  });

  it('reads a booking as cancelled by its status or its cancellation date', () => {
    expect(isCancelled({ status: 'Cancelled', cancelled_at: null })).toBe(true);
    expect(isCancelled({ status: 'Paid', cancelled_at: '2026-11-21T18:05:00Z' })).toBe(true);
    expect(isCancelled({ status: 'Paid', cancelled_at: null })).toBe(false);
  });
});
