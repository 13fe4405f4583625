import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/api/booking-edit';
import type { OfferedRoom } from '../../../shared/pricing';
import {
  airlineEmailFor,
  type ChosenTourLine,
  chosenLine,
  departurePlace,
  earliestDeparture,
  guestsProblem,
  instanceQuery,
  isRoomAvailable,
  lineTotal,
  type NewBookingDraft,
  newBookingProblem,
  newBookingTotals,
  perGuestPrice,
  placesLeftFor,
  toBookingCreate,
} from './new-booking';

const room = (over: Partial<OfferedRoom> = {}): OfferedRoom => ({
  tour_room_id: 7,
  tour_accommodation_id: 3,
  accommodation_room_id: 40,
  name: 'Twin Room',
  board_basis: 'Half Board',
  occupancy: 2,
  accommodation: { id: 15, name: 'Grand Hotel Regina Garda' },
  supplement: '0.00',
  check_in_date: '2027-05-02',
  check_out_date: '2027-05-09',
  nights: 7,
  price: '1039.00',
  sale_price: null,
  cost: '740.88',
  price_source: 'base',
  remaining_availability: 3,
  stop_sell: false,
  for_sale: true,
  ...over,
});

const inst = { id: 11, departure_date: '2027-05-02', instance_title: 'Birmingham (BHX)' };

const line = (over: Partial<ChosenTourLine> = {}): ChosenTourLine => ({
  ...chosenLine({
    tour: { id: 1, name: 'Lake Garda' },
    instance: inst,
    room: room(),
    guests: 2,
  }),
  ...over,
});

const draft = (over: Partial<NewBookingDraft> = {}): NewBookingDraft => ({
  customer_id: 5,
  agent_id: null,
  affiliate_id: null,
  lines: [line()],
  custom_airline: false,
  airline_reference_email: '',
  ...over,
});

describe('prices (spec 1 §9 "per-guest price (sale price if present) times guests")', () => {
  it('uses the sale price when it is set and above 0.00, else the price', () => {
    expect(perGuestPrice({ price: '1039', sale_price: null })).toBe('1039.00');
    expect(perGuestPrice({ price: '1039.00', sale_price: '999.50' })).toBe('999.50');
    expect(perGuestPrice({ price: '1039.00', sale_price: '0.00' })).toBe('1039.00');
    expect(perGuestPrice({ price: null, sale_price: null })).toBeNull();
  });

  it('multiplies by guests in exact decimals', () => {
    expect(lineTotal({ price: '1039.00', sale_price: null }, 2)).toBe('2078.00');
    expect(lineTotal({ price: '0.10', sale_price: null }, 3)).toBe('0.30'); // 0.1 * 3 is 0.30000000000000004 in floats
    expect(lineTotal({ price: '1039.00', sale_price: '999.99' }, 3)).toBe('2999.97');
    expect(lineTotal({ price: '100.00', sale_price: null }, 0)).toBe('0.00');
  });

  it('totals the lines for the summary', () => {
    const t = newBookingTotals([line(), line({ guests: 3, rooms: 2, sale_price: '500.00' })]);
    expect(t).toEqual({ tours_total: '3578.00', total_due: '3578.00', guests: 5, rooms: 3 });
    expect(newBookingTotals([])).toEqual({ tours_total: '0.00', total_due: '0.00', guests: 0, rooms: 0 });
  });
});

