import { z } from 'zod';

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
export interface SystemSetting {
  id: number;
  name: string;
  value: string | null;
}
