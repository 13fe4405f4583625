import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { money, timestamps } from './common';
import {
  airports,
  bonding_types,
  countries,
  flights,
  pickup_points,
  pickup_regions,
  resorts,
  suppliers,
} from './reference';
import { currencies } from './settings';

/** Tour types of spec 3 §9. */
export const TOUR_TYPES = ['air', 'coach', 'self-drive', 'world-wide'] as const;

/** Tours (spec 3 §3). deposit_price in pounds; duration in days. */
export const tours = pgTable(
  'tours',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    reference: text('reference'),
    enabled: smallint('enabled').notNull().default(1),
    tour_type: text('tour_type', { enum: TOUR_TYPES }).notNull(),
    deposit_price: money('deposit_price'),
    duration: smallint('duration'),
    minimum_age: smallint('minimum_age'),
    release_days_before: smallint('release_days_before'),
    destination: integer('destination').references(() => countries.id),
    bonding_type_id: integer('bonding_type_id').references(() => bonding_types.id),
    tour_places: integer('tour_places'),
    stop_sell: boolean('stop_sell').notNull().default(false),
    is_suppressed: boolean('is_suppressed').notNull().default(false),
    is_passport_details_required: boolean('is_passport_details_required').notNull().default(false),
    itinerary: text('itinerary'),
    covering_emails: text('covering_emails'),
    information_doc_name: text('information_doc_name'),
    information_doc_path: text('information_doc_path'),
    ...timestamps,
  },
  (t) => [index('tours_name_idx').on(t.name)],
);

/** Tour groups: a dated departure of a tour. Blank values fall back to the tour's (spec 3 §3). */
export const tour_groups = pgTable(
  'tour_groups',
  {
    id: serial('id').primaryKey(),
    tour_id: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'restrict' }),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    deposit_price: money('deposit_price'),
    base_price: money('base_price'),
    base_cost: money('base_cost'),
    duration: smallint('duration'),
    minimum_age: smallint('minimum_age'),
    release_days_before: smallint('release_days_before'),
    available_places: integer('available_places'),
    stop_sell: boolean('stop_sell').notNull().default(false),
    is_special_group: boolean('is_special_group').notNull().default(false),
    group_itinerary: text('group_itinerary'),
    pick_up_point_region_id: integer('pick_up_point_region_id').references(() => pickup_regions.id),
    ...timestamps,
  },
  (t) => [index('tour_groups_tour_idx').on(t.tour_id, t.start_date)],
);

/** Linked groups: same tour, different start date (stored once per direction). */
export const tour_group_links = pgTable(
  'tour_group_links',
  {
    tour_group_id: integer('tour_group_id')
      .notNull()
      .references(() => tour_groups.id, { onDelete: 'cascade' }),
    linked_tour_group_id: integer('linked_tour_group_id')
      .notNull()
      .references(() => tour_groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tour_group_id, t.linked_tour_group_id] })],
);

/** Tour instances: a departure of a group from an airport (air), a pickup point (coach) or self drive. */
export const tour_instances = pgTable(
  'tour_instances',
  {
    id: serial('id').primaryKey(),
    tour_id: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'restrict' }),
    tour_group_id: integer('tour_group_id')
      .notNull()
      .references(() => tour_groups.id, { onDelete: 'restrict' }),
    instance_title: text('instance_title'),
    departure_date: date('departure_date', { mode: 'string' }).notNull(),
    departure_airport_id: integer('departure_airport_id').references(() => airports.id),
    pickup_point_id: integer('pickup_point_id').references(() => pickup_points.id),
    self_drive: boolean('self_drive').notNull().default(false),
    is_special_instance: boolean('is_special_instance').notNull().default(false),
    deposit_price: money('deposit_price'),
    base_price: money('base_price'),
    base_sale_price: money('base_sale_price'),
    base_cost: money('base_cost'),
    duration: smallint('duration'),
    minimum_age: smallint('minimum_age'),
    release_days_before: smallint('release_days_before'),
    tour_places: integer('tour_places'),
    stop_sell: boolean('stop_sell').notNull().default(false),
    travel_itinerary: text('travel_itinerary'),
    currency: text('currency').notNull().default('GBP'),
    indirect_flights: boolean('indirect_flights').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('tour_instances_tour_idx').on(t.tour_id, t.departure_date),
    index('tour_instances_group_idx').on(t.tour_group_id),
    index('tour_instances_departure_idx').on(t.departure_date),
  ],
);

