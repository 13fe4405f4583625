import { z } from 'zod';
import type { BookingTotals } from '../booking-totals';
import { poundsText } from '../money-text';
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
import type { CustomerRow } from './customers';

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
const versionField = {
  version: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
};

/** A tour line as New booking sends it (spec 1 §7 POST bookings tour_bookings). */
export const newTourLineSchema = z.object({
  tour_id: idSchema,
  tour_instance_id: idSchema,
  tour_room_id: idSchema,
  guests: intSchema('Guests', { min: 1, max: 99 }),
  rooms: intSchema('Rooms', { min: 1, max: 99 }),
  /** Ignored on create: the server charges what the price rule gives (ARCHITECTURE.md). */
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

export interface BookingFlight {
  id: number;
  flight_number: string;
  airline: { id: number; name: string } | null;
  departure_airport: string | null;
  arrival_airport: string | null;
  departure_time: string | null;
  arrival_time: string | null;
}

export interface BookingTourLine {
  id: number;
  tour_id: number;
  tour: { id: number; name: string; tour_type: string };
  tour_instance_id: number;
  tour_room_id: number | null;
  instance: {
    id: number;
    departure_date: string;
    instance_title: string | null;
    duration: number | null;
    airport: { id: number; iata_code: string; name: string } | null;
    flights: BookingFlight[];
    pick_up_point: { id: number; name: string } | null;
    group: { id: number; start_date: string };
  };
  room: {
    id: number;
    accommodation_room_id: number;
    name: string;
    board_basis: string | null;
    occupancy: number;
    accommodation: { id: number; accommodation_name: string };
  } | null;
  rooms: number;
  guests: number;
  price: string;
  sale_price: string | null;
  base_price: string | null;
  supplement_price: string | null;
  adjusted_price: string | null;
  cost: string | null;
  airline_ref: string | null;
  airline_ref_added_at: string | null;
  airline_flight_cost: string | null;
  passengers: number[];
  special_requests: string | null;
  check_in_date: string | null;
  check_out_date: string | null;
  airline_cost: {
    id: number;
    airline_ref: string | null;
    flight_cost: string;
    booked_date: string | null;
    airline_invoice: string | null;
  }[];
}

export interface BookingPassenger {
  id: number;
  holiday_booking_id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  dob: string | null;
  gender: string | null;
  passport_no: string | null;
  passport_issue: string | null;
  passport_expiry: string | null;
  passport_nationality: string | null;
  policy_number: string | null;
  insurance_company: string | null;
  insurance_telephone_number: string | null;
}

export interface BookingExtra {
  /** The catalogue extra's id. */
  id: number;
  name: string;
  price: string;
  for_per_person: boolean;
  commissionable: boolean;
  pivot: { id: number; qty: number; extra_note: string | null };
}

export interface BookingDiscount {
  /** The catalogue discount's id (null once that discount is gone). */
  id: number | null;
  code: string;
  description: string | null;
  value: string;
  penalty_type: number;
  on_base_price: boolean;
  per_person: boolean;
  is_manual: boolean;
  tour_id: number | null;
  pivot: { id: number; qty: number; manual_discount_price: string | null };
  /** The amount this discount takes off, by spec 1 §9. */
  amount: string;
}

export interface BookingPayment {
  id: number;
  transaction_id: string | null;
  payment_method: PaymentMethod;
  payment_amount: string;
  created_at: string;
  created_by: string | null;
  holiday_booking_id: number;
  /** Set when role 1 voided this receipt (a reversal row cancels its amount out). */
  voided_at: string | null;
  voided_by: string | null;
  void_reason: string | null;
  /** On a reversal row: the id of the receipt it voids. */
  reverses_payment_id: number | null;
}

export interface BookingDetail {
  id: number;
  version: number;
  booking_ref: string | null;
  customer_id: number | null;
  agent_id: number | null;
  affiliate_id: number | null;
  old_customer_id: number | null;
  old_agent_id: number | null;
  old_affiliate_id: number | null;
  old_booking_id: number | null;
  /** The linked customer: the customers list's row without its town and creation date. */
  customer: Omit<CustomerRow, 'town' | 'created_at'> | null;
  agent: {
    id: number;
    name: string;
    abta: string | null;
    email: string | null;
    commission: string | null;
  } | null;
  affiliate: { id: number; name: string; code: string } | null;
  old_customer: { id: number; first_name: string | null; last_name: string | null } | null;
  old_agent: { id: number; name: string } | null;
  old_affiliate: { id: number; name: string } | null;
  agent_confirmed: boolean;
  status: string;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  /** Null while never set (the total due counts once cancelled); '0.00' entered means waived. */
  cancellation_charge: string | null;
  created_by: { id: number; name: string } | null;
  created_from: string;
  created_by_agent_name: string | null;
  bonding_type: number | null;
  tour_bookings: BookingTourLine[];
  passengers: BookingPassenger[];
  extras: BookingExtra[];
  discounts: BookingDiscount[];
  additional_documents: { id: number; name: string; document_detail: string | null; created_at: string }[];
  payments: BookingPayment[];
  special_request: string | null;
  total_due: string;
  paid: string;
  balance: string;
  balance_due: string | null;
  deposit_due: string | null;
  /** The deposit asked for, pounds (per-guest deposits of the lines, capped at the total due). */
  deposit: string;
  agent_comission_percent: string | null;
  booking_vat_percent: string;
  non_commissionable_extras: string;
  airline_reference_email: string | null;
  allowed_domain: string | null;
  departure_date: string | null;
  changes_accepted: number;
  changes_accepted_at: string | null;
  changes_accepted_from: string | null;
  changes_reviewed: number;
  changes_reviewed_at: string | null;
  old_tour_booking: Record<string, unknown> | null;
  old_lead_passenger: string | null;
  /** Every figure of spec 1 §9 for this booking, as stored. */
  totals: BookingTotals;
  /** What the cancellation policy proposes as the charge if cancelled today (pounds). */
  proposed_cancellation_charge: string;
}

/** GET bookings/{id} answer: `data.booking[0]` and the lists the screen offers. */
export interface BookingDetailAnswer {
  success: true;
  data: {
    booking: [BookingDetail];
    emailTemplates: { id: number; template_name: string }[];
    booking_change_reasons: string[];
    bondingTypes: { id: number; name: string }[];
    allowed_domains: string[];
  };
}
