import Decimal from 'decimal.js';
import { addDays } from './dates';

/**
 * The price and availability rule of a tour instance (spec 3 §3 Tour group, Instance, Tour
 * accommodation, Room; §2 Tour instance 'Prices'): which rooms an instance offers, at what
 * per-guest price, with how much left. The server answers `POST tours/get-instance-rooms` with it
 * and bookings charge what it gives; the web app uses the same functions for previews.
 * Money is decimal text ('499.00'); arithmetic goes through decimal.js, never JS floats.
 */

/** A money amount as the database answers it: decimal text, or null when not set. */
export type MoneyText = string | null | undefined;

/** True when `v` is not set: null, undefined or blank text. */
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * 'Blank group values fall back to the master tour's values' (spec 3 §3 Tour group), and an
 * instance's blank values fall back to its group's: the first level, in the order given
 * (instance, group, tour), whose value is set wins. Returns null when no level sets it.
 */
export function effectiveValue<T>(...levels: (T | null | undefined)[]): T | null {
  for (const v of levels) if (!blank(v)) return v as T;
  return null;
}

/** A tour accommodation as the rule needs it. */
export interface OfferAccommodation {
  id: number;
  /** Null: the tour's own; set: that group's, overriding the tour's. */
  tour_group_id: number | null;
  accommodation_id: number;
  check_in_day: number;
  check_out_day: number;
}

/**
 * Accommodation an instance of group `groupId` offers (spec 3 §2 Tour instance: 'if the group has
 * its own accommodation it overrides the tour's'): the group's own tour accommodation when it has
 * any, else the tour's (tour_group_id null); minus what the group excludes
 * (tour_group_excluded_accommodations, by tour accommodation id).
 */
export function offeredAccommodations<A extends OfferAccommodation>(
  all: readonly A[],
  groupId: number,
  excludedTourAccommodationIds: Iterable<number> = [],
): { accommodations: A[]; groupOverrides: boolean } {
  const excluded = new Set(excludedTourAccommodationIds);
  const own = all.filter((a) => a.tour_group_id === groupId);
  const groupOverrides = own.length > 0;
  const base = groupOverrides ? own : all.filter((a) => a.tour_group_id === null);
  return { accommodations: base.filter((a) => !excluded.has(a.id)), groupOverrides };
}

/** An instance's own room price row (tour_instance_prices), when there is one. */
export interface InstanceRoomPrice {
  price: MoneyText;
  sale_price: MoneyText;
  cost: MoneyText;
}

/** The base values a room price falls back to: the instance's, else its group's. */
export interface BaseValues {
  /** Effective base price (instance, else group). */
  base_price: MoneyText;
  /** The instance's base sale price (only instances have one). */
  base_sale_price: MoneyText;
  /** Effective base cost (instance, else group). */
  base_cost: MoneyText;
}

export interface RoomPrice {
  /** Per guest, 2 decimals; null when neither the instance's price nor a base price is set. */
  price: string | null;
  sale_price: string | null;
  cost: string | null;
  /** Where `price` came from: the instance's room price, or base price plus supplement. */
  price_source: 'instance' | 'base' | null;
}

const money = (d: Decimal) => d.toFixed(2);
const positive = (v: MoneyText) => !blank(v) && new Decimal(v as string).gt(0);

/** One value of the rule: the instance room value when above 0.00, else base + supplement. */
function fallback(own: MoneyText, base: MoneyText, supplement: Decimal): string | null {
  if (positive(own)) return money(new Decimal(own as string));
  if (blank(base)) return null;
  return money(new Decimal(base as string).plus(supplement));
}

/**
 * The per-guest price of one room on one instance (spec 3 §2 Tour instance Prices: 'values left at
 * 0.00 fall back to base price plus supplements'):
 * - price: the instance's room price when above 0.00, otherwise base price (instance base_price,
 *   else group base_price) plus the room's supplement (tour_rooms.supplement);
 * - sale price: the instance's room sale_price when above 0.00, otherwise the instance's
 *   base_sale_price plus the supplement when the instance has one, otherwise none;
 * - cost: the instance's room cost when above 0.00, otherwise base cost (instance, else group)
 *   plus the supplement.
 */
export function roomPrice(
  own: InstanceRoomPrice | null | undefined,
  base: BaseValues,
  supplement: MoneyText,
): RoomPrice {
  const supp = new Decimal(blank(supplement) ? 0 : (supplement as string));
  const price = fallback(own?.price, base.base_price, supp);
  return {
    price,
    sale_price: fallback(own?.sale_price, base.base_sale_price, supp),
    cost: fallback(own?.cost, base.base_cost, supp),
    price_source: positive(own?.price) ? 'instance' : price === null ? null : 'base',
  };
}

