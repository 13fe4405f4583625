import { z } from 'zod';
import { optionalId, optionalText, requiredText } from './common';
import { createdAnswer, endpoint, messageAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * A service type as the side form sends it (spec 3 §3 ServiceType: service_name, service_code).
 * An `id` (or `service_type_id`) means edit; without one the form adds (spec 3 §4).
 */
export const serviceTypeInput = z.object({
  id: optionalId,
  service_type_id: optionalId,
  service_name: requiredText('Service Name', 150),
  service_code: optionalText(50),
});
export type ServiceTypeInput = z.input<typeof serviceTypeInput>;

/** A service type as the API answers it (table rows and GET service-types/list). */
export const serviceTypeAnswer = z.object({
  id: z.number().int(),
  service_type_id: z.number().int(),
  service_name: z.string(),
  service_code: z.string().nullable(),
});
export type ServiceType = z.infer<typeof serviceTypeAnswer>;

/** Service types (spec 3 §2 'Service types and advertise sizes', §7). Writes are role 1 only (§6). */
export const serviceTypesApi = {
  table: endpoint({
    method: 'GET',
    path: '/service-types/table',
    summary: 'Service types, DataTables protocol: service_name, service_code.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(serviceTypeAnswer),
  }),
  list: endpoint({
    method: 'GET',
    path: '/service-types/list',
    summary: 'Every service type by name: data [{id, service_name, service_code}].',
    answer: z.object({ success: z.literal(true), data: z.array(serviceTypeAnswer) }),
  }),
  save: endpoint({
    method: 'POST',
    path: '/service-types/create',
    summary:
      'Add a service type, or edit one when id (or service_type_id) is sent. Multipart or JSON: service_name, service_code.',
    permission: 'serviceTypes.save',
    multipart: true,
    body: serviceTypeInput,
    answer: createdAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/service-types/:id/delete',
    summary: 'Delete a service type (refused while in use).',
    permission: 'serviceTypes.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
