import { z } from 'zod';
import type { OfferedRoom } from '../pricing';
import {
  blankToUndefined,
  flagSchema,
  idSchema,
  moneySchema,
  optionalId,
  optionalInt,
  optionalMoney,
  optionalText,
  requiredId,
  requiredText,
  ymdSchema,
} from './common';
import { dateAnswer, moneyAnswer, timestampAnswer } from './contract';

/**
 * The tour catalogue's API contract (spec 3 §3 Tour, Tour group, Instance, Tour accommodation,
 * Room; §5 validation; §7 Tours, Groups, Instances, Tour accommodation and rooms): the input
 * schemas the server validates and the forms share, and the answer types.
 */

export const TOUR_TYPE_VALUES = ['air', 'coach', 'self-drive', 'world-wide'] as const;
export type TourType = (typeof TOUR_TYPE_VALUES)[number];
/** Labels of the tour types (spec 3 §9), as GET tours/tour-type answers them. */
export const TOUR_TYPE_LABELS: Record<TourType, string> = {
  air: 'Air',
  coach: 'Coach',
  'self-drive': 'Self drive',
  'world-wide': 'World wide',
};

/** Spec 3 §5 Group, word for word. */
export const COACH_REGION_MESSAGE = 'A pickup region is required for coach tours.';
export const AIRPORT_REQUIRED_MESSAGE = 'Departure airport is required for air tours.';
export const PICKUP_POINT_REQUIRED_MESSAGE = 'Pickup point is required for coach tours.';

/**
 * Where a departure of a tour type leaves from (spec 3 §2 Tour instance): an airport for air and
 * world-wide tours, a pickup point for coach tours, self drive for self-drive tours.
 */
export function departurePlace(tourType: string): 'airport' | 'pickup_point' | 'self_drive' {
  if (tourType === 'air' || tourType === 'world-wide') return 'airport';
  return tourType === 'coach' ? 'pickup_point' : 'self_drive';
}

/**
 * The tour type's rule for an instance's place (spec 3 §2 Tour instance, §5 Instance): the
 * airport, or the pickup point, it needs when missing — `{field: message}`, empty when given.
 * The server checks the ids exist; the forms show the same messages before sending.
 */
export function departurePlaceErrors(
  tourType: string,
  v: { departure_airport_id?: unknown; pickup_point_id?: unknown },
): Record<string, string> {
  const place = departurePlace(tourType);
  if (place === 'airport' && !v.departure_airport_id)
    return { departure_airport_id: AIRPORT_REQUIRED_MESSAGE };
  if (place === 'pickup_point' && !v.pickup_point_id)
    return { pickup_point_id: PICKUP_POINT_REQUIRED_MESSAGE };
  return {};
}

/** Spec 3 §5 Group: a coach tour's group names a pickup region — `{field: message}`, empty when it does. */
export function groupRegionErrors(tourType: string, regionId: unknown): Record<string, string> {
  return tourType === 'coach' && !regionId ? { pick_up_point_region_id: COACH_REGION_MESSAGE } : {};
}

/** Blank or absent → false; otherwise a yes/no flag. */
const flag = z.preprocess(blankToUndefined, flagSchema.optional()).transform((v) => v ?? false);
/** A required whole number; absent reads as '{label} is required.'. */
const requiredInt = (label: string, opts?: { min?: number; max?: number }) =>
  optionalInt(label, opts)
    .refine((v) => v !== undefined, `${label} is required.`)
    .transform((v) => v as number);
const requiredMoney = (label: string) => z.preprocess((v) => v ?? '', moneySchema(label));
const requiredDate = (label: string) =>
  z.preprocess(blankToUndefined, z.string({ error: `${label} is required.` }).pipe(ymdSchema));
const optionalDate = z.preprocess(blankToUndefined, ymdSchema.optional());

