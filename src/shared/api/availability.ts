import { z } from 'zod';
import { daysBetween } from '../dates';
import {
  blankToUndefined,
  flagSchema,
  idSchema,
  intSchema,
  moneySchema,
  optionalYmd,
  ymdSchema,
} from './common';
import { dateAnswer, endpoint, messageAnswer, moneyAnswer, okAnswer } from './contract';
import { dataTablesShape, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * Room availability, accommodation prices and price discounts (spec 3 §3 Room availability row,
 * Accommodation price, Price discount; §4; §5 Availability update, Price discount form).
 */

/** The six change types of spec 3 §4, with the labels the select shows. */
export const CHANGE_TYPES = [
  { value: 'updateExisting', label: 'Set availability (update existing, create missing nights)' },
  { value: 'incrementAvailability', label: 'Increase or decrease availability' },
  { value: 'skipExistingAndCreate', label: 'Create missing nights only (skip existing)' },
  { value: 'stopSale', label: 'Stop sale' },
  { value: 'resumeSale', label: 'Resume sale' },
  { value: 'delete', label: 'Delete availability' },
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number]['value'];
/** The types that carry a number of rooms (spec 3 §4): the number field shows only for these. */
export const COUNT_TYPES: readonly ChangeType[] = [
  'updateExisting',
  'incrementAvailability',
  'skipExistingAndCreate',
];

export const END_DATE_MESSAGE = 'End date should be greater than the start date';
export const CHANGE_TYPE_REQUIRED = 'Change availability field is required';
export const DELETE_REFUSED =
  'Deleting room availability is not available at the moment. Please be patient. It will be functional soon.';
export const AVAILABILITY_REQUIRED = 'Availability is required.';
/** Longest range one change may cover (two years of nights), so one transaction stays small. */
export const MAX_RANGE_NIGHTS = 731;

export const PRICE_BY = [
  { value: 'per_person', label: 'Per person' },
  { value: 'per_night', label: 'Per night' },
] as const;

/** A required calendar date; blank or absent reads '{label} is required.'. */
const requiredDate = (label: string) =>
  z.preprocess(blankToUndefined, z.string({ error: `${label} is required.` }).pipe(ymdSchema));

/** An exchange rate: a decimal greater than 0 with up to 6 decimals (pounds are worth this many units). */
export const exchangeRateSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v == null ? '' : v),
  z.string().transform((s, ctx) => {
    const message =
      s === ''
        ? 'Exchange rate is required.'
        : !/^\d{1,8}(\.\d{1,6})?$/.test(s)
          ? 'The exchange rate must be a number, e.g. 1.17.'
          : Number(s) > 0
            ? null
            : 'The exchange rate must be greater than 0.';
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return s;
  }),
);

/**
 * The currency of a price: a currency id from GET currency-exchange/get-current-list, or blank /
 * 'GBP' / 0 for sterling (the base currency, stored as no currency id).
 */
export const currencySchema = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === 'GBP' || v === 0 || v === '0' ? null : v),
  idSchema.nullable(),
);

/** Adds the range rules: end not before start (spec 3 §5), at most MAX_RANGE_NIGHTS nights. */
function checkRange(v: { start_date?: unknown; end_date?: unknown }, ctx: z.RefinementCtx) {
  if (typeof v.start_date !== 'string' || typeof v.end_date !== 'string') return;
  if (v.end_date < v.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: END_DATE_MESSAGE });
  } else if (daysBetween(v.start_date, v.end_date) + 1 > MAX_RANGE_NIGHTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: `One change may cover at most ${MAX_RANGE_NIGHTS} nights.`,
    });
  }
}

/**
 * POST accommodation/room/availability/{id} (spec 3 §7): the Manage Availability form (start_date,
 * end_date, type, availability) and the Manage Availability Prices form (selected_currency,
 * exchange_rate, price_by, price) share this call. A change type is required unless a price is sent
 * (then only prices change). booking_start_date / booking_end_date are accepted and checked but not
 * stored: a price row has no booking window (discounts carry their own).
 */
