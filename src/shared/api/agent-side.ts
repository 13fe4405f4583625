import { z } from 'zod';
import { passengerSchema } from './booking-edit';
import { emailSchema, idSchema, intSchema, optionalText, optionalYmd, plainString } from './common';
import { endpoint, fileAnswer, MEDIA, messageAnswer, okAnswer } from './contract';
import { idParams } from './params';
import { portalBookingAnswer, portalPassengerInput } from './portal';

/**
 * The travel agent's side (issue #25): every call under `/api/agent/…`, in its own token realm
 * (`realm: 'agent'`): an agent token stands for ONE agency (a row of `agents`), opens no staff or
 * portal route, and reaches only bookings whose `agent_id` is that agency (another agency's or a
 * direct customer's booking answers 404, as an unknown one does). Its answers are their own
 * schemas: no cost, supplier, staff name or note can leave through them.
 */

/** What the agent's side says, word for word (screens, server and tests share them). */
export const AGENT_MESSAGES = {
  signedIn: 'You are signed in.',
  signedOut: 'You have signed out.',
  loginFailed: 'The email or password is not right. Please try again.',
  resetSent: 'If that address belongs to an agency account, we have emailed it a link to set a password.',
  accepted: 'Thank you — the changes are accepted on behalf of your client.',
  nothingToAccept: 'There are no changes waiting to be accepted.',
  passengerSaved: 'The passenger details are saved.',
  bookingCreated: 'Booking created. The office will confirm it shortly.',
  bookingNotFound: 'Booking not found.',
  oldBooking: 'This booking was made in our earlier system and cannot be opened online.',
  passengersMismatch: (guests: number) =>
    `Name ${guests} passenger${guests === 1 ? '' : 's'}: one for each guest booked.`,
  departureNotFound: 'Departure not found.',
  tourNotFound: 'Tour not found.',
} as const;

// ---- sign-in ------------------------------------------------------------------------------------

/** POST agent/sign-in (public): the agency's email and the password set through the reset link. */
export const agentSignInInput = z.object({
  email: emailSchema,
  password: plainString({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(200, 'That password is too long.'),
});
export type AgentSignInInput = z.input<typeof agentSignInInput>;

/** POST agent/forgot-password (public): the address to send the reset link to. */
export const agentForgotInput = z.object({ email: emailSchema });

/** An agent session as answered: the realm's bearer token, when it ends (ISO 8601) and the agency. */
export const agentSessionAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  expires_at: z.string(),
  agent: z.object({ name: z.string() }),
});
export type AgentSession = z.infer<typeof agentSessionAnswer>;

/** GET agent/me: the signed-in agency as it sees itself. */
export const agentMeAnswer = z.object({
  name: z.string(),
  abta: z.string().nullable(),
  email: z.string().nullable(),
  /** The agency's commission rate, percent ('10.00'). */
  commission_percent: z.string(),
  /** VAT charged on commission for new bookings, percent (the default_vat_percent setting). */
  vat_percent: z.string(),
});
export type AgentMe = z.infer<typeof agentMeAnswer>;

// ---- the agency's bookings ----------------------------------------------------------------------

/** What needs doing on a booking: the work-list filter of GET agent/bookings. */
export const AGENT_NEEDS = ['changes', 'details', 'balance'] as const;
export type AgentNeed = (typeof AGENT_NEEDS)[number];