/** The tour form (spec 3 §5 Tour form: required name, reference, deposit_price, duration, release_days_before, tour_places). */
export const tourInput = z.object({
  name: requiredText('Name', 200),
  reference: requiredText('Reference', 60),
  tour_type: z.enum(TOUR_TYPE_VALUES, { error: 'Choose a tour type.' }),
  enabled: z
    .preprocess(
      (v) => (v === '' || v === null || v === undefined ? 1 : v === true ? 1 : v === false ? 0 : v),
      z.coerce.number().int(),
    )
    .pipe(z.union([z.literal(0), z.literal(1)], { error: 'Enabled is 1 or 0.' })),
  deposit_price: requiredMoney('Deposit price'),
  duration: requiredInt('Duration', { min: 1, max: 365 }),
  minimum_age: optionalInt('Minimum age', { min: 0, max: 120 }),
  release_days_before: requiredInt('Release days before', { min: 0, max: 365 }),
  destination: optionalId,
  bonding_type_id: optionalId,
  tour_places: requiredInt('Tour places', { min: 0, max: 100000 }),
  stop_sell: flag,
  is_suppressed: flag,
  is_passport_details_required: flag,
  itinerary: optionalText(50000),
  covering_emails: optionalText(50000),
});
export type TourInput = z.input<typeof tourInput>;
export type TourValues = z.output<typeof tourInput>;

/** POST tours/update/tour-suppression (spec 3 §7 Tours). */
export const tourSuppressionInput = z.object({
  tour_id: idSchema,
  supression: z.enum(['yes', 'no'], { error: "supression is 'yes' or 'no'." }),
});

/** POST tours/{id}/accommodation and tours/groups/{id}/accommodation (spec 3 §5 Tour accommodation). */
export const tourAccommodationInput = z.object({
  accommodation_id: z.preprocess(blankToUndefined, idSchema.optional()).refine((v) => v !== undefined, {
    message: 'Accommodation is required.',
  }),
  check_in_day: requiredInt('Check-in day', { min: 1, max: 366 }),
  check_out_day: requiredInt('Check-out day', { min: 1, max: 366 }),
  is_special_accommodation: flag,
});
export type TourAccommodationInput = z.input<typeof tourAccommodationInput>;

/** POST tours/accommodation/{id}/rooms: the accommodation room to add, with its supplement. */
export const tourRoomCreateInput = z.object({
  accommodation_room_id: requiredId('Choose a room.'),
  supplement: optionalMoney('Supplement'),
});

/** POST tours/rooms/{id} (spec 3 §5: supplement step 0.01). */
export const tourRoomInput = z.object({ supplement: requiredMoney('Supplement') });

/** POST tours/groups (spec 3 §7 Groups; §5: start date required, pickup region for coach tours). */
export const groupCreateInput = z.object({
  tour_id: idSchema,
  start_date: requiredDate('Start date'),
  base_price: optionalMoney('Base price'),
  pick_up_point_region_id: optionalId,
});

/** POST tours/groups/{id}: the whole group; blank values fall back to the tour's. */
export const groupInput = z.object({
  start_date: requiredDate('Start date'),
  deposit_price: optionalMoney('Deposit price'),
  base_price: optionalMoney('Base price'),
  base_cost: optionalMoney('Base cost'),
  duration: optionalInt('Duration', { min: 1, max: 365 }),
  minimum_age: optionalInt('Minimum age', { min: 0, max: 120 }),
  release_days_before: optionalInt('Release days before', { min: 0, max: 365 }),
  available_places: optionalInt('Available places', { min: 0, max: 100000 }),
  stop_sell: flag,
  is_special_group: flag,
  group_itinerary: optionalText(50000),
  pick_up_point_region_id: optionalId,
});
export type GroupInput = z.input<typeof groupInput>;

/** POST tours/groups/exclude-accommodation (spec 3 §7 Groups). */
export const excludeAccommodationInput = z.object({
  tour_group_id: idSchema,
  tour_accommodation_id: idSchema,
  accommodation_id: optionalId,
  checked: flagSchema,
});