export const availabilityInput = z
  .object({
    start_date: requiredDate('Start date'),
    end_date: requiredDate('End date'),
    type: z.preprocess(
      blankToUndefined,
      z
        .enum(CHANGE_TYPES.map((t) => t.value) as [ChangeType, ...ChangeType[]], {
          error: CHANGE_TYPE_REQUIRED,
        })
        .optional(),
    ),
    availability: z.preprocess(
      blankToUndefined,
      intSchema('Availability', { min: -100_000, max: 100_000 }).optional(),
    ),
    booking_start_date: optionalYmd,
    booking_end_date: optionalYmd,
    selected_currency: currencySchema.optional(),
    exchange_rate: z.preprocess(blankToUndefined, exchangeRateSchema.optional()),
    price_by: z.preprocess(blankToUndefined, z.enum(['per_person', 'per_night']).optional()),
    price: z.preprocess(blankToUndefined, moneySchema('Price').optional()),
  })
  .superRefine(
    (v, ctx) => {
      checkRange(v, ctx);
      if (!v.type && v.price === undefined) {
        ctx.addIssue({ code: 'custom', path: ['type'], message: CHANGE_TYPE_REQUIRED });
      }
      if (v.type && COUNT_TYPES.includes(v.type)) {
        if (v.availability === undefined) {
          ctx.addIssue({ code: 'custom', path: ['availability'], message: AVAILABILITY_REQUIRED });
        } else if (v.type !== 'incrementAvailability' && v.availability < 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['availability'],
            message: 'Availability must be at least 0.',
          });
        }
      }
      if (
        typeof v.booking_start_date === 'string' &&
        typeof v.booking_end_date === 'string' &&
        v.booking_end_date < v.booking_start_date
      ) {
        ctx.addIssue({ code: 'custom', path: ['booking_end_date'], message: END_DATE_MESSAGE });
      }
    },
    { when: () => true },
  );
export type AvailabilityInput = z.input<typeof availabilityInput>;

/** POST accommodation/room/update-availability/{id}/prices: one price row edited inline. */
export const priceUpdateInput = z.object({
  price_id: idSchema,
  selected_currency: currencySchema.optional(),
  exchange_rate: exchangeRateSchema,
  price_by: z.enum(['per_person', 'per_night'], { error: 'Choose per person or per night.' }),
  price: z.preprocess((v) => v ?? '', moneySchema('Price')),
});
export type PriceUpdateInput = z.input<typeof priceUpdateInput>;

export const DISCOUNT_START_MESSAGE = 'Please prove a valid start date';
export const DISCOUNT_END_MESSAGE = 'Please prove a valid end date';

const discountFields = {
  booking_start_date: requiredDate('Booking start date'),
  booking_end_date: requiredDate('Booking end date'),
  percent_discount: z.preprocess(blankToUndefined, flagSchema.optional()).transform((v) => v ?? false),
  discount_price: z.preprocess((v) => v ?? '', moneySchema('Discount price', { min: 0.01 })),
};

function checkDiscount(
  v: {
    booking_start_date?: unknown;
    booking_end_date?: unknown;
    percent_discount?: boolean;
    discount_price?: unknown;
  },
  ctx: z.RefinementCtx,
) {
  if (
    typeof v.booking_start_date === 'string' &&
    typeof v.booking_end_date === 'string' &&
    v.booking_start_date > v.booking_end_date
  ) {
    ctx.addIssue({ code: 'custom', path: ['booking_start_date'], message: DISCOUNT_START_MESSAGE });
    ctx.addIssue({ code: 'custom', path: ['booking_end_date'], message: DISCOUNT_END_MESSAGE });
  }
  if (v.percent_discount && typeof v.discount_price === 'string' && Number(v.discount_price) > 100) {
    ctx.addIssue({
      code: 'custom',
      path: ['discount_price'],
      message: 'A percentage discount may be at most 100.',
    });
  }
}

/**
 * POST accommodation/room/price-discount/{priceId}/handle (spec 3 §5 Price discount form): flag add
 * or edit (id of the discount when editing), booking window, percent switch, discount price (step
 * 0.01, more than 0; at most 100 when a percentage). Overlaps are checked by the server.
 */
