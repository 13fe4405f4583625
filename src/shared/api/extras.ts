import { z } from 'zod';
import {
  blankToUndefined,
  END_AFTER_START_MESSAGE,
  flagSchema,
  idSchema,
  moneySchema,
  optionalId,
  optionalText,
  optionalYmd,
  percentSchema,
  requiredText,
  ymdSchema,
} from './common';

/** Blank or absent → false; otherwise a yes/no flag. */
const flag = z.preprocess(blankToUndefined, flagSchema.optional()).transform((v) => v ?? false);

/** A list of ids (airlines, tours): an array, one id, or blank for none; duplicates dropped. */
export const idList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(idSchema)
    .max(1000, 'Too many items.')
    .transform((ids) => [...new Set(ids)]),
);

/** A required amount in pounds (absent reads as blank: '{label} is required.'). */
export const requiredMoney = (label: string) => z.preprocess((v) => v ?? '', moneySchema(label));

/** A required calendar date; the message names the field as the form labels it. */
export const requiredYmd = (label: string) =>
  z.preprocess(blankToUndefined, z.string({ error: `${label} is required.` }).pipe(ymdSchema));

/** Adds "end before start" issues on `endField` for each given pair (both present only). */
export function checkDateOrder<T extends Record<string, unknown>>(
  value: T,
  ctx: z.RefinementCtx,
  pairs: readonly { start: keyof T & string; end: keyof T & string; message: string }[],
) {
  for (const p of pairs) {
    const start = value[p.start];
    const end = value[p.end];
    if (typeof start === 'string' && typeof end === 'string' && end < start) {
      ctx.addIssue({ code: 'custom', path: [p.end], message: p.message });
    }
  }
}

/**
 * An extra's own fields (spec 3 §3 Extra; §5: price and cost min 0, step 0.01). Money and the
 * commission rate are decimal strings; dates YYYY-MM-DD.
 */
const extraFields = z.object({
  name: requiredText('Name', 200),
  price: requiredMoney('Price'),
  cost: requiredMoney('Cost'),
  commissionable: flag,
  commission_rate: z.preprocess(blankToUndefined, percentSchema('Commission rate').optional()),
  booking_start_date: optionalYmd,
  booking_end_date: optionalYmd,
  start_date: optionalYmd,
  end_date: optionalYmd,
  short_description: optionalText(2000),
  for_admin: flag,
  for_per_person: flag,
  /** Set for a tour extra (spec 3 §3 Tour extra), made from the tour screen. */
  tour_id: optionalId,
});

export const EXTRA_BOOKING_DATES_MESSAGE = END_AFTER_START_MESSAGE;
export const EXTRA_TRAVEL_DATES_MESSAGE = END_AFTER_START_MESSAGE;

/**
 * The body of POST extras and POST extras/{id} (spec 3 §7): `{extra: {...}, airlines: [ids],
 * tours: [ids]}`, or the flat tour-extra shape `{tour_id, name, price, cost, commissionable,
 * commission_rate, start_date, end_date}` of the tour screen. The nested shape is flattened first,
 * so errors name the fields themselves (`price`, not `extra.price`). A tour extra needs both dates
 * (spec 3 §5 Tour extra).
 */
export const extraInput = z.preprocess(
  (b) => {
    if (b && typeof b === 'object' && 'extra' in b && b.extra && typeof b.extra === 'object') {
      const { extra, ...rest } = b as { extra: object };
      return { ...extra, ...rest };
    }
    return b;
  },
  extraFields.extend({ airlines: idList, tours: idList }).superRefine(
    (v, ctx) => {
      if (v.tour_id !== undefined) {
        if (!v.start_date)
          ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'Start date is required.' });
        if (!v.end_date)
          ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'End date is required.' });
      }
      checkDateOrder(v, ctx, [
        { start: 'booking_start_date', end: 'booking_end_date', message: EXTRA_BOOKING_DATES_MESSAGE },
        { start: 'start_date', end: 'end_date', message: EXTRA_TRAVEL_DATES_MESSAGE },
      ]);
      // Also when another field is wrong: the dates are named on the first submit (see discounts.ts).
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  ),
);
export type ExtraValues = z.output<typeof extraInput>;

/** The extra's fields as the catalogue form sends them inside `extra`. */
export interface ExtraFieldsInput {
  name: string;
  price: string;
  cost: string;
  commissionable: boolean;
  commission_rate: string | null;
  booking_start_date: string | null;
  booking_end_date: string | null;
  start_date: string | null;
  end_date: string | null;
  short_description: string;
  for_admin: boolean;
  for_per_person: boolean;
}

/** The catalogue form's body of POST extras and POST extras/{id}. */
export interface ExtraSaveInput {
  extra: ExtraFieldsInput;
  airlines: number[];
  tours: number[];
}

/** A row of GET extras/table. */
export interface ExtraRow {
  id: number;
  name: string;
  price: string;
  cost: string;
}

/** GET extras/{id}: the extra with its linked airlines and tours. */
export interface Extra {
  id: number;
  name: string;
  price: string;
  cost: string;
  commissionable: boolean;
  commission_rate: string | null;
  booking_start_date: string | null;
  booking_end_date: string | null;
  start_date: string | null;
  end_date: string | null;
  short_description: string | null;
  for_admin: boolean;
  for_per_person: boolean;
  tour_id: number | null;
  airlines: { id: number; name: string }[];
  tours: { id: number; name: string }[];
}
