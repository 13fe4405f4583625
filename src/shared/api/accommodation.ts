import { z } from 'zod';
import {
  blankToUndefined,
  flagSchema,
  idSchema,
  intSchema,
  optionalId,
  optionalText,
  requiredText,
} from './common';
import { createdAnswer, dateAnswer, endpoint, messageAnswer, okAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/** Unwraps `{key: {...}}` to the inner object; a flat body passes through (spec payloads vary). */
export const unwrap = (key: string) => (b: unknown) =>
  b && typeof b === 'object' && key in b && typeof (b as Record<string, unknown>)[key] === 'object'
    ? (b as Record<string, unknown>)[key]
    : b;

/**
 * Absent (undefined) reads '{label} is required.'; otherwise the value goes on. Written as a
 * transform (not an aborting check) so the object's own cross-field rules still run and every
 * message shows at once.
 */
export const requiredValue = (label: string) =>
  z.any().transform((v, ctx) => {
    if (v === undefined) {
      ctx.addIssue({ code: 'custom', message: `${label} is required.` });
      return z.NEVER;
    }
    return v;
  });

/** A required whole number: blank or absent reads '{label} is required.'. */
export const requiredInt = (label: string, opts?: { min?: number; max?: number }) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    requiredValue(label).pipe(intSchema(label, opts)),
  );

/**
 * An accommodation as the Accommodation Details form sends it (spec 3 §3 Accommodation): name
 * required, star rating 1 to 5 (spec 3 §9), resort and supplier chosen from lists.
 */
export const accommodationInput = z.object({
  accommodation_name: requiredText('Accommodation name', 200),
  phone_number: optionalText(40),
  address: optionalText(500),
  resort_id: optionalId,
  supplier_id: optionalId,
  star_rating: z.preprocess(blankToUndefined, intSchema('Star rating', { min: 1, max: 5 }).optional()),
  short_description: optionalText(2000),
});
export type AccommodationInput = z.input<typeof accommodationInput>;

/** Room form (spec 3 §5 Room form): name, board basis and occupancy required; occupancy at least 1. */
export const roomInput = z.object({
  name: requiredText('Room name', 150),
  board_basis: requiredText('Board basis', 100),
  occupancy: requiredInt('Occupancy', { min: 1, max: 20 }),
  is_special: z.preprocess(blankToUndefined, flagSchema.optional()).transform((v) => v ?? false),
});
export type RoomInput = z.input<typeof roomInput>;

export const GALLERY_EMPTY_MESSAGE = 'Please provide atleast one link.';

/** POST accommodation/handle-gallery (spec 3 §5 Gallery): at least one non-empty http(s) link. */
export const galleryInput = z.object({
  accommodation_id: z.coerce.number().int().positive(),
  image_links: z
    .preprocess(
      (v) =>
        (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])
          .map((x) => (typeof x === 'string' ? x.trim() : x))
          .filter((x) => x !== '' && x !== null && x !== undefined),
      z
        .array(
          z
            .string()
            .max(2000, 'The link is too long.')
            .regex(/^https?:\/\/\S+$/i, 'Each link must start with http:// or https://.'),
        )
        .max(50, 'At most 50 links at a time.'),
    )
    .refine((a) => a.length > 0, GALLERY_EMPTY_MESSAGE),
});
export type GalleryInput = z.input<typeof galleryInput>;

export const ACCOMMODATION_DELETE_CONFIRM =
  'Are you sure you want to delete this accomodation? If a tour uses it, deletion will be prevented automatically.';
export const ACCOMMODATION_IN_USE_MESSAGE =
  'This accommodation cannot be deleted: tours use it. Remove it from those tours first.';

/** The spec sends `{accommodation: {...}}` / `{room: {...}}`; a flat body is accepted too. */
const accommodationBody = z.preprocess(unwrap('accommodation'), accommodationInput);
const roomBody = z.preprocess(unwrap('room'), roomInput);

// ---- answers ----

/** A room as the API answers it (spec 3 §3 Accommodation room). */
export const roomAnswer = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  name: z.string(),
  board_basis: z.string().nullable(),
  occupancy: z.number().int(),
  is_special: z.boolean(),
});
export type AccommodationRoom = z.infer<typeof roomAnswer>;

/** GET accommodation/room/{id} data[0]: the room with its accommodation's name. */
export const roomDetailsAnswer = roomAnswer.extend({ accommodation_name: z.string() });
export type RoomDetails = z.infer<typeof roomDetailsAnswer>;

/** A gallery image (spec 3 §3 Accommodation: gallery images (id, link)). */
export const galleryImageAnswer = z.object({ id: z.number().int(), link: z.string() });
export type GalleryImage = z.infer<typeof galleryImageAnswer>;

/** A row of the Tours tab: a tour (or group) that offers this accommodation. */
export const tourLinkAnswer = z.object({
  id: z.number().int(),
  tour_id: z.number().int(),
  tour_name: z.string(),
  tour_type: z.string(),
  reference: z.string().nullable(),
  tour_group_id: z.number().int().nullable(),
  group_start_date: dateAnswer.nullable(),
});
export type AccommodationTourLink = z.infer<typeof tourLinkAnswer>;

/** The accommodation's own fields (GET accommodation/{id} without its lists). */
export const accommodationFields = z.object({
  id: z.number().int(),
  accommodation_name: z.string(),
  phone_number: z.string().nullable(),
  address: z.string().nullable(),
  resort_id: z.number().int().nullable(),
  resort_name: z.string().nullable(),
  supplier_id: z.number().int().nullable(),
  supplier_name: z.string().nullable(),
  star_rating: z.number().int().nullable(),
  short_description: z.string().nullable(),
});

