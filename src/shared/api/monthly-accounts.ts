import { z } from 'zod';
import { endpoint, okAnswer } from './contract';

/** The twelve months with their account ids '01'–'12' (spec 2 §9 'account ids 01 to 12'). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const monthId = (month: number) => String(month).padStart(2, '0');

/** One month of a year's block: id '01'–'12', the month's name, its account number ('' when none). */
export const monthAccountAnswer = z.object({ id: z.string(), month: z.string(), accountNumber: z.string() });
export type MonthAccount = z.infer<typeof monthAccountAnswer>;

/** One year's block (spec 2 §3 Monthly accounts setting). */
export const yearAccountsAnswer = z.object({ year: z.string(), accounts: z.array(monthAccountAnswer) });
export type YearAccounts = z.infer<typeof yearAccountsAnswer>;

/** Twelve empty months, as a new year's block starts. */
export const emptyAccounts = (): MonthAccount[] =>
  MONTHS.map((month, i) => ({ id: monthId(i + 1), month, accountNumber: '' }));

const textOf = (v: unknown) =>
  typeof v === 'number'
    ? String(v)
    : typeof v === 'string'
      ? v.trim()
      : v === null || v === undefined
        ? ''
        : v;

const accountSchema = z.object({
  id: z.preprocess(
    textOf,
    z.enum(MONTHS.map((_, i) => monthId(i + 1)) as [string, ...string[]], 'The month id must be 01 to 12.'),
  ),
  month: z.string().optional(),
  accountNumber: z.preprocess(
    textOf,
    z.string().regex(/^\d{0,20}$/, 'The account number may contain digits only.'),
  ),
});

/**
 * POST settings/monthly-accounts/update (spec 2 §7): `setting_meta_data`, a list of years (4 digits,
 * each once) with up to twelve accounts each; account numbers are digits only, blank for none.
 */
export const monthlyAccountsInput = z.object({
  setting_meta_data: z
    .array(
      z.object({
        year: z.preprocess(textOf, z.string().regex(/^\d{4}$/, 'The year must have 4 digits, e.g. 2026.')),
        accounts: z.array(accountSchema).max(12),
      }),
    )
    .max(200)
    .superRefine((years, ctx) => {
      const seen = new Set<string>();
      years.forEach((y, i) => {
        if (seen.has(y.year)) {
          ctx.addIssue({ code: 'custom', path: [i, 'year'], message: `The year ${y.year} is listed twice.` });
        }
        seen.add(y.year);
        const months = new Set<string>();
        y.accounts.forEach((a, j) => {
          if (months.has(a.id)) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'accounts', j, 'id'],
              message: `Month ${a.id} is listed twice.`,
            });
          }
          months.add(a.id);
        });
      });
    }),
});
export type MonthlyAccountsInput = z.input<typeof monthlyAccountsInput>;

/** Every year's block, oldest first: `{setting_meta_data: [{year, accounts}]}`. */
const accountsData = z.object({ setting_meta_data: z.array(yearAccountsAnswer) });

/**
 * Monthly account numbers (spec 2 §2 Monthly accounts, §7 'settings/monthly-accounts'). Both calls
 * are POSTs in the spec; any signed-in member of staff may use them (spec 2 §6 gates nothing here).
 */
export const monthlyAccountsApi = {
  get: endpoint({
    method: 'POST',
    path: '/settings/monthly-accounts',
    summary:
      'The account numbers: {success, data: {setting_meta_data: [{year, accounts: [{id, month, accountNumber}]}]}}.',
    permission: 'monthlyAccounts.read',
    answer: z.object({ success: z.literal(true), data: accountsData }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/settings/monthly-accounts/update',
    summary: 'Replace every year and month with setting_meta_data (one transaction); answers them back.',
    permission: 'monthlyAccounts.update',
    body: monthlyAccountsInput,
    answer: okAnswer({ data: accountsData }),
  }),
};
