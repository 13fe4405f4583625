import { z } from 'zod';

/** '' and null count as not given (forms and DataTables send empty strings). */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A calendar date sent as YYYY-MM-DD (spec: dates are sent as YYYY-MM-DD). */
export const ymdSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date in the form YYYY-MM-DD.')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'That date does not exist.');

export const optionalYmd = z.preprocess(blankToUndefined, ymdSchema.optional());

/** A positive integer id given as a number or a numeric string. */
export const idSchema = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .positive('Must be a positive id.')
  .max(2147483647, 'Id out of range.');

export const optionalId = z.preprocess(blankToUndefined, idSchema.optional());

export const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
