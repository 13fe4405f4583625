import { z } from 'zod';
import type { BookingTotals } from '../booking-totals';
import { poundsText } from '../money-text';
import type { PaymentStage } from '../payment-schedule';
import { emailTemplateGroupAnswer } from './booking-email';
import {
  blankToUndefined,
  flagSchema,
  idSchema,
  intSchema,
  moneySchema,
  optionalId,
  optionalMoney,
  optionalText,
  optionalYmd,
  percentSchema,
  requiredText,
} from './common';
import { createdAnswer, dateAnswer, endpoint, messageAnswer, okAnswer, timestampAnswer } from './contract';
import { extrasOfferRequestSchema } from './extras-offer';
import { idParams } from './params';

/**
 * The contract of one booking (spec 1 §2 New booking / Booking edit, §3 entities, §5 rules, §7
 * calls): request schemas the server validates with and the forms share, and the shape of
 * `GET bookings/{id}`. Money is pounds as decimal text; dates YYYY-MM-DD; date-times ISO 8601.
 */

// ---- constants of spec 1 §3, §8, §9 ------------------------------------------------------------

export const PASSENGER_TITLES = ['Mr', 'Mrs', 'Miss', 'Master', 'Ms', 'Mx', 'Dr', 'Prof'] as const;
export const PASSENGER_GENDERS = ['Male', 'Female'] as const;
export const PAYMENT_METHODS = [
  'stripe',
  'ecommpay',
  'travelink',
  'cheque',
  'bacs',
  'cash',
  'ecommpay-refund',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * How a payment method is written for staff, everywhere (receipts, the record form, history
 * comments): one spelling per method.
 */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Stripe',
  ecommpay: 'ECOMMPAY',
  travelink: 'Travelink',
  cheque: 'Cheque',
  bacs: 'BACS',
  cash: 'Cash',
  'ecommpay-refund': 'ECOMMPAY refund',
};
/** The label of a stored method; an unknown (old-system) value is shown as stored. */
export const paymentMethodLabel = (method: string): string =>
  (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method;
/** Methods whose amounts are money given back: stored negative. */
export const REFUND_METHODS: readonly PaymentMethod[] = ['ecommpay-refund'];
/** Booking change reasons offered when notifying the customer (spec leaves them open; ours). */
export const BOOKING_CHANGE_REASONS = [
  'Flight time change',
  'Flight number change',
  'Accommodation change',
  'Itinerary change',
  'Pick-up point or time change',
  'Price change',
  'Passenger details change',
] as const;

export const MESSAGES = {
  tourNotSelected: 'Tour not selected',
  partyRequired: 'Please select customer or an agent for this booking',
  roomsMismatch: 'The number of guests you provided does not match the required room count',
  cancelConfirm: 'Click OK to confirm cancellation.',
  acceptEmailQuestion: 'Do you wish to sent email to customer ?',
  noTours: 'No tours have been linked to this booking.',
  noRooms: 'No Rooms Avialable',
  noAccommodation: 'No Accommodation Found',
  fileNotFound: 'File not found',
  supplementError: 'An error occurred while updating the booking tour supplements.',
  stale:
    'Someone else has changed this booking since you opened it. Reload it to see their changes, then make yours again.',
  /** Refused changes to a cancelled booking (issue #10); the edit screen says the same. */
  cancelledReadOnly:
    'This booking is cancelled: its tours, passengers, extras and discounts can no longer be changed.',
  /**
   * Refused when a departure has fewer places than the guests asked for (issue #10): names the
   * departure (tour name and DD/MM/YYYY date) and the places left.
   */
  placesLeft: (tour: string, date: string, left: number) =>
    `Sorry, ${tour} departing ${date} ${
      left <= 0 ? 'is full: no places are left' : `has only ${left} place${left === 1 ? '' : 's'} left`
    }. Nothing was booked.`,
} as const;

/** Messages of payments, refunds and voids (issue #10), the same on screen and from the server. */
export const PAYMENT_MESSAGES = {
  /** Asked before a payment that takes paid above what is owed; `over` in pounds. */
  overpaymentQuestion: (over: string) =>
    `This is ${poundsText(over)} more than the balance. Record it as an overpayment?`,
  refundTooLarge: (paid: string) => `A refund cannot be more than has been paid (${poundsText(paid)}).`,
  alreadyVoided: 'This receipt has already been voided.',
  reversalNotVoidable: 'This entry reverses a voided receipt and cannot itself be voided.',
  voidWouldGoNegative: 'Voiding this receipt would leave more refunded than paid: void the refund first.',
} as const;

// ---- requests --------------------------------------------------------------------------------

/** The booking's version as loaded; when sent and no longer current the server answers 409. */
export const versionField = {
  version: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
};

/** A tour line as New booking sends it (spec 1 §7 POST bookings tour_bookings). */
export const newTourLineSchema = z.object({
  tour_id: idSchema,
  tour_instance_id: idSchema,
  tour_room_id: idSchema,
  guests: intSchema('Guests', { min: 1, max: 99 }),
  rooms: intSchema('Rooms', { min: 1, max: 99 }),
  /** Ignored on create: the server charges what the price rule gives (docs/bookings.md). */
  price: optionalMoney('Price'),
  cost: optionalMoney('Cost'),
  airline_ref: optionalText(50),
  airline_flight_cost: optionalMoney('Airline flight cost'),
});
export type NewTourLine = z.infer<typeof newTourLineSchema>;

/** POST bookings (spec 1 §7). departure_date is recomputed by the server (earliest line). */
export const bookingCreateSchema = z.object({
  customer_id: optionalId,
  agent_id: optionalId,
  affiliate_id: optionalId,
  tour_bookings: z.array(newTourLineSchema).max(20).default([]),
  departure_date: optionalYmd,
  airline_reference_email: z.preprocess(blankToUndefined, z.email('Enter a valid email address.').optional()),
});
export type BookingCreate = z.infer<typeof bookingCreateSchema>;

/** POST bookings/{id}: the summary fields of the booking edit screen (each optional: only sent ones change). */
export const bookingUpdateSchema = z.object({
  ...versionField,
  booking_ref: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(30, 'Booking ref is too long.')
      .regex(/^[A-Za-z0-9-]+$/, 'Use letters, digits and dashes only.')
      .optional(),
  ),
  customer_id: z.preprocess((v) => (v === '' ? null : v), idSchema.nullable().optional()),
  agent_id: z.preprocess((v) => (v === '' ? null : v), idSchema.nullable().optional()),
  affiliate_id: z.preprocess((v) => (v === '' ? null : v), idSchema.nullable().optional()),
  balance_due: optionalYmd,
  deposit_due: optionalYmd,
  agent_comission_percent: z.preprocess(blankToUndefined, percentSchema('Agent commission').optional()),
  bonding_type: optionalId,
  cancellation_charge: optionalMoney('Cancellation charge'),
  special_request: z.preprocess((v) => (v === null ? '' : v), z.string().max(5000).optional()),
  /** Notify Customer of Change (spec 1 §4 'Emailing the customer'; role 1): 'yes' emails the reasons. */
  intimate_customer: z.enum(['yes', 'no']).optional(),
  intimate_customer_reasons: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
});
export type BookingUpdate = z.infer<typeof bookingUpdateSchema>;

