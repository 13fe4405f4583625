import { z } from 'zod';
import { idSchema, intSchema, optionalId, requiredId, requiredText } from './common';
import { createdAnswer, endpoint, messageAnswer, okAnswer, timestampAnswer } from './contract';
import { idParams } from './params';

/** A brochure as the add form sends it (spec 3 §3 Brochure). */
export const brochureInput = z.object({ brochure_name: requiredText('Brochure name', 150) });
export type BrochureInput = z.input<typeof brochureInput>;

const FLAG_WORDS: Record<string, boolean> = {
  '1': true,
  true: true,
  yes: true,
  on: true,
  '0': false,
  false: false,
  no: false,
  off: false,
};

/** The active toggle (spec 3 §4: saves immediately): true/false, 1/0 or their words; nothing else. */
export const brochureActiveInput = z.object({
  is_active: z.preprocess(
    (v) =>
      typeof v === 'string' ? FLAG_WORDS[v.toLowerCase()] : typeof v === 'number' ? FLAG_WORDS[String(v)] : v,
    z.boolean({ error: 'Active must be yes or no.' }),
  ),
});

/** The site_contents type of the brochure cover letter (spec 3 §3 Cover letter). */
export const COVER_LETTER_TYPE = 'brochure_cover_letter_content';

/** The cover letter as the editor sends it: HTML content (sanitised on the server) and its type. */
export const coverLetterInput = z.object({
  content: z
    .string({ error: 'Content must be text.' })
    .max(200_000, 'The cover letter is too long.')
    .default(''),
  type: z
    .literal(COVER_LETTER_TYPE, { error: `Type must be ${COVER_LETTER_TYPE}.` })
    .default(COVER_LETTER_TYPE),
});
export type CoverLetterInput = z.input<typeof coverLetterInput>;

/** The cover letter as answered: the stored (sanitised) HTML and its type. */
export const coverLetterAnswer = z.object({ content: z.string(), type: z.string() });

/** A brochure as the API answers it. */
export const brochureAnswer = z.object({
  id: z.number().int(),
  brochure_name: z.string(),
  is_active: z.boolean(),
});
export type Brochure = z.input<typeof brochureAnswer>;

/** A brochure of the pickers (GET brochure-list). */
export const brochureOption = brochureAnswer.pick({ id: true, brochure_name: true });
export type BrochureOption = z.input<typeof brochureOption>;

const typeQuery = z.object({
  type: z.enum(['active', 'all'], { error: "type must be 'active' or 'all'." }).optional(),
});

/**
 * Brochures and the brochure cover letter (spec 3 §2 'Brochures', §7). Not role-gated (spec 3 §6):
 * the permissions name 'any' member of staff.
 */
export const brochuresApi = {
  list: endpoint({
    method: 'GET',
    path: '/brochures',
    summary: 'Brochures by name (data); ?type=active only the active ones.',
    query: typeQuery,
    answer: z.object({ success: z.literal(true), data: z.array(brochureAnswer) }),
  }),
  options: endpoint({
    method: 'GET',
    path: '/brochure-list',
    summary: 'Brochures for pickers, sorted by name: data [{id, brochure_name}]; ?type=active.',
    query: typeQuery,
    answer: z.object({ success: z.literal(true), data: z.array(brochureOption) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/brochures',
    summary: 'Create a brochure: brochure_name; answers data.id.',
    permission: 'brochures.save',
    body: brochureInput,
    answer: createdAnswer,
  }),
  coverLetter: endpoint({
    method: 'GET',
    path: '/brochures/cover-letter',
    summary: 'The brochure cover letter: data {content, type}.',
    answer: z.object({ success: z.literal(true), data: coverLetterAnswer }),
  }),
  saveCoverLetter: endpoint({
    method: 'POST',
    path: '/brochures/cover-letter',
    summary: `Save the cover letter: content (HTML, sanitised), type ${COVER_LETTER_TYPE}.`,
    permission: 'brochures.save',
    body: coverLetterInput,
    answer: okAnswer({ data: coverLetterAnswer }),
  }),
  setActive: endpoint({
    method: 'POST',
    path: '/brochures/:id',
    summary: 'Set a brochure active or not: is_active.',
    permission: 'brochures.save',
    params: idParams,
    body: brochureActiveInput,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/brochures/:id/delete',
    summary: 'Delete a brochure (refused while brochure requests use it).',
    permission: 'brochures.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};

/** POST brochures/requests (spec 2 §7): a customer orders a brochure. */
export const brochureRequestInput = z.object({
  customer_id: idSchema,
  brochure_id: requiredId('Please choose a brochure.'),
  affiliate_id: optionalId,
  qty: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    intSchema('Quantity', { min: 1, max: 1000 }),
  ),
});
export type BrochureRequestInput = z.input<typeof brochureRequestInput>;

/** A customer's brochure request (GET brochures/requests/by_customer/{customerId}). */
export const customerBrochureRequest = z.object({
  id: z.number().int(),
  brochure_id: z.number().int(),
  brochure_name: z.string(),
  /** The spec's name for the same text. */
  brochures_names: z.string(),
  qty: z.number().int(),
  sent: z.boolean(),
  affiliate_id: z.number().int().nullable(),
  affiliate_name: z.string().nullable(),
  batch_id: z.string().nullable(),
  created_at: timestampAnswer,
});
export type CustomerBrochureRequest = z.input<typeof customerBrochureRequest>;

/**
 * Brochure requests made from the customer edit screen (spec 2 §2 'Request brochure', §7). The
 * brochure-request list and its processing belong with the brochure requests screens.
 */
export const brochureRequestsApi = {
  byCustomer: endpoint({
    method: 'GET',
    path: '/brochures/requests/by_customer/:customerId',
    summary: "A customer's brochure requests: data [{brochure_name, qty, sent, created_at, …}].",
    params: z.object({ customerId: idSchema }),
    answer: z.object({ success: z.literal(true), data: z.array(customerBrochureRequest) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/brochures/requests',
    summary: 'Request a brochure for a customer: customer_id, brochure_id, affiliate_id, qty (≥ 1).',
    permission: 'brochureRequests.create',
    body: brochureRequestInput,
    answer: createdAnswer,
  }),
};