describe('rooms (spec 1 §2 "selectable only while its remaining availability is above 0")', () => {
  it('is available only when for sale with rooms left', () => {
    expect(isRoomAvailable(room())).toBe(true);
    expect(isRoomAvailable(room({ remaining_availability: 0 }))).toBe(false);
    expect(isRoomAvailable(room({ for_sale: false, stop_sell: true }))).toBe(false);
  });

  it('computes rooms as guests ÷ occupancy rounded up (spec 1 §4 Rooms)', () => {
    expect(chosenLine({ tour: { id: 1, name: 'T' }, instance: inst, room: room(), guests: 3 }).rooms).toBe(2);
    expect(chosenLine({ tour: { id: 1, name: 'T' }, instance: inst, room: room(), guests: 2 }).rooms).toBe(1);
    expect(
      chosenLine({ tour: { id: 1, name: 'T' }, instance: inst, room: room({ occupancy: 4 }), guests: 1 })
        .rooms,
    ).toBe(1);
  });

  it('carries the room, instance and tour for display, and a trimmed airline ref only when given', () => {
    const l = chosenLine({
      tour: { id: 4, name: 'Lake Garda' },
      instance: { id: 11, departure_date: '2027-05-02', instance_title: null },
      room: room({ sale_price: '999.00' }),
      guests: 2,
      airline_ref: '  AB12CD ',
    });
    expect(l).toMatchObject({
      tour_id: 4,
      tour_instance_id: 11,
      tour_room_id: 7,
      price: '1039.00',
      sale_price: '999.00',
      cost: '740.88',
      airline_ref: 'AB12CD',
      tour_name: 'Lake Garda',
      room_name: 'Twin Room',
      accommodation_name: 'Grand Hotel Regina Garda',
      occupancy: 2,
    });
    expect('airline_ref' in line()).toBe(false);
  });

  it('asks for at least 1 guest and no more rooms than are left', () => {
    expect(guestsProblem(2, room())).toBeNull();
    expect(guestsProblem(0, room())).toBe('Guests must be at least 1.');
    expect(guestsProblem('', room())).toBe('Guests must be at least 1.');
    expect(guestsProblem(1.5, room())).toBe('Guests must be at least 1.');
    expect(guestsProblem(100, room({ remaining_availability: 99 }))).toBe('Guests must be at most 99.');
    expect(guestsProblem(6, room())).toBeNull(); // 3 rooms, 3 left
    expect(guestsProblem(7, room())).toBe('7 guests need 4 rooms; only 3 rooms are left.');
    expect(guestsProblem(3, room({ remaining_availability: 1 }))).toBe(
      '3 guests need 2 rooms; only 1 room is left.',
    );
  });

  it('holds guests to the departure’s places left (issue #10); none set is no limit', () => {
    expect(guestsProblem(2, room(), null)).toBeNull();
    expect(guestsProblem(2, room(), 2)).toBeNull();
    expect(guestsProblem(3, room(), 2)).toBe('Only 2 places are left on this departure.');
    expect(guestsProblem(2, room(), 1)).toBe('Only 1 place is left on this departure.');
    expect(guestsProblem(1, room(), 0)).toBe('This departure is full: no places are left.');
    expect(isRoomAvailable(room(), 0)).toBe(false);
    expect(isRoomAvailable(room(), 1)).toBe(true);
    expect(isRoomAvailable(room(), null)).toBe(true);
    // Lines chosen but not saved on New booking take their places too.
    const held = [
      { tour_instance_id: 11, guests: 3 },
      { tour_instance_id: 12, guests: 5 },
      { tour_instance_id: 11, guests: 1 },
    ];
    expect(placesLeftFor(6, 11, held)).toBe(2);
    expect(placesLeftFor(3, 11, held)).toBe(0);
    expect(placesLeftFor(null, 11, held)).toBeNull();
  });
});

describe('instances', () => {
  it('names the airport, pick-up point or self drive', () => {
    const none = { airport: null, pick_up_point: null, self_drive: false };
    expect(
      departurePlace({ ...none, airport: { airport_name: 'Manchester Airport', iata_code: 'MAN' } }),
    ).toBe('Manchester Airport (MAN)');
    expect(departurePlace({ ...none, pick_up_point: { pickup_point_name: 'Leeds coach station' } })).toBe(
      'Leeds coach station',
    );
    expect(departurePlace({ ...none, self_drive: true })).toBe('Self drive');
    expect(departurePlace(none)).toBe('');
  });

  it('sends only the filters that are set (GET tours/{id}/instances)', () => {
    expect(instanceQuery({ airportId: null, from: null, to: null })).toEqual({});
    expect(instanceQuery({ airportId: '369', from: '2027-01-01', to: '2027-02-01' })).toEqual({
      DepartureAirport: '369',
      departureFromDate: '2027-01-01',
      departureToDate: '2027-02-01',
    });
  });
});