/** GET agent/bookings: search (reference or client surname), departure range, a need; 25 a page. */
export const agentBookingsQuery = z.object({
  search: z.preprocess((v) => (v === '' ? undefined : v), optionalText(100)),
  departure_from: optionalYmd,
  departure_to: optionalYmd,
  needs: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AGENT_NEEDS).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AgentBookingsQuery = z.input<typeof agentBookingsQuery>;

/** Rows a page of GET agent/bookings answers. */
export const AGENT_BOOKINGS_PAGE_SIZE = 25;

/** One booking of the agency's list (current ones have an id to open; old-system ones do not). */
export const agentBookingRow = z.object({
  /** null for a booking of the earlier system (listed, not opened). */
  id: z.number().nullable(),
  booking_ref: z.string(),
  /** The lead client (first passenger, else the customer). */
  client: z.string().nullable(),
  /** YYYY-MM-DD. */
  departure_date: z.string().nullable(),
  /** ISO 8601. */
  booked_at: z.string(),
  /** Pending, Confirmed, Paid, Cancelled; the old system's status for old ones. */
  status: z.string(),
  total_due: z.string(),
  /** What the agency still owes net of its commission (spec 1 §9 agent accounts balance). */
  net_balance: z.string(),
  /** YYYY-MM-DD, when the balance is due. */
  balance_due: z.string().nullable(),
  is_old: z.boolean(),
  needs: z.object({
    /** Changes wait to be accepted. */
    changes: z.boolean(),
    /** A passenger's details (names, birth date, passport when the tour asks) are missing. */
    details: z.boolean(),
    /** The balance is owed and due within 14 days (or overdue). */
    balance: z.boolean(),
  }),
});
export type AgentBookingRow = z.infer<typeof agentBookingRow>;

export const agentBookingsAnswer = z.object({
  success: z.literal(true),
  data: z.array(agentBookingRow),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});

/** Spec 1 §9 agent accounts of one booking, from the one totals rule (the staff screen's figures). */
export const agentAccountsAnswer = z.object({
  commission_percent: z.string(),
  vat_percent: z.string(),
  total_due: z.string(),
  paid: z.string(),
  non_commissionable_extras: z.string(),
  commission: z.string(),
  vat: z.string(),
  /** total due − commission − VAT: what the agency pays the operator in all. */
  net_due: z.string(),
  /** total due − paid − (commission + VAT), floored at 0.00 (spec 1 §9 'balance'). */
  net_balance: z.string(),
});
export type AgentAccounts = z.infer<typeof agentAccountsAnswer>;

/**
 * GET agent/bookings/{id}: the customer's view of the booking (portal's own schema, so nothing
 * staff-only) without the card payment, plus the agency's accounts and its Agent invoice.
 */
export const agentBookingAnswer = portalBookingAnswer.omit({ pay: true, price_change: true }).extend({
  id: z.number(),
  /** 'admin' or 'agent' (spec 1 §3 created_from). */
  created_from: z.string(),
  created_by_agent_name: z.string().nullable(),
  accounts: agentAccountsAnswer,
  /** The Agent invoice can be downloaded (the booking has tour lines). */
  agent_invoice: z.boolean(),
});
export type AgentBooking = z.infer<typeof agentBookingAnswer>;

const agentBookingEnvelope = z.object({ success: z.literal(true), data: agentBookingAnswer });

/** The booking and passenger of PUT agent/bookings/{id}/passengers/{passengerId}. */
export const agentPassengerParams = z.object({ id: idSchema, passengerId: idSchema });
/** The booking and document of GET agent/bookings/{id}/documents/{documentId}. */
export const agentDocumentParams = z.object({ id: idSchema, documentId: idSchema });

// ---- booking for a client -----------------------------------------------------------------------

/** GET agent/tours: a tour on sale (not suppressed) with departures to come. */
export const agentTourAnswer = z.object({
  id: z.number(),
  name: z.string(),
  tour_type: z.string(),
  duration: z.number().nullable(),
});

/** GET agent/tours/{id}/departures: filters as staff's add-tour panel (UK airport id, dates). */
export const agentDeparturesQuery = z.object({
  airport_id: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  from: optionalYmd,
  to: optionalYmd,
});

/** One departure (tour instance) of a tour. */
export const agentDepartureAnswer = z.object({
  id: z.number(),
  /** YYYY-MM-DD. */
  departure_date: z.string(),
  duration: z.number().nullable(),
  /** UK departure airports (names with IATA code). */
  airports: z.array(z.string()),
  /** Places left on the departure; null when it has no limit. */
  places_left: z.number().nullable(),
  /** Why it cannot be booked (departed, release days passed, stop sell); null when it can. */
  sale_closed: z.string().nullable(),
});

/** GET agent/departures/{id}/rooms: the departure's rooms, priced by the same offer rule as staff's panel. */
export const agentOfferAnswer = z.object({
  departure: agentDepartureAnswer.extend({ tour_id: z.number(), tour_name: z.string() }),
  rooms: z.array(
    z.object({
      tour_room_id: z.number(),
      accommodation: z.string(),
      room: z.string(),
      board_basis: z.string().nullable(),
      /** Guests a room takes. */
      occupancy: z.number(),
      /** Per guest, as charged (the sale price when there is one). */
      price: z.string(),
      /** The price before the sale price, when there is a sale; else null. */
      was_price: z.string().nullable(),
      /** Rooms left for the whole stay. */
      rooms_left: z.number(),
      for_sale: z.boolean(),
      /** Why it is not for sale, when it is not. */
      reason: z.string().nullable(),
    }),
  ),
});
export type AgentOffer = z.infer<typeof agentOfferAnswer>;

/** A passenger the agent names when booking (the first is the lead client). */
export const agentNewPassenger = passengerSchema.pick({
  title: true,
  first_name: true,
  last_name: true,
  dob: true,
  gender: true,
});

/** POST agent/bookings and agent/bookings/quote: one departure's room, the guests, their names. */
export const agentBookingInput = z.object({
  tour_instance_id: idSchema,
  tour_room_id: idSchema,
  guests: intSchema('Guests', { min: 1, max: 20 }),
  /** Passengers, one per guest; the first is the lead client. */
  passengers: z.array(agentNewPassenger).min(1, 'Name the lead client.').max(20),
  special_request: z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(2000).optional()),
  /** The agency's own reference for the booking, kept in the special request for staff. */
  agent_reference: optionalText(50),
});
export type AgentBookingInput = z.input<typeof agentBookingInput>;