/** POST update-booking/{id}/update-tours: add a tour line on the edit screen. */
export const addTourLineSchema = newTourLineSchema.extend(versionField);

/** POST update-booking/update-booking-tour-supplements (multipart fields): edit one tour line. */
export const tourLineUpdateSchema = z.object({
  ...versionField,
  id: idSchema,
  guests: intSchema('Guests', { min: 1, max: 99 }),
  rooms: intSchema('Rooms', { min: 1, max: 99 }),
  price: moneySchema('Price'),
  cost: optionalMoney('Cost'),
  airline_ref: z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(50).optional()),
  special_requests: z.preprocess((v) => (v === null ? '' : v), z.string().max(5000).optional()),
  /** Passenger ids allocated to the line. */
  passengers: z.array(idSchema).max(99).default([]),
  /** Airline costs: existing ones carry id; a row left out is deleted. Files go as airline_invoice_{n}. */
  airline_cost: z
    .array(
      z.object({
        id: optionalId,
        airline_ref: optionalText(50),
        flight_cost: moneySchema('Flight cost'),
        booked_date: optionalYmd,
      }),
    )
    .max(20)
    .default([]),
});
export type TourLineUpdate = z.infer<typeof tourLineUpdateSchema>;

/** POST bookings/tour-booking/update-accommodation: move a line to another room. */
export const updateAccommodationSchema = z.object({
  ...versionField,
  tour_booking_id: idSchema,
  room_id: idSchema,
  accommodation_id: optionalId,
});

