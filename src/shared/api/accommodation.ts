import { z } from 'zod';
import { blankToUndefined, flagSchema, intSchema, optionalId, optionalText, requiredText } from './common';

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

/** A room as the API answers it. */
export interface AccommodationRoom {
  id: number;
  accommodation_id: number;
  name: string;
  board_basis: string | null;
  occupancy: number;
  is_special: boolean;
}

/** GET accommodation/room/{id} data[0]: the room with its accommodation's name. */
export interface RoomDetails extends AccommodationRoom {
  accommodation_name: string;
}

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

/** A gallery image (spec 3 §3 Accommodation: gallery images (id, link)). */
export interface GalleryImage {
  id: number;
  link: string;
}

/** A row of the Tours tab: a tour (or group) that offers this accommodation. */
export interface AccommodationTourLink {
  id: number;
  tour_id: number;
  tour_name: string;
  tour_type: string;
  reference: string | null;
  tour_group_id: number | null;
  group_start_date: string | null;
}

/** GET accommodation/{id} data[0]. */
export interface Accommodation {
  id: number;
  accommodation_name: string;
  phone_number: string | null;
  address: string | null;
  resort_id: number | null;
  resort_name: string | null;
  supplier_id: number | null;
  supplier_name: string | null;
  star_rating: number | null;
  short_description: string | null;
  gallery_image_link: GalleryImage[];
  accommodation_rooms: AccommodationRoom[];
  tour_accommodation: AccommodationTourLink[];
}

/** A row of GET accommodation (the list other screens pick from). */
export interface AccommodationListItem {
  id: number;
  accommodation_name: string;
  resort_name: string | null;
  accommodation_rooms: AccommodationRoom[];
}

export const ACCOMMODATION_DELETE_CONFIRM =
  'Are you sure you want to delete this accomodation? If a tour uses it, deletion will be prevented automatically.';
export const ACCOMMODATION_IN_USE_MESSAGE =
  'This accommodation cannot be deleted: tours use it. Remove it from those tours first.';