export const discountInput = z
  .object({
    flag: z.enum(['add', 'edit'], { error: "flag must be 'add' or 'edit'." }),
    id: z.preprocess(blankToUndefined, idSchema.optional()),
    ...discountFields,
  })
  .superRefine(
    (v, ctx) => {
      checkDiscount(v, ctx);
      if (v.flag === 'edit' && !v.id) {
        ctx.addIssue({ code: 'custom', path: ['id'], message: 'The discount to edit is missing.' });
      }
    },
    { when: () => true },
  );
export type DiscountInput = z.input<typeof discountInput>;

const idArray = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(idSchema)
      .max(1000, 'Too many prices at once.')
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length > 0, `Select at least one ${label}.`),
  );

/** POST accommodation/room/handle-multiple-prices-discount: one new discount on each selected price. */
export const multipleDiscountInput = z
  .object({
    flag: z.preprocess(blankToUndefined, z.literal('add').optional()),
    multiple_price_ids: idArray('price'),
    ...discountFields,
  })
  .superRefine((v, ctx) => checkDiscount(v, ctx), { when: () => true });
export type MultipleDiscountInput = z.input<typeof multipleDiscountInput>;

/**
 * POST accommodation/room/handle-prices-clonnig: copies the selected prices (with their discounts)
 * to the same nights of the room `accomodation_room_id` (spelling as in the spec).
 */
export const cloneInput = z.object({
  accomodation_room_id: z.preprocess(
    blankToUndefined,
    z
      .any()
      .transform((v, ctx) => {
        if (v === undefined) {
          ctx.addIssue({ code: 'custom', message: 'Choose the room to copy to.' });
          return z.NEVER;
        }
        return v;
      })
      .pipe(idSchema),
  ),
  selected_price_ids: idArray('price'),
});
export type CloneInput = z.input<typeof cloneInput>;

/** A date range of the prices table: both dates required, end not before start, at most MAX_RANGE_NIGHTS nights. */
export const priceRangeInput = z
  .object({ start_date: requiredDate('Start date'), end_date: requiredDate('End date') })
  .refine((v) => v.end_date >= v.start_date, { path: ['end_date'], message: END_DATE_MESSAGE })
  .refine((v) => daysBetween(v.start_date, v.end_date) < MAX_RANGE_NIGHTS, {
    path: ['end_date'],
    message: `The range may cover at most ${MAX_RANGE_NIGHTS} nights.`,
  });

/** The table's query: the protocol plus the range of nights shown (startDate, endDate). */
export const availabilityTableQuery = z.strictObject({
  ...dataTablesShape,
  startDate: optionalYmd,
  endDate: optionalYmd,
});

const priceParams = z.object({ priceId: idSchema });

// ---- answers ----

/** A row of the Accommodation Availability table (spec 3 §3 Room availability row). */
export const availabilityRow = z.object({
  id: z.number().int(),
  availability_date: dateAnswer,
  availability: z.number().int(),
  confirmed_locked_availability: z.number().int(),
  locked_availability: z.number().int(),
  remaining_availability: z.number().int(),
  stop_sell: z.boolean(),
});
export type AvailabilityRow = z.infer<typeof availabilityRow>;

/** A row of the Accommodation Prices table (spec 3 §3 Accommodation price). */
export const priceRow = z.object({
  id: z.number().int(),
  accommodation_room_id: z.number().int(),
  room_availability_date: dateAnswer,
  currency_id: z.number().int().nullable(),
  currency: z.object({ short_name: z.string(), symbol: z.string().nullable() }),
  /** The rate as text without trailing zeros ('1.17'). */
  exchange_rate: z.string(),
  price_type: z.enum(['per_person', 'per_night']),
  price: moneyAnswer,
  /** price ÷ exchange_rate, rounded to the penny. */
  price_gbp: moneyAnswer,
  discounts_count: z.number().int(),
});
/** A price row as the client receives it (money as decimal text). */
export type PriceRow = z.input<typeof priceRow>;

