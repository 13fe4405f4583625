import { z } from 'zod';
import {
  blankToUndefined,
  END_AFTER_START_MESSAGE,
  flagSchema,
  idSchema,
  optionalId,
  optionalText,
  requiredText,
} from './common';
import { dateAnswer, endpoint, messageAnswer, moneyAnswer, okAnswer } from './contract';
import { dataTablesShape, tableAnswer } from './datatables';
import { checkDateOrder, idList, requiredMoney, requiredYmd } from './extras';
import { idParams } from './params';

const flag = z.preprocess(blankToUndefined, flagSchema.optional()).transform((v) => v ?? false);

export const DISCOUNT_PERCENT_MESSAGE = 'A percentage discount cannot be more than 100%.';
export const DISCOUNT_DEPARTURE_DATES_MESSAGE = END_AFTER_START_MESSAGE;
export const DISCOUNT_VALID_DATES_MESSAGE = END_AFTER_START_MESSAGE;
export const DISCOUNT_ONE_TOUR_MESSAGE = 'An existing discount belongs to one tour; choose one.';
/** The tour column of a discount without a tour (made before discounts were per tour). */
export const DISCOUNT_NO_TOUR_LABEL = 'All tours (legacy)';

/**
 * A discount's fields (spec 3 §3 Discount; §5 Discount form: code, description, value,
 * start_date, end_date, valid_from_date, valid_to_date required; value min 0, step 0.01).
 * penalty_type true = percentage (then value ≤ 100). start_date/end_date bound the tour departure,
 * valid_from_date/valid_to_date the booking date.
 */
const discountFields = z.object({
  code: requiredText('Code', 50),
  description: requiredText('Description', 500),
  value: requiredMoney('Value'),
  penalty_type: flag,
  per_person: flag,
  on_base_price: flag,
  is_suppressed: flag,
  is_manual: flag,
  start_date: requiredYmd('Start date'),
  end_date: requiredYmd('End date'),
  valid_from_date: requiredYmd('Valid from date'),
  valid_to_date: requiredYmd('Valid to date'),
});

type DiscountFieldValues = z.output<typeof discountFields>;

function discountRules(v: DiscountFieldValues, ctx: z.RefinementCtx) {
  if (v.penalty_type && Number(v.value) > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_PERCENT_MESSAGE });
  }
  checkDateOrder(v, ctx, [
    { start: 'start_date', end: 'end_date', message: DISCOUNT_DEPARTURE_DATES_MESSAGE },
    { start: 'valid_from_date', end: 'valid_to_date', message: DISCOUNT_VALID_DATES_MESSAGE },
  ]);
}

/**
 * The cross-field rules run even when a field is wrong elsewhere (zod skips refinements after
 * field issues by default), so an end date before its start is named on the first submit together
 * with, say, a missing code — not only once everything else is right.
 */
const whenObject = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** The spec's form may send `{discount: {...}}`; a flat body is the same thing. */
const unwrap = (b: unknown) =>
  b && typeof b === 'object' && 'discount' in b && b.discount && typeof b.discount === 'object'
    ? b.discount
    : b;

/**
 * POST discounts: `tour_id` may name several tours (an array, or one id); one discount row is
 * made per tour. None → one row without a tour (the legacy 'all tours' kind).
 */
export const discountCreateInput = z.preprocess(
  unwrap,
  discountFields.extend({ tour_id: idList }).superRefine(discountRules, whenObject),
);

/** POST discounts/{id}: one tour, or none. */
export const discountUpdateInput = z.preprocess(
  unwrap,
  discountFields
    .extend({
      tour_id: z.preprocess((v) => {
        if (Array.isArray(v)) return v.length === 0 ? undefined : v.length === 1 ? v[0] : v;
        return blankToUndefined(v);
      }, z.union([idSchema, z.array(z.unknown())], { error: 'Must be a tour id.' }).optional()),
    })
    .superRefine((v, ctx) => {
      if (Array.isArray(v.tour_id)) {
        ctx.addIssue({ code: 'custom', path: ['tour_id'], message: DISCOUNT_ONE_TOUR_MESSAGE });
      }
      discountRules(v, ctx);
    }, whenObject)
    .transform(({ tour_id, ...rest }) => ({
      ...rest,
      tour_id: typeof tour_id === 'number' ? tour_id : null,
    })),
);