/**
 * What moving a tour line to another room would change (issue #22 point 7; POST
 * bookings/tour-booking/update-accommodation/preview): the room ('Accommodation – Room'), rooms,
 * price per guest and the booking's total due, before → after; money as pounds text ('1378.00').
 */
export const accommodationPreview = z.object({
  room_before: z.string(),
  room_after: z.string(),
  rooms_before: z.number().int(),
  rooms_after: z.number().int(),
  price_before: z.string(),
  price_after: z.string(),
  total_before: z.string(),
  total_after: z.string(),
});
export type AccommodationPreview = z.infer<typeof accommodationPreview>;

/** A passenger (spec 1 §3). update-pessenger adds (with holiday_booking_id); -detail updates (with id). */
export const passengerSchema = z.object({
  ...versionField,
  id: optionalId,
  holiday_booking_id: optionalId,
  title: z.preprocess(blankToUndefined, z.enum(PASSENGER_TITLES, 'Choose a title from the list.').optional()),
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  // A birth date is not in the future (one day of slack for time zones); typed, kept, refused here.
  dob: optionalYmd.refine(
    (v) => v === undefined || v <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    'Date of birth must not be in the future.',
  ),
  gender: z.preprocess(blankToUndefined, z.enum(PASSENGER_GENDERS, 'Choose Male or Female.').optional()),
  passport_no: optionalText(30),
  passport_issue: optionalYmd,
  passport_expiry: optionalYmd,
  passport_nationality: optionalText(60),
  policy_number: optionalText(60),
  insurance_company: optionalText(100),
  insurance_telephone_number: optionalText(30),
});
export type PassengerInput = z.infer<typeof passengerSchema>;

/** An extra's quantity on a booking (spec 1 §5: minimum 1). */
export const extraQtySchema = intSchema('Quantity', { min: 1, max: 999 });

/** POST update-booking/update-extras/{id}: the booking's whole list of extras. */
export const extrasUpdateSchema = z.object({
  ...versionField,
  extras: z
    .array(
      z.object({
        id: idSchema,
        pivot: z.object({
          qty: extraQtySchema,
          extra_note: optionalText(500),
        }),
      }),
    )
    .max(50),
});

/** POST update-booking/update-discount: apply a discount (a manual amount goes with quantity 1). */
export const discountApplySchema = z.object({
  ...versionField,
  holiday_booking_id: idSchema,
  discount_applied_id: idSchema,
  discount_applied_qty: intSchema('Quantity', { min: 1, max: 999 }),
  manual_discount_amount: optionalMoney('Manual discount amount', { min: 1 }),
});

/**
 * POST payments (spec 1 §7). Amount in pounds, typed as a positive figure: a refund (`is_refund`,
 * or a refund method such as ecommpay-refund) is stored negative and may not exceed what has been
 * paid; a payment that takes paid above what is owed needs `allow_overpayment` (the screen asks
 * first: MESSAGES.overpaymentQuestion).
 */
export const paymentSchema = z.object({
  ...versionField,
  holiday_booking_id: idSchema,
  payment_method: z.enum(PAYMENT_METHODS, 'Choose a payment method.'),
  transaction_id: optionalText(100),
  payment_amount: moneySchema('Amount', { min: -9_999_999, max: 9_999_999 }).refine(
    (v) => Number(v) > 0,
    'Amount must be more than 0.',
  ),
  is_refund: z.preprocess(blankToUndefined, flagSchema.optional()),
  allow_overpayment: z.preprocess(blankToUndefined, flagSchema.optional()),
  paymentCompleted: z.preprocess(blankToUndefined, flagSchema.optional()),
});
export type PaymentInput = z.infer<typeof paymentSchema>;

/** POST payments/{id}/void (role 1): a receipt taken back by a reversing entry; the reason is kept. */
export const paymentVoidSchema = z.object({
  ...versionField,
  reason: requiredText('Reason', 500),
});

