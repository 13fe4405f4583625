import type { BookingDocType } from '../../../shared/documents';
import type { Db } from '../../db/client';
import { HttpError, notFound, validationError } from '../../http/errors';
import { isFlightInclusive, loadBookingDocumentData } from './documents/render';
import {
  defaultRecipient,
  type EmailDeps,
  type Recipient,
  TEMPLATE_SLUGS,
  templateBySlug,
} from './email-message';
import { type SentEmail, sendBookingEmail } from './email-service';

/**
 * The document buttons' emails (spec 1 §5 'Documents and email'): 'Email Booking Docs' and 'Email
 * Travel Docs' on one booking, and the travel documents of a tour group's bulk job — each picks its
 * template and documents from the booking's facts and sends through `sendBookingEmail`.
 */

/** 422 when a travel-documents email is asked for a cancelled booking. */
export const CANCELLED_TRAVEL_DOCS = 'This booking is cancelled: travel documents are not sent.';

/** Whether the booking flies (any line's instance has flights) and is flight-inclusive (ATOL). */
async function flightFacts(db: Db, bookingId: number) {
  const d = await loadBookingDocumentData(db, bookingId);
  if (!d) throw notFound('Booking not found.');
  return {
    hasFlights: d.lines.some((l) => l.flights.length > 0),
    flightInclusive: isFlightInclusive(d),
    cancelled: d.booking.cancelled_at !== null,
  };
}

/**
 * 'Email Booking Docs' (POST bookings/{id}/documents/send-email/invoicing-docs): to the customer
 * (type email_customer; the agent when there is no customer) or the agent (email_agent). A cancelled
 * booking sends the cancellation invoice (cancellation-confirmation template); to the agent the
 * agent invoice (agent-booking-confirmation); otherwise the Confirmation (booking-confirmation); the
 * ATOL Certificate with the last two when the booking is flight-inclusive. A document the booking
 * cannot have is left out and named; 422 when none could be attached (nothing is sent).
 */
export async function sendInvoicingDocuments(
  db: Db,
  deps: EmailDeps,
  bookingId: number,
  userId: number,
  type?: 'email_customer' | 'email_agent',
): Promise<SentEmail> {
  const to = await defaultRecipient(db, bookingId, type);
  const facts = await flightFacts(db, bookingId);
  let slug: string;
  let documents: BookingDocType[];
  if (facts.cancelled) {
    slug = TEMPLATE_SLUGS.cancellation;
    documents = ['cancellation-invoice'];
  } else if (to === 'agent') {
    slug = TEMPLATE_SLUGS.agentConfirmation;
    documents = ['agent-invoice'];
  } else {
    slug = TEMPLATE_SLUGS.bookingConfirmation;
    documents = ['invoice'];
  }
  if (!facts.cancelled && facts.flightInclusive) documents.push('atol');
  const template = await templateBySlug(db, slug);
  return sendBookingEmail(db, deps, bookingId, userId, {
    to,
    template,
    documents,
    kind: 'booking-documents',
    requireAttachment: true,
  });
}

/**
 * The travel documents' send, throwing the refusals (the route's and sendTravelDocuments' one body):
 * 422 when cancelled or when none of the documents could be attached (e.g. no passengers and no
 * flights); a document left out otherwise is named in the answer.
 */
export async function sendTravelDocumentsOrThrow(
  db: Db,
  deps: EmailDeps,
  bookingId: number,
  userId: number,
  to: Recipient,
): Promise<SentEmail> {
  const facts = await flightFacts(db, bookingId);
  if (facts.cancelled) throw validationError({ booking: [CANCELLED_TRAVEL_DOCS] }, CANCELLED_TRAVEL_DOCS);
  const documents: BookingDocType[] = ['airline'];
  if (facts.hasFlights) documents.push('airline-checkin');
  if (facts.flightInclusive) documents.push('atol');
  const template = await templateBySlug(db, TEMPLATE_SLUGS.travelDocuments);
  return sendBookingEmail(db, deps, bookingId, userId, {
    to,
    template,
    documents,
    kind: 'travel-documents',
    requireAttachment: true,
  });
}

/**
 * 'Email Travel Docs' (POST bookings/{id}/documents/email-travel-document): the recipient of
 * `type` (email_customer: the customer, else the agent), then `sendTravelDocumentsOrThrow`.
 */
export async function emailTravelDocuments(
  db: Db,
  deps: EmailDeps,
  bookingId: number,
  userId: number,
  type?: 'email_customer' | 'email_agent',
): Promise<SentEmail> {
  const to = await defaultRecipient(db, bookingId, type);
  return sendTravelDocumentsOrThrow(db, deps, bookingId, userId, to);
}

/**
 * Sends the travel documents of one booking (Travel Itinerary; Airline Check-In Instructions when it
 * has flights; ATOL Certificate when flight-inclusive) with the travel-documents template: records +
 * history entry + outbox in one transaction, the outbox kicked after. Answers {sent: true, to} or
 * {sent: false, reason} for a refusal (cancelled, no recipient or address, no such booking, the
 * template missing); other errors are thrown. Used by the tour group's bulk job (spec 3 §2).
 */
export async function sendTravelDocuments(
  db: Db,
  deps: EmailDeps,
  bookingId: number,
  userId: number,
  recipient: Recipient,
): Promise<{ sent: boolean; to?: string; reason?: string }> {
  try {
    const s = await sendTravelDocumentsOrThrow(db, deps, bookingId, userId, recipient);
    return { sent: true, to: s.to };
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500) return { sent: false, reason: e.message };
    throw e;
  }
}