/** The instance fields every instance form shares (spec 3 §2 Tour instance, §3 Instance). */
const instanceFields = {
  instance_title: optionalText(200),
  departure_date: requiredDate('Departure date'),
  departure_airport_id: optionalId,
  pickup_point_id: optionalId,
  self_drive: flag,
  is_special_instance: flag,
  deposit_price: optionalMoney('Deposit price'),
  base_price: optionalMoney('Base price'),
  base_sale_price: optionalMoney('Base sale price'),
  base_cost: optionalMoney('Base cost'),
  duration: optionalInt('Duration', { min: 1, max: 365 }),
  minimum_age: optionalInt('Minimum age', { min: 0, max: 120 }),
  release_days_before: optionalInt('Release days before', { min: 0, max: 365 }),
  tour_places: optionalInt('Places available', { min: 0, max: 100000 }),
  stop_sell: flag,
  travel_itinerary: optionalText(50000),
};

/** POST tours/instances (spec 3 §3 'New instance': currency GBP, indirect_flights 0 by default). */
export const instanceCreateInput = z.preprocess(
  (b) => {
    // The spec names the airport `departure_airport` on a new instance.
    if (b && typeof b === 'object' && 'departure_airport' in b && !('departure_airport_id' in b)) {
      const { departure_airport, ...rest } = b as Record<string, unknown>;
      return { ...rest, departure_airport_id: departure_airport };
    }
    return b;
  },
  z.object({
    ...instanceFields,
    tour_id: optionalId,
    tour_group_id: idSchema,
    currency: z.preprocess(blankToUndefined, z.string().trim().length(3).toUpperCase().default('GBP')),
    indirect_flights: flag,
  }),
);
export type InstanceCreateInput = z.input<typeof instanceCreateInput>;

/** POST tours/instances/{id}: the whole instance. */
export const instanceInput = z.object(instanceFields);
export type InstanceInput = z.input<typeof instanceInput>;

/** POST tours/instances/{id}/flights: the chosen flight. */
export const instanceFlightInput = z.preprocess(
  (b) =>
    b && typeof b === 'object' && 'id' in b && !('flight_id' in b)
      ? { flight_id: (b as { id: unknown }).id }
      : b,
  z.object({ flight_id: idSchema }),
);

/** POST tours/instances/{id}/flights/{flightId}: type (indirect), status, direction. */
export const instanceFlightFlagInput = z.object({
  type: z.literal('indirect').default('indirect'),
  status: flagSchema,
  direction: z.enum(['outbound', 'inbound'], { error: "direction is 'outbound' or 'inbound'." }),
});

/** POST tours/instances/{id}/prices: one or more of price, cost, sale_price for one room. */
export const instancePriceInput = z.object({
  tour_instance_id: optionalId,
  tour_room_id: idSchema,
  price: optionalMoney('Price'),
  cost: optionalMoney('Cost'),
  sale_price: optionalMoney('Sale price'),
});

/** POST tours/instances/{id}/getprices: room_id (the tour room). */
export const instanceGetPriceInput = z.object({ room_id: idSchema });

/** POST tours/get-instance-rooms (spec 3 §7 Instances). */
export const instanceRoomsInput = z.object({ instance_id: idSchema, departure_date: optionalDate });

/** POST tours/groups/{id}/update-instances-transfers (spec 3 §7 Groups, §5 Transfers). */
export const transfersInput = z.object({
  transfer_for: z.enum(['outbound', 'inbound'], { error: "transfer_for is 'outbound' or 'inbound'." }),
  transfer_data: z
    .array(
      z.object({
        transfer: z.preprocess((v) => (v == null ? '' : v), z.string().trim().max(200)),
        flight_id: optionalId,
        instance_id: idSchema,
      }),
    )
    .max(500)
    .default([]),
  pickup_times: z
    .array(
      z.object({
        transfer: z.string().trim().min(1).max(200),
        accommodation_id: idSchema,
        pickup_time: z.preprocess((v) => (v == null ? '' : v), z.string().trim().max(50)),
      }),
    )
    .max(2000)
    .default([]),
});
export type TransfersInput = z.input<typeof transfersInput>;

/** POST tours/groups/{id}/get-instance-pickups. */
export const instancePickupsInput = z.object({
  transfer_for: z.enum(['outbound', 'inbound']).default('outbound'),
  transfers: z.array(z.string().trim().max(200)).max(500).optional(),
});

const idArray = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(idSchema).max(5000),
);