/** POST agent/bookings/quote: what the booking will cost and earn, before it is made. */
export const agentQuoteAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    label: z.string(),
    guests: z.number(),
    rooms: z.number(),
    /** Per guest, pounds. */
    price: z.string(),
    total_due: z.string(),
    commission_percent: z.string(),
    commission: z.string(),
    vat: z.string(),
    net_due: z.string(),
    /** The deposit and when it and the balance are due (YYYY-MM-DD). */
    deposit: z.string(),
    deposit_due: z.string().nullable(),
    balance_due: z.string().nullable(),
  }),
});

// ---- commission statement -----------------------------------------------------------------------

/** GET agent/statement: a month, YYYY-MM. */
export const agentStatementQuery = z.object({
  month: z.string({ error: 'Choose a month.' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month (YYYY-MM).'),
});

/** One booking of a commission statement. */
export const agentStatementRow = z.object({
  booking_ref: z.string(),
  client: z.string().nullable(),
  /** YYYY-MM-DD. */
  booked_on: z.string(),
  departure_date: z.string().nullable(),
  status: z.string(),
  gross: z.string(),
  commission: z.string(),
  vat: z.string(),
  net: z.string(),
  paid: z.string(),
  net_balance: z.string(),
});

export const agentStatementAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    month: z.string(),
    agency: z.string(),
    abta: z.string().nullable(),
    rows: z.array(agentStatementRow),
    totals: agentStatementRow.pick({
      gross: true,
      commission: true,
      vat: true,
      net: true,
      paid: true,
      net_balance: true,
    }),
  }),
});
export type AgentStatement = z.infer<typeof agentStatementAnswer>['data'];

// ---- the endpoints ------------------------------------------------------------------------------

