import { z } from 'zod';

/**
 * What a text field containing the NUL character (U+0000) is told: PostgreSQL cannot store it, so
 * every text rule here refuses it (and the server refuses it in any field, `http/input-guards.ts`).
 */
export const NUL_MESSAGE = 'Must not contain the NUL character (\\u0000).';

/** True when `s` contains the NUL character. */
export const hasNul = (s: string) => s.includes('\u0000');

/** A string without the NUL character (the base of every text rule below). */
export const plainString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((s) => !hasNul(s), NUL_MESSAGE);

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

/** What a date range says when its end is before its start (filters and forms without a spec message). */
export const END_AFTER_START_MESSAGE = 'End date should be after the start date.';

/**
 * The message for a range whose end ('YYYY-MM-DD') is before its start, else null (either blank:
 * null). The same day at both ends is a valid one-day range.
 */
export function dateRangeProblem(
  start: string | null | undefined,
  end: string | null | undefined,
  message = END_AFTER_START_MESSAGE,
): string | null {
  return start && end && end < start ? message : null;
}

/**
 * A positive integer id given as a number or a numeric string; `missing` is the message when it is
 * absent (default: the type message).
 */
const idRule = (missing = 'Must be a number.') =>
  z
    // Only a number or numeric text: true, [] or {} would otherwise coerce to an id (1, 0).
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? missing : 'Must be a number.'),
    })
    .pipe(
      z.coerce
        .number<string | number>({ error: 'Must be a number.' })
        .int('Must be a whole number.')
        .positive('Must be a positive id.')
        .max(2147483647, 'Id out of range.'),
    );

/** A positive integer id given as a number or a numeric string. */
export const idSchema = idRule();

export const optionalId = z.preprocess(blankToUndefined, idSchema.optional());

/**
 * A required id chosen in a form (a select): absent, '' or null answers 422 with `message` at the
 * field. Not `idSchema.optional().refine(...)`: zod skips an optional key's refinements when the key
 * is absent, so `{}` passed and reached the SQL as undefined (issue #21 point 2).
 */
export const requiredId = (message: string) => z.preprocess(blankToUndefined, idRule(message));

export const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, plainString().trim().max(max).optional());

/**
 * A filter that takes an id or a text (e.g. bookings' search_by_customer: a customer id or a name):
 * optional text of at most `max` characters; when it is all digits it must be a valid id
 * (1..2^31-1), else 422 'Id out of range.' instead of a query PostgreSQL refuses.
 */
export const idOrText = (max: number) =>
  optionalText(max).refine((s) => s === undefined || !/^\d+$/.test(s) || idSchema.safeParse(s).success, {
    message: 'Id out of range.',
  });

/** A required, trimmed text field; the message names the field as the form labels it. */
export const requiredText = (label: string, max = 255) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    plainString({ error: `${label} is required.` })
      .min(1, `${label} is required.`)
      .max(max, `${label} is too long.`),
  );

/** An email address, well-formed; optionalEmail accepts blank as not given. */
export const emailSchema = plainString({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address.').max(254));
export const optionalEmail = z.preprocess(blankToUndefined, emailSchema.optional());

/**
 * A UK postcode (e.g. 'SW1A 1AA', 'm1 1ae'), answered in the standard form: upper case with one
 * space before the inward code. BFPO and GIR 0AA are accepted.
 */
const UK_POSTCODE = /^(GIR ?0AA|BFPO ?\d{1,4}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i;
export function normalisePostcode(s: string): string {
  const compact = s.replace(/\s+/g, '').toUpperCase();
  if (compact.startsWith('BFPO')) return `BFPO ${compact.slice(4)}`;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}
export const ukPostcodeSchema = plainString({ error: 'Post code is required.' })
  .trim()
  .refine((s) => UK_POSTCODE.test(s.replace(/\s+/g, ' ')), 'Enter a valid UK post code, e.g. SW1A 1AA.')
  .transform(normalisePostcode);
export const optionalPostcode = z.preprocess(blankToUndefined, ukPostcodeSchema.optional());

/**
 * An amount of money in pounds, sent as a number or a string, answered as a decimal string with at
 * most 2 decimals (step 0.01) — never a float. `min` defaults to 0.
 */
export const moneySchema = (label: string, { min = 0, max = 9_999_999_999.99 } = {}) =>
  z.union([z.string().trim(), z.number()], { error: `${label} must be a number.` }).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v;
    if (!/^-?\d+(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({
        code: 'custom',
        message: s === '' ? `${label} is required.` : `${label} must be an amount with at most 2 decimals.`,
      });
      return z.NEVER;
    }
    const n = Number(s);
    if (n < min) ctx.addIssue({ code: 'custom', message: `${label} must be at least ${min}.` });
    if (n > max) ctx.addIssue({ code: 'custom', message: `${label} must be at most ${max}.` });
    return s.includes('.') ? s : `${s}.00`;
  });
export const optionalMoney = (label: string, opts?: { min?: number; max?: number }) =>
  z.preprocess(blankToUndefined, moneySchema(label, opts).optional());

/** A percentage 0–100 with up to 2 decimals, answered as a decimal string. */
export const percentSchema = (label: string) => moneySchema(label, { min: 0, max: 100 });

/** A whole number in a range, from a number or numeric string. */
export const intSchema = (label: string, { min = 0, max = 2147483647 } = {}) =>
  z
    // Only a number or numeric text: true or [] would otherwise coerce to 1 or 0.
    .union([z.number(), z.string()], { error: `${label} must be a number.` })
    .pipe(
      z.coerce
        .number<string | number>({ error: `${label} must be a number.` })
        .int(`${label} must be a whole number.`)
        .min(min, `${label} must be at least ${min}.`)
        .max(max, `${label} must be at most ${max}.`),
    );
export const optionalInt = (label: string, opts?: { min?: number; max?: number }) =>
  z.preprocess(blankToUndefined, intSchema(label, opts).optional());

const FLAG_TRUE = ['1', 'true', 'yes', 'on'];
const FLAG_FALSE = ['0', 'false', 'no', 'off'];

/**
 * A yes/no flag sent as true/false, 1/0, '1'/'0', 'true'/'false', 'yes'/'no' or 'on'/'off' (any
 * case). Anything else — 'abc', '', 2, null — is refused with 'Must be yes or no.' (422); where a
 * flag is optional, callers wrap it with `blankToUndefined` so '' counts as not given.
 */
export const flagSchema = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (FLAG_TRUE.includes(s)) return true;
      if (FLAG_FALSE.includes(s)) return false;
      return v;
    }
    if (v === 1) return true;
    if (v === 0) return false;
    return v;
  },
  z.boolean({ error: 'Must be yes or no.' }),
);