/** A price discount (spec 3 §3 Price discount). */
export const priceDiscount = z.object({
  id: z.number().int(),
  accommodation_price_id: z.number().int(),
  booking_start_date: dateAnswer,
  booking_end_date: dateAnswer,
  percent_discount: z.boolean(),
  discount_price: moneyAnswer,
});
export type PriceDiscount = z.input<typeof priceDiscount>;

/**
 * Room availability, accommodation prices and price discounts (spec 3 §2 'Accommodation room edit',
 * §4, §5, §7 'Accommodation'). Reads are open to staff; every write is role 1 only (spec 3 §6).
 */
export const availabilityApi = {
  change: endpoint({
    method: 'POST',
    path: '/accommodation/room/availability/:id',
    summary:
      'Apply a change type over a date range and/or save a price for each night, in one transaction; answers data.nights_changed, data.prices_saved.',
    permission: 'availability.update',
    params: idParams,
    body: availabilityInput,
    answer: okAnswer({
      data: z.object({ nights_changed: z.number().int(), prices_saved: z.number().int() }),
    }),
  }),
  table: endpoint({
    method: 'GET',
    path: '/accommodation/room/availability/:id/table',
    summary:
      'Availability of room {id} per night from startDate to endDate, DataTables protocol (page size 25).',
    params: idParams,
    query: availabilityTableQuery,
    answer: tableAnswer(availabilityRow),
  }),
  prices: endpoint({
    method: 'POST',
    path: '/accommodation/room/get-availability/:id/prices',
    summary: 'Prices of room {id} per night in the range: {status, data, message}.',
    permission: 'prices.read',
    params: idParams,
    body: priceRangeInput,
    answer: z.object({ status: z.literal(true), data: z.array(priceRow), message: z.string() }),
  }),
  updatePrice: endpoint({
    method: 'POST',
    path: '/accommodation/room/update-availability/:id/prices',
    summary: 'Save one price row of room {id} (inline edit); answers data: the row.',
    permission: 'prices.update',
    params: idParams,
    body: priceUpdateInput,
    answer: okAnswer({ data: priceRow }),
  }),
  deletePrice: endpoint({
    method: 'POST',
    path: '/accommodation/room/delete-availability/:id/prices',
    summary: 'Delete one price of room {id} with its discounts.',
    permission: 'prices.delete',
    params: idParams,
    body: z.object({ price_id: idSchema }),
    answer: messageAnswer,
  }),
  discounts: endpoint({
    method: 'GET',
    path: '/accommodation/room/price-discount/:priceId',
    summary: 'A price and its discounts: data.price, data.discounts.',
    params: priceParams,
    answer: z.object({
      success: z.literal(true),
      data: z.object({ price: priceRow, discounts: z.array(priceDiscount) }),
    }),
  }),
  saveDiscount: endpoint({
    method: 'POST',
    path: '/accommodation/room/price-discount/:priceId/handle',
    summary:
      'Add (flag add) or edit (flag edit, id) a discount of the price; overlapping windows are refused.',
    permission: 'prices.discount',
    params: priceParams,
    body: discountInput,
    answer: okAnswer({ data: z.object({ id: z.number().int() }) }),
  }),
  addMultipleDiscounts: endpoint({
    method: 'POST',
    path: '/accommodation/room/handle-multiple-prices-discount',
    summary: 'Add the same discount to every price in multiple_price_ids, all or nothing.',
    permission: 'prices.discount',
    body: multipleDiscountInput,
    answer: okAnswer({ data: z.object({ added: z.number().int() }) }),
  }),
  deleteDiscount: endpoint({
    method: 'POST',
    path: '/accommodation/room/price-discount/:priceId/delete-discount/:discountId',
    summary: 'Delete one discount of the price.',
    permission: 'prices.discount',
    params: z.object({ priceId: idSchema, discountId: idSchema }),
    answer: messageAnswer,
  }),
  clonePrices: endpoint({
    method: 'POST',
    path: '/accommodation/room/handle-prices-clonnig',
    summary: 'Copy the selected prices (with discounts) to the same nights of room accomodation_room_id.',
    permission: 'prices.clone',
    body: cloneInput,
    answer: okAnswer({ data: z.object({ copied: z.number().int() }) }),
  }),
};
