import { z } from 'zod';
import { passengerSchema, paymentStageAnswer } from './booking-edit';
import { plainString } from './common';
import { endpoint, fileAnswer, MEDIA, messageAnswer, okAnswer } from './contract';
import { idParams } from './params';

/**
 * The customer's side, "Manage my booking" (issue #23): every call under `/api/portal/…` in its own
 * token realm (`realm: 'portal'`): a portal token stands for ONE booking and opens no staff route;
 * a staff token opens no portal route. The answers are their own schemas, so no staff-only field
 * (costs, commission, notes, other bookings, staff names) can leave through them.
 */

/** What the customer's side says, word for word (screens, server and tests share them). */
export const PORTAL_MESSAGES = {
  accepted: 'Thank you — your changes are accepted',
  nothingToAccept: 'There are no changes waiting for you to accept.',
  codeSent:
    'If those details match a booking, we have emailed a six-digit code to the address we hold for it.',
  codeWrong: 'That code is not right. Check the email and try again.',
  codeExpired: 'That code has expired or has already been used. Ask for a new one.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  linkInvalid:
    'This link has expired or is no longer valid. Sign in with your booking reference and surname instead.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  signedOut: 'You have signed out.',
  passengerSaved: 'Thank you — the passenger details are saved.',
  detailsClosed: 'Passenger details can no longer be changed online. Please contact us and we will help.',
  cancelled: 'This booking is cancelled, so it can no longer be changed online.',
  messageSent: 'Thank you — your message has been sent. We will reply by email.',
  cardNotAvailable: 'Card payments are not available online at the moment. Please pay by bank transfer.',
  nothingToPay: 'There is nothing to pay on this booking.',
  priceAccepted: 'Thank you — the new price is accepted.',
  priceCancelled:
    'Your booking is cancelled with no cancellation charge. We will refund everything you have paid.',
  moreThanBalance: 'You can pay at most the balance of this booking.',
} as const;

/** The token of a link in an email (`#t=` of `/my-booking`): 43 base64url characters. */
const linkToken = z
  .string({ error: 'The link is not complete.' })
  .trim()
  .min(20, 'The link is not complete.')
  .max(200, 'The link is not complete.');

/** POST portal/link (public): open the booking from an email's link; `accept` is the Accept button's. */
export const portalLinkInput = z.object({
  token: linkToken,
  accept: z.boolean().optional(),
});

/** POST portal/code (public): the booking reference and the lead passenger's surname. */
export const portalCodeRequestInput = z.object({
  booking_ref: plainString({ error: 'Enter your booking reference.' })
    .trim()
    .min(1, 'Enter your booking reference.')
    .max(30, 'That is not a booking reference.'),
  surname: plainString({ error: "Enter the lead passenger's surname." })
    .trim()
    .min(1, "Enter the lead passenger's surname.")
    .max(100, 'That surname is too long.'),
});
export type PortalCodeRequestInput = z.input<typeof portalCodeRequestInput>;

/** POST portal/sign-in (public): the booking reference and the six-digit code emailed. */
export const portalSignInInput = z.object({
  booking_ref: portalCodeRequestInput.shape.booking_ref,
  code: z
    .string({ error: 'Enter the six-digit code from the email.' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the six-digit code from the email.'),
});
export type PortalSignInInput = z.input<typeof portalSignInInput>;

/** A portal session as answered: the bearer token of the realm and when it ends (ISO 8601). */
export const portalSessionAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  expires_at: z.string(),
  /** POST portal/link with `accept`: whether changes were accepted now (false: none waiting). */
  accepted: z.boolean().optional(),
});
export type PortalSession = z.infer<typeof portalSessionAnswer>;

/**
 * PUT portal/booking/passengers/{id}: what a customer may complete — the staff side's own rules
 * (passengerSchema), minus insurance and internal fields.
 */
export const portalPassengerInput = passengerSchema.pick({
  title: true,
  first_name: true,
  last_name: true,
  dob: true,
  gender: true,
  passport_no: true,
  passport_issue: true,
  passport_expiry: true,
  passport_nationality: true,
});
export type PortalPassengerInput = z.input<typeof portalPassengerInput>;

/** POST portal/booking/messages: a special request or a question to the office. */
export const portalMessageInput = z.object({
  message: plainString({ error: 'Write your message.' })
    .trim()
    .min(1, 'Write your message.')
    .max(2000, 'Please keep your message under 2,000 characters.'),
});
export type PortalMessageInput = z.input<typeof portalMessageInput>;

