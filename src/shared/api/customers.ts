import { z } from 'zod';
import {
  blankToUndefined,
  flagSchema,
  idSchema,
  optionalEmail,
  optionalId,
  optionalText,
  requiredText,
  ukPostcodeSchema,
} from './common';
import {
  createdAnswer,
  dateAnswer,
  endpoint,
  fileAnswer,
  MEDIA,
  messageAnswer,
  timestampAnswer,
} from './contract';
import { dataTablesShape, tableAnswer } from './datatables';
import { idParams } from './params';

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

/** The customer object, flat or as `{customer: {...}}`. */
const customerBody = z.preprocess(
  (b) => (b && typeof b === 'object' && 'customer' in b && typeof b.customer === 'object' ? b.customer : b),
  customerInput,
);

/** A customer as GET customers/{id} answers it (`data`). */
export const customerAnswer = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  mobile_number: z.string().nullable(),
  street_address: z.string().nullable(),
  address_line_2: z.string().nullable(),
  address_line_3: z.string().nullable(),
  address_line_4: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
  country_id: z.number().int(),
  country_name: z.string().nullable(),
  affiliate_id: z.number().int().nullable(),
  affiliate_name: z.string().nullable(),
  opt_out_email: z.boolean(),
  opt_out_mailing: z.boolean(),
  is_blacklisted: z.boolean(),
  /** ISO date-time. */
  created_at: timestampAnswer,
});
/** The wire side (what the client receives). */
export type Customer = z.input<typeof customerAnswer>;

/** A row of the customers list (GET customers/table; also the bookings screens' pickers). */
export const customerRow = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  mobile_number: z.string().nullable(),
  postcode: z.string().nullable(),
  town: z.string().nullable(),
  is_blacklisted: z.boolean(),
  created_at: timestampAnswer,
});
export type CustomerRow = z.input<typeof customerRow>;

/** A hit of the customer type-ahead (POST customers/filtered/list). */
export const customerOption = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  postcode: z.string().nullable(),
  email: z.string().nullable(),
  is_blacklisted: z.boolean(),
});
export type CustomerOption = z.input<typeof customerOption>;

/** The customers list's own filters (spec 2 §7 GET customers/table), also those of the CSV export. */
export const customerFilterShape = {
  pincode_search: optionalText(20),
  open_search: optionalText(100),
};

/** One of a customer's bookings (GET customers/{id}/bookings). */
export const customerBooking = z.object({
  id: z.number().int(),
  booking_ref: z.string().nullable(),
  old_booking_id: z.number().int().nullable(),
  /** YYYY-MM-DD. */
  departure_date: dateAnswer.nullable(),
  /** Date booked, ISO date-time. */
  created_at: timestampAnswer,
  status: z.string(),
  cancelled_at: timestampAnswer.nullable(),
});
export type CustomerBooking = z.input<typeof customerBooking>;

/** GET customers/{id}/bookings: current bookings and those imported from the earlier system. */
export const customerBookings = z.object({
  bookings: z.array(customerBooking),
  old_bookings: z.array(customerBooking),
});
export type CustomerBookings = z.input<typeof customerBookings>;

/** Postcode look-up (spec 1 §7): GET customers/postcode/lookup?postcode= → data.suggestions. */
export const postcodeLookupQuery = z.object({ postcode: ukPostcodeSchema });
export const addressSuggestion = z.object({
  /** Pass to GET customers/postcode/full-address?address_id=. */
  id: z.string(),
  /** One line, e.g. '10 Watkin Terrace, Northampton, Northamptonshire'. */
  address: z.string(),
});
export type AddressSuggestion = z.input<typeof addressSuggestion>;

/** GET customers/postcode/full-address?address_id= → data (spec 1 §7). */
export const fullAddressQuery = z.object({
  address_id: z.string().trim().min(1, 'Choose an address.').max(300),
});
export const fullAddressAnswer = z.object({
  line_1: z.string(),
  line_2: z.string(),
  line_3: z.string(),
  line_4: z.string(),
  town_or_city: z.string(),
  county: z.string(),
  postcode: z.string(),
  /** As the provider names it, e.g. 'England'. */
  country: z.string(),
  /** The countries table id when known (UK nations → 220). */
  country_id: z.number().int().nullable(),
});
export type FullAddress = z.input<typeof fullAddressAnswer>;

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
export const customerNote = z.object({
  id: z.number().int(),
  note: z.string(),
  /** YYYY-MM-DD (London). */
  note_date: z.string(),
  /** HH:mm (London). */
  note_time: z.string(),
  admin: z.object({ name: z.string() }).nullable(),
  admin_name: z.string().nullable(),
  created_at: timestampAnswer,
});
export type CustomerNote = z.input<typeof customerNote>;