/** POST bookings/{id}/cancel: the charge defaults to what the cancellation policy proposes. */
export const cancelSchema = z.object({
  ...versionField,
  cancellation_charge: optionalMoney('Cancellation charge'),
});

/** POST bookings/{id}/accept-booking-change. */
export const acceptChangeSchema = z.object({ send_email: z.enum(['yes', 'no']).default('no') });

/** POST update-booking/{id}/update-booking-custom-airline. */
export const customAirlineSchema = z.object({
  ...versionField,
  allowed_domain: optionalText(100),
  airline_reference_email: z.preprocess(blankToUndefined, z.email('Enter a valid email address.').optional()),
});

// ---- answers ---------------------------------------------------------------------------------

/** `{status: true, message, ...extra}`: the envelope of the spec's update-booking/* calls. */
export const statusAnswer = <S extends z.ZodRawShape>(extra?: S) =>
  z.object({ status: z.literal(true), message: z.string(), ...(extra ?? ({} as S)) });

const named = z.object({ id: z.number(), name: z.string() });

export const bookingFlightAnswer = z.object({
  id: z.number(),
  flight_number: z.string(),
  airline: named.nullable(),
  departure_airport: z.string().nullable(),
  arrival_airport: z.string().nullable(),
  departure_time: z.string().nullable(),
  arrival_time: z.string().nullable(),
});
export type BookingFlight = z.infer<typeof bookingFlightAnswer>;

/** A tour line as GET bookings/{id} answers it: tour, instance (flights, pick-up point, group), room, airline costs. */
export const bookingTourLineAnswer = z.object({
  id: z.number(),
  tour_id: z.number(),
  tour: z.object({ id: z.number(), name: z.string(), tour_type: z.string() }),
  tour_instance_id: z.number(),
  tour_room_id: z.number().nullable(),
  instance: z.object({
    id: z.number(),
    departure_date: z.string(),
    instance_title: z.string().nullable(),
    duration: z.number().nullable(),
    airport: z.object({ id: z.number(), iata_code: z.string(), name: z.string() }).nullable(),
    flights: z.array(bookingFlightAnswer),
    pick_up_point: named.nullable(),
    group: z.object({ id: z.number(), start_date: z.string() }),
  }),
  room: z
    .object({
      id: z.number(),
      accommodation_room_id: z.number(),
      name: z.string(),
      board_basis: z.string().nullable(),
      occupancy: z.number(),
      accommodation: z.object({ id: z.number(), accommodation_name: z.string() }),
    })
    .nullable(),
  rooms: z.number(),
  guests: z.number(),
  price: z.string(),
  sale_price: z.string().nullable(),
  base_price: z.string().nullable(),
  supplement_price: z.string().nullable(),
  adjusted_price: z.string().nullable(),
  cost: z.string().nullable(),
  airline_ref: z.string().nullable(),
  airline_ref_added_at: z.string().nullable(),
  airline_flight_cost: z.string().nullable(),
  passengers: z.array(z.number()),
  special_requests: z.string().nullable(),
  check_in_date: z.string().nullable(),
  check_out_date: z.string().nullable(),
  airline_cost: z.array(
    z.object({
      id: z.number(),
      airline_ref: z.string().nullable(),
      flight_cost: z.string(),
      booked_date: z.string().nullable(),
      airline_invoice: z.string().nullable(),
    }),
  ),
});
export type BookingTourLine = z.infer<typeof bookingTourLineAnswer>;

