import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import {
  effectiveValue,
  instanceOffer,
  nightsOfStay,
  offeredAccommodations,
  roomPrice,
  stayAvailability,
  stayDates,
  stayDayErrors,
  stayNights,
  stopSellLevel,
} from './pricing';

describe('effective values: instance → group → tour', () => {
  it("'Blank group values fall back to the master tour's values' (spec 3 §3 Tour group)", () => {
    expect(effectiveValue(null, '150.00')).toBe('150.00');
    expect(effectiveValue<string | number>('', undefined, 12)).toBe(12);
  });
  it('the first level that sets a value wins: the instance over the group over the tour', () => {
    expect(effectiveValue('99.00', '150.00', '200.00')).toBe('99.00');
    expect(effectiveValue(null, null, '200.00')).toBe('200.00');
    expect(effectiveValue(0, 5)).toBe(0); // a set zero is a value, not a blank
    expect(effectiveValue(null, undefined, '')).toBeNull();
  });
});

describe('accommodation an instance offers', () => {
  const tourAcc = (id: number, group: number | null) => ({
    id,
    tour_group_id: group,
    accommodation_id: 100 + id,
    check_in_day: 1,
    check_out_day: 5,
  });
  const all = [tourAcc(1, null), tourAcc(2, null), tourAcc(3, 7), tourAcc(4, 8)];

  it("the tour's accommodation when the group has none of its own", () => {
    const r = offeredAccommodations(all, 9);
    expect(r.accommodations.map((a) => a.id)).toEqual([1, 2]);
    expect(r.groupOverrides).toBe(false);
  });
  it("'if the group has its own accommodation it overrides the tour's' (spec 3 §2 Tour instance)", () => {
    const r = offeredAccommodations(all, 7);
    expect(r.accommodations.map((a) => a.id)).toEqual([3]);
    expect(r.groupOverrides).toBe(true);
  });
  it('minus accommodation the group excludes', () => {
    expect(offeredAccommodations(all, 9, [2]).accommodations.map((a) => a.id)).toEqual([1]);
    expect(offeredAccommodations(all, 7, [3]).accommodations).toEqual([]);
  });
});

describe('per-guest room price', () => {
  const base = { base_price: '499.00', base_sale_price: null, base_cost: '350.00' };

  it("'values left at 0.00 fall back to base price plus supplements' (spec 3 §2 Tour instance)", () => {
    expect(roomPrice({ price: '0.00', sale_price: '0.00', cost: '0.00' }, base, '25.00')).toEqual({
      price: '524.00',
      sale_price: null,
      cost: '375.00',
      price_source: 'base',
    });
    expect(roomPrice(null, base, '0.00').price).toBe('499.00');
  });
  it("the instance's room price wins when it is above 0.00", () => {
    expect(roomPrice({ price: '610.50', sale_price: '0.00', cost: '410.00' }, base, '25.00')).toEqual({
      price: '610.50',
      sale_price: null,
      cost: '410.00',
      price_source: 'instance',
    });
  });
  it('sale price: the room sale price, else base sale price plus supplement, else none', () => {
    const withSale = { ...base, base_sale_price: '449.00' };
    expect(roomPrice(null, withSale, '25.00').sale_price).toBe('474.00');
    expect(roomPrice({ price: '0', sale_price: '430.00', cost: '0' }, withSale, '25.00').sale_price).toBe(
      '430.00',
    );
    expect(roomPrice(null, base, '25.00').sale_price).toBeNull();
  });
  it('no base price and no room price: no price at all', () => {
    expect(roomPrice(null, { base_price: null, base_sale_price: null, base_cost: null }, '10.00')).toEqual({
      price: null,
      sale_price: null,
      cost: null,
      price_source: null,
    });
  });
  it('decimal arithmetic, never floats: 0.10 + 0.20 is 0.30', () => {
    expect(
      roomPrice(null, { base_price: '0.10', base_sale_price: null, base_cost: null }, '0.20').price,
    ).toBe('0.30');
  });
});

describe('the check-in / check-out day rule', () => {
  it('days count from day 1, the departure: in on departure + (day − 1), out likewise', () => {
    expect(stayDates('2027-06-01', 1, 5)).toEqual({
      check_in_date: '2027-06-01',
      check_out_date: '2027-06-05',
    });
    expect(stayDates('2027-06-30', 2, 4)).toEqual({
      check_in_date: '2027-07-01',
      check_out_date: '2027-07-03',
    });
  });
  it('the nights between two dates: check-in up to the night before check-out', () => {
    expect(nightsOfStay('2027-12-30', '2028-01-02')).toEqual(['2027-12-30', '2027-12-31', '2028-01-01']);
    expect(nightsOfStay('2027-06-05', '2027-06-05')).toEqual([]);
    expect(nightsOfStay('2027-06-05', '2027-06-01')).toEqual([]);
  });
  it('days run from 1 to duration + 1, and check-out comes after check-in (spec 3 §5)', () => {
    expect(stayDayErrors({ check_in_day: 1, check_out_day: 8 }, 7)).toEqual({});
    expect(stayDayErrors({ check_in_day: 9, check_out_day: 9 }, 7)).toEqual({
      check_in_day: ['Check-in day must be between 1 and 8.'],
      check_out_day: ['Check-out day must be between 1 and 8.'],
    });
    expect(stayDayErrors({ check_in_day: 3, check_out_day: 3 }, 7)).toEqual({
      check_out_day: ['Check-out day must be after the check-in day.'],
    });
    expect(stayDayErrors({ check_in_day: 1, check_out_day: 366 }, null)).toEqual({});
  });
});

