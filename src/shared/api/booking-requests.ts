import { z } from 'zod';
import { blankToUndefined, idSchema, optionalId, optionalText } from './common';
import { createdAnswer, dateAnswer, endpoint, messageAnswer, timestampAnswer } from './contract';
import { idParams } from './params';

/**
 * Booking requests — referrals (spec 2 §7 'GET bookings; GET referrers; POST bookings/requests
 * with customer_id, booking_id, referrer_id'; spec 1 §7 note). The spec gives no entity or screen
 * (docs/spec-drift.md), so this is our design: a customer (the referrer) is recorded against a
 * booking of the customer they referred. A booking has at most one referrer; nobody refers
 * themselves. The customer edit screen lists both sides: 'Referred by' and 'Referrals'.
 */

/** An id the form picks from a list: blank or missing → `message`, else the id rules. */
const chosenId = (message: string) =>
  z.preprocess(blankToUndefined, idSchema.optional()).transform((v, ctx) => {
    if (v === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  });

/** POST bookings/requests: the referred customer, one of their bookings, and the referrer. */
export const bookingRequestInput = z.object({
  customer_id: idSchema,
  booking_id: chosenId('Please choose the booking.'),
  referrer_id: chosenId('Please choose who referred the customer.'),
});
export type BookingRequestInput = z.input<typeof bookingRequestInput>;
export type BookingRequestValues = z.output<typeof bookingRequestInput>;

/** One referral as the customer screen lists it (either side). */
export const referral = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  booking_ref: z.string().nullable(),
  /** YYYY-MM-DD, or null before the booking has a tour line. */
  departure_date: dateAnswer.nullable(),
  booking_status: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  referrer_id: z.number().int(),
  referrer_name: z.string(),
  created_at: timestampAnswer,
});
export type Referral = z.input<typeof referral>;

/** A booking offered by the picker (GET bookings?customer_id=). */
export const bookingChoice = z.object({
  id: z.number().int(),
  booking_ref: z.string().nullable(),
  departure_date: dateAnswer.nullable(),
  status: z.string(),
  created_at: timestampAnswer,
  /** The booking's referrer already recorded, if any (a booking has one at most). */
  referrer_id: z.number().int().nullable(),
  referrer_name: z.string().nullable(),
});
export type BookingChoice = z.input<typeof bookingChoice>;

/** A customer the referrer type-ahead offers (GET referrers). */
export const referrerOption = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string().nullable(),
  postcode: z.string().nullable(),
  /** Their own bookings (a referrer is usually a past traveller). */
  total_bookings: z.number().int(),
});
export type ReferrerOption = z.input<typeof referrerOption>;

/** Booking requests and referrers. Reading is open to any staff member; changes are role 1. */
export const bookingRequestsApi = {
  bookings: endpoint({
    method: 'GET',
    path: '/bookings',
    summary:
      "A customer's bookings for the referral picker (customer_id required; optional search on the reference), newest first, each with its referrer if recorded.",
    query: z.strictObject({ customer_id: idSchema, search: optionalText(50) }),
    answer: z.object({ status: z.literal(true), data: z.array(bookingChoice) }),
  }),
  referrers: endpoint({
    method: 'GET',
    path: '/referrers',
    summary:
      'Customers who may be named as referrer: up to 20 whose name, postcode or email contains `search` (2+ characters), except `customer_id` (the referred customer).',
    query: z.strictObject({ search: optionalText(100), customer_id: optionalId }),
    answer: z.object({ status: z.literal(true), data: z.array(referrerOption) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/bookings/requests',
    summary:
      "Records that referrer_id referred customer_id for booking_id (one of that customer's bookings); 422 when the booking is another customer's, already has a referrer, or the referrer is the customer.",
    permission: 'bookingRequests.create',
    body: bookingRequestInput,
    answer: createdAnswer,
  }),
  forCustomer: endpoint({
    method: 'GET',
    path: '/customers/:id/referrals',
    summary:
      "A customer's referrals, both sides: data.referred_by (who referred this customer, per booking) and data.referrals (customers this one referred).",
    params: idParams,
    answer: z.object({
      status: z.literal(true),
      data: z.object({ referred_by: z.array(referral), referrals: z.array(referral) }),
    }),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/bookings/requests/:id/delete',
    summary: 'Removes a recorded referral.',
    permission: 'bookingRequests.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
