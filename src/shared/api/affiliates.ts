import { z } from 'zod';
import { partyBookingRow } from './agents';
import { flagSchema, optionalEmail, optionalPostcode, optionalText, requiredText } from './common';
import { createdAnswer, endpoint, messageAnswer, timestampAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { partyInvoiceBrief } from './invoices';
import { idParams } from './params';

/** An affiliate as the form sends it (spec 2 §3 Affiliate; §5: name and code are required). */
export const affiliateInput = z.object({
  name: requiredText('Name', 200),
  code: requiredText('Code', 50),
  email: optionalEmail,
  phone_number: optionalText(50),
  address_line_1: optionalText(255),
  address_line_2: optionalText(255),
  town_city: optionalText(100),
  county: optionalText(100),
  postcode: optionalPostcode,
  artwork_email: optionalEmail,
  is_active: z.preprocess((v) => (v === undefined || v === null || v === '' ? true : v), flagSchema),
});
export type AffiliateInput = z.input<typeof affiliateInput>;

/** POST affiliates/{id} with `is_active` only: the list's switch (spec 2 §4, saves at once). */
export const affiliateActiveInput = z.strictObject({ is_active: flagSchema });

/** The form sends the fields flat; `{affiliate: {...}}` is accepted too. */
const unwrap = (b: unknown) =>
  b && typeof b === 'object' && 'affiliate' in b && typeof b.affiliate === 'object' ? b.affiliate : b;
const affiliateBody = z.preprocess(unwrap, affiliateInput);

/**
 * POST affiliates/{id}: the whole form (`affiliateInput`, parsed as `{form}`), or `{is_active}`
 * alone — the list's switch (parsed as `{active}`), which leaves the other fields as they are.
 * Issues keep their fields (422 per field).
 */
const affiliateUpdateBody = z.unknown().transform((b, ctx) => {
  const body = unwrap(b);
  const fail = (issues: z.core.$ZodIssue[]) => {
    for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  };
  if (body && typeof body === 'object' && Object.keys(body).length === 1 && 'is_active' in body) {
    const active = affiliateActiveInput.safeParse(body);
    return active.success ? { form: undefined, active: active.data.is_active } : fail(active.error.issues);
  }
  const form = affiliateInput.safeParse(body);
  return form.success ? { form: form.data, active: form.data.is_active } : fail(form.error.issues);
});

/** An affiliate as the API answers it. */
export const affiliateAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  town_city: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
  artwork_email: z.string().nullable(),
  is_active: z.boolean(),
});
export type Affiliate = z.input<typeof affiliateAnswer>;

/** Spec 2 §3 Advertise size: size_id, size_name (for the advertisement form). */
export const affiliateAdvertiseSize = z.object({ size_id: z.number().int(), size_name: z.string() });

/** A row of the affiliates table (also the bookings screens' affiliate picker). */
export const affiliateRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  is_active: z.boolean(),
  created_at: timestampAnswer,
});
export type AffiliateRow = z.input<typeof affiliateRow>;

/** An affiliate of the selects (GET affiliates[?type=active]). */
export const affiliateOption = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type AffiliateOption = z.input<typeof affiliateOption>;

/**
 * Affiliates (spec 2 §2 Affiliates, §7 'Affiliates'). Create, update (the active switch too) and
 * delete are role 1 only (spec 2 §6). Advertisements come with a later issue.
 */
export const affiliatesApi = {
  table: endpoint({
    method: 'GET',
    path: '/affiliates/table',
    summary: 'Affiliates, DataTables protocol; quick search on name and code.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(affiliateRow),
  }),
  list: endpoint({
    method: 'GET',
    path: '/affiliates',
    summary: 'Affiliates for selects: data [{id, name, code}] by name; type=active gives only active ones.',
    query: z.strictObject({ type: z.enum(['active', 'all']).optional() }),
    answer: z.object({ success: z.literal(true), data: z.array(affiliateOption) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/affiliates/:id',
    summary: 'One affiliate: data.affiliate, with data.advertiseSizes for the advertisement form.',
    params: idParams,
    answer: z.object({
      success: z.literal(true),
      data: z.object({
        affiliate: affiliateAnswer.extend({ payment_invoices: z.array(partyInvoiceBrief) }),
        advertiseSizes: z.array(affiliateAdvertiseSize),
      }),
    }),
  }),
  bookings: endpoint({
    method: 'GET',
    path: '/affiliates/holiday/:id/bookings',
    summary: "The affiliate's bookings (Bookings tab), DataTables protocol, 5 a page by default.",
    params: idParams,
    query: dataTablesRequestSchema,
    answer: tableAnswer(partyBookingRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/affiliates',
    summary: 'Create an affiliate; answers data.id (code must be unique).',
    permission: 'affiliates.create',
    body: affiliateBody,
    answer: createdAnswer,
  }),
  update: endpoint({
    method: 'POST',
    path: '/affiliates/:id',
    summary: 'Update an affiliate: the full form, or {is_active} only (the list switch).',
    permission: 'affiliates.update',
    params: idParams,
    body: affiliateUpdateBody,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/affiliates/:id/delete',
    summary: 'Delete an affiliate (refused while bookings point at it).',
    permission: 'affiliates.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
