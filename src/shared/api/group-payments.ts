import { z } from 'zod';
import { blankToUndefined, flagSchema, idSchema, moneySchema, optionalId } from './common';
import { endpoint, fileAnswer, MEDIA, messageAnswer, moneyAnswer, okAnswer } from './contract';
import { INVOICE_CURRENCIES, rateSchema } from './invoices';
import { idParams } from './params';

/**
 * A tour group's money (spec 3 §2 'Suppliers, Services & Payments', §3 Internal payment, §5 'Group
 * internal payment', §7 Groups, §9 net profit): gross and cancellation revenue from the group's
 * bookings, the internal payments (what each supplier or tour manager costs the group: an estimate
 * and/or a share of one of their invoices) and the tour profit. Writes are role 1 only (spec 3 §6:
 * every write on the group screen); reads and the payment invoice download are any staff's.
 */

/** Spec 3 §9 'Payment for options': 1 Supplier, 2 Tour Manager. */
export const PAYMENT_FOR = { supplier: 1, tourManager: 2 } as const;

/** Spec 3 §5 and the server's refusals. */
export const GROUP_PAYMENT_MESSAGES = {
  /** Spec 3 §8's confirmation of a delete on the group screen. */
  confirmDelete: 'Are you sure you want to delete payment ?',
  chooseSupplier: 'Choose a supplier.',
  chooseTourManager: 'Choose a tour manager.',
  notFound: 'Payment not found.',
  invoiceOfOtherParty: 'That invoice belongs to another supplier or tour manager.',
  noPrice: 'No price is set for that room on the nights of this group.',
} as const;

/**
 * POST tours/groups/{id}/handle-internal-payments (spec 3 §3 Internal payment, §4 add or edit): the
 * party (payment_for 1 supplier: supplier_id / group_supplier; 2 tour manager: tour_manager_id),
 * service type, accommodation and room (0 = All), estimated cost with currency and per-person basis,
 * and an invoice of the party with the amount assigned (both or neither; at most the invoice's
 * amount — 'Please provide valid invoice amount less than {amount}' — and what is left to link).
 */
export const groupPaymentInput = z
  .object({
    flag: z.preprocess(blankToUndefined, z.enum(['add', 'edit']).default('add')),
    tour_group_payment_id: optionalId,
    payment_for: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.union([z.literal(1), z.literal(2)], {
        error: 'Payment for must be 1 (supplier) or 2 (tour manager).',
      }),
    ),
    supplier_id: optionalId,
    tour_manager_id: optionalId,
    service_type_id: optionalId,
    accommodation_id: optionalId,
    /** 0 is the room choice 'All' (spec 3 §9). */
    accommodation_room_id: z.preprocess(
      blankToUndefined,
      z
        .union([z.literal(0), z.literal('0')])
        .transform(() => 0)
        .or(idSchema)
        .optional(),
    ),
    estimated_cost: z.preprocess(blankToUndefined, moneySchema('Estimated cost').optional()),
    currency_type: z.preprocess(
      blankToUndefined,
      z.enum(INVOICE_CURRENCIES, { error: 'Choose a currency: USD, Sterling or EUR.' }).default('Sterling'),
    ),
    currency_exchange_rate: z.preprocess(blankToUndefined, rateSchema.optional()),
    per_person_basis: z.preprocess(blankToUndefined, flagSchema.default(false)),
    supplier_invoice_id: optionalId,
    invoice_asigned_amount: z.preprocess(
      blankToUndefined,
      moneySchema('Invoice amount', { min: 0.01, max: 9_999_999_999.99 }).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.flag === 'edit' && !v.tour_group_payment_id)
      ctx.addIssue({
        code: 'custom',
        path: ['tour_group_payment_id'],
        message: 'tour_group_payment_id is required to edit.',
      });
    if (v.payment_for === 1 && !v.supplier_id)
      ctx.addIssue({ code: 'custom', path: ['supplier_id'], message: GROUP_PAYMENT_MESSAGES.chooseSupplier });
    if (v.payment_for === 2 && !v.tour_manager_id)
      ctx.addIssue({
        code: 'custom',
        path: ['tour_manager_id'],
        message: GROUP_PAYMENT_MESSAGES.chooseTourManager,
      });
    if (v.supplier_invoice_id && !v.invoice_asigned_amount)
      ctx.addIssue({
        code: 'custom',
        path: ['invoice_asigned_amount'],
        message: 'Give the invoice amount assigned to this group.',
      });
    if (!v.supplier_invoice_id && v.invoice_asigned_amount)
      ctx.addIssue({ code: 'custom', path: ['supplier_invoice_id'], message: 'Choose the invoice first.' });
    if (v.accommodation_room_id !== undefined && !v.accommodation_id)
      ctx.addIssue({
        code: 'custom',
        path: ['accommodation_id'],
        message: 'Choose the accommodation first.',
      });
  });