/** POST tours/groups/{id}/booking/group-accommodation. */
export const groupAccommodationInput = z.object({ selected_bookings: idArray });

/** POST tours/groups/{id}/booking/bulk-update-accommodation. */
export const bulkAccommodationInput = z.object({
  booking_ids: idArray,
  updated_accommodation: z
    .array(
      z.object({
        old_room_id: idSchema,
        new_room_id: z.preprocess(blankToUndefined, idSchema.optional()),
        accommodation_id: optionalId,
      }),
    )
    .max(500),
});
export type BulkAccommodationInput = z.input<typeof bulkAccommodationInput>;

/** POST tours/groups/{id}/link and /unlink: the other group's id. */
export const groupLinkInput = z.object({ id: idSchema });

// ---------------------------------------------------------------------------------------------
// Answers: what the API sends (plain schemas; the server serialises through them, so a column
// that is not named here never leaves). Types are the wire side (`z.input`), as the screens read it.

const intAnswer = z.number().int();
const nullableInt = intAnswer.nullable();
const nullableMoney = moneyAnswer.nullable();
const tourTypeAnswer = z.enum(TOUR_TYPE_VALUES);

/** A tour accommodation row of the tour or group screens. */
export const tourAccommodationRowAnswer = z.object({
  id: intAnswer,
  tour_id: intAnswer,
  tour_group_id: nullableInt,
  accommodation_id: intAnswer,
  accommodation_name: z.string(),
  check_in_day: intAnswer,
  check_out_day: intAnswer,
  is_special_accommodation: z.boolean(),
  rooms_count: intAnswer,
  /** Groups of the tour that exclude it (tour accommodation only). */
  excluded_group_ids: z.array(intAnswer),
});
export type TourAccommodationRow = z.input<typeof tourAccommodationRowAnswer>;

/** An extra of the tour (the Tour Extras section). */
export const tourExtraRowAnswer = z.object({
  id: intAnswer,
  name: z.string(),
  price: moneyAnswer,
  cost: moneyAnswer,
  commissionable: z.boolean(),
  commission_rate: nullableMoney,
  start_date: dateAnswer.nullable(),
  end_date: dateAnswer.nullable(),
});
export type TourExtraRow = z.input<typeof tourExtraRowAnswer>;

/** A tour as GET tours/{id} answers it (data[0]); the stored PDF's key stays on the server. */
export const tourDetailAnswer = z.object({
  id: intAnswer,
  name: z.string(),
  reference: z.string().nullable(),
  tour_type: tourTypeAnswer,
  enabled: intAnswer,
  deposit_price: nullableMoney,
  duration: nullableInt,
  minimum_age: nullableInt,
  release_days_before: nullableInt,
  destination: nullableInt,
  bonding_type_id: nullableInt,
  tour_places: nullableInt,
  stop_sell: z.boolean(),
  is_suppressed: z.boolean(),
  is_passport_details_required: z.boolean(),
  itinerary: z.string().nullable(),
  covering_emails: z.string().nullable(),
  information_doc_name: z.string().nullable(),
  has_information_doc: z.boolean(),
  destination_name: z.string().nullable(),
  bonding_type_name: z.string().nullable(),
  groups_count: intAnswer,
  accommodation: z.array(tourAccommodationRowAnswer),
  extras: z.array(tourExtraRowAnswer),
});
export type TourDetail = z.input<typeof tourDetailAnswer>;

/** A room of a tour accommodation, with whether bookings use it. */
export const tourRoomRowAnswer = z.object({
  id: intAnswer,
  tour_accommodation_id: intAnswer,
  accommodation_room_id: intAnswer,
  name: z.string(),
  board_basis: z.string().nullable(),
  occupancy: intAnswer,
  supplement: moneyAnswer,
  accommodation_id: intAnswer,
  in_use: z.boolean(),
});
export type TourRoomRow = z.input<typeof tourRoomRowAnswer>;