describe('availability for the stay', () => {
  it('the nights run from departure + (check-in day − 1) to departure + (check-out day − 2)', () => {
    expect(stayNights('2027-06-01', 1, 5)).toEqual(['2027-06-01', '2027-06-02', '2027-06-03', '2027-06-04']);
    expect(stayNights('2027-06-30', 2, 4)).toEqual(['2027-07-01', '2027-07-02']);
    expect(stayNights('2027-06-01', 3, 3)).toEqual([]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
  const night = (d: string, remaining: number, stop = false) => ({
    availability_date: d,
    remaining_availability: remaining,
    stop_sell: stop,
  });
  const nights = ['2027-06-01', '2027-06-02', '2027-06-03'];

  it('remaining is the minimum over the nights', () => {
    const r = stayAvailability(nights, [
      night('2027-06-01', 9),
      night('2027-06-02', 4),
      night('2027-06-03', 6),
    ]);
    expect(r).toEqual({ remaining_availability: 4, stop_sell: false, missing_nights: [] });
  });
  it('a missing night counts 0', () => {
    const r = stayAvailability(nights, [night('2027-06-01', 9), night('2027-06-03', 6)]);
    expect(r.remaining_availability).toBe(0);
    expect(r.missing_nights).toEqual(['2027-06-02']);
  });
  it('any night on stop sell makes it 0 and is flagged', () => {
    const r = stayAvailability(nights, [
      night('2027-06-01', 9),
      night('2027-06-02', 8, true),
      night('2027-06-03', 6),
    ]);
    expect(r).toMatchObject({ remaining_availability: 0, stop_sell: true });
  });
  it('instance, group or tour stop sell: not offered for sale, the level named', () => {
    expect(stopSellLevel({ instance: false, group: true, tour: true })).toBe('group');
    expect(stopSellLevel({ instance: false, group: false, tour: false })).toBeNull();
  });
});

describe('the whole offer of an instance', () => {
  const accommodations = [
    {
      id: 1,
      tour_group_id: null,
      accommodation_id: 11,
      accommodation_name: 'Hotel Miramare',
      check_in_day: 1,
      check_out_day: 4,
    },
    {
      id: 2,
      tour_group_id: null,
      accommodation_id: 12,
      accommodation_name: 'Grand Hotel',
      check_in_day: 1,
      check_out_day: 4,
    },
  ];
  const rooms = [
    {
      tour_room_id: 21,
      tour_accommodation_id: 1,
      accommodation_room_id: 31,
      name: 'Twin Room',
      board_basis: 'Half Board',
      occupancy: 2,
      supplement: '0.00',
    },
    {
      tour_room_id: 22,
      tour_accommodation_id: 1,
      accommodation_room_id: 32,
      name: 'Single Room',
      board_basis: 'Half Board',
      occupancy: 1,
      supplement: '95.00',
    },
    {
      tour_room_id: 23,
      tour_accommodation_id: 2,
      accommodation_room_id: 33,
      name: 'Double Room',
      board_basis: 'Bed & Breakfast',
      occupancy: 2,
      supplement: '15.00',
    },
  ];
  const avail = (remaining: number[]) =>
    remaining.map((n, i) => ({
      availability_date: addDays('2027-06-01', i),
      remaining_availability: n,
      stop_sell: false,
    }));
  const input = {
    departure_date: '2027-06-01',
    group_id: 5,
    instance: { base_price: null, base_sale_price: null, base_cost: null, stop_sell: false },
    group: { base_price: '399.00', base_cost: '280.00', stop_sell: false },
    tour: { stop_sell: false },
    accommodations,
    excluded_tour_accommodation_ids: [2],
    rooms,
    prices: new Map([[22, { price: '520.00', sale_price: '0.00', cost: '0.00' }]]),
    availability: new Map([
      [31, avail([6, 3, 5])],
      [32, avail([2, 2])],
    ]),
  };

  it('offers the rooms of the accommodation not excluded, priced and counted by the rule', () => {
    const offer = instanceOffer(input);
    expect(offer.group_overrides).toBe(false);
    expect(offer.stop_sell_level).toBeNull();
    expect(offer.rooms.map((r) => [r.name, r.price, r.cost, r.remaining_availability, r.for_sale])).toEqual([
      ['Twin Room', '399.00', '280.00', 3, true], // group base price (instance blank) + £0 supplement
      ['Single Room', '520.00', '375.00', 0, false], // instance price; third night missing
    ]);
    expect(offer.rooms[0]).toMatchObject({
      accommodation: { id: 11, name: 'Hotel Miramare' },
      check_in_date: '2027-06-01',
      check_out_date: '2027-06-04',
      nights: 3,
    });
  });
  it('a group stop sell keeps the rooms listed but not for sale', () => {
    const offer = instanceOffer({ ...input, group: { ...input.group, stop_sell: true } });
    expect(offer.stop_sell_level).toBe('group');
    expect(offer.rooms.every((r) => r.stop_sell && !r.for_sale)).toBe(true);
    expect(offer.rooms[0].remaining_availability).toBe(3);
  });
});