/** A passenger as answered (dates YYYY-MM-DD). */
export const bookingPassengerAnswer = z.object({
  id: z.number(),
  holiday_booking_id: z.number(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  passport_no: z.string().nullable(),
  passport_issue: z.string().nullable(),
  passport_expiry: z.string().nullable(),
  passport_nationality: z.string().nullable(),
  policy_number: z.string().nullable(),
  insurance_company: z.string().nullable(),
  insurance_telephone_number: z.string().nullable(),
});
export type BookingPassenger = z.infer<typeof bookingPassengerAnswer>;

export const bookingExtraAnswer = z.object({
  /** The catalogue extra's id. */
  id: z.number(),
  name: z.string(),
  price: z.string(),
  for_per_person: z.boolean(),
  commissionable: z.boolean(),
  pivot: z.object({ id: z.number(), qty: z.number(), extra_note: z.string().nullable() }),
});
export type BookingExtra = z.infer<typeof bookingExtraAnswer>;

export const bookingDiscountAnswer = z.object({
  /** The catalogue discount's id (null once that discount is gone). */
  id: z.number().nullable(),
  code: z.string(),
  description: z.string().nullable(),
  value: z.string(),
  penalty_type: z.number(),
  on_base_price: z.boolean(),
  per_person: z.boolean(),
  is_manual: z.boolean(),
  tour_id: z.number().nullable(),
  pivot: z.object({ id: z.number(), qty: z.number(), manual_discount_price: z.string().nullable() }),
  /** The amount this discount takes off, by spec 1 §9. */
  amount: z.string(),
});
export type BookingDiscount = z.infer<typeof bookingDiscountAnswer>;

export const bookingPaymentAnswer = z.object({
  id: z.number(),
  transaction_id: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_amount: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  holiday_booking_id: z.number(),
  /** Set when role 1 voided this receipt (a reversal row cancels its amount out). */
  voided_at: z.string().nullable(),
  voided_by: z.string().nullable(),
  void_reason: z.string().nullable(),
  /** On a reversal row: the id of the receipt it voids. */
  reverses_payment_id: z.number().nullable(),
});
export type BookingPayment = z.infer<typeof bookingPaymentAnswer>;

/** A stored additional document as the booking screen lists it (created_at ISO 8601). */
export const additionalDocumentAnswer = z.object({
  id: z.number(),
  name: z.string(),
  document_detail: z.string().nullable(),
  created_at: z.string(),
});
export type AdditionalDocumentRow = z.infer<typeof additionalDocumentAnswer>;

/** Every figure of spec 1 §9 (`BookingTotals` of booking-totals.ts), pounds as decimal text. */
export const bookingTotalsAnswer = z.object({
  tours_total: z.string(),
  base_total: z.string(),
  extras_total: z.string(),
  discount_amounts: z.array(z.string()),
  discounts_total: z.string(),
  /** Price changes after booking (issue #27), summed; reductions negative. */
  price_changes_total: z.string(),
  total_due: z.string(),
  paid: z.string(),
  non_commissionable_extras: z.string(),
  commission: z.string(),
  vat: z.string(),
  balance: z.string(),
  credit: z.string(),
  refund_due: z.string(),
  agent_balance: z.string(),
  cancellation_value: z.string().nullable(),
}) satisfies z.ZodType<BookingTotals>;

/** One stage of the payment schedule (`PaymentStage` of src/shared/payment-schedule.ts). */
export const paymentStageAnswer = z.object({
  /** 'instalment' (issue #26): one part of a split balance; with `due` it names the stage. */
  kind: z.enum(['deposit', 'balance', 'full', 'instalment']),
  label: z.union([
    z.enum(['Deposit', 'Balance', 'Full amount']),
    z.templateLiteral(['Instalment ', z.number(), ' of ', z.number()]),
  ]),
  amount: z.string(),
  due: z.string().nullable(),
  paid: z.string(),
  outstanding: z.string(),
  paid_on: z.string().nullable(),
}) satisfies z.ZodType<PaymentStage>;

/**
 * What the screen needs to propose and check an instalment plan (issue #26) as the server checks
 * it (booking detail `instalment_plan`, and the preview of booking-instalments.ts): the stored plan
 * ([] when the balance is not split), the balance part it splits, the balance due date the last
 * instalment falls on, the earliest day a new date may take (today or the booking date, the later)
 * and how many instalments fit.
 */
export const instalmentPlanAnswer = z.object({
  instalments: z.array(z.object({ due: z.string(), amount: z.string() })),
  balance: z.string(),
  balance_due: z.string().nullable(),
  not_before: z.string(),
  max_count: z.number(),
});
export type InstalmentPlan = z.infer<typeof instalmentPlanAnswer>;

/** The booking of GET bookings/{id} (data.booking[0]). */
export const bookingDetailAnswer = z.object({
  id: z.number(),
  version: z.number(),
  booking_ref: z.string().nullable(),
  customer_id: z.number().nullable(),
  agent_id: z.number().nullable(),
  affiliate_id: z.number().nullable(),
  old_customer_id: z.number().nullable(),
  old_agent_id: z.number().nullable(),
  old_affiliate_id: z.number().nullable(),
  old_booking_id: z.number().nullable(),
  /** The linked customer: the customers list's row without its town and creation date. */
  customer: z
    .object({
      id: z.number(),
      title: z.string().nullable(),
      first_name: z.string(),
      last_name: z.string(),
      full_name: z.string(),
      email: z.string().nullable(),
      phone_number: z.string().nullable(),
      mobile_number: z.string().nullable(),
      postcode: z.string().nullable(),
      is_blacklisted: z.boolean(),
    })
    .nullable(),
  agent: z
    .object({
      id: z.number(),
      name: z.string(),
      abta: z.string().nullable(),
      email: z.string().nullable(),
      commission: z.string().nullable(),
    })
    .nullable(),
  affiliate: z.object({ id: z.number(), name: z.string(), code: z.string() }).nullable(),
  old_customer: z
    .object({ id: z.number(), first_name: z.string().nullable(), last_name: z.string().nullable() })
    .nullable(),
  old_agent: named.nullable(),
  old_affiliate: named.nullable(),
  agent_confirmed: z.boolean(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  cancelled_at: z.string().nullable(),
  /** Null while never set (the total due counts once cancelled); '0.00' entered means waived. */
  cancellation_charge: z.string().nullable(),
  created_by: named.nullable(),
  created_from: z.string(),
  created_by_agent_name: z.string().nullable(),
  bonding_type: z.number().nullable(),
  tour_bookings: z.array(bookingTourLineAnswer),
  passengers: z.array(bookingPassengerAnswer),
  extras: z.array(bookingExtraAnswer),
  discounts: z.array(bookingDiscountAnswer),
  /** The booking's document records (spec 1 §3 Document record), newest first. */
  documents: z.array(
    z.object({ id: z.number(), name: z.string(), created_for: z.string(), created_at: z.string() }),
  ),
  additional_documents: z.array(additionalDocumentAnswer),
  payments: z.array(bookingPaymentAnswer),
  special_request: z.string().nullable(),
  total_due: z.string(),
  paid: z.string(),
  balance: z.string(),
  balance_due: z.string().nullable(),
  deposit_due: z.string().nullable(),
  /** The deposit asked for, pounds (per-guest deposits of the lines, capped at the total due). */
  deposit: z.string(),
  /**
   * The payment schedule (src/shared/payment-schedule.ts, issue #22): deposit then balance, or the
   * full amount alone; the same stages the Confirmation, emails and aged-debtors report show.
   */
  payment_schedule: z.array(paymentStageAnswer),
  /** The instalments of the balance and what a plan is checked against (null: unknown booking). */
  instalment_plan: instalmentPlanAnswer.nullable(),
  agent_comission_percent: z.string().nullable(),
  booking_vat_percent: z.string(),
  non_commissionable_extras: z.string(),
  airline_reference_email: z.string().nullable(),
  allowed_domain: z.string().nullable(),
  departure_date: z.string().nullable(),
  changes_accepted: z.number(),
  changes_accepted_at: z.string().nullable(),
  changes_accepted_from: z.string().nullable(),
  changes_reviewed: z.number(),
  changes_reviewed_at: z.string().nullable(),
  /** The old system's tour booking, as imported (free-form). */
  old_tour_booking: z.record(z.string(), z.unknown()).nullable(),
  old_lead_passenger: z.string().nullable(),
  /** Every figure of spec 1 §9 for this booking, as stored. */
  totals: bookingTotalsAnswer,
  /** What the cancellation policy proposes as the charge if cancelled today (pounds). */
  proposed_cancellation_charge: z.string(),
});
export type BookingDetail = z.infer<typeof bookingDetailAnswer>;

/** GET bookings/{id} answer: `data.booking[0]` and the lists the screen offers. */
export const bookingGetAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    booking: z.tuple([bookingDetailAnswer]),
    /** The email modal's templates, grouped (spec 1 §3 Email template group). */
    emailTemplates: z.array(emailTemplateGroupAnswer),
    booking_change_reasons: z.array(z.string()),
    bondingTypes: z.array(named),
    allowed_domains: z.array(z.string()),
  }),
});
export type BookingDetailAnswer = z.infer<typeof bookingGetAnswer>;