/** GET tours/accommodation/{id}: a tour accommodation with its rooms and the rooms left to add. */
export const tourAccommodationDetailAnswer = tourAccommodationRowAnswer.extend({
  tour_name: z.string(),
  tour_type: tourTypeAnswer,
  duration: nullableInt,
  group_start_date: dateAnswer.nullable(),
  rooms: z.array(tourRoomRowAnswer),
  /** Rooms of the accommodation not yet added. */
  accommodation_rooms: z.array(
    z.object({ id: intAnswer, name: z.string(), board_basis: z.string().nullable(), occupancy: intAnswer }),
  ),
});
export type TourAccommodationDetail = z.input<typeof tourAccommodationDetailAnswer>;

const airportNameAnswer = z.object({ airport_name: z.string(), iata_code: z.string() });

/** An instance row of the group screen and GET tours/{id}/instances. */
export const instanceRowAnswer = z.object({
  id: intAnswer,
  tour_id: intAnswer,
  tour_group_id: intAnswer,
  instance_title: z.string().nullable(),
  departure_date: dateAnswer,
  departure_airport_id: nullableInt,
  pickup_point_id: nullableInt,
  self_drive: z.boolean(),
  base_price: nullableMoney,
  base_sale_price: nullableMoney,
  tour_places: nullableInt,
  stop_sell: z.boolean(),
  booking_count: intAnswer,
  pax_count: intAnswer,
  /** Places on the departure: its own, else its group's, else the tour's; null: no limit. */
  places: nullableInt,
  /** Places still to sell (places − guests of live bookings, never below 0); null: no limit. */
  places_left: nullableInt,
  airport: airportNameAnswer.nullable(),
  pick_up_point: z.object({ pickup_point_name: z.string() }).nullable(),
});
export type InstanceRow = z.input<typeof instanceRowAnswer>;

/** A booking row of the group and instance screens (spec 3 §3 Booking row in a group). */
export const groupBookingRowAnswer = z.object({
  id: intAnswer,
  tour_booking_id: intAnswer,
  booking_ref: z.string().nullable(),
  old_booking_id: nullableInt,
  cancelled_at: timestampAnswer.nullable(),
  changes_accepted: intAnswer,
  booking_status: z.string(),
  created_at: timestampAnswer,
  customer: z.object({ id: intAnswer, first_name: z.string(), last_name: z.string() }).nullable(),
  airline_ref: z.string().nullable(),
  guests: intAnswer,
  rooms: intAnswer,
  room: z
    .object({
      tour_room_id: intAnswer,
      name: z.string(),
      board_basis: z.string().nullable(),
      accommodation: z.string(),
    })
    .nullable(),
  instance_title: z.string().nullable(),
  departure_date: dateAnswer,
});
export type GroupBookingRow = z.input<typeof groupBookingRowAnswer>;

/** A group as GET tours/groups/{id} answers it (data.tourGroup, without its bookings). */
export const tourGroupDetailAnswer = z.object({
  id: intAnswer,
  tour_id: intAnswer,
  start_date: dateAnswer,
  deposit_price: nullableMoney,
  base_price: nullableMoney,
  base_cost: nullableMoney,
  duration: nullableInt,
  minimum_age: nullableInt,
  release_days_before: nullableInt,
  available_places: nullableInt,
  passengers: intAnswer,
  stop_sell: z.boolean(),
  is_special_group: z.boolean(),
  group_itinerary: z.string().nullable(),
  pick_up_point_region_id: nullableInt,
  pick_up_point_region_name: z.string().nullable(),
  tour: z.object({
    id: intAnswer,
    name: z.string(),
    tour_type: tourTypeAnswer,
    deposit_price: nullableMoney,
    duration: nullableInt,
    minimum_age: nullableInt,
    release_days_before: nullableInt,
    tour_places: nullableInt,
    itinerary: z.string().nullable(),
  }),
  instances: z.array(instanceRowAnswer),
  links: z.array(z.object({ id: intAnswer, start_date: dateAnswer })),
  /** Groups of the same tour with a different start date, not linked yet. */
  linkable_groups: z.array(z.object({ id: intAnswer, start_date: dateAnswer })),
  excluded_accommodations: z.array(
    z.object({ accommodation_id: intAnswer, tour_accommodation_id: intAnswer }),
  ),
  /** The tour's own accommodation (for the exclude switches). */
  tour_accommodations: z.array(tourAccommodationRowAnswer),
  /** The group's own accommodation (overrides the tour's when present). */
  group_accommodations: z.array(tourAccommodationRowAnswer),
});
export type TourGroupDetail = z.input<typeof tourGroupDetailAnswer>;

