import { z } from 'zod';
import { optionalId, optionalText, requiredText } from './common';
import { createdAnswer, endpoint, messageAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/** A resort as the form sends it (spec 3 §3 Resort: resort_name, location, country). */
export const resortInput = z.object({
  resort_name: requiredText('Resort name', 150),
  location: optionalText(200),
  country_id: optionalId,
});
export type ResortInput = z.input<typeof resortInput>;

/** The spec sends `{resort: {...}}`; a flat body is accepted too. */
const resortBody = z.preprocess(
  (b) => (b && typeof b === 'object' && 'resort' in b && typeof b.resort === 'object' ? b.resort : b),
  resortInput,
);

/** A resort as the API answers it. */
export const resortAnswer = z.object({
  id: z.number().int(),
  resort_name: z.string(),
  location: z.string().nullable(),
  country_id: z.number().int().nullable(),
  country_name: z.string().nullable(),
});
export type Resort = z.infer<typeof resortAnswer>;

/** A row of the resorts table. */
export const resortRow = resortAnswer.omit({ country_id: true });
export type ResortRow = z.infer<typeof resortRow>;

/** Resorts (spec 3 §2 Resorts, §7 'resorts'). Writes are role 1 only (spec 3 §6). */
export const resortsApi = {
  table: endpoint({
    method: 'GET',
    path: '/resorts/table',
    summary: 'Resorts, DataTables protocol (All allowed).',
    query: dataTablesRequestSchema,
    answer: tableAnswer(resortRow),
  }),
  get: endpoint({
    method: 'GET',
    path: '/resorts/:id',
    summary: 'One resort: data[0].',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: z.array(resortAnswer) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/resorts',
    summary: 'Create a resort; answers data.id.',
    permission: 'resorts.create',
    body: resortBody,
    answer: createdAnswer,
  }),
  update: endpoint({
    method: 'POST',
    path: '/resorts/:id',
    summary: 'Update a resort.',
    permission: 'resorts.update',
    params: idParams,
    body: resortBody,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/resorts/:id/delete',
    summary: 'Delete a resort (refused while accommodation uses it).',
    permission: 'resorts.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