/**
 * The check-in / check-out day rule (spec 3 §3 Tour accommodation: check-in and check-out days count
 * from day 1 of the tour, the departure day): check-in on departure + (check_in_day − 1), check-out
 * on departure + (check_out_day − 1). Check-in day 1 and check-out day 5 of a tour leaving on 1 June
 * are in on 1 June, out on 5 June. The one place a stay's dates are worked out from its days.
 */
export function stayDates(
  departureDate: string,
  checkInDay: number,
  checkOutDay: number,
): { check_in_date: string; check_out_date: string } {
  return {
    check_in_date: addDays(departureDate, checkInDay - 1),
    check_out_date: addDays(departureDate, checkOutDay - 1),
  };
}

/**
 * The nights of a stay between two dates: from check-in up to the night before check-out, one
 * 'YYYY-MM-DD' each (at most 400); empty when check-out is not after check-in.
 */
export function nightsOfStay(checkInDate: string, checkOutDate: string): string[] {
  const nights: string[] = [];
  for (let d = checkInDate; d < checkOutDate && nights.length < 400; d = addDays(d, 1)) nights.push(d);
  return nights;
}

/**
 * The nights of a stay given by its days (`stayDates`): from departure + (check_in_day − 1) to
 * departure + (check_out_day − 2). Check-in day 1 and check-out day 5 of a tour leaving on 1 June
 * are the nights of 1, 2, 3 and 4 June (out on the 5th). Empty when check-out is not after check-in.
 */
export function stayNights(departureDate: string, checkInDay: number, checkOutDay: number): string[] {
  const stay = stayDates(departureDate, checkInDay, checkOutDay);
  return nightsOfStay(stay.check_in_date, stay.check_out_date);
}

/**
 * The days a tour accommodation may take (spec 3 §5 Tour accommodation): check-in and check-out day
 * from 1 to duration + 1 (`duration` the group's, else the tour's; none: 365), and check-out after
 * check-in (a stay has at least one night). Answers the field errors, empty when the days are right.
 */
export function stayDayErrors(
  days: { check_in_day: number; check_out_day: number },
  duration: number | null,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const max = (duration ?? 365) + 1;
  if (days.check_in_day < 1 || days.check_in_day > max)
    errors.check_in_day = [`Check-in day must be between 1 and ${max}.`];
  if (days.check_out_day < 1 || days.check_out_day > max)
    errors.check_out_day = [`Check-out day must be between 1 and ${max}.`];
  else if (days.check_out_day <= days.check_in_day)
    errors.check_out_day = ['Check-out day must be after the check-in day.'];
  return errors;
}

/** A room_availability row of one night. */
export interface NightAvailability {
  availability_date: string;
  remaining_availability: number;
  stop_sell: boolean;
}

export interface StayAvailability {
  /** Rooms left for the whole stay: the minimum over its nights (0 when a night is missing). */
  remaining_availability: number;
  /** A night of the stay is on stop sell (then remaining is 0). */
  stop_sell: boolean;
  /** Nights of the stay without an availability row. */
  missing_nights: string[];
}

/**
 * Availability of a room for a stay: the minimum room_availability.remaining_availability over the
 * stay's nights, a missing night counting 0; any night on stop sell makes it 0 and is flagged.
 */
export function stayAvailability(
  nights: readonly string[],
  rows: readonly NightAvailability[],
): StayAvailability {
  const byDate = new Map(rows.map((r) => [r.availability_date, r]));
  let remaining = Number.POSITIVE_INFINITY;
  let stopSell = false;
  const missing: string[] = [];
  for (const night of nights) {
    const row = byDate.get(night);
    if (!row) {
      missing.push(night);
      remaining = 0;
      continue;
    }
    if (row.stop_sell) stopSell = true;
    remaining = Math.min(remaining, Math.max(0, row.remaining_availability));
  }
  if (nights.length === 0 || stopSell) remaining = 0;
  return { remaining_availability: remaining, stop_sell: stopSell, missing_nights: missing };
}

/** Stop sell on the instance, its group or its tour: the instance is not offered for sale. */
export function stopSellLevel(levels: {
  instance: boolean;
  group: boolean;
  tour: boolean;
}): 'instance' | 'group' | 'tour' | null {
  if (levels.instance) return 'instance';
  if (levels.group) return 'group';
  if (levels.tour) return 'tour';
  return null;
}

