import { type BookingCreate, bookingCreateSchema, MESSAGES } from '../../../shared/api/booking-edit';
import type { InstanceRow } from '../../../shared/api/tour-catalogue';
import { bookingTotals, money, roomsForGuests, toursTotal } from '../../../shared/booking-totals';
import type { OfferedRoom } from '../../../shared/pricing';

/**
 * The pure rules of the New booking screen and the add-a-tour panel (spec 1 §2 'New booking',
 * §4 'Rooms', §5, §8): what a chosen room costs, which rooms may be chosen, what the screen checks
 * before it sends POST bookings and the body it sends. Money is pounds as decimal text, computed by
 * src/shared/booking-totals.ts (decimal.js), never floats. No React here.
 */

/** A tour line chosen in the add-a-tour panel (the AddTourPanel's onAdd value). */
export interface ChosenTourLine {
  tour_id: number;
  tour_instance_id: number;
  tour_room_id: number;
  guests: number;
  rooms: number;
  /** Per guest, from get-instance-rooms. */
  price: string;
  sale_price: string | null;
  cost: string | null;
  airline_ref?: string;
  // for display
  tour_name: string;
  departure_date: string;
  instance_title: string | null;
  room_name: string;
  board_basis: string | null;
  occupancy: number;
  accommodation_name: string;
}

/** Most guests (and rooms) one tour line may hold (newTourLineSchema). */
export const MAX_GUESTS = 99;

const above0 = (v: string | null | undefined) => v != null && v.trim() !== '' && Number(v) > 0;

/** The price a guest pays for a room: its sale price when set and above 0.00, else its price (spec 1 §9). */
export function perGuestPrice(p: { price: string | null; sale_price: string | null }): string | null {
  if (above0(p.sale_price)) return money(p.sale_price);
  return p.price == null ? null : money(p.price);
}

/** A line's price: per-guest price (sale price if present) × guests, in pounds ('2078.00'). */
export function lineTotal(p: { price: string | null; sale_price: string | null }, guests: number): string {
  return money(toursTotal([{ price: p.price, sale_price: p.sale_price, guests: Math.max(0, guests) }]));
}

/**
 * Whether a room of get-instance-rooms may be chosen (spec 1 §2: 'selectable only while its
 * remaining availability is above 0; otherwise it reads Unavailable'). A room the rule does not
 * offer for sale (stop sell, no price) is unavailable too, and so is every room of a departure
 * with no places left (`placesLeft` 0; null or undefined: no limit).
 */
export function isRoomAvailable(
  room: Pick<OfferedRoom, 'remaining_availability' | 'for_sale'>,
  placesLeft?: number | null,
): boolean {
  return room.for_sale && room.remaining_availability > 0 && (placesLeft == null || placesLeft > 0);
}

/**
 * The places left on a departure for one more line (issue #10): what get-instance-rooms answers
 * less the guests of lines chosen but not saved yet on it (New booking). Null: no limit.
 */
export function placesLeftFor(
  placesLeft: number | null | undefined,
  instanceId: number,
  held: readonly Pick<ChosenTourLine, 'tour_instance_id' | 'guests'>[],
): number | null {
  if (placesLeft == null) return null;
  const taken = held.filter((h) => h.tour_instance_id === instanceId).reduce((n, h) => n + h.guests, 0);
  return Math.max(0, placesLeft - taken);
}

/**
 * What is wrong with the guests asked for a room, or null: at least 1 and at most 99 guests, no
 * more than the departure's places left (`placesLeft`; null or undefined: no limit), and no more
 * rooms than are left for the stay.
 */
export function guestsProblem(
  guests: number | string | null | undefined,
  room: Pick<OfferedRoom, 'occupancy' | 'remaining_availability'>,
  placesLeft?: number | null,
): string | null {
  const n = typeof guests === 'string' ? Number(guests) : guests;
  if (n == null || !Number.isInteger(n) || n < 1) return 'Guests must be at least 1.';
  if (n > MAX_GUESTS) return `Guests must be at most ${MAX_GUESTS}.`;
  if (placesLeft != null && n > placesLeft)
    return placesLeft <= 0
      ? 'This departure is full: no places are left.'
      : `Only ${placesLeft} ${placesLeft === 1 ? 'place is' : 'places are'} left on this departure.`;
  const rooms = roomsForGuests(n, room.occupancy);
  if (rooms > room.remaining_availability) {
    const left = room.remaining_availability;
    return `${n} guests need ${rooms} rooms; only ${left} ${left === 1 ? 'room is' : 'rooms are'} left.`;
  }
  return null;
}

/** The chosen line for a room of an instance, rooms computed from guests (spec 1 §4 'Rooms'). */
export function chosenLine(input: {
  tour: { id: number; name: string };
  instance: Pick<InstanceRow, 'id' | 'departure_date' | 'instance_title'>;
  room: OfferedRoom;
  guests: number;
  airline_ref?: string;
}): ChosenTourLine {
  const { tour, instance, room, guests } = input;
  const ref = input.airline_ref?.trim();
  return {
    tour_id: tour.id,
    tour_instance_id: instance.id,
    tour_room_id: room.tour_room_id,
    guests,
    rooms: roomsForGuests(guests, room.occupancy),
    price: room.price ?? '0.00',
    sale_price: room.sale_price,
    cost: room.cost,
    ...(ref ? { airline_ref: ref } : {}),
    tour_name: tour.name,
    departure_date: instance.departure_date,
    instance_title: instance.instance_title,
    room_name: room.name,
    board_basis: room.board_basis,
    occupancy: room.occupancy,
    accommodation_name: room.accommodation.name,
  };
}