/** Flights of an instance, with the indirect flags of spec 3 §3. */
export const tour_instance_flights = pgTable(
  'tour_instance_flights',
  {
    tour_instance_id: integer('tour_instance_id')
      .notNull()
      .references(() => tour_instances.id, { onDelete: 'cascade' }),
    flight_id: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'restrict' }),
    indirect_outbound: boolean('indirect_outbound').notNull().default(false),
    indirect_inbound: boolean('indirect_inbound').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tour_instance_id, t.flight_id] }),
    index('tif_flight_idx').on(t.flight_id),
  ],
);

/** Accommodation (hotels) with a star rating 1..5. */
export const accommodations = pgTable(
  'accommodations',
  {
    id: serial('id').primaryKey(),
    accommodation_name: text('accommodation_name').notNull(),
    phone_number: text('phone_number'),
    address: text('address'),
    resort_id: integer('resort_id').references(() => resorts.id, { onDelete: 'restrict' }),
    supplier_id: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    star_rating: smallint('star_rating'),
    short_description: text('short_description'),
    ...timestamps,
  },
  (t) => [check('accommodations_star_rating_ck', sql`${t.star_rating} between 1 and 5`)],
);

/** Rooms of an accommodation: board basis (e.g. Half Board) and occupancy (guests per room, >= 1). */
export const accommodation_rooms = pgTable(
  'accommodation_rooms',
  {
    id: serial('id').primaryKey(),
    accommodation_id: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    board_basis: text('board_basis'),
    occupancy: smallint('occupancy').notNull().default(2),
    is_special: boolean('is_special').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('accommodation_rooms_acc_idx').on(t.accommodation_id),
    check('accommodation_rooms_occupancy_ck', sql`${t.occupancy} >= 1`),
  ],
);

/**
 * Accommodation attached to a tour (tour_group_id null) or to one group (which then overrides the
 * tour's). check_in_day / check_out_day count from day 1 of the tour.
 */
export const tour_accommodations = pgTable(
  'tour_accommodations',
  {
    id: serial('id').primaryKey(),
    tour_id: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'restrict' }),
    tour_group_id: integer('tour_group_id').references(() => tour_groups.id, { onDelete: 'cascade' }),
    accommodation_id: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'restrict' }),
    check_in_day: smallint('check_in_day').notNull().default(1),
    check_out_day: smallint('check_out_day').notNull(),
    is_special_accommodation: boolean('is_special_accommodation').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('tour_accommodations_tour_idx').on(t.tour_id),
    index('tour_accommodations_group_idx').on(t.tour_group_id),
  ],
);

/** Rooms offered on a tour accommodation, with a per-guest supplement in pounds. Bookings point here. */
export const tour_rooms = pgTable(
  'tour_rooms',
  {
    id: serial('id').primaryKey(),
    tour_accommodation_id: integer('tour_accommodation_id')
      .notNull()
      .references(() => tour_accommodations.id, { onDelete: 'restrict' }),
    accommodation_room_id: integer('accommodation_room_id')
      .notNull()
      .references(() => accommodation_rooms.id, { onDelete: 'restrict' }),
    supplement: money('supplement').notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    unique('tour_rooms_uq').on(t.tour_accommodation_id, t.accommodation_room_id),
    index('tour_rooms_room_idx').on(t.accommodation_room_id),
  ],
);

/** Accommodation a group leaves out (spec 3 §3 excluded_accommodations). */
export const tour_group_excluded_accommodations = pgTable(
  'tour_group_excluded_accommodations',
  {
    tour_group_id: integer('tour_group_id')
      .notNull()
      .references(() => tour_groups.id, { onDelete: 'cascade' }),
    tour_accommodation_id: integer('tour_accommodation_id')
      .notNull()
      .references(() => tour_accommodations.id, { onDelete: 'cascade' }),
    accommodation_id: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tour_group_id, t.tour_accommodation_id] })],
);

/**
 * Room availability per night (spec 3 §3). remaining_availability never goes below zero; bookings
 * decrement it under row lock in the booking's transaction.
 */