/** A room offered on a tour accommodation (tour_rooms with its accommodation room). */
export interface OfferRoom {
  tour_room_id: number;
  tour_accommodation_id: number;
  accommodation_room_id: number;
  name: string;
  board_basis: string | null;
  occupancy: number;
  supplement: MoneyText;
}

/** Everything the rule reads about one instance. */
export interface OfferInput<A extends OfferAccommodation & { accommodation_name: string }> {
  /** The departure the stay counts from (the instance's departure date unless a caller names one). */
  departure_date: string;
  group_id: number;
  instance: { base_price: MoneyText; base_sale_price: MoneyText; base_cost: MoneyText; stop_sell: boolean };
  group: { base_price: MoneyText; base_cost: MoneyText; stop_sell: boolean };
  tour: { stop_sell: boolean };
  /** Every tour accommodation of the tour (the tour's and its groups'). */
  accommodations: readonly A[];
  excluded_tour_accommodation_ids: readonly number[];
  rooms: readonly OfferRoom[];
  /** The instance's price rows by tour_room_id. */
  prices: ReadonlyMap<number, InstanceRoomPrice>;
  /** Availability rows by accommodation_room_id (any nights; the rule picks the stay's). */
  availability: ReadonlyMap<number, readonly NightAvailability[]>;
}

/** One room of `POST tours/get-instance-rooms` (spec 3 §7 Instances). */
export interface OfferedRoom extends RoomPrice {
  tour_room_id: number;
  tour_accommodation_id: number;
  accommodation_room_id: number;
  name: string;
  board_basis: string | null;
  occupancy: number;
  accommodation: { id: number; name: string };
  supplement: string;
  check_in_date: string;
  check_out_date: string;
  nights: number;
  remaining_availability: number;
  /** A night of the stay is on stop sell, or the instance, group or tour is. */
  stop_sell: boolean;
  /** Whether bookings may take it now: priced, not on stop sell, at least one room left, sales open. */
  for_sale: boolean;
  /** Set when the departure's sales are closed (departed, release days passed): the reason. */
  sale_closed?: string | null;
}

/**
 * The whole rule for one instance: the rooms of the accommodation it offers, each with its
 * per-guest price, sale price and cost and the rooms left for the stay; ordered as the
 * accommodation and rooms are given. `stop_sell_level` names the level that stops the sale.
 */
export function instanceOffer<A extends OfferAccommodation & { accommodation_name: string }>(
  input: OfferInput<A>,
): { rooms: OfferedRoom[]; group_overrides: boolean; stop_sell_level: 'instance' | 'group' | 'tour' | null } {
  const { accommodations, groupOverrides } = offeredAccommodations(
    input.accommodations,
    input.group_id,
    input.excluded_tour_accommodation_ids,
  );
  const stopLevel = stopSellLevel({
    instance: input.instance.stop_sell,
    group: input.group.stop_sell,
    tour: input.tour.stop_sell,
  });
  const base: BaseValues = {
    base_price: effectiveValue(input.instance.base_price, input.group.base_price),
    base_sale_price: effectiveValue(input.instance.base_sale_price),
    base_cost: effectiveValue(input.instance.base_cost, input.group.base_cost),
  };
  const rooms: OfferedRoom[] = [];
  for (const acc of accommodations) {
    const nights = stayNights(input.departure_date, acc.check_in_day, acc.check_out_day);
    for (const room of input.rooms.filter((r) => r.tour_accommodation_id === acc.id)) {
      const price = roomPrice(input.prices.get(room.tour_room_id), base, room.supplement);
      const avail = stayAvailability(nights, input.availability.get(room.accommodation_room_id) ?? []);
      const stopSell = avail.stop_sell || stopLevel !== null;
      rooms.push({
        tour_room_id: room.tour_room_id,
        tour_accommodation_id: acc.id,
        accommodation_room_id: room.accommodation_room_id,
        name: room.name,
        board_basis: room.board_basis,
        occupancy: room.occupancy,
        accommodation: { id: acc.accommodation_id, name: acc.accommodation_name },
        supplement: money(new Decimal(blank(room.supplement) ? 0 : (room.supplement as string))),
        ...stayDates(input.departure_date, acc.check_in_day, acc.check_out_day),
        nights: nights.length,
        ...price,
        remaining_availability: avail.remaining_availability,
        stop_sell: stopSell,
        for_sale: !stopSell && price.price !== null && avail.remaining_availability > 0,
      });
    }
  }
  return { rooms, group_overrides: groupOverrides, stop_sell_level: stopLevel };
}