/** GET tours/groups/{id} (data): the group with its bookings, and the lists its screen picks from. */
export const groupAnswer = z.object({
  tourGroup: tourGroupDetailAnswer.extend({ bookings: z.array(groupBookingRowAnswer) }),
  suppliers: z.array(z.object({ id: intAnswer, supplier_name: z.string() })),
  servicesTypes: z.array(z.object({ id: intAnswer, service_name: z.string() })),
  tour_managers: z.array(z.object({ id: intAnswer, firstname: z.string(), lastname: z.string() })),
});
export type GroupAnswer = z.input<typeof groupAnswer>;

/** A flight of an instance (spec 3 §3 Flight on an instance); times 'YYYY-MM-DDTHH:MM:SS', local. */
export const instanceFlightAnswer = z.object({
  id: intAnswer,
  flight_number: z.string(),
  departure_airport: airportNameAnswer,
  arrival_airport: airportNameAnswer,
  departure_time: z.string(),
  arrival_time: z.string(),
  indirect_outbound: z.boolean(),
  indirect_inbound: z.boolean(),
});
export type InstanceFlight = z.input<typeof instanceFlightAnswer>;

/** A room the instance offers with its saved price row (the instance screen's Prices). */
export const instancePriceRoomAnswer = z.object({
  tour_room_id: intAnswer,
  tour_accommodation_id: intAnswer,
  accommodation_name: z.string(),
  name: z.string(),
  board_basis: z.string().nullable(),
  supplement: moneyAnswer,
  price: moneyAnswer,
  cost: moneyAnswer,
  sale_price: moneyAnswer,
});
export type InstancePriceRoom = z.input<typeof instancePriceRoomAnswer>;

/** GET tours/instances/{id} (data, without its bookings). */
export const instanceDetailAnswer = instanceRowAnswer.extend({
  is_special_instance: z.boolean(),
  deposit_price: nullableMoney,
  base_cost: nullableMoney,
  duration: nullableInt,
  minimum_age: nullableInt,
  release_days_before: nullableInt,
  travel_itinerary: z.string().nullable(),
  currency: z.string(),
  indirect_flights: z.boolean(),
  tour: z.object({
    id: intAnswer,
    name: z.string(),
    tour_type: tourTypeAnswer,
    deposit_price: nullableMoney,
    duration: nullableInt,
    minimum_age: nullableInt,
    release_days_before: nullableInt,
    tour_places: nullableInt,
  }),
  group: z.object({
    id: intAnswer,
    start_date: dateAnswer,
    deposit_price: nullableMoney,
    base_price: nullableMoney,
    base_cost: nullableMoney,
    duration: nullableInt,
    minimum_age: nullableInt,
    release_days_before: nullableInt,
    available_places: nullableInt,
    pick_up_point_region_id: nullableInt,
  }),
  flights: z.array(instanceFlightAnswer),
  /** The accommodation and rooms the instance offers, with their saved price rows. */
  price_rooms: z.array(instancePriceRoomAnswer),
  /** True when the group's own accommodation overrides the tour's. */
  group_overrides: z.boolean(),
  /** True when the tour has no accommodation at all. */
  tour_has_accommodation: z.boolean(),
});
export type InstanceDetail = z.input<typeof instanceDetailAnswer>;

/** GET tours/instances/{id}: the instance with its bookings. */
export const instanceAnswer = instanceDetailAnswer.extend({ bookings: z.array(groupBookingRowAnswer) });
export type InstanceAnswer = z.input<typeof instanceAnswer>;