/**
 * GET customers/likely-duplicates (issue #22 point 11): what New customer is about to save. Names
 * are required; email and post code may be blank.
 */
export const likelyDuplicatesQuery = z.strictObject({
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  email: optionalText(255),
  postcode: optionalText(20),
});

/** A customer on file that the one being created may duplicate, and why. */
export const likelyDuplicate = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string().nullable(),
  postcode: z.string().nullable(),
  /** ISO date-time. */
  created_at: timestampAnswer,
  /** Its bookings as lead customer. */
  bookings: z.number().int(),
  reasons: z.array(z.enum(['email', 'name_postcode'])),
});
export type LikelyDuplicate = z.input<typeof likelyDuplicate>;

/**
 * Customers (spec 2 §2 Customers, §7 'Customers and brochures'; spec 1 §7 postcode look-up and
 * notes). Create and update are role 1 only (spec 2 §6); reading, notes and the export are open to
 * any signed-in staff member.
 */
export const customersApi = {
  filteredList: endpoint({
    method: 'POST',
    path: '/customers/filtered/list',
    summary: 'Customer type-ahead: up to 20 customers whose name or postcode contains `search`.',
    permission: 'customers.filteredList',
    body: z.object({ search: z.string().max(100).optional().default('') }).optional(),
    answer: z.object({ status: z.literal(true), data: z.array(customerOption) }),
  }),
  table: endpoint({
    method: 'GET',
    path: '/customers/table',
    summary: 'Customers, DataTables protocol; optional pincode_search (postcode start) and open_search.',
    query: z.strictObject({ ...dataTablesShape, ...customerFilterShape }),
    answer: tableAnswer(customerRow),
  }),
  export: endpoint({
    method: 'GET',
    path: '/customers/export',
    summary: 'The filtered customers list as customers.csv (spec 2 §2 CSV export), streamed.',
    permission: 'customers.export',
    query: z.strictObject({
      ...customerFilterShape,
      /** The list's quick search, as text or as DataTables' search[value]. */
      search: z.union([optionalText(200), z.object({ value: optionalText(200) })]).optional(),
    }),
    answer: fileAnswer,
    files: [MEDIA.csv],
  }),
  postcodeLookup: endpoint({
    method: 'GET',
    path: '/customers/postcode/lookup',
    summary:
      'Addresses for a UK postcode: data.suggestions [{id, address}] (getAddress.io with GETADDRESS_API_KEY, else addresses on file).',
    query: postcodeLookupQuery,
    answer: z.object({
      success: z.literal(true),
      data: z.object({ suggestions: z.array(addressSuggestion) }),
    }),
  }),
  fullAddress: endpoint({
    method: 'GET',
    path: '/customers/postcode/full-address',
    summary:
      'The full address of a suggestion: data {line_1..line_4, town_or_city, county, postcode, country}.',
    query: fullAddressQuery,
    answer: z.object({ success: z.literal(true), data: fullAddressAnswer }),
  }),
  likelyDuplicates: endpoint({
    method: 'GET',
    path: '/customers/likely-duplicates',
    summary:
      'Customers on file with the same email, or the same name and post code, as first_name, last_name, ' +
      'email and postcode (issue #22): data, oldest first, at most 10, each with its bookings count and reasons.',
    query: likelyDuplicatesQuery,
    answer: z.object({ success: z.literal(true), data: z.array(likelyDuplicate) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/customers',
    summary: 'Create a customer; answers data.id.',
    permission: 'customers.create',
    body: customerBody,
    answer: createdAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: '/customers/:id',
    summary: 'One customer: data.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: customerAnswer }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/customers/:id',
    summary: 'Update a customer (the whole form).',
    permission: 'customers.update',
    params: idParams,
    body: customerBody,
    answer: messageAnswer,
  }),
  bookings: endpoint({
    method: 'GET',
    path: '/customers/:id/bookings',
    summary: "A customer's bookings: data.bookings (current) and data.old_bookings (earlier system).",
    params: idParams,
    answer: z.object({ success: z.literal(true), data: customerBookings }),
  }),
  getNotes: endpoint({
    method: 'POST',
    path: '/customer-note/get-notes',
    summary: "A customer's notes, newest first: note_list.",
    permission: 'customers.getNotes',
    body: getNotesInput,
    answer: z.object({ status: z.literal(true), note_list: z.array(customerNote) }),
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/customer-note/add-note',
    summary: 'Add a note (text in `comment`, or `note`) by the signed-in staff member; answers note_list.',
    permission: 'customers.addNote',
    body: addNoteInput,
    answer: z.object({ status: z.literal(true), message: z.string(), note_list: z.array(customerNote) }),
  }),
};