/** An extra a booking may take, as POST extras/get-booking/extra answers it. */
export const offeredExtraAnswer = z.object({
  id: z.number(),
  name: z.string(),
  price: z.string(),
  for_per_person: z.boolean(),
  commissionable: z.boolean(),
  short_description: z.string().nullable(),
});

// ---- endpoints -------------------------------------------------------------------------------

/** Body of the remove calls (tour line, passenger): the booking they must belong to, and its version. */
const removeBody = z.object({ holiday_booking_id: optionalId, ...versionField }).optional();

/** POST update-booking/update-special-request. */
export const specialRequestSchema = z.object({
  holiday_booking_id: idSchema,
  special_req: z
    .string()
    .max(5000)
    .nullish()
    .transform((v) => v ?? ''),
  ...versionField,
});

/** POST update-booking/delete-discount: discount_id is the applied row's id. */
export const discountRemoveSchema = z.object({ discount_id: idSchema, ...versionField });

const passengerListAnswer = z.array(bookingPassengerAnswer);

/**
 * One booking's calls (spec 1 §7): create, read, the edit screen's presence flag, summary edit,
 * cancel, agent confirmation, accepting changes, custom airline email, tour lines, passengers,
 * extras, discounts and the special request. Files and history are `bookingFilesApi`, payments
 * `paymentsApi`.
 */