/** POST portal/booking/card-payment: the amount in pounds ('250.00'), at most the balance. */
export const portalCardPaymentInput = z.object({
  amount: plainString({ error: 'Enter the amount to pay.' })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount in pounds, e.g. 250.00.')
    .refine((v) => Number(v) > 0, 'Enter an amount of more than £0.00.'),
});
export type PortalCardPaymentInput = z.input<typeof portalCardPaymentInput>;

const flight = z.object({
  flight_number: z.string(),
  airline: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Local date-times 'YYYY-MM-DD HH:MM'. */
  departs: z.string().nullable(),
  arrives: z.string().nullable(),
});

/** One holiday (tour line) as the customer sees it. */
export const portalHolidayAnswer = z.object({
  tour_name: z.string(),
  tour_type: z.string(),
  /** YYYY-MM-DD. */
  departure_date: z.string(),
  return_date: z.string().nullable(),
  nights: z.number().nullable(),
  departure_airport: z.string().nullable(),
  pickup_point: z.string().nullable(),
  flights: z.array(flight),
  hotel: z.string().nullable(),
  resort: z.string().nullable(),
  room: z.string().nullable(),
  board_basis: z.string().nullable(),
  rooms: z.number(),
  guests: z.number(),
});

/** A passenger as the customer sees (and may complete) them. */
export const portalPassengerAnswer = z.object({
  id: z.number(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  passport_no: z.string().nullable(),
  passport_issue: z.string().nullable(),
  passport_expiry: z.string().nullable(),
  passport_nationality: z.string().nullable(),
  /** Whether everything the booking needs of this passenger is there. */
  complete: z.boolean(),
});
export type PortalPassenger = z.infer<typeof portalPassengerAnswer>;

/**
 * POST portal/booking/price-change: the customer's answer to a significant price increase (issue
 * #27, PTR 2018 reg. 11(4)): accept the new price, or cancel without a cancellation charge. Its own
 * schema: no staff field (no version, no 'recorded by').
 */
export const portalPriceChangeInput = z.object({
  price_change_id: z.coerce.number({ error: 'The price change is missing.' }).int().positive(),
  answer: z.enum(['accept', 'cancel'], { error: 'Choose to accept the new price or to cancel.' }),
});

/** A significant price increase as the customer sees it (the latest that asked for an answer). */
export const portalPriceChangeAnswer = z.object({
  id: z.number(),
  amount: z.string(),
  reason: z.string(),
  total_before: z.string(),
  total_after: z.string(),
  /** The last day to answer, YYYY-MM-DD. */
  respond_by: z.string().nullable(),
  /** 'pending' | 'accepted' | 'cancelled' | 'deemed_accepted'. */
  decision: z.string(),
});

/** The whole booking as GET portal/booking answers it. */
export const portalBookingAnswer = z.object({
  booking_ref: z.string(),
  /** Pending, Confirmed, Paid or Cancelled. */
  status: z.string(),
  cancelled: z.boolean(),
  /** ISO 8601. */
  booked_at: z.string(),
  lead_name: z.string().nullable(),
  holidays: z.array(portalHolidayAnswer),
  passengers: z.array(portalPassengerAnswer),
  /** A tour of this booking asks for passport details. */
  passport_required: z.boolean(),
  /** The last day (YYYY-MM-DD) passenger details may be changed online; null when no departure. */
  details_editable_until: z.string().nullable(),
  details_editable: z.boolean(),
  extras: z.array(z.object({ name: z.string(), qty: z.number(), price: z.string(), total: z.string() })),
  discounts: z.array(z.object({ description: z.string(), amount: z.string() })),
  special_request: z.string().nullable(),
  money: z.object({
    total_due: z.string(),
    paid: z.string(),
    balance: z.string(),
    credit: z.string(),
    refund_due: z.string(),
    /** The last day (YYYY-MM-DD) the refund due is to be paid (PTR 2018 reg. 14: 14 days from the cancellation); null when none is owed. */
    refund_due_by: z.string().nullable(),
    schedule: z.array(paymentStageAnswer),
    payments: z.array(
      z.object({ date: z.string(), method: z.string(), amount: z.string(), refund: z.boolean() }),
    ),
  }),
  /** Documents issued to the customer (stored records, newest first). */
  documents: z.array(
    z.object({ id: z.number(), label: z.string(), name: z.string(), issued_at: z.string() }),
  ),
  changes: z.object({
    /** Changes are waiting for the customer's acceptance. */
    pending: z.boolean(),
    accepted_at: z.string().nullable(),
    /** 'admin' | 'email' | 'manage_booking' (spec 1 §4 changes_accepted_from), or 'agent' (issue #25). */
    accepted_from: z.string().nullable(),
    /** What changed since the customer last accepted, oldest first (before → after). */
    items: z.array(z.object({ at: z.string(), field: z.string(), before: z.string(), after: z.string() })),
    total_before: z.string().nullable(),
    total_after: z.string(),
  }),
  pay: z.object({
    /** Card payments through ECOMMPAY are configured. */
    card: z.boolean(),
    bank: z
      .object({
        account_name: z.string(),
        sort_code: z.string(),
        account_number: z.string(),
        reference: z.string(),
      })
      .nullable(),
  }),
  messages: z.array(z.object({ id: z.number(), message: z.string(), sent_at: z.string() })),
  /** A significant price increase waiting for (or given) the customer's answer; null when none. */
  price_change: portalPriceChangeAnswer.nullable(),
  operator: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    website: z.string(),
    address: z.string(),
    abta_number: z.string(),
    atol_number: z.string(),
  }),
});
export type PortalBooking = z.infer<typeof portalBookingAnswer>;