export type GroupPaymentInput = z.input<typeof groupPaymentInput>;
export type GroupPaymentValues = z.output<typeof groupPaymentInput>;

/** An internal payment as answered (spec 3 §3), with its cost to the group in pounds (spec 3 §9). */
export const groupPaymentAnswer = z.object({
  tour_group_payment_id: z.number().int(),
  tour_group_id: z.number().int(),
  payment_for: z.number().int(),
  group_supplier: z.object({ id: z.number().int(), supplier_name: z.string() }).nullable(),
  tour_manager: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }).nullable(),
  /** The supplier's name, or the tour manager's first and last name. */
  party_name: z.string(),
  service_type_id: z.number().int().nullable(),
  service_name: z.string().nullable(),
  accommodation_id: z.number().int().nullable(),
  accommodation_name: z.string().nullable(),
  /** 0 = All rooms (when an accommodation is set), else the room's id; null without accommodation. */
  accommodation_room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
  estimated_cost: moneyAnswer.nullable(),
  currency_type: z.enum(INVOICE_CURRENCIES),
  currency_exchange_rate: z.string(),
  per_person_basis: z.boolean(),
  supplier_invoice: z
    .object({
      id: z.number().int(),
      invoice_number: z.string(),
      invoice_amount: moneyAnswer,
      currency_type: z.string(),
      currency_exchange_rate: z.string(),
      payment_invoice_name: z.string().nullable(),
      payment_due_date: z.string(),
    })
    .nullable(),
  invoice_asigned_amount: moneyAnswer.nullable(),
  /** Spec 3 §9: the assigned invoice amount ÷ the invoice's rate, else the estimate (× passengers per person), £. */
  supplier_cost: moneyAnswer,
});
export type GroupPayment = z.input<typeof groupPaymentAnswer>;

/** POST tours/groups/{id}/calculate-revenue (data): the revenue, the payments and the profit. */
export const groupRevenueAnswer = z.object({
  /** Spec 3 §9 (see docs/money.md 'Group money'): live bookings' total due on the group, £. */
  gross_revenue: moneyAnswer,
  /** Cancelled bookings' cancellation value on the group, £. */
  cancellation_revenue: moneyAnswer,
  /** Passengers counted on the group (Paid or Confirmed, not cancelled; spec 3 §4). */
  passengers: z.number().int(),
  supplier_costs: moneyAnswer,
  /** gross + cancellation − supplier costs, floored at 0 (spec 3 §9). */
  tour_profit: moneyAnswer,
  internal_payments: z.array(groupPaymentAnswer),
});
export type GroupRevenue = z.input<typeof groupRevenueAnswer>;

const groupPaymentParams = z.object({ id: idSchema, paymentId: idSchema });

export const groupPaymentsApi = {
  save: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/handle-internal-payments',
    summary: 'Add (flag add) or edit (flag edit, tour_group_payment_id) an internal payment of group {id}.',
    permission: 'groupPayments.save',
    params: idParams,
    body: groupPaymentInput,
    answer: okAnswer({
      status: z.literal(true),
      payment_done: z.literal(true),
      data: z.object({ tour_group_payment_id: z.number().int() }),
    }),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/delete-internal-payments/:paymentId',
    summary: 'Delete internal payment {paymentId} of group {id} (its invoice amount is free to link again).',
    permission: 'groupPayments.delete',
    params: groupPaymentParams,
    answer: messageAnswer,
  }),
  revenue: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/calculate-revenue',
    summary:
      'Gross revenue, cancellation revenue, passengers, internal payments with their costs, supplier costs and tour profit of group {id}.',
    permission: 'groupPayments.read',
    params: idParams,
    answer: z.object({ status: z.literal(true), success: z.literal(true), data: groupRevenueAnswer }),
  }),
  estimate: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/fetch-supplier-estimated-cost',
    summary:
      "The estimated cost of accommodation accomodation_id's room accomodation_room_id (0 = All: the dearest room) " +
      "over the group's nights, in pounds, per person or for the room.",
    permission: 'groupPayments.read',
    params: idParams,
    body: z.object({
      accomodation_id: idSchema,
      accomodation_room_id: z.preprocess(
        blankToUndefined,
        z
          .union([z.literal(0), z.literal('0')])
          .transform(() => 0)
          .or(idSchema)
          .default(0),
      ),
    }),
    answer: z.object({
      status: z.literal(true),
      estimated_cost: moneyAnswer.nullable(),
      currency: z.enum(INVOICE_CURRENCIES),
      per_person_basis: z.boolean(),
      nights: z.number().int(),
    }),
  }),
  download: endpoint({
    method: 'POST',
    path: '/suppliers/download-internal-payment-invocie/:id',
    summary:
      "Internal payment {id}'s invoice: the stored invoice PDF when there is one, else a payment advice; Payment-Invoice.pdf.",
    permission: 'groupPayments.download',
    params: idParams,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
};
