import { z } from 'zod';
import { blankToUndefined, flagSchema, idSchema } from './common';
import { createdAnswer, endpoint, fileAnswer, MEDIA, messageAnswer, okAnswer } from './contract';
import { dataTablesShape, tableAnswer } from './datatables';
import { idParams } from './params';
import {
  instanceRoomsAnswer,
  instanceRoomsInput,
  TOUR_TYPE_VALUES,
  tourAccommodationDetailAnswer,
  tourAccommodationInput,
  tourDetailAnswer,
  tourInput,
  tourRoomCreateInput,
  tourRoomInput,
  tourRoomRowAnswer,
  tourSuppressionInput,
} from './tour-catalogue';

/**
 * Tours (spec 3 §2 Tours, §7 Tours, Tour accommodation and rooms, 'get-instance-rooms', the Bulk
 * Tour Instance Uploader): the endpoints of the tour screens. Groups and instances have their own
 * files (groups.ts, instances.ts); the input and answer schemas live in tour-catalogue.ts.
 */

/** A row of GET tours: the tour list other screens pick from (spec 3 §7 Tours). */
export const tourListItemAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  reference: z.string().nullable(),
  tour_type: z.string(),
  is_suppressed: z.boolean(),
});
export type TourListItem = z.input<typeof tourListItemAnswer>;

/** A row of the tours table (spec 3 §2 Tours: Name, Tour type, 'Supressed ?'). */
export const tourRowAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  reference: z.string().nullable(),
  tour_type: z.enum(TOUR_TYPE_VALUES),
  is_suppressed: z.boolean(),
  enabled: z.number().int(),
});
export type TourRow = z.input<typeof tourRowAnswer>;

/** GET tours/tour-data: the lists the tour screens choose from (the spec's spellings). */
export const tourDataAnswer = z.object({
  accomodations: z.array(
    z.object({ id: z.number().int(), accommodation_name: z.string(), resort_name: z.string().nullable() }),
  ),
  bonding_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
  countries: z.array(z.object({ id: z.number().int(), name: z.string() })),
  pickUpRegions: z.array(
    z.object({
      id: z.number().int(),
      region_name: z.string(),
      pick_up_points: z.array(z.object({ id: z.number().int(), pickup_point_name: z.string() })),
    }),
  ),
});
export type TourData = z.input<typeof tourDataAnswer>;

/** A departure airport (GET airports/by_country/{code}). */
export const departureAirportAnswer = z.object({
  id: z.number().int(),
  airport_name: z.string(),
  iata_code: z.string(),
  city: z.string().nullable(),
});

/** Merges the tour form's `tour` (JSON text or an object) with flat fields; flat fields win. */
function unwrapTour(body: unknown, ctx: z.RefinementCtx): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { tour, ...flat } = body as Record<string, unknown>;
  if (typeof tour !== 'string' && (!tour || typeof tour !== 'object')) return body;
  let nested: unknown = tour;
  if (typeof nested === 'string') {
    try {
      nested = JSON.parse(nested);
    } catch {
      ctx.addIssue({ code: 'custom', path: ['tour'], message: 'The tour must be JSON.' });
      return z.NEVER;
    }
  }
  return { ...(nested as Record<string, unknown>), ...flat };
}

/**
 * The tour form as POST tours/ and tours/{id} read it (spec 3 §7): multipart with `tour` (JSON)
 * and/or flat fields, or a JSON body; the information PDF (`information_doc_file`) is read by the
 * server beside it.
 */
export const tourFormBody = z.preprocess(unwrapTour, tourInput);

/** The form field of the tour's information PDF (spec 3 §7 POST tours/). */
export const TOUR_DOC_FIELD = 'information_doc_file';

const create = endpoint({
  method: 'POST',
  path: '/tours/',
  summary:
    'Create a tour (multipart: tour JSON and/or flat fields, information_doc_file PDF); answers data.id.',
  permission: 'tours.create',
  multipart: true,
  body: tourFormBody,
  answer: createdAnswer,
});