/** The operator's name and contacts for the sign-in page (public). */
export const portalOperatorAnswer = z.object({
  success: z.literal(true),
  data: portalBookingAnswer.shape.operator,
});

const bookingAnswer = z.object({ success: z.literal(true), data: portalBookingAnswer });

/** The card widget's signed parameters (as POST payments answers them to staff). */
export const portalCardAnswer = z.object({
  success: z.literal(true),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

/** The customer's side: public sign-in calls and the booking's own calls (portal realm). */
export const portalApi = {
  operator: endpoint({
    method: 'GET',
    path: '/portal/operator',
    summary: "Public: the operator's name and contacts for the customer's sign-in page.",
    public: true,
    answer: portalOperatorAnswer,
  }),
  openLink: endpoint({
    method: 'POST',
    path: '/portal/link',
    summary:
      "Public: exchange an email link's token for a portal session; with accept, accept the booking's changes ('From email'). 401 for an expired or revoked link.",
    public: true,
    body: portalLinkInput,
    answer: portalSessionAnswer,
  }),
  requestCode: endpoint({
    method: 'POST',
    path: '/portal/code',
    summary:
      "Public: booking reference + lead passenger's surname → a six-digit code emailed to the booking's address (the same answer whether or not they match). 429 when throttled.",
    public: true,
    body: portalCodeRequestInput,
    answer: messageAnswer,
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/portal/sign-in',
    summary:
      'Public: booking reference + the emailed code → a portal session (single use, 10 minutes, 5 tries).',
    public: true,
    body: portalSignInInput,
    answer: portalSessionAnswer,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/portal/sign-out',
    summary: 'End this portal session.',
    realm: 'portal',
    answer: messageAnswer,
  }),
  booking: endpoint({
    method: 'GET',
    path: '/portal/booking',
    summary: "The session's booking as the customer sees it.",
    realm: 'portal',
    answer: bookingAnswer,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/portal/booking/accept',
    summary: "Accept the booking's changes ('From Manage booking').",
    realm: 'portal',
    answer: okAnswer({ accepted_at: z.string() }),
  }),
  updatePassenger: endpoint({
    method: 'PUT',
    path: '/portal/booking/passengers/:id',
    summary:
      "Complete a passenger's details (names, birth date, gender, passport) until the set days before departure; Changes Reviewed becomes Pending.",
    realm: 'portal',
    params: idParams,
    body: portalPassengerInput,
    answer: okAnswer({ data: portalBookingAnswer }),
  }),
  document: endpoint({
    method: 'GET',
    path: '/portal/booking/documents/:id',
    summary: 'Download a document issued to the customer (the stored PDF).',
    realm: 'portal',
    params: idParams,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
  cardPayment: endpoint({
    method: 'POST',
    path: '/portal/booking/card-payment',
    summary:
      "Start a card payment of `amount` (at most the balance) through ECOMMPAY's widget: the signed parameters. 422 when card payments are not configured.",
    realm: 'portal',
    body: portalCardPaymentInput,
    answer: portalCardAnswer,
  }),
  answerPriceChange: endpoint({
    method: 'POST',
    path: '/portal/booking/price-change',
    summary:
      "Answer a significant price increase (PTR 2018 reg. 11): accept the new price, or cancel the booking with no cancellation charge. 404 for another booking's change; 422 when it waits for no answer.",
    realm: 'portal',
    body: portalPriceChangeInput,
    answer: okAnswer({ data: portalBookingAnswer }),
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/portal/booking/messages',
    summary: 'Send a message to the office: kept on the booking for staff, with a history entry.',
    realm: 'portal',
    body: portalMessageInput,
    answer: messageAnswer,
  }),
};