/** The travel agent's side: public sign-in calls and the agency's own calls (agent realm). */
export const agentSideApi = {
  signIn: endpoint({
    method: 'POST',
    path: '/agent/sign-in',
    summary:
      "Public: an agency's email and password → an agent session (staff's rules: throttled per email and address, 429; idle and expiry ends).",
    public: true,
    body: agentSignInInput,
    answer: agentSessionAnswer,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/agent/forgot-password',
    summary:
      "Public: email the agency's reset link (the office's own) — the same answer whether or not the address is an agency's. 429 when throttled.",
    public: true,
    body: agentForgotInput,
    answer: messageAnswer,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/agent/sign-out',
    summary: 'End this agent session.',
    realm: 'agent',
    answer: messageAnswer,
  }),
  me: endpoint({
    method: 'GET',
    path: '/agent/me',
    summary: 'The signed-in agency: name, ABTA number, commission and VAT rates.',
    realm: 'agent',
    answer: z.object({ success: z.literal(true), data: agentMeAnswer }),
  }),
  bookings: endpoint({
    method: 'GET',
    path: '/agent/bookings',
    summary:
      "The agency's bookings (current and old-system), newest departure first: search by reference or client surname, departure range, what needs doing.",
    realm: 'agent',
    query: agentBookingsQuery,
    answer: agentBookingsAnswer,
  }),
  booking: endpoint({
    method: 'GET',
    path: '/agent/bookings/:id',
    summary:
      "One of the agency's bookings: the customer's view, the agent accounts (spec 1 §9) and documents. 404 for any other booking.",
    realm: 'agent',
    params: idParams,
    answer: agentBookingEnvelope,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/agent/bookings/:id/accept',
    summary: "Accept the booking's changes on the client's behalf ('From agent'). 422 when none wait.",
    realm: 'agent',
    params: idParams,
    answer: okAnswer({ accepted_at: z.string() }),
  }),
  updatePassenger: endpoint({
    method: 'PUT',
    path: '/agent/bookings/:id/passengers/:passengerId',
    summary:
      "Complete a passenger's details (names, birth date, gender, passport), as the customer may; Changes Reviewed becomes Pending.",
    realm: 'agent',
    params: agentPassengerParams,
    body: portalPassengerInput,
    answer: okAnswer({ data: agentBookingAnswer }),
  }),
  document: endpoint({
    method: 'GET',
    path: '/agent/bookings/:id/documents/:documentId',
    summary: 'Download a stored document of the booking issued to the customer or the agency.',
    realm: 'agent',
    params: agentDocumentParams,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
  agentInvoice: endpoint({
    method: 'GET',
    path: '/agent/bookings/:id/agent-invoice',
    summary:
      "The booking's Agent invoice as it stands now (PDF on the letterhead), kept as a document record.",
    realm: 'agent',
    params: idParams,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
  tours: endpoint({
    method: 'GET',
    path: '/agent/tours',
    summary: 'Tours on sale (not suppressed), by name.',
    realm: 'agent',
    answer: z.object({ success: z.literal(true), data: z.array(agentTourAnswer) }),
  }),
  airports: endpoint({
    method: 'GET',
    path: '/agent/departure-airports',
    summary: 'The UK departure airports (spec 1 §9) to filter departures by.',
    realm: 'agent',
    answer: z.object({
      success: z.literal(true),
      data: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  }),
  departures: endpoint({
    method: 'GET',
    path: '/agent/tours/:id/departures',
    summary: "A tour's departures from today (or `from`) with places left; filters: UK airport, dates.",
    realm: 'agent',
    params: idParams,
    query: agentDeparturesQuery,
    answer: z.object({ success: z.literal(true), data: z.array(agentDepartureAnswer) }),
  }),
  offer: endpoint({
    method: 'GET',
    path: '/agent/departures/:id/rooms',
    summary:
      "A departure's rooms with per-guest prices and rooms left, by staff's offer rule (stop sell, release days, capacity). No costs.",
    realm: 'agent',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: agentOfferAnswer }),
  }),
  quote: endpoint({
    method: 'POST',
    path: '/agent/bookings/quote',
    summary: 'What a booking would cost and the commission it earns, before it is made (nothing saved).',
    realm: 'agent',
    body: agentBookingInput,
    answer: agentQuoteAnswer,
  }),
  create: endpoint({
    method: 'POST',
    path: '/agent/bookings',
    summary:
      "Book for a client: created_from 'agent', the agency linked, status Pending, for staff to review; the same places and rooms checks under the same locks as staff (409 when sold out).",
    realm: 'agent',
    body: agentBookingInput,
    answer: okAnswer({ data: z.object({ id: z.number(), booking_ref: z.string() }) }),
  }),
  statement: endpoint({
    method: 'GET',
    path: '/agent/statement',
    summary:
      "The month's commission statement: the agency's bookings departing in the month — gross, commission, VAT, net, paid, net balance — and totals.",
    realm: 'agent',
    query: agentStatementQuery,
    answer: agentStatementAnswer,
  }),
  statementXlsx: endpoint({
    method: 'GET',
    path: '/agent/statement.xlsx',
    summary: 'The commission statement as a spreadsheet.',
    realm: 'agent',
    query: agentStatementQuery,
    answer: fileAnswer,
    files: [MEDIA.xlsx],
  }),
  statementPdf: endpoint({
    method: 'GET',
    path: '/agent/statement.pdf',
    summary: 'The commission statement as a PDF on the letterhead.',
    realm: 'agent',
    query: agentStatementQuery,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
};