/** Tours (spec 3 §7 Tours). Writes are role 1 only (spec 3 §6). */
export const toursApi = {
  list: endpoint({
    method: 'GET',
    path: '/tours',
    summary:
      'Tour list by name: data [{id, name, reference, tour_type, is_suppressed}]; suppressed tours only with show_suppressed=1.',
    query: z.object({ show_suppressed: z.preprocess(blankToUndefined, flagSchema.optional()) }),
    answer: z.object({ success: z.literal(true), data: z.array(tourListItemAnswer) }),
  }),
  table: endpoint({
    method: 'GET',
    path: '/tours/table',
    summary:
      'Tours, DataTables protocol: name, tour_type, is_suppressed; only suppressed ones with show_only_suppressed=yes.',
    query: z.strictObject({ ...dataTablesShape, show_only_suppressed: z.enum(['yes', 'no']).optional() }),
    answer: tableAnswer(tourRowAnswer),
  }),
  tourData: endpoint({
    method: 'GET',
    path: '/tours/tour-data',
    summary:
      'Lists the tour screens choose from: data.accomodations, bonding_types, countries, pickUpRegions.',
    answer: z.object({ success: z.literal(true), data: tourDataAnswer }),
  }),
  tourTypes: endpoint({
    method: 'GET',
    path: '/tours/tour-type',
    summary: 'The tour types (spec 3 §9): data [{id, name}].',
    answer: z.object({
      success: z.literal(true),
      data: z.array(z.object({ id: z.enum(TOUR_TYPE_VALUES), name: z.string() })),
    }),
  }),
  airportsByCountry: endpoint({
    method: 'GET',
    path: '/airports/by_country/:code',
    summary:
      "A country's departure airports: data [{id, airport_name, iata_code, city}] (GB: UK airports with scheduled service).",
    params: z.object({ code: z.string().regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code.') }),
    answer: z.object({ success: z.literal(true), data: z.array(departureAirportAnswer) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/tours/:id',
    summary: 'One tour with its accommodation and extras: data[0].',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: z.array(tourDetailAnswer) }),
  }),
  document: endpoint({
    method: 'GET',
    path: '/tours/tours-document/:id/download',
    summary: "The tour's information PDF under its original name; 404 'File not found' when none.",
    params: idParams,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
  create,
  /** The same as `create`, without the trailing slash. */
  createNoSlash: { ...create, path: '/tours' },
  update: endpoint({
    method: 'POST',
    path: '/tours/:id',
    summary: 'Update a tour (multipart as create); a new PDF replaces the old one.',
    permission: 'tours.update',
    params: idParams,
    multipart: true,
    body: tourFormBody,
    answer: messageAnswer,
  }),
  suppression: endpoint({
    method: 'POST',
    path: '/tours/update/tour-suppression',
    summary: "Suppress ('yes') or restore ('no') a tour; answers {status, message}.",
    permission: 'tours.update',
    body: tourSuppressionInput,
    answer: z.object({ status: z.literal(true), message: z.string() }),
  }),
  /** Spec 3 §7 Instances: what bookings will ask. */
  instanceRooms: endpoint({
    method: 'POST',
    path: '/tours/get-instance-rooms',
    summary:
      'The rooms an instance offers with per-guest price, sale_price and cost and remaining_availability for the stay (ARCHITECTURE.md price rule).',
    permission: 'tours.read',
    body: instanceRoomsInput,
    answer: instanceRoomsAnswer,
  }),
};

/** POST tours/accommodation/{id}/rooms: `room_id` is accepted for `accommodation_room_id`. */
const tourRoomCreateBody = z.preprocess(
  (b) =>
    b && typeof b === 'object' && 'room_id' in b && !('accommodation_room_id' in b)
      ? { ...b, accommodation_room_id: (b as { room_id: unknown }).room_id }
      : b,
  tourRoomCreateInput,
);

/** Tour accommodation and its rooms (spec 3 §7 Tours / Tour accommodation and rooms). */
export const tourAccommodationApi = {
  create: endpoint({
    method: 'POST',
    path: '/tours/:id/accommodation',
    summary:
      'Attach accommodation to a tour: accommodation_id, check_in_day, check_out_day (1..duration+1); answers data.id.',
    permission: 'tourAccommodation.save',
    params: idParams,
    body: tourAccommodationInput.extend({ tour_id: z.unknown().optional() }),
    answer: createdAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: '/tours/accommodation/:id',
    summary: 'A tour accommodation with its rooms and the rooms not yet added: data.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: tourAccommodationDetailAnswer }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/tours/accommodation/:id',
    summary: 'Update a tour accommodation: accommodation_id, check_in_day, check_out_day.',
    permission: 'tourAccommodation.save',
    params: idParams,
    body: tourAccommodationInput,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/tours/accommodation/:id/delete',
    summary: 'Delete a tour accommodation with its rooms (refused while bookings use them).',
    permission: 'tourAccommodation.delete',
    params: idParams,
    answer: messageAnswer,
  }),
  addRoom: endpoint({
    method: 'POST',
    path: '/tours/accommodation/:id/rooms',
    summary: 'Add a room of the accommodation (accommodation_room_id, optional supplement); answers data.id.',
    permission: 'tourAccommodation.save',
    params: idParams,
    body: tourRoomCreateBody,
    answer: createdAnswer,
  }),
  deleteRoom: endpoint({
    method: 'POST',
    path: '/tours/accommodation/rooms/:roomId/delete',
    summary: 'Delete a room of a tour accommodation (refused while bookings use it).',
    permission: 'tourAccommodation.delete',
    params: z.object({ roomId: idSchema }),
    answer: messageAnswer,
  }),
  getRoom: endpoint({
    method: 'GET',
    path: '/tours/rooms/:id',
    summary: 'One room of a tour accommodation: data.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: tourRoomRowAnswer }),
  }),
  updateRoom: endpoint({
    method: 'POST',
    path: '/tours/rooms/:id',
    summary: "Update a room's supplement (£ per guest, step 0.01).",
    permission: 'tourAccommodation.save',
    params: idParams,
    body: tourRoomInput,
    answer: messageAnswer,
  }),
};

/** The Bulk Tour Instance Uploader (spec 3 §2 Tours, §7 'POST csvupload multipart: csv, updateOnly'). */
export const csvUploadApi = {
  template: endpoint({
    method: 'GET',
    path: '/csvupload/template',
    summary: 'The CSV template of the Bulk Tour Instance Uploader (header row of the column layout).',
    answer: fileAnswer,
    files: [MEDIA.csv],
  }),
  upload: endpoint({
    method: 'POST',
    path: '/csvupload',
    summary:
      'Upload instances (or, with updateOnly, prices only) as CSV: every row is checked first; any bad row answers 422 naming its line and nothing is written.',
    permission: 'tours.csvUpload',
    multipart: true,
    body: z.object({ csv: z.unknown(), updateOnly: z.string().optional() }),
    answer: okAnswer({
      data: z.object({
        rows: z.number().int(),
        instances_created: z.number().int(),
        instances_updated: z.number().int(),
        prices_saved: z.number().int(),
      }),
    }),
  }),
};
