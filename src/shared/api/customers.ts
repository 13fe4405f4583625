import { z } from 'zod';
import {
  blankToUndefined,
  flagSchema,
  idSchema,
  intSchema,
  optionalEmail,
  optionalId,
  optionalText,
  requiredText,
  ukPostcodeSchema,
} from './common';

/** Titles a customer may carry (spec 2 §3 Customer). */
export const CUSTOMER_TITLES = ['Mr', 'Mrs', 'Miss', 'Ms', 'Lady', 'Sir', 'Dr'] as const;

/** The product's default country: United Kingdom (spec 2 §9). */
export const DEFAULT_COUNTRY_ID = 220;

const optionalFlag = z.preprocess(blankToUndefined, flagSchema.optional());

/**
 * A customer as the form sends it (spec 2 §3 Customer, §5). First and last name are required, the
 * email must be well-formed, and while the country is the United Kingdom (the default, id 220) the
 * postcode must be a valid UK postcode and is answered in its standard form ('sw1a1aa' → 'SW1A 1AA');
 * for another country it is kept as typed. Country and affiliate must exist (checked by the server).
 */
export const customerInput = z
  .object({
    title: z.preprocess(
      blankToUndefined,
      z.enum(CUSTOMER_TITLES, { error: `Title must be one of ${CUSTOMER_TITLES.join(', ')}.` }).optional(),
    ),
    first_name: requiredText('First name', 100),
    last_name: requiredText('Last name', 100),
    email: optionalEmail,
    phone_number: optionalText(30),
    mobile_number: optionalText(30),
    street_address: optionalText(150),
    address_line_2: optionalText(150),
    address_line_3: optionalText(150),
    address_line_4: optionalText(150),
    town: optionalText(100),
    county: optionalText(100),
    postcode: optionalText(20),
    country_id: optionalId,
    affiliate_id: optionalId,
    opt_out_email: optionalFlag,
    opt_out_mailing: optionalFlag,
    is_blacklisted: optionalFlag,
  })
  .transform((v, ctx) => {
    const country_id = v.country_id ?? DEFAULT_COUNTRY_ID;
    let postcode = v.postcode;
    if (postcode && country_id === DEFAULT_COUNTRY_ID) {
      const parsed = ukPostcodeSchema.safeParse(postcode);
      if (parsed.success) postcode = parsed.data;
      else ctx.addIssue({ code: 'custom', path: ['postcode'], message: parsed.error.issues[0].message });
    }
    return {
      ...v,
      postcode,
      country_id,
      opt_out_email: v.opt_out_email ?? false,
      opt_out_mailing: v.opt_out_mailing ?? false,
      is_blacklisted: v.is_blacklisted ?? false,
    };
  });
export type CustomerInput = z.input<typeof customerInput>;
export type CustomerValues = z.output<typeof customerInput>;

/** A customer as GET customers/{id} answers it (`data`). */
export interface Customer {
  id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string | null;
  phone_number: string | null;
  mobile_number: string | null;
  street_address: string | null;
  address_line_2: string | null;
  address_line_3: string | null;
  address_line_4: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  country_id: number;
  country_name: string | null;
  affiliate_id: number | null;
  affiliate_name: string | null;
  opt_out_email: boolean;
  opt_out_mailing: boolean;
  is_blacklisted: boolean;
  /** ISO date-time. */
  created_at: string;
}

/** A row of the customers list (GET customers/table). */
export interface CustomerRow {
  id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string | null;
  phone_number: string | null;
  mobile_number: string | null;
  postcode: string | null;
  town: string | null;
  is_blacklisted: boolean;
  created_at: string;
}

/** The customers list's own filters (spec 2 §7 GET customers/table), also those of the CSV export. */
export const customerFilterShape = {
  pincode_search: optionalText(20),
  open_search: optionalText(100),
};

/** One of a customer's bookings (GET customers/{id}/bookings). */
export interface CustomerBooking {
  id: number;
  booking_ref: string | null;
  old_booking_id: number | null;
  /** YYYY-MM-DD. */
  departure_date: string | null;
  /** Date booked, ISO date-time. */
  created_at: string;
  status: string;
  cancelled_at: string | null;
}

/** GET customers/{id}/bookings: current bookings and those imported from the earlier system. */
export interface CustomerBookings {
  bookings: CustomerBooking[];
  old_bookings: CustomerBooking[];
}

/** Postcode look-up (spec 1 §7): GET customers/postcode/lookup?postcode= → data.suggestions. */
export const postcodeLookupQuery = z.object({ postcode: ukPostcodeSchema });
export interface AddressSuggestion {
  /** Pass to GET customers/postcode/full-address?address_id=. */
  id: string;
  /** One line, e.g. '10 Watkin Terrace, Northampton, Northamptonshire'. */
  address: string;
}

/** GET customers/postcode/full-address?address_id= → data (spec 1 §7). */
export const fullAddressQuery = z.object({
  address_id: z.string().trim().min(1, 'Choose an address.').max(300),
});
export interface FullAddress {
  line_1: string;
  line_2: string;
  line_3: string;
  line_4: string;
  town_or_city: string;
  county: string;
  postcode: string;
  /** As the provider names it, e.g. 'England'. */
  country: string;
  /** The countries table id when known (UK nations → 220). */
  country_id: number | null;
}

/** Customer notes (spec 1 §7 customer-note/get-notes, add-note; spec 2 §3 notes). */
export const getNotesInput = z.object({ customer_id: idSchema });
/** The spec sends the text as `comment`; `note` is accepted too. */
export const addNoteInput = z
  .object({
    customer_id: idSchema,
    comment: z.string().optional(),
    note: z.string().optional(),
  })
  .transform((v, ctx) => {
    const text = (v.comment ?? v.note ?? '').trim();
    if (!text) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Please write a note.' });
    else if (text.length > 5000)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'The note is too long.' });
    return { customer_id: v.customer_id, note: text };
  });
export interface CustomerNote {
  id: number;
  note: string;
  /** YYYY-MM-DD (Europe/London). */
  note_date: string;
  /** HH:mm (Europe/London). */
  note_time: string;
  admin: { name: string } | null;
  admin_name: string | null;
  created_at: string;
}

/** POST brochures/requests (spec 2 §7): a customer orders a brochure. */
export const brochureRequestInput = z.object({
  customer_id: idSchema,
  brochure_id: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    idSchema.optional().refine((v) => v !== undefined, 'Please choose a brochure.'),
  ),
  affiliate_id: optionalId,
  qty: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    intSchema('Quantity', { min: 1, max: 1000 }),
  ),
});
export type BrochureRequestInput = z.input<typeof brochureRequestInput>;

/** A customer's brochure request (GET brochures/requests/by_customer/{customerId}). */
export interface CustomerBrochureRequest {
  id: number;
  brochure_id: number;
  brochure_name: string;
  /** The spec's name for the same text. */
  brochures_names: string;
  qty: number;
  sent: boolean;
  affiliate_id: number | null;
  affiliate_name: string | null;
  batch_id: string | null;
  created_at: string;
}
