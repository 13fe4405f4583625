import { z } from 'zod';
import {
  blankToUndefined,
  dateRangeProblem,
  flagSchema,
  idSchema,
  optionalText,
  optionalYmd,
  plainString,
  requiredId,
} from './common';
import { endpoint, fileAnswer, MEDIA, messageAnswer, timestampAnswer } from './contract';
import { dataTablesShape, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * Brochure requests as staff work them (spec 2 §2 'Brochure requests', §4, §7 'Customers and
 * brochures'; spec 3 §2 'Brochure Requests', §7): the list with its filters, one request, linking
 * a customer or creating one from the requester, processing the unsent requests into a zip of
 * cover letters, and the export. Requests made from a customer screen are `brochureRequestsApi`
 * (brochures.ts).
 */

/** Spec 3 §9: the brochure request table's page sizes (default 25). */
export const BROCHURE_REQUEST_PAGE_SIZES = [5, 25, 50, 100, 500];

/** Shown when 'Process new requests' finds nothing unsent. */
export const NOTHING_TO_PROCESS_MESSAGE = 'There are no new brochure requests to process.';

/** Spec 2 §5: the warning before creating a customer from a requester. */
export const CREATE_CUSTOMER_WARNING =
  'Please check that this requester is not already a customer (search the customers list by name and post code) before creating a new customer. Create a customer from this requester?';

const optionalFlag = z.preprocess(blankToUndefined, flagSchema.optional());

/** A batch id as the process step writes it (`20260501-1430-a3f9`), or part of one. */
const batchText = z.preprocess(
  blankToUndefined,
  plainString()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'A batch id has letters, digits and dashes only.')
    .optional(),
);

/** The filters of the list and of the customers list's lookup (spec 2 §7 / spec 3 §7). */
export const brochureRequestFilterShape = {
  brochure_name: optionalText(150),
  customer_name: optionalText(150),
  batch_id: batchText,
  include_send_brochures: optionalFlag,
  brochure_requested_from: optionalYmd,
  brochure_requested_to: optionalYmd,
};

const rangeRule = <T extends { brochure_requested_from?: string; brochure_requested_to?: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  const problem = dateRangeProblem(v.brochure_requested_from, v.brochure_requested_to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['brochure_requested_to'], message: problem });
};

export const brochureRequestTableQuery = z
  .strictObject({ ...dataTablesShape, ...brochureRequestFilterShape })
  .superRefine(rangeRule);

/** The customers list's lookup modal: the same filters plus the post code. */
export const brochureRequestLookupQuery = z
  .strictObject({ ...dataTablesShape, ...brochureRequestFilterShape, customer_post_code: optionalText(20) })
  .superRefine(rangeRule);

/** Who asked for the brochure: the requester's own details, else the linked customer's. */
export const brochureRequester = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  street_address: z.string().nullable(),
  address_line_2: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
  affiliate: z.object({ name: z.string() }).nullable(),
});
export type BrochureRequester = z.input<typeof brochureRequester>;

/** A brochure request as listed and as GET brochures/requests/{id} answers it (spec 2 §3). */
export const brochureRequestRow = z.object({
  id: z.number().int(),
  brochure_id: z.number().int(),
  brochures_names: z.string(),
  qty: z.number().int(),
  sent: z.boolean(),
  batch_id: z.string().nullable(),
  created_at: timestampAnswer,
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  customer: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  brochure_requester_name: z.string(),
  brochure_requester: brochureRequester,
});
export type BrochureRequestRow = z.input<typeof brochureRequestRow>;

/** GET brochures/requests/filter: the date range and list (data) or export (brochure-request.xlsx). */
export const brochureRequestFilterQuery = z
  .strictObject({
    brochure_requested_from: optionalYmd,
    brochure_requested_to: optionalYmd,
    type: z.enum(['list', 'export'], { error: "type must be 'list' or 'export'." }).default('list'),
    include_send_brochures: optionalFlag,
  })
  .superRefine(rangeRule);

/** GET brochures/requests/process: every unsent request, or only the chosen ones (`ids`, comma list). */
export const processQuery = z.strictObject({
  ids: z.preprocess(
    (v) =>
      v === '' || v === undefined || v === null
        ? undefined
        : typeof v === 'string'
          ? v.split(',').map((s) => s.trim())
          : v,
    z.array(idSchema).min(1).max(5000, 'At most 5000 requests at once.').optional(),
  ),
});