describe('Proceed with booking (spec 1 §5, §8 messages)', () => {
  it('needs a customer or an agent', () => {
    expect(newBookingProblem(draft({ customer_id: null }))).toEqual({
      field: 'customer_id',
      message: 'Please select customer or an agent for this booking',
    });
    expect(newBookingProblem(draft({ customer_id: null, agent_id: 3 }))).toBeNull();
    expect(newBookingProblem(draft({ customer_id: null, affiliate_id: 3 }))?.message).toBe(
      MESSAGES.partyRequired,
    );
  });

  it('needs at least one tour', () => {
    expect(newBookingProblem(draft({ lines: [] }))).toEqual({
      field: 'tour_bookings',
      message: 'Tour not selected',
    });
  });

  it('refuses a line whose rooms do not match its guests', () => {
    expect(newBookingProblem(draft({ lines: [line(), line({ guests: 3, rooms: 1 })] }))).toEqual({
      field: 'tour_bookings.1.rooms',
      message: 'The number of guests you provided does not match the required room count',
    });
  });

  it('checks the custom airline address only while the switch is on', () => {
    expect(newBookingProblem(draft({ custom_airline: true, airline_reference_email: 'nope' }))?.field).toBe(
      'airline_reference_email',
    );
    expect(newBookingProblem(draft({ custom_airline: false, airline_reference_email: 'nope' }))).toBeNull();
    expect(
      newBookingProblem(draft({ custom_airline: true, airline_reference_email: 'a.b@x.co.uk' })),
    ).toBeNull();
  });

  it('sends the parties, the lines and the earliest departure', () => {
    const body = toBookingCreate(
      draft({
        agent_id: 9,
        lines: [line({ departure_date: '2027-06-01', airline_ref: 'XY1' }), line()],
        custom_airline: true,
        airline_reference_email: ' jo.bloggs@bookings-mail.co.uk ',
      }),
    );
    expect(body).toEqual({
      customer_id: 5,
      agent_id: 9,
      affiliate_id: undefined,
      departure_date: '2027-05-02',
      airline_reference_email: 'jo.bloggs@bookings-mail.co.uk',
      tour_bookings: [
        {
          tour_id: 1,
          tour_instance_id: 11,
          tour_room_id: 7,
          guests: 2,
          rooms: 1,
          price: '1039.00',
          cost: '740.88',
          airline_ref: 'XY1',
          airline_flight_cost: undefined,
        },
        expect.objectContaining({ airline_ref: undefined }),
      ],
    });
    expect(
      toBookingCreate(draft({ airline_reference_email: 'x@y.z' })).airline_reference_email,
    ).toBeUndefined();
    expect(earliestDeparture([])).toBeUndefined();
  });
});

describe('custom airline reference email (spec 1 §4)', () => {
  it("builds first.last at the domain in lower case from the customer's names", () => {
    expect(airlineEmailFor({ first_name: 'Jo', last_name: 'Bloggs' }, 'bookings-mail.co.uk')).toBe(
      'jo.bloggs@bookings-mail.co.uk',
    );
    expect(airlineEmailFor({ first_name: 'Mary Ann', last_name: "O'Neill-Smith" }, 'x.co.uk')).toBe(
      "mary.ann.o'neill-smith@x.co.uk",
    );
    expect(airlineEmailFor({ first_name: 'Zoë', last_name: 'Brontë' }, 'x.co.uk')).toBe('zoe.bronte@x.co.uk');
  });

  it('is empty without a domain or a customer', () => {
    expect(airlineEmailFor({ first_name: 'Jo', last_name: 'Bloggs' }, null)).toBe('');
    expect(airlineEmailFor(null, 'x.co.uk')).toBe('');
    expect(airlineEmailFor({ first_name: ' ', last_name: null }, 'x.co.uk')).toBe('');
  });
});