/** Where an instance leaves from: 'Airport name (IATA)', the pick-up point, 'Self drive' or ''. */
export function departurePlace(i: Pick<InstanceRow, 'airport' | 'pick_up_point' | 'self_drive'>): string {
  if (i.airport) return `${i.airport.airport_name} (${i.airport.iata_code})`;
  if (i.pick_up_point) return i.pick_up_point.pickup_point_name;
  return i.self_drive ? 'Self drive' : '';
}

/** The query of GET tours/{id}/instances: only the filters that are set. */
export function instanceQuery(f: { airportId: string | null; from: string | null; to: string | null }) {
  return {
    ...(f.airportId ? { DepartureAirport: f.airportId } : {}),
    ...(f.from ? { departureFromDate: f.from } : {}),
    ...(f.to ? { departureToDate: f.to } : {}),
  };
}

/** The earliest departure among the lines (spec 1 §5: the booking's departure_date), or undefined. */
export function earliestDeparture(
  lines: readonly Pick<ChosenTourLine, 'departure_date'>[],
): string | undefined {
  return lines.map((l) => l.departure_date).sort()[0];
}

/** The summary's money: spec 1 §9 on the chosen lines (no extras, discounts or payments yet). */
export function newBookingTotals(lines: readonly ChosenTourLine[]) {
  const t = bookingTotals({ tour_lines: lines, extras: [], discounts: [], paid: 0 });
  return {
    tours_total: t.tours_total,
    total_due: t.total_due,
    guests: lines.reduce((n, l) => n + l.guests, 0),
    rooms: lines.reduce((n, l) => n + l.rooms, 0),
  };
}

/** What the screen holds when 'Proceed with booking' is pressed. */
export interface NewBookingDraft {
  customer_id: number | null;
  agent_id: number | null;
  affiliate_id: number | null;
  lines: readonly ChosenTourLine[];
  /** The custom airline reference email switch is on. */
  custom_airline: boolean;
  airline_reference_email: string;
}

/** The first of spec 1 §5's create rules the draft breaks, as the field → message the server would give. */
export function newBookingProblem(d: NewBookingDraft): { field: string; message: string } | null {
  if (d.customer_id == null && d.agent_id == null)
    return { field: 'customer_id', message: MESSAGES.partyRequired };
  if (d.lines.length === 0) return { field: 'tour_bookings', message: MESSAGES.tourNotSelected };
  const bad = d.lines.findIndex((l) => l.rooms !== roomsForGuests(l.guests, l.occupancy));
  if (bad >= 0) return { field: `tour_bookings.${bad}.rooms`, message: MESSAGES.roomsMismatch };
  // The address by the shared schema's rule and message (the server's), only while the switch is on.
  const email = bookingCreateSchema.shape.airline_reference_email.safeParse(
    d.custom_airline ? d.airline_reference_email.trim() : '',
  );
  if (!email.success)
    return {
      field: 'airline_reference_email',
      message: email.error.issues[0]?.message ?? 'Enter a valid email address.',
    };
  return null;
}

/**
 * The body of POST bookings (bookingCreateSchema). Prices go as chosen although the server charges
 * what the price rule gives on the day; airline_reference_email only while the switch is on.
 */
export function toBookingCreate(d: NewBookingDraft): BookingCreate {
  const email = d.custom_airline ? d.airline_reference_email.trim() : '';
  return {
    customer_id: d.customer_id ?? undefined,
    agent_id: d.agent_id ?? undefined,
    affiliate_id: d.affiliate_id ?? undefined,
    tour_bookings: d.lines.map((l) => ({
      tour_id: l.tour_id,
      tour_instance_id: l.tour_instance_id,
      tour_room_id: l.tour_room_id,
      guests: l.guests,
      rooms: l.rooms,
      price: l.price,
      cost: l.cost ?? undefined,
      airline_ref: l.airline_ref || undefined,
      airline_flight_cost: undefined,
    })),
    departure_date: earliestDeparture(d.lines),
    airline_reference_email: email || undefined,
  };
}

/**
 * The custom airline reference address (spec 1 §4): the customer's first and last name in lower
 * case, dot-joined, at the domain. Characters an address cannot hold are dropped and spaces inside
 * a name become dots ('Mary Ann' → 'mary.ann'). Empty when there is no domain or no name.
 */
export function airlineEmailFor(
  customer: { first_name: string | null; last_name: string | null } | null,
  domain: string | null,
): string {
  if (!domain || !customer) return '';
  const part = (s: string | null) =>
    (s ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/\s+/)
      .map((w) => w.replace(/[^a-z0-9'_-]/g, ''))
      .filter(Boolean)
      .join('.');
  const local = [part(customer.first_name), part(customer.last_name)].filter(Boolean).join('.');
  return local ? `${local}@${domain}` : '';
}