export const bookingEditApi = {
  create: endpoint({
    method: 'POST',
    path: '/bookings',
    summary: 'Create a booking with its tour lines (rooms taken, priced by the rule).',
    permission: 'bookings.create',
    body: bookingCreateSchema,
    answer: createdAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: '/bookings/:id',
    summary: 'One booking: data.booking[0] with totals, and the lists the screen offers.',
    params: idParams,
    answer: bookingGetAnswer,
  }),
  screenOpen: endpoint({
    method: 'POST',
    path: '/bookings/:id/screen-open',
    summary: 'Flag the edit screen open for me (every 30 s); answers who else has it open.',
    permission: 'bookings.screenPresence',
    params: idParams,
    answer: z.object({
      success: z.literal(true),
      data: z.object({ open_by: z.array(z.object({ name: z.string(), since: z.string() })) }),
    }),
  }),
  screenLeft: endpoint({
    method: 'POST',
    path: '/bookings/:id/screen-left',
    summary: 'Clear my open-screen flag on this booking.',
    permission: 'bookings.screenPresence',
    params: idParams,
    answer: z.object({ success: z.literal(true) }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/bookings/:id',
    summary: 'Update the summary fields of a booking (only those sent).',
    permission: 'bookings.update',
    params: idParams,
    body: bookingUpdateSchema,
    answer: okAnswer({ data: z.object({ version: z.number() }) }),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/bookings/:id/cancel',
    summary: 'Cancel a booking: charge (default: the policy), rooms released.',
    permission: 'bookings.cancel',
    params: idParams,
    body: cancelSchema.optional(),
    answer: messageAnswer,
  }),
  agentConfirm: endpoint({
    method: 'POST',
    path: '/bookings/:id/agent-confirm',
    summary: 'Mark an agent booking confirmed.',
    permission: 'bookings.agentConfirm',
    params: idParams,
    answer: messageAnswer,
  }),
  acceptChange: endpoint({
    method: 'POST',
    path: '/bookings/:id/accept-booking-change',
    summary: 'Accept the booking changes; optionally email the customer.',
    permission: 'bookings.acceptChange',
    params: idParams,
    body: acceptChangeSchema.optional(),
    answer: statusAnswer({
      data: z.object({
        accepted_at: timestampAnswer,
        /** The change email written (issue #22): to whom, and the files it carries. */
        email: z
          .object({ to: z.string(), attached: z.array(z.string()), warnings: z.array(z.string()) })
          .optional(),
      }),
    }),
  }),
  customAirline: endpoint({
    method: 'POST',
    path: '/update-booking/:id/update-booking-custom-airline',
    summary: 'Set or clear the custom airline reference email.',
    permission: 'bookings.customAirline',
    params: idParams,
    body: customAirlineSchema,
    answer: messageAnswer,
  }),
  addTour: endpoint({
    method: 'POST',
    path: '/update-booking/:id/update-tours',
    summary: 'Add a tour line (rooms taken; balance due moves).',
    permission: 'bookings.tours',
    params: idParams,
    body: addTourLineSchema,
    answer: statusAnswer({ updated_balance_due_date: dateAnswer.nullable() }),
  }),
  removeTour: endpoint({
    method: 'POST',
    path: '/update-booking/remove-tour/:id',
    summary: 'Remove a tour line (its rooms given back).',
    permission: 'bookings.tours',
    params: idParams,
    body: removeBody,
    answer: statusAnswer({ updated_balance_due_date: dateAnswer.nullable() }),
  }),
  updateTourLine: endpoint({
    method: 'POST',
    path: '/update-booking/update-booking-tour-supplements',
    summary:
      'Edit a tour line: guests, price, airline ref and costs (PDF invoices airline_invoice_{n}), passengers, ' +
      'requests (multipart, passengers and airline_cost as JSON text; or JSON).',
    permission: 'bookings.tours',
    multipart: true,
    body: tourLineUpdateSchema,
    answer: statusAnswer(),
  }),
  updateAccommodation: endpoint({
    method: 'POST',
    path: '/bookings/tour-booking/update-accommodation',
    summary: 'Move a tour line to another room of its instance (repriced; rooms moved).',
    permission: 'bookings.tours',
    body: updateAccommodationSchema,
    answer: messageAnswer,
  }),
  previewAccommodation: endpoint({
    method: 'POST',
    path: '/bookings/tour-booking/update-accommodation/preview',
    summary:
      'What update-accommodation would change (room, rooms, price per guest, total due: before → after), ' +
      'worked out by the same move in a transaction rolled back: nothing is changed or sent (issue #22).',
    permission: 'bookings.tours',
    body: updateAccommodationSchema,
    answer: z.object({ success: z.literal(true), data: accommodationPreview }),
  }),
  addPassenger: endpoint({
    method: 'POST',
    path: '/update-booking/update-pessenger',
    summary: 'Add a passenger (or update one when id is sent); answers the passenger list.',
    permission: 'bookings.passengers',
    body: passengerSchema,
    answer: statusAnswer({ passenger_list: passengerListAnswer }),
  }),
  updatePassenger: endpoint({
    method: 'POST',
    path: '/update-booking/update-pessenger-detail',
    summary: 'Update a passenger.',
    permission: 'bookings.passengers',
    body: passengerSchema.extend({ id: idSchema }),
    answer: statusAnswer(),
  }),
  removePassenger: endpoint({
    method: 'POST',
    path: '/update-booking/remove-passenger/:id',
    summary: 'Remove a passenger; answers the passenger list.',
    permission: 'bookings.passengers',
    params: idParams,
    body: removeBody,
    answer: statusAnswer({ passenger_list: passengerListAnswer }),
  }),
  availableExtras: endpoint({
    method: 'POST',
    path: '/extras/get-booking/extra',
    summary:
      'The catalogue extras that fit a booking (spec 1 §7): booking_date, tour_bookings (tour_id, ' +
      'departure_date, return_date, airlines); or holiday_booking_id of a stored booking. Answers data.',
    permission: 'bookings.availableExtras',
    body: extrasOfferRequestSchema,
    answer: z.object({ success: z.literal(true), data: z.array(offeredExtraAnswer) }),
  }),
  updateExtras: endpoint({
    method: 'POST',
    path: '/update-booking/update-extras/:id',
    summary: "Replace the booking's extras (qty, note).",
    permission: 'bookings.extras',
    params: idParams,
    body: extrasUpdateSchema,
    answer: statusAnswer(),
  }),
  applyDiscount: endpoint({
    method: 'POST',
    path: '/update-booking/update-discount',
    summary: 'Apply a discount to a booking.',
    permission: 'bookings.discounts',
    body: discountApplySchema,
    answer: statusAnswer(),
  }),
  removeDiscount: endpoint({
    method: 'POST',
    path: '/update-booking/delete-discount',
    summary: 'Remove an applied discount (discount_id = the applied row id).',
    permission: 'bookings.discounts',
    body: discountRemoveSchema,
    answer: statusAnswer(),
  }),
  specialRequest: endpoint({
    method: 'POST',
    path: '/update-booking/update-special-request',
    summary: "Update the booking's special request.",
    permission: 'bookings.specialRequest',
    body: specialRequestSchema,
    answer: statusAnswer(),
  }),
};