/** A room an instance offers, priced and counted by the rule (src/shared/pricing.ts `OfferedRoom`). */
export const offeredRoomAnswer = z.object({
  tour_room_id: intAnswer,
  tour_accommodation_id: intAnswer,
  accommodation_room_id: intAnswer,
  name: z.string(),
  board_basis: z.string().nullable(),
  occupancy: intAnswer,
  accommodation: z.object({ id: intAnswer, name: z.string() }),
  supplement: moneyAnswer,
  check_in_date: dateAnswer,
  check_out_date: dateAnswer,
  nights: intAnswer,
  price: nullableMoney,
  sale_price: nullableMoney,
  cost: nullableMoney,
  price_source: z.enum(['instance', 'base']).nullable(),
  remaining_availability: intAnswer,
  stop_sell: z.boolean(),
  for_sale: z.boolean(),
  sale_closed: z.string().nullable().optional(),
});

/** Both ways assignable: the answer names exactly the fields of the rule's `OfferedRoom`. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when `OfferedRoom` (src/shared/pricing.ts) gains a field the answer would strip. */
export const offeredRoomAnswerMatchesRule: SameShape<z.input<typeof offeredRoomAnswer>, OfferedRoom> = true;

/** POST tours/get-instance-rooms: the rooms an instance offers (see src/shared/pricing.ts). */
export const instanceRoomsAnswer = z.object({
  success: z.literal(true),
  data: z.array(offeredRoomAnswer),
  instance: z.object({
    id: intAnswer,
    tour_id: intAnswer,
    departure_date: dateAnswer,
    stop_sell_level: z.enum(['instance', 'group', 'tour']).nullable(),
    /** Effective places (instance, else group, else tour); null: no limit (issue #10). */
    places: nullableInt,
    /** Places less the guests of every live (not cancelled) booking; null: no limit. */
    places_left: nullableInt,
    /** Why the departure can no longer be sold (departed, release days passed), or null. */
    sale_closed: z.string().nullable(),
    /** The effective base price per guest (instance, else group), before supplements. */
    base_price: nullableMoney,
  }),
  group_overrides: z.boolean(),
});
export type InstanceRoomsAnswer = z.input<typeof instanceRoomsAnswer>;

// ---------------------------------------------------------------------------------------------
// Bulk Tour Instance Uploader (spec 3 §2 Tours)

/**
 * The CSV layout of the Bulk Tour Instance Uploader, in column order; the template
 * (GET csvupload/template) is this header row. One row is one instance, optionally with one room
 * price; several rows may name the same instance (one per room).
 */
export const CSV_COLUMNS = [
  { name: 'tour_reference', required: true, help: 'The tour reference (Tour form: Reference).' },
  {
    name: 'group_start_date',
    required: true,
    help: 'Start date of an existing group of that tour (DD/MM/YYYY or YYYY-MM-DD).',
  },
  { name: 'departure_date', required: true, help: 'Departure date of the instance.' },
  {
    name: 'departure_airport',
    required: false,
    help: 'Air and world-wide tours: IATA code of the departure airport, e.g. MAN.',
  },
  {
    name: 'pickup_point',
    required: false,
    help: "Coach tours: name of a pickup point of the group's region.",
  },
  {
    name: 'instance_title',
    required: false,
    help: 'Title of a new instance (default: the airport or pickup point).',
  },
  { name: 'base_price', required: false, help: 'Per guest, £ with up to 2 decimals.' },
  { name: 'base_sale_price', required: false, help: 'Per guest, £.' },
  { name: 'base_cost', required: false, help: 'Per guest, £.' },
  { name: 'deposit_price', required: false, help: '£; blank falls back to the group and tour.' },
  { name: 'tour_places', required: false, help: 'Places available on the instance.' },
  { name: 'accommodation', required: false, help: 'With room: accommodation name offered on the group.' },
  { name: 'room', required: false, help: 'Room name of that accommodation.' },
  {
    name: 'room_price',
    required: false,
    help: 'Instance price of that room per guest, £ (0.00 = base + supplement).',
  },
  { name: 'room_sale_price', required: false, help: 'Instance sale price of that room, £.' },
  { name: 'room_cost', required: false, help: 'Instance cost of that room, £.' },
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number]['name'];

/** A refused row of an upload: its line in the file (the header is line 1) and what is wrong. */
export interface CsvLineError {
  line: number;
  errors: string[];
}
