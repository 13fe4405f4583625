import { z } from 'zod';
import { INSTALMENT_MESSAGES, INSTALMENTS_MAX, INSTALMENTS_MIN } from '../instalments';
import { type InstalmentPlan, instalmentPlanAnswer, versionField } from './booking-edit';

export { type InstalmentPlan, instalmentPlanAnswer };

import { blankToUndefined, intSchema, moneySchema, ymdSchema } from './common';
import { endpoint, okAnswer } from './contract';
import { idParams } from './params';

/**
 * A booking's instalments (issue #26; the rules in src/shared/instalments.ts, the stages in
 * src/shared/payment-schedule.ts): set the plan — the equal split of a number of instalments, or a
 * list of dates and amounts as edited — remove it, or preview the equal split. Role 1 changes it
 * (`bookings.instalments`), everyone reads it. Money is pounds as decimal text; dates YYYY-MM-DD.
 */

/** One instalment as sent and answered. */
export const instalmentSchema = z.object({
  due: ymdSchema,
  amount: moneySchema('Amount'),
});

const countSchema = intSchema('Number of instalments', { min: INSTALMENTS_MIN, max: INSTALMENTS_MAX });

/**
 * PUT bookings/{id}/instalments: either `count` (the equal split, `defaultInstalments`) or
 * `instalments` (the plan as edited, checked by `instalmentPlanErrors`); `version` as loaded.
 */
export const instalmentsSetSchema = z
  .object({
    ...versionField,
    count: z.preprocess(blankToUndefined, countSchema.optional()),
    instalments: z.array(instalmentSchema).max(INSTALMENTS_MAX, INSTALMENT_MESSAGES.count).optional(),
  })
  .refine((v) => (v.count === undefined) !== (v.instalments === undefined), {
    message: 'Send either the number of instalments or the list of instalments.',
    path: ['instalments'],
  });
export type InstalmentsSet = z.infer<typeof instalmentsSetSchema>;

/** POST bookings/{id}/instalments/delete: back to one balance stage. */
export const instalmentsDeleteSchema = z.object({ ...versionField });

/** GET bookings/{id}/instalments/preview?count=n. */
export const instalmentsPreviewQuery = z.object({ count: countSchema });

const instalmentAnswer = z.object({ due: z.string(), amount: z.string() });

const savedAnswer = okAnswer({
  data: z.object({ version: z.number(), instalments: z.array(instalmentAnswer) }),
});

export const instalmentsApi = {
  set: endpoint({
    method: 'PUT',
    path: '/bookings/:id/instalments',
    summary: "Split the booking's balance into instalments: the equal split of `count`, or a list.",
    permission: 'bookings.instalments',
    params: idParams,
    body: instalmentsSetSchema,
    answer: savedAnswer,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/bookings/:id/instalments/delete',
    summary: 'Remove the instalments: the balance is one stage again.',
    permission: 'bookings.instalments',
    params: idParams,
    body: instalmentsDeleteSchema.optional(),
    answer: savedAnswer,
  }),
  preview: endpoint({
    method: 'GET',
    path: '/bookings/:id/instalments/preview',
    summary: 'The equal split of the balance into `count` instalments (nothing stored).',
    params: idParams,
    query: instalmentsPreviewQuery,
    answer: z.object({ success: z.literal(true), data: instalmentPlanAnswer }),
  }),
};
