import { z } from 'zod';
import { END_AFTER_START_MESSAGE, optionalId, optionalText, requiredText, ymdSchema } from './common';
import { dateAnswer, endpoint, messageAnswer, okAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/** Sterling is the base currency: its rate is always 1 (spec 2 §9). */
export const BASE_CURRENCY = {
  name: 'Sterling',
  short_name: 'GBP',
  symbol: '£',
  exchange_rate: '1',
} as const;

const requiredDate = (label: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().min(1, `${label} is required.`).pipe(ymdSchema),
  );

/**
 * POST currency-exchange/handle (spec 2 §3 Currency exchange rate, §5 'Exchange rate: number with
 * step 0.01'): name, short_name (ISO code, e.g. USD), symbol, exchange_rate (> 0; pounds are worth
 * this many units), start_date ≤ end_date, flag 'add' | 'edit', currency_id on edit.
 */
export const currencyInput = z
  .object({
    name: requiredText('Currency name', 60),
    short_name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v === null || v === undefined ? '' : v),
      z
        .string()
        .min(1, { message: 'Short name is required.', abort: true })
        .regex(/^[A-Z]{3}$/, {
          message: 'The short name is the 3-letter currency code, e.g. USD.',
          abort: true,
        })
        .refine(
          (s) => s !== BASE_CURRENCY.short_name,
          'Sterling (GBP) is the base currency: its rate is always 1.',
        ),
    ),
    symbol: optionalText(5),
    exchange_rate: z.preprocess(
      (v) =>
        typeof v === 'number'
          ? String(v)
          : typeof v === 'string'
            ? v.trim()
            : v === null || v === undefined
              ? ''
              : v,
      z
        .string()
        .min(1, { message: 'Exchange rate is required.', abort: true })
        .regex(/^\d{1,8}(\.\d{1,6})?$/, {
          message: 'The exchange rate must be a number, e.g. 1.27.',
          abort: true,
        })
        .refine((s) => Number(s) > 0, 'The exchange rate must be greater than 0.'),
    ),
    start_date: requiredDate('Start date'),
    end_date: requiredDate('End date'),
    flag: z.enum(['add', 'edit'], { error: "flag must be 'add' or 'edit'." }),
    currency_id: optionalId,
  })
  .superRefine(
    (v, ctx) => {
      const ymd = (d: unknown) => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);
      if (ymd(v.start_date) && ymd(v.end_date) && v.end_date < v.start_date) {
        ctx.addIssue({
          code: 'custom',
          path: ['end_date'],
          message: END_AFTER_START_MESSAGE,
        });
      }
      if (v.flag === 'edit' && !v.currency_id) {
        ctx.addIssue({ code: 'custom', path: ['currency_id'], message: 'currency_id is required to edit.' });
      }
      // Run even when a field failed, so every message shows at once.
    },
    { when: () => true },
  );
export type CurrencyInput = z.input<typeof currencyInput>;

/** An exchange rate as the API answers it; exchange_rate is a decimal string without trailing zeros. */
export const currencyRateAnswer = z.object({
  currency_id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  symbol: z.string().nullable(),
  exchange_rate: z.string(),
  start_date: dateAnswer.nullable(),
  end_date: dateAnswer.nullable(),
});
export type CurrencyRate = z.infer<typeof currencyRateAnswer>;

/** A row of the rates table: the rate with its `id` (the same as currency_id). */
export const currencyRow = currencyRateAnswer.extend({ id: z.number().int() });
export type CurrencyRow = z.infer<typeof currencyRow>;

/** A row of GET currency-exchange/get-current-list; Sterling comes first with currency_id null. */
export const currentRateAnswer = currencyRateAnswer.extend({ currency_id: z.number().int().nullable() });
export type CurrentRate = z.infer<typeof currentRateAnswer>;

/**
 * Currency exchange rates (spec 2 §2, §7 'Admin users, currency, backups, accounts'). Reads are
 * open to staff; create, edit and delete are role 1 only (spec 2 §6).
 */
export const currencyApi = {
  table: endpoint({
    method: 'GET',
    path: '/currency-exchange/get-table',
    summary: 'Exchange rates, DataTables protocol; quick search on name, short name, symbol.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(currencyRow),
  }),
  currentList: endpoint({
    method: 'GET',
    path: '/currency-exchange/get-current-list',
    summary: 'Rates valid today: {status, data}, Sterling (GBP, rate 1) always first.',
    answer: z.object({ status: z.literal(true), data: z.array(currentRateAnswer) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/currency-exchange/:id/get-currency',
    summary: 'One exchange rate: data.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: currencyRateAnswer }),
  }),
  save: endpoint({
    method: 'POST',
    path: '/currency-exchange/handle',
    summary: "Add (flag 'add') or edit (flag 'edit', currency_id) a rate; answers data.currency_id.",
    permission: 'currency.save',
    body: currencyInput,
    answer: okAnswer({ data: z.object({ currency_id: z.number().int() }) }),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/currency-exchange/:id/delete',
    summary: 'Delete an exchange rate.',
    permission: 'currency.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
