import { z } from 'zod';
import { poundsText } from '../money-text';
import { flagSchema, moneySchema, optionalId } from './common';
import { endpoint, messageAnswer, moneyAnswer, okAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/** Cancellation policy tour types (spec 3 §9: air and coach). */
export const CANCELLATION_TOUR_TYPES = ['air', 'coach'] as const;
export type CancellationTourType = (typeof CANCELLATION_TOUR_TYPES)[number];
export const CANCELLATION_TOUR_TYPE_LABELS: Record<CancellationTourType, string> = {
  air: 'Air',
  coach: 'Coach',
};

/** Cancellation percentage cap (spec 3 §9). */
export const CANCELLATION_PERCENT_CAP = 100;
/** The largest day count accepted (ten years before departure). */
export const CANCELLATION_MAX_DAYS = 3650;

/** Spec 3 §5 messages, word for word. */
export const CANCELLATION_MESSAGES = {
  percentCap: 'Sorry! You cannot enter more than 100%',
  daysEnd: 'Days end should be less than days start.',
  daysStart: 'Days start should be greater than days end.',
  deleteConfirm: 'Are you sure you want to delete the cancellation policy ?',
} as const;

/** A whole number of days before departure, required, 0..3650. */
const dayCount = (label: string) =>
  z.unknown().transform((raw, ctx) => {
    const v = typeof raw === 'string' ? raw.trim() : raw;
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required.` });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number.` });
      return z.NEVER;
    }
    if (n < 0 || n > CANCELLATION_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', message: `${label} must be between 0 and ${CANCELLATION_MAX_DAYS}.` });
      return z.NEVER;
    }
    return n;
  });

/**
 * A cancellation policy as the form sends it (spec 3 §3 CancellationPolicy; §7 POST
 * cancellations/penalties with handle_tag add|edit, id on edit). A booking cancelled between
 * days_before_start and days_before_end days (both inclusive) before departure is charged
 * penalty_charge: a percentage when penalty_type is 1 (capped at 100), otherwise pounds.
 * The rules of spec 3 §5 answer with its messages on the fields concerned.
 */
export const cancellationPolicyInput = z
  .object({
    id: optionalId,
    handle_tag: z.preprocess(
      (v) => (v === '' || v == null ? 'add' : v),
      z.enum(['add', 'edit'], { error: "handle_tag must be 'add' or 'edit'." }),
    ),
    days_before_start: dayCount('Policy Day Start'),
    days_before_end: dayCount('Policy Day End'),
    penalty_type: flagSchema.optional().transform((v) => (v ? 1 : 0)),
    penalty_charge: moneySchema('Cancellation Amount'),
    tour_type: z.enum(CANCELLATION_TOUR_TYPES, { error: 'Choose the tour type: air or coach.' }),
  })
  .superRefine((v, ctx) => {
    if (v.handle_tag === 'edit' && !v.id) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'The id field is required when editing.' });
    }
    if (v.penalty_type === 1 && Number(v.penalty_charge) > CANCELLATION_PERCENT_CAP) {
      ctx.addIssue({ code: 'custom', path: ['penalty_charge'], message: CANCELLATION_MESSAGES.percentCap });
    }
  })
  .superRefine(
    (v, ctx) => {
      const { days_before_start: start, days_before_end: end } = v;
      if (typeof start === 'number' && typeof end === 'number' && end >= start) {
        ctx.addIssue({ code: 'custom', path: ['days_before_end'], message: CANCELLATION_MESSAGES.daysEnd });
        ctx.addIssue({
          code: 'custom',
          path: ['days_before_start'],
          message: CANCELLATION_MESSAGES.daysStart,
        });
      }
    },
    // Also when another field is wrong (say, no tour type chosen yet): the day order shows at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type CancellationPolicyInput = z.input<typeof cancellationPolicyInput>;

/** The spec sends `{policy: {...}}`; a flat body is accepted too. */
const policyBody = z.preprocess(
  (b) => (b && typeof b === 'object' && 'policy' in b && typeof b.policy === 'object' ? b.policy : b),
  cancellationPolicyInput,
);

/** A cancellation policy as the API answers it (table rows and get-policy). */
export const cancellationPolicyAnswer = z.object({
  id: z.number().int(),
  days_before_start: z.number().int(),
  days_before_end: z.number().int(),
  /** 1 = percentage, 0 = pounds. */
  penalty_type: z.number().int(),
  /** Decimal string, e.g. '30.00'. */
  penalty_charge: moneyAnswer,
  tour_type: z.enum(CANCELLATION_TOUR_TYPES),
});
export type CancellationPolicy = z.input<typeof cancellationPolicyAnswer>;

/**
 * Cancellation policies (spec 3 §2 'Cancellation policies', §3, §5, §7). Saving and deleting are
 * role 1 only (spec 3 §6); the save and get-policy calls answer `status` as the spec reads it.
 */
export const cancellationsApi = {
  table: endpoint({
    method: 'GET',
    path: '/cancellations/penalties',
    summary:
      'Cancellation policies, DataTables protocol: days_before_start, days_before_end, penalty_charge, tour_type.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(cancellationPolicyAnswer),
  }),
  save: endpoint({
    method: 'POST',
    path: '/cancellations/penalties',
    summary:
      "Add (handle_tag 'add') or edit (handle_tag 'edit' with id) a policy: {policy: {...}} or flat; answers status, message, data.id.",
    permission: 'cancellations.save',
    body: policyBody,
    answer: okAnswer({ status: z.literal(true), data: z.object({ id: z.number().int() }) }),
  }),
  get: endpoint({
    method: 'POST',
    path: '/cancellations/:id/get-policy',
    summary: 'One policy: data {id, days_before_start, …}.',
    permission: 'cancellations.read',
    params: idParams,
    answer: z.object({
      status: z.literal(true),
      success: z.literal(true),
      data: cancellationPolicyAnswer,
    }),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/cancellations/penalties/:id/delete',
    summary: 'Delete a policy.',
    permission: 'cancellations.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};

/**
 * The Penalty Amount column (spec 3 §2): '30%' (or '12.5%') when penalty_type is 1, otherwise
 * pounds with two decimals ('£50.00').
 */
export function formatPenalty(penaltyType: number, charge: string): string {
  const n = Number(charge);
  if (penaltyType === 1) return `${Number.isFinite(n) ? String(Number(n.toFixed(2))) : charge}%`;
  return Number.isFinite(n) ? poundsText(charge) : `£${charge}`;
}
