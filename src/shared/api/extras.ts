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
import { createdAnswer, dateAnswer, endpoint, messageAnswer, moneyAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

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

/** The catalogue form's body of POST extras and POST extras/{id}: `{extra: {...}, airlines, tours}`. */
export interface ExtraSaveInput {
  extra: Omit<z.input<typeof extraFields>, 'tour_id'>;
  airlines: number[];
  tours: number[];
}

/** A row of GET extras/table (catalogue extras only). */
export const extraRow = z.object({
  id: z.number().int(),
  name: z.string(),
  price: moneyAnswer,
  cost: moneyAnswer,
});
export type ExtraRow = z.input<typeof extraRow>;

const linked = z.object({ id: z.number().int(), name: z.string() });

/** GET extras/{id}: the extra with its linked airlines and tours (spec 3 §3 Extra). */
export const extraAnswer = extraRow.extend({
  commissionable: z.boolean(),
  commission_rate: moneyAnswer.nullable(),
  booking_start_date: dateAnswer.nullable(),
  booking_end_date: dateAnswer.nullable(),
  start_date: dateAnswer.nullable(),
  end_date: dateAnswer.nullable(),
  short_description: z.string().nullable(),
  for_admin: z.boolean(),
  for_per_person: z.boolean(),
  /** Set for a tour extra (spec 3 §3 Tour extra). */
  tour_id: z.number().int().nullable(),
  airlines: z.array(linked),
  tours: z.array(linked),
});
export type Extra = z.input<typeof extraAnswer>;

const deleteTourExtra = endpoint({
  method: 'POST',
  path: '/tours/extras/:id/delete/',
  summary: 'Delete a tour extra (refused while bookings use it).',
  permission: 'extras.delete',
  params: idParams,
  answer: messageAnswer,
});

/**
 * Extras (spec 3 §2 'Discounts and extras', §7 'extras', and the tour-extra calls under §7 Tours).
 * Writes are role 1 only (spec 3 §6: New extra, delete, and adding or deleting tour extras).
 */
export const extrasApi = {
  table: endpoint({
    method: 'GET',
    path: '/extras/table',
    summary: 'Catalogue extras (name, price, cost), DataTables protocol.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(extraRow),
  }),
  get: endpoint({
    method: 'GET',
    path: '/extras/:id',
    summary: 'One extra with its linked airlines and tours: data.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: extraAnswer }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/extras',
    summary:
      'Create an extra: {extra, airlines, tours} (catalogue) or flat {tour_id, name, price, cost, ' +
      'commissionable, commission_rate, start_date, end_date} (tour extra). Answers data.id; a 422 ' +
      'also carries its first message as error (spec 3 §7 Tours).',
    permission: 'extras.create',
    body: extraInput,
    answer: createdAnswer,
  }),
  update: endpoint({
    method: 'POST',
    path: '/extras/:id',
    summary: 'Update an extra and replace its airline and tour links: {extra, airlines, tours}.',
    permission: 'extras.update',
    params: idParams,
    body: extraInput,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/extras/:id/delete',
    summary: 'Delete an extra (refused while bookings use it).',
    permission: 'extras.delete',
    params: idParams,
    answer: messageAnswer,
  }),
  /** Spec 3 §7 Tours: 'POST tours/extras/{id}/delete/' (with the trailing slash). */
  deleteTourExtra,
  deleteTourExtraNoSlash: { ...deleteTourExtra, path: '/tours/extras/:id/delete' },
};
