import { z } from 'zod';
import { optionalId, requiredText } from './common';
import { createdAnswer, endpoint, messageAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * An advertise size as the side form sends it (spec 3 §3 AdvertiseSize: size_name). An `id` (or
 * `size_id`) means edit; without one the form adds (spec 3 §4).
 */
export const advertiseSizeInput = z.object({
  id: optionalId,
  size_id: optionalId,
  size_name: requiredText('Advertise Size', 100),
});
export type AdvertiseSizeInput = z.input<typeof advertiseSizeInput>;

/** An advertise size as the API answers it. */
export const advertiseSizeAnswer = z.object({
  id: z.number().int(),
  size_id: z.number().int(),
  size_name: z.string(),
});
export type AdvertiseSize = z.infer<typeof advertiseSizeAnswer>;

/** Advertise sizes (spec 3 §2 'Service types and advertise sizes', §7). Writes are role 1 only (§6). */
export const advertiseSizesApi = {
  table: endpoint({
    method: 'GET',
    path: '/advertise-sizes/table',
    summary: 'Advertise sizes, DataTables protocol: size_name.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(advertiseSizeAnswer),
  }),
  save: endpoint({
    method: 'POST',
    path: '/advertise-sizes/create',
    summary: 'Add an advertise size, or edit one when id (or size_id) is sent. Multipart or JSON: size_name.',
    permission: 'advertiseSizes.save',
    multipart: true,
    body: advertiseSizeInput,
    answer: createdAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/advertise-sizes/:id/delete',
    summary: 'Delete an advertise size (refused while in use).',
    permission: 'advertiseSizes.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