/** GET accommodation/{id} data[0]: the accommodation with its gallery, rooms and the tours using it. */
export const accommodationAnswer = accommodationFields.extend({
  gallery_image_link: z.array(galleryImageAnswer),
  accommodation_rooms: z.array(roomAnswer),
  tour_accommodation: z.array(tourLinkAnswer),
});
export type Accommodation = z.infer<typeof accommodationAnswer>;

/** A row of GET accommodation (the list other screens pick from). */
export const accommodationListItem = z.object({
  id: z.number().int(),
  accommodation_name: z.string(),
  resort_name: z.string().nullable(),
  accommodation_rooms: z.array(roomAnswer),
});
export type AccommodationListItem = z.infer<typeof accommodationListItem>;

/** A row of the accommodation table. */
export const accommodationRow = z.object({
  id: z.number().int(),
  accommodation_name: z.string(),
  resort_name: z.string().nullable(),
  supplier_name: z.string().nullable(),
  star_rating: z.number().int().nullable(),
});
export type AccommodationRow = z.infer<typeof accommodationRow>;

/** GET accommodation/supplier-and-resorts data: the two lists the details form chooses from. */
export const suppliersAndResortsAnswer = z.object({
  suppliers: z.array(z.object({ id: z.number().int(), supplier_name: z.string() })),
  resorts: z.array(z.object({ id: z.number().int(), resort_name: z.string() })),
});

/** What the gallery calls answer: the gallery as it now is. */
const galleryAnswer = okAnswer({ data: z.array(galleryImageAnswer) });

/**
 * Accommodation and rooms (spec 3 §2 'Accommodation and rooms', §7 'Accommodation'). Reads are open
 * to staff; every write is role 1 only (spec 3 §6).
 *
 * Room calls: GET accommodation/room/{id} answers one room (data[0]); GET accommodation/rooms/{id}
 * lists the rooms of accommodation {id}; POST accommodation/rooms/{id} adds a room to accommodation
 * {id} (Rooms tab); PUT accommodation/rooms/{id} saves room {id} (the room form, on each field change
 * and on 'Update room').
 */
export const accommodationApi = {
  table: endpoint({
    method: 'GET',
    path: '/accommodation/table',
    summary: 'Accommodation, DataTables protocol: name, resort, supplier (All allowed).',
    query: dataTablesRequestSchema,
    answer: tableAnswer(accommodationRow),
  }),
  list: endpoint({
    method: 'GET',
    path: '/accommodation',
    summary: 'All accommodation with accommodation_rooms; optional filter_by_name (contains).',
    query: z.object({ filter_by_name: z.string().max(200).optional() }),
    answer: z.object({ success: z.literal(true), data: z.array(accommodationListItem) }),
  }),
  suppliersAndResorts: endpoint({
    method: 'GET',
    path: '/accommodation/supplier-and-resorts',
    summary: 'data.suppliers [{id, supplier_name}] and data.resorts [{id, resort_name}].',
    answer: z.object({ success: z.literal(true), data: suppliersAndResortsAnswer }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/accommodation/:id',
    summary: 'One accommodation: data[0] with gallery_image_link, accommodation_rooms, tour_accommodation.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: z.array(accommodationAnswer) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/accommodation',
    summary: 'Create accommodation; answers data.id.',
    permission: 'accommodation.create',
    body: accommodationBody,
    answer: createdAnswer,
  }),
  addGalleryLinks: endpoint({
    method: 'POST',
    path: '/accommodation/handle-gallery',
    summary: 'Add gallery image links (at least one); answers data: the gallery.',
    permission: 'accommodation.update',
    body: galleryInput,
    answer: galleryAnswer,
  }),
  deleteGalleryImage: endpoint({
    method: 'POST',
    path: '/accommodation/delete-gallery-image',
    summary: 'Remove one gallery image; answers data: the gallery.',
    permission: 'accommodation.update',
    body: z.object({ accommodation_id: idSchema, image_links_id: idSchema }),
    answer: galleryAnswer,
  }),
  update: endpoint({
    method: 'POST',
    path: '/accommodation/:id',
    summary: 'Update accommodation details (whole object).',
    permission: 'accommodation.update',
    params: idParams,
    body: accommodationBody,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/accommodation/:id/delete',
    summary: 'Delete accommodation with its rooms and gallery (refused while tours use it).',
    permission: 'accommodation.delete',
    params: idParams,
    answer: messageAnswer,
  }),
  room: endpoint({
    method: 'GET',
    path: '/accommodation/room/:id',
    summary: 'One room with accommodation_name: data[0].',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: z.array(roomDetailsAnswer) }),
  }),
  rooms: endpoint({
    method: 'GET',
    path: '/accommodation/rooms/:id',
    summary: 'The rooms of accommodation {id}: data.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: z.array(roomAnswer) }),
  }),
  createRoom: endpoint({
    method: 'POST',
    path: '/accommodation/rooms/:id',
    summary: 'Add a room to accommodation {id}; answers data.id.',
    permission: 'rooms.create',
    params: idParams,
    body: roomBody,
    answer: createdAnswer,
  }),
  updateRoom: endpoint({
    method: 'PUT',
    path: '/accommodation/rooms/:id',
    summary: 'Save room {id} (whole room object; sent on each field change).',
    permission: 'rooms.update',
    params: idParams,
    body: roomBody,
    answer: messageAnswer,
  }),
};
