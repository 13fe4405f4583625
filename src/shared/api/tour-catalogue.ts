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
  requiredText,
  ymdSchema,
} from './common';

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

/** POST tours/accommodation/{id}/rooms: the accommodation room to add, with its supplement. */
export const tourRoomCreateInput = z.object({
  accommodation_room_id: idSchema,
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
// Answers

/** A tour as GET tours/{id} answers it (data[0]). */
export interface TourDetail extends Omit<TourValues, 'deposit_price'> {
  id: number;
  deposit_price: string | null;
  information_doc_name: string | null;
  has_information_doc: boolean;
  destination_name: string | null;
  bonding_type_name: string | null;
  accommodation: TourAccommodationRow[];
  extras: TourExtraRow[];
  groups_count: number;
}

/** A tour accommodation row of the tour or group screens. */
export interface TourAccommodationRow {
  id: number;
  tour_id: number;
  tour_group_id: number | null;
  accommodation_id: number;
  accommodation_name: string;
  check_in_day: number;
  check_out_day: number;
  is_special_accommodation: boolean;
  rooms_count: number;
  /** Groups of the tour that exclude it (tour accommodation only). */
  excluded_group_ids: number[];
}

export interface TourExtraRow {
  id: number;
  name: string;
  price: string;
  cost: string;
  commissionable: boolean;
  commission_rate: string | null;
  start_date: string | null;
  end_date: string | null;
}

/** GET tours/accommodation/{id}: a tour accommodation with its rooms and the rooms left to add. */
export interface TourAccommodationDetail extends TourAccommodationRow {
  tour_name: string;
  tour_type: TourType;
  duration: number | null;
  group_start_date: string | null;
  rooms: TourRoomRow[];
  /** Rooms of the accommodation not yet added. */
  accommodation_rooms: { id: number; name: string; board_basis: string | null; occupancy: number }[];
}

export interface TourRoomRow {
  id: number;
  tour_accommodation_id: number;
  accommodation_room_id: number;
  name: string;
  board_basis: string | null;
  occupancy: number;
  supplement: string;
  accommodation_id: number;
  in_use: boolean;
}

/** A group as GET tours/groups/{id} answers it (data.tourGroup). */
export interface TourGroupDetail {
  id: number;
  tour_id: number;
  start_date: string;
  deposit_price: string | null;
  base_price: string | null;
  base_cost: string | null;
  duration: number | null;
  minimum_age: number | null;
  release_days_before: number | null;
  available_places: number | null;
  passengers: number;
  stop_sell: boolean;
  is_special_group: boolean;
  group_itinerary: string | null;
  pick_up_point_region_id: number | null;
  pick_up_point_region_name: string | null;
  tour: {
    id: number;
    name: string;
    tour_type: TourType;
    deposit_price: string | null;
    duration: number | null;
    minimum_age: number | null;
    release_days_before: number | null;
    tour_places: number | null;
    itinerary: string | null;
  };
  instances: InstanceRow[];
  links: { id: number; start_date: string }[];
  /** Groups of the same tour with a different start date, not linked yet. */
  linkable_groups: { id: number; start_date: string }[];
  excluded_accommodations: { accommodation_id: number; tour_accommodation_id: number }[];
  /** The tour's own accommodation (for the exclude switches). */
  tour_accommodations: TourAccommodationRow[];
  /** The group's own accommodation (overrides the tour's when present). */
  group_accommodations: TourAccommodationRow[];
}

/** An instance row of the group screen and GET tours/{id}/instances. */
export interface InstanceRow {
  id: number;
  tour_id: number;
  tour_group_id: number;
  instance_title: string | null;
  departure_date: string;
  departure_airport_id: number | null;
  pickup_point_id: number | null;
  self_drive: boolean;
  base_price: string | null;
  base_sale_price: string | null;
  tour_places: number | null;
  stop_sell: boolean;
  booking_count: number;
  pax_count: number;
  airport: { airport_name: string; iata_code: string } | null;
  pick_up_point: { pickup_point_name: string } | null;
}

/** A flight of an instance (spec 3 §3 Flight on an instance). */
export interface InstanceFlight {
  id: number;
  flight_number: string;
  departure_airport: { airport_name: string; iata_code: string };
  arrival_airport: { airport_name: string; iata_code: string };
  departure_time: string;
  arrival_time: string;
  indirect_outbound: boolean;
  indirect_inbound: boolean;
}

/** GET tours/instances/{id} (data). */
export interface InstanceDetail extends InstanceRow {
  is_special_instance: boolean;
  deposit_price: string | null;
  base_cost: string | null;
  duration: number | null;
  minimum_age: number | null;
  release_days_before: number | null;
  travel_itinerary: string | null;
  currency: string;
  indirect_flights: boolean;
  tour: {
    id: number;
    name: string;
    tour_type: TourType;
    deposit_price: string | null;
    duration: number | null;
    minimum_age: number | null;
    release_days_before: number | null;
    tour_places: number | null;
  };
  group: {
    id: number;
    start_date: string;
    deposit_price: string | null;
    base_price: string | null;
    base_cost: string | null;
    duration: number | null;
    minimum_age: number | null;
    release_days_before: number | null;
    available_places: number | null;
    pick_up_point_region_id: number | null;
  };
  flights: InstanceFlight[];
  /** The accommodation and rooms the instance offers, with their saved price rows. */
  price_rooms: InstancePriceRoom[];
  /** True when the group's own accommodation overrides the tour's. */
  group_overrides: boolean;
  /** True when the tour has no accommodation at all. */
  tour_has_accommodation: boolean;
}

export interface InstancePriceRoom {
  tour_room_id: number;
  tour_accommodation_id: number;
  accommodation_name: string;
  name: string;
  board_basis: string | null;
  supplement: string;
  price: string;
  cost: string;
  sale_price: string;
}

/** A booking row of the group and instance screens (spec 3 §3 Booking row in a group). */
export interface GroupBookingRow {
  id: number;
  tour_booking_id: number;
  booking_ref: string | null;
  old_booking_id: number | null;
  cancelled_at: string | null;
  changes_accepted: number;
  booking_status: string;
  created_at: string;
  customer: { id: number; first_name: string; last_name: string } | null;
  airline_ref: string | null;
  guests: number;
  rooms: number;
  room: { tour_room_id: number; name: string; board_basis: string | null; accommodation: string } | null;
  instance_title: string | null;
  departure_date: string;
}

/** POST tours/get-instance-rooms: the rooms an instance offers (see src/shared/pricing.ts). */
export interface InstanceRoomsAnswer {
  success: true;
  data: OfferedRoom[];
  instance: {
    id: number;
    departure_date: string;
    stop_sell_level: 'instance' | 'group' | 'tour' | null;
    /** Effective places (instance, else group, else tour); null: no limit (issue #10). */
    places: number | null;
    /** Places less the guests of every live (not cancelled) booking; null: no limit. */
    places_left: number | null;
  };
  group_overrides: boolean;
}

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