export const room_availability = pgTable(
  'room_availability',
  {
    id: serial('id').primaryKey(),
    accommodation_room_id: integer('accommodation_room_id')
      .notNull()
      .references(() => accommodation_rooms.id, { onDelete: 'cascade' }),
    availability_date: date('availability_date', { mode: 'string' }).notNull(),
    availability: integer('availability').notNull().default(0),
    remaining_availability: integer('remaining_availability').notNull().default(0),
    confirmed_locked_availability: integer('confirmed_locked_availability').notNull().default(0),
    locked_availability: integer('locked_availability').notNull().default(0),
    stop_sell: boolean('stop_sell').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    unique('room_availability_room_date_uq').on(t.accommodation_room_id, t.availability_date),
    check('room_availability_remaining_ck', sql`${t.remaining_availability} >= 0`),
    check('room_availability_confirmed_ck', sql`${t.confirmed_locked_availability} >= 0`),
    check('room_availability_locked_ck', sql`${t.locked_availability} >= 0`),
  ],
);

/** Per-instance room prices in pounds per guest; 0.00 falls back to base price plus supplement. */
export const tour_instance_prices = pgTable(
  'tour_instance_prices',
  {
    id: serial('id').primaryKey(),
    tour_instance_id: integer('tour_instance_id')
      .notNull()
      .references(() => tour_instances.id, { onDelete: 'cascade' }),
    tour_room_id: integer('tour_room_id')
      .notNull()
      .references(() => tour_rooms.id, { onDelete: 'cascade' }),
    price: money('price').notNull().default('0'),
    cost: money('cost').notNull().default('0'),
    sale_price: money('sale_price').notNull().default('0'),
    ...timestamps,
  },
  (t) => [unique('tour_instance_prices_uq').on(t.tour_instance_id, t.tour_room_id)],
);

/**
 * Accommodation prices per room and night (spec 3 §3 Accommodation price): the supplier's price in
 * its currency (currency_id, exchange_rate to pounds), per_person or per_night.
 */
export const accommodation_prices = pgTable(
  'accommodation_prices',
  {
    id: serial('id').primaryKey(),
    accommodation_room_id: integer('accommodation_room_id')
      .notNull()
      .references(() => accommodation_rooms.id, { onDelete: 'cascade' }),
    room_availability_date: date('room_availability_date', { mode: 'string' }).notNull(),
    currency_id: integer('currency_id').references(() => currencies.id, { onDelete: 'restrict' }),
    exchange_rate: numeric('exchange_rate', { precision: 14, scale: 6 }).notNull().default('1'),
    price_type: text('price_type', { enum: ['per_person', 'per_night'] })
      .notNull()
      .default('per_person'),
    price: money('price').notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    unique('accommodation_prices_room_date_uq').on(t.accommodation_room_id, t.room_availability_date),
    check('accommodation_prices_rate_ck', sql`${t.exchange_rate} > 0`),
    check('accommodation_prices_price_ck', sql`${t.price} >= 0`),
  ],
);

/** Discounts on an accommodation price for bookings made in a window (no overlaps per price). */
export const accommodation_price_discounts = pgTable(
  'accommodation_price_discounts',
  {
    id: serial('id').primaryKey(),
    accommodation_price_id: integer('accommodation_price_id')
      .notNull()
      .references(() => accommodation_prices.id, { onDelete: 'cascade' }),
    booking_start_date: date('booking_start_date', { mode: 'string' }).notNull(),
    booking_end_date: date('booking_end_date', { mode: 'string' }).notNull(),
    percent_discount: boolean('percent_discount').notNull().default(false),
    discount_price: money('discount_price').notNull(),
    ...timestamps,
  },
  (t) => [
    index('accommodation_price_discounts_price_idx').on(t.accommodation_price_id),
    check('accommodation_price_discounts_range_ck', sql`${t.booking_start_date} <= ${t.booking_end_date}`),
  ],
);

/** Gallery image links of an accommodation (spec 3 §2 Gallery). */
export const accommodation_gallery_images = pgTable(
  'accommodation_gallery_images',
  {
    id: serial('id').primaryKey(),
    accommodation_id: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'cascade' }),
    link: text('link').notNull(),
    ...timestamps,
  },
  (t) => [index('accommodation_gallery_images_acc_idx').on(t.accommodation_id)],
);
