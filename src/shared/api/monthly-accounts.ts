import { z } from 'zod';

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
export interface MonthAccount {
  id: string;
  month: string;
  accountNumber: string;
}

/** One year's block (spec 2 §3 Monthly accounts setting). */
export interface YearAccounts {
  year: string;
  accounts: MonthAccount[];
}

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