export type DiscountCreateValues = z.output<typeof discountCreateInput>;
export type DiscountUpdateValues = z.output<typeof discountUpdateInput>;

/** What the discount form sends (create: tour_id a list; edit: one id or null). */
export type DiscountInput = z.input<typeof discountFields> & {
  tour_id: number[] | number | null;
};

/** A row of GET discounts/table2; tour_name is null for a discount without a tour. */
export const discountRow = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  value: moneyAnswer,
  /** True: a percentage. */
  penalty_type: z.boolean(),
  tour_id: z.number().int().nullable(),
  tour_name: z.string().nullable(),
});
export type DiscountRow = z.input<typeof discountRow>;

/** GET discounts/{id}. */
export const discountAnswer = discountRow.extend({
  per_person: z.boolean(),
  on_base_price: z.boolean(),
  is_suppressed: z.boolean(),
  is_manual: z.boolean(),
  start_date: dateAnswer.nullable(),
  end_date: dateAnswer.nullable(),
  valid_from_date: dateAnswer.nullable(),
  valid_to_date: dateAnswer.nullable(),
});
export type Discount = z.input<typeof discountAnswer>;

/** A discount as the booking screen offers it (spec 1 §7 GET discounts): penalty_type 0 fixed, 1 percent. */
export const offeredDiscountAnswer = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  value: moneyAnswer,
  penalty_type: z.number().int(),
  per_person: z.boolean(),
  on_base_price: z.boolean(),
  is_manual: z.boolean(),
  tour_id: z.number().int().nullable(),
});
export type OfferedDiscount = z.input<typeof offeredDiscountAnswer>;

/** Discounts (spec 3 §2 'Discounts and extras', §7 'discounts'). Writes are role 1 only (spec 3 §6). */
export const discountsApi = {
  table: endpoint({
    method: 'GET',
    path: '/discounts/table2',
    summary:
      'Discounts (code, description, value, tour), DataTables protocol; filters search_by_code, search_by_tour.',
    query: z.strictObject({
      ...dataTablesShape,
      search_by_code: optionalText(50),
      search_by_tour: optionalId,
    }),
    answer: tableAnswer(discountRow),
  }),
  offered: endpoint({
    method: 'GET',
    path: '/discounts',
    summary:
      'Discounts offered for tours (spec 1 §7): tour_ids[] (plus tourless ones), show_suppressed, fromAdmin=yes ' +
      '(staff: manual ones too, whatever the dates); data [{id, code, description, value, penalty_type 0|1, ' +
      'per_person, on_base_price, is_manual, tour_id}].',
    query: z.object({
      tour_ids: idList,
      show_suppressed: z.preprocess(blankToUndefined, flagSchema.optional()),
      fromAdmin: z.preprocess(blankToUndefined, flagSchema.optional()),
    }),
    answer: z.object({ success: z.literal(true), data: z.array(offeredDiscountAnswer) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/discounts/:id',
    summary: 'One discount with its tour name: data.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: discountAnswer }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/discounts',
    summary:
      'Create a discount: one row per tour in tour_id (a list); answers data.id (the first) and data.ids.',
    permission: 'discounts.create',
    body: discountCreateInput,
    answer: okAnswer({ data: z.object({ id: z.number().int(), ids: z.array(z.number().int()) }) }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/discounts/:id',
    summary: 'Update a discount (one tour).',
    permission: 'discounts.update',
    params: idParams,
    body: discountUpdateInput,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/discounts/:id/delete',
    summary: 'Delete a discount (refused while bookings use it).',
    permission: 'discounts.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
