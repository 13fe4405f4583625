import { z } from 'zod';
import { paymentSchema, paymentVoidSchema } from './booking-edit';
import { endpoint, messageAnswer, moneyAnswer, okAnswer } from './contract';
import { idParams } from './params';

/**
 * The signed parameters of the ECOMMPAY payment widget (spec 1 §4 'Card payment widget'):
 * payment_amount in minor units (pence), signature HMAC-SHA512 per ECOMMPAY.
 */
export const ecommpayWidgetAnswer = z.object({
  project_id: z.number(),
  interface_type: z.string(),
  payment_id: z.string(),
  payment_amount: z.number(),
  payment_currency: z.string(),
  payment_description: z.string(),
  customer_id: z.string(),
  payment_extra_param: z.string(),
  merchant_return_url: z.string(),
  moto_type: z.number(),
  customer_email: z.string().optional(),
  signature: z.string(),
});
export type EcommpayWidget = z.infer<typeof ecommpayWidgetAnswer>;

/**
 * POST payments answers either the recorded payment (`data.version`, `data.overpaid` in pounds) or,
 * for a card payment not yet completed, the widget's signed parameters.
 */
export const paymentAnswer = okAnswer({
  data: z.union([z.object({ version: z.number(), overpaid: moneyAnswer }), ecommpayWidgetAnswer]),
});

/**
 * Payments (spec 1 §7 POST payments, §4 'Card payment widget'): record a transaction or open the
 * ECOMMPAY widget; void a receipt (role 1); the gateway's signed callback, the only way a card
 * payment is recorded.
 */
export const paymentsApi = {
  create: endpoint({
    method: 'POST',
    path: '/payments',
    summary:
      'Record a payment or refund on a booking (refund methods stored negative); answers data.version. ' +
      'For ecommpay without paymentCompleted: answers data = the signed ECOMMPAY widget parameters.',
    permission: 'payments.create',
    body: paymentSchema,
    answer: paymentAnswer,
  }),
  void: endpoint({
    method: 'POST',
    path: '/payments/:id/void',
    summary:
      'Void a receipt (role 1): the receipt is kept and marked voided with the reason, a reversing entry ' +
      'cancels its amount, history is written and the totals recomputed. 422 when already voided or a reversal.',
    permission: 'payments.void',
    params: idParams,
    body: paymentVoidSchema,
    answer: okAnswer({ data: z.object({ version: z.number() }) }),
  }),
  ecommpayCallback: endpoint({
    method: 'POST',
    path: '/payments/ecommpay/callback',
    summary:
      'ECOMMPAY callback (no token; signed with the project secret). Bad signature → 400 and nothing ' +
      'written; success records the payment once; decline records nothing.',
    public: true,
    answer: messageAnswer,
  }),
};