/** POST brochures/requests/{id}/link-customer. */
export const linkCustomerInput = z.object({
  customer_id: requiredId('Please choose a customer.'),
});
export type LinkCustomerInput = z.input<typeof linkCustomerInput>;

/** A processed batch of cover letters (issue #22 point 12: processed batches can be downloaded again). */
export const processedBatchRow = z.object({
  batch_id: z.string(),
  /** 'YYYY-MM-DDTHH:MM', London time, read from the batch id. */
  processed_at: z.string().nullable(),
  letters: z.number().int(),
  /** The zip made that day is still kept; otherwise a download makes the letters again. */
  kept: z.boolean(),
});
export type ProcessedBatchRow = z.infer<typeof processedBatchRow>;

/** Path of one processed batch. */
export const batchParams = z.object({
  batch_id: plainString()
    .trim()
    .min(1, 'Choose a batch.')
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'A batch id has letters, digits and dashes only.'),
});

export const brochureRequestListApi = {
  table: endpoint({
    method: 'GET',
    path: '/brochures/requests/table',
    summary:
      'Brochure requests, DataTables protocol (newest first); brochure_name, customer_name, batch_id, include_send_brochures (unsent only without it), brochure_requested_from/_to.',
    query: brochureRequestTableQuery,
    answer: tableAnswer(brochureRequestRow),
  }),
  lookup: endpoint({
    method: 'GET',
    path: '/customers/brochure-request-table',
    summary:
      "The customers list's brochure-request lookup (DataTables): the list's filters plus customer_post_code; sent ones included.",
    query: brochureRequestLookupQuery,
    answer: tableAnswer(brochureRequestRow),
  }),
  process: endpoint({
    method: 'GET',
    path: '/brochures/requests/process',
    summary:
      'Cover letters of every unsent request (or of `ids`) as one zip of PDFs; marks them sent under a new batch_id. 422 when there is nothing to process.',
    permission: 'brochureRequests.process',
    query: processQuery,
    answer: fileAnswer,
    files: [MEDIA.zip],
  }),
  batches: endpoint({
    method: 'GET',
    path: '/brochures/requests/batches',
    summary: 'The newest 50 processed batches of cover letters: batch_id, processed_at, letters, kept.',
    answer: z.object({ success: z.literal(true), data: z.array(processedBatchRow) }),
  }),
  batchDownload: endpoint({
    method: 'GET',
    path: '/brochures/requests/batches/:batch_id/download',
    summary:
      "A processed batch's zip of cover letters again: the copy kept that day, or the letters made again (dated that day) once the retention period removed it. 404 for an unknown batch.",
    params: batchParams,
    answer: fileAnswer,
    files: [MEDIA.zip],
  }),
  filter: endpoint({
    method: 'GET',
    path: '/brochures/requests/filter',
    summary:
      'Requests made between brochure_requested_from and _to, oldest first: type=list answers data; type=export answers brochure-request.xlsx instead.',
    query: brochureRequestFilterQuery,
    answer: z.object({ success: z.literal(true), data: z.array(brochureRequestRow) }),
    files: [MEDIA.xlsx],
  }),
  get: endpoint({
    method: 'GET',
    path: '/brochures/requests/:id',
    summary: 'One brochure request: data[0].',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: z.array(brochureRequestRow) }),
  }),
  linkCustomer: endpoint({
    method: 'POST',
    path: '/brochures/requests/:id/link-customer',
    summary: 'Link the request to an existing customer: customer_id. 422 once it has a customer.',
    permission: 'brochureRequests.linkCustomer',
    params: idParams,
    body: linkCustomerInput,
    answer: messageAnswer,
  }),
  createCustomer: endpoint({
    method: 'GET',
    path: '/brochures/requests/:id/create-customer',
    summary:
      "Create a customer from the requester's details and link it; data is the new customer's id. 422 once it has a customer.",
    permission: 'brochureRequests.createCustomer',
    params: idParams,
    answer: z.object({ success: z.literal(true), message: z.string(), data: z.number().int() }),
  }),
};

/**
 * The export form of `brochureRequestListApi.filter` (the same route with type=export) as the web
 * client calls it: a download of brochure-request.xlsx. Not registered on its own.
 */
export const brochureRequestExport = { ...brochureRequestListApi.filter, answer: fileAnswer } as const;
