import { z } from 'zod';
import { createdAnswer, endpoint, messageAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * A system setting as the form sends it (spec 3 §3 System setting: name, value). Names are keys the
 * code reads (e.g. balance_due_days_before_departure), so they are limited to letters, digits,
 * '_', '.' and '-'; names are unique ('The name has already been taken.').
 */
export const systemSettingInput = z.object({
  name: z.preprocess(
    (v) => (v == null ? '' : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'The name field is required.' })
      .min(1, { message: 'The name field is required.', abort: true })
      .max(100, 'The name may not be greater than 100 characters.')
      .regex(/^[A-Za-z0-9_.-]+$/, "The name may only contain letters, numbers, '_', '.' and '-'."),
  ),
  value: z.preprocess(
    (v) => (v == null ? '' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'The value field is required.' })
      .min(1, 'The value field is required.')
      .max(2000, 'The value may not be greater than 2000 characters.'),
  ),
});
export type SystemSettingInput = z.input<typeof systemSettingInput>;

/** A system setting as the API answers it. */
export const systemSettingAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string().nullable(),
});
export type SystemSetting = z.infer<typeof systemSettingAnswer>;

/**
 * System settings (spec 3 §2 'System settings', §3, §7 'settings/system'). The screens are not
 * role-gated (spec 3 §6), so every signed-in member of staff may change them.
 */
export const systemSettingsApi = {
  table: endpoint({
    method: 'GET',
    path: '/settings/system/table',
    summary: 'System settings, DataTables protocol: name, value.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(systemSettingAnswer),
  }),
  get: endpoint({
    method: 'GET',
    path: '/settings/system/:id',
    summary: 'One system setting: data {id, name, value}.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: systemSettingAnswer }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/settings/system',
    summary: "Add a setting {name, value}; answers data.id. 422 'The name has already been taken.'",
    permission: 'systemSettings.save',
    body: systemSettingInput,
    answer: createdAnswer,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/settings/system/:id',
    summary: 'Change a setting {name, value}.',
    permission: 'systemSettings.save',
    params: idParams,
    body: systemSettingInput,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/settings/system/:id/delete',
    summary: 'Delete a setting.',
    permission: 'systemSettings.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
