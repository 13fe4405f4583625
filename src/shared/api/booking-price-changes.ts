import { z } from 'zod';
import { PRICE_CHANGE_DECISIONS } from '../price-change';
import { versionField } from './booking-edit';
import { idSchema, moneySchema, plainString } from './common';
import { endpoint, okAnswer } from './contract';
import { idParams } from './params';

/**
 * Price changes after booking (issue #27; PTR 2018 regs 10–11, the rules in src/shared/price-change.ts):
 * staff apply a surcharge (or a reduction) with its justification; a significant increase waits for
 * the customer's answer, which staff may record (given by phone) or the customer gives on their side
 * (`portalApi.answerPriceChange`). Money is pounds as decimal text; dates YYYY-MM-DD.
 */

/** What the screens and the server say about price changes, word for word. */
export const PRICE_CHANGE_MESSAGES = {
  zero: 'Enter an amount other than £0.00.',
  noReason: 'Give the reason for the price change (e.g. fuel surcharge).',
  cancelled: 'This booking is cancelled, so its price cannot change.',
  pending: 'A price change is already waiting for the customer’s answer. Record that answer first.',
  notPending: 'This price change is not waiting for an answer.',
  /** reg. 10: the increase must be notified not later than `days` days before the start of the package. */
  tooLate: (days: number, departure: string) =>
    `A price increase must be notified at least ${days} days before departure (${departure}); a reduction is still possible.`,
} as const;

/** POST bookings/{id}/price-changes: the amount (negative: a reduction) and its justification. */
export const priceChangeInput = z.object({
  ...versionField,
  amount: moneySchema('Amount', { min: -9_999_999.99, max: 9_999_999.99 }).refine(
    (v) => Number(v) !== 0,
    PRICE_CHANGE_MESSAGES.zero,
  ),
  reason: plainString({ error: PRICE_CHANGE_MESSAGES.noReason })
    .trim()
    .min(1, PRICE_CHANGE_MESSAGES.noReason)
    .max(500, 'The reason may not be greater than 500 characters.'),
});
export type PriceChangeInput = z.input<typeof priceChangeInput>;

/** POST bookings/{id}/price-changes/answer: the customer's answer as staff record it (e.g. by phone). */
export const priceChangeAnswerInput = z.object({
  ...versionField,
  price_change_id: idSchema,
  answer: z.enum(['accepted', 'cancelled'], { error: 'Choose accepted or cancelled.' }),
});
export type PriceChangeAnswerInput = z.input<typeof priceChangeAnswerInput>;

/** One price change as staff see it. */
export const priceChangeAnswer = z.object({
  id: z.number(),
  amount: z.string(),
  reason: z.string(),
  total_before: z.string(),
  total_after: z.string(),
  /** Null: no decision asked (a reduction or an increase within the percentage: a notice). */
  decision: z.enum(PRICE_CHANGE_DECISIONS).nullable(),
  respond_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** 'customer' | 'staff' | 'system' (deemed accepted). */
  decided_via: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type PriceChange = z.infer<typeof priceChangeAnswer>;

/** GET bookings/{id}/price-changes: the changes, newest first, and the rules as they stand today. */
export const priceChangesAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    changes: z.array(priceChangeAnswer),
    rules: z.object({
      min_days: z.number(),
      significant_percent: z.string(),
      response_days: z.number(),
      departure_date: z.string().nullable(),
      /** An increase may still be applied today (reg. 10). */
      increase_allowed: z.boolean(),
      total_due: z.string(),
    }),
  }),
});

const appliedAnswer = okAnswer({
  data: z.object({ version: z.number(), price_change: priceChangeAnswer, emailed_to: z.string().nullable() }),
});

export const priceChangesApi = {
  list: endpoint({
    method: 'GET',
    path: '/bookings/:id/price-changes',
    summary:
      "The booking's price changes after booking and the rules that apply today (PTR 2018 regs 10–11).",
    params: idParams,
    answer: priceChangesAnswer,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/bookings/:id/price-changes',
    summary:
      'Apply a price change (surcharge, or a negative reduction) with its reason; emails the customer. 422 for an increase fewer than the set days (20) before departure; a significant increase (over 8 %) waits for the answer.',
    permission: 'bookings.priceChange',
    params: idParams,
    body: priceChangeInput,
    answer: appliedAnswer,
  }),
  answer: endpoint({
    method: 'POST',
    path: '/bookings/:id/price-changes/answer',
    summary:
      "Record the customer's answer to a pending price change: accepted, or cancelled (the booking cancelled with no cancellation charge).",
    permission: 'bookings.priceChange',
    params: idParams,
    body: priceChangeAnswerInput,
    answer: okAnswer({ data: z.object({ version: z.number() }) }),
  }),
};
