import { z } from 'zod';
import { bankDetailsAnswerShape, bankDetailsShape, requiredPhone } from './bank';
import { optionalText, requiredText } from './common';
import { createdAnswer, endpoint, messageAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { partyInvoiceBrief } from './invoices';
import { idParams } from './params';

/**
 * A tour manager as the form sends it (spec 2 §3 Tour manager; §5: first name, last name, email,
 * mobile number and telephone number are required).
 */
export const tourManagerInput = z.object({
  firstname: requiredText('First name', 100),
  lastname: requiredText('Last name', 100),
  email: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Email is required.')
      .pipe(z.email('Enter a valid email address.').max(254)),
  ),
  mobile_number: requiredPhone('Mobile number'),
  telephone_number: requiredPhone('Telephone number'),
  address: optionalText(500),
  ...bankDetailsShape,
});
export type TourManagerInput = z.input<typeof tourManagerInput>;

/** A flat body, or `{tour_manager: {...}}`. */
const tourManagerBody = z.preprocess(
  (b) =>
    b && typeof b === 'object' && 'tour_manager' in b && typeof b.tour_manager === 'object'
      ? b.tour_manager
      : b,
  tourManagerInput,
);

/** A tour manager as the API answers it (GET tour-managers/{id}/manager → data). */
export const tourManagerAnswer = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile_number: z.string(),
  telephone_number: z.string(),
  address: z.string().nullable(),
  ...bankDetailsAnswerShape,
});
export type TourManager = z.input<typeof tourManagerAnswer>;

/** A row of the tour managers table. */
export const tourManagerRow = tourManagerAnswer.pick({
  id: true,
  firstname: true,
  lastname: true,
  email: true,
  address: true,
});
export type TourManagerRow = z.input<typeof tourManagerRow>;

/**
 * Tour managers (spec 2 §2 Tour managers, §7). Reads are open to staff; create, update and delete
 * are role 1 only (spec 2 §6: New Tour Manager and Update for role 1). Invoices come with their area.
 */
export const tourManagersApi = {
  table: endpoint({
    method: 'GET',
    path: '/tour-managers/table',
    summary: 'Tour managers, DataTables protocol; quick search on names, email, address.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(tourManagerRow),
  }),
  get: endpoint({
    method: 'GET',
    path: '/tour-managers/:id/manager',
    summary: 'One tour manager: data, with payment_invoices (its invoices, newest first).',
    params: idParams,
    answer: z.object({
      success: z.literal(true),
      data: tourManagerAnswer.extend({ payment_invoices: z.array(partyInvoiceBrief) }),
    }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/tour-managers/create',
    summary: 'Create a tour manager; answers data.id.',
    permission: 'tourManagers.create',
    body: tourManagerBody,
    answer: createdAnswer,
  }),
  update: endpoint({
    method: 'POST',
    path: '/tour-managers/:id/update',
    summary: 'Update a tour manager.',
    permission: 'tourManagers.update',
    params: idParams,
    body: tourManagerBody,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/tour-managers/:id/delete',
    summary: 'Delete a tour manager (refused once invoices point at them).',
    permission: 'tourManagers.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
