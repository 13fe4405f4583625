/**
 * Emailing a booking's documents (spec 1 §2 email modal, §4 'Emailing the customer', §5 'Documents
 * and email', §7, §8; issue #12 'Sent for real, never lost, never twice'): the documents are issued
 * as document records (records.ts `issueBookingDocument`, created_for = the recipient), the message
 * is rendered from a template (mail/templates.ts), written to the email outbox with the PDFs, and one
 * history entry lists the attachments (booking_history_documents) — all in ONE transaction; the
 * outbox is kicked after the commit. A document the booking cannot have (e.g. no passengers) is
 * left out and named in the answer; the email still goes with the others.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DOCUMENT_MESSAGES } from '../../../shared/api/booking-documents';
import { SELECT_TEMPLATE } from '../../../shared/api/booking-email';
import { BOOKING_DOC_CODES, type BookingDocType, bookingDocumentType } from '../../../shared/documents';
import type { EmailTemplateVariable } from '../../../shared/email-templates';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { takeHeldCertificates } from '../../documents/atol';
import {
  DocumentRefused,
  isFlightInclusive,
  loadBookingDocumentData,
} from '../../documents/booking-documents';
import { issueBookingDocument } from '../../documents/records';
import { HttpError, notFound, validationError } from '../../http/errors';
import { escapeHtml } from '../../lib/html';
import { enqueueEmail, type Outbox, type OutgoingEmail } from '../../mail/outbox';
import { portalLinks } from '../../mail/portal-links';
import { emailDocument, renderSubject, renderTemplate, templateVariables } from '../../mail/templates';
import type { FileStore } from '../../storage/files';
import { NO_RECIPIENT } from './additional-documents';
import { inTransaction, lockBooking, writeHistory } from './ledger';

/** What sending needs: the file store, the outbox and the config (links start with `appUrl`). */
export interface EmailDeps {
  files: FileStore;
  outbox: Outbox;
  config: Pick<Config, 'appUrl'>;
}

export type Recipient = 'customer' | 'agent';

/** Template slugs the document buttons and accepted changes send with (demo seed; staff may edit them). */
export const TEMPLATE_SLUGS = {
  bookingConfirmation: 'booking-confirmation',
  agentConfirmation: 'agent-booking-confirmation',
  cancellation: 'cancellation-confirmation',
  travelDocuments: 'travel-documents',
  bookingChanges: 'booking-changes',
} as const;

/** The label of the ATOL Certificate among the attachments (shared/documents.ts). */
const ATOL_LABEL = bookingDocumentType('atol')?.label ?? 'ATOL Certificate';

/** 422 when a travel-documents email is asked for a cancelled booking. */
export const CANCELLED_TRAVEL_DOCS = 'This booking is cancelled: travel documents are not sent.';

interface TemplateRow {
  id: number;
  template_slug: string;
  template_subject: string;
  template_body_content: string;
}

async function templateById(db: Db, id: number | undefined): Promise<TemplateRow> {
  if (id === undefined) throw validationError({ template: [SELECT_TEMPLATE] }, SELECT_TEMPLATE);
  const [t] = await queryRows<TemplateRow>(
    db,
    sql`select id, template_slug, template_subject, template_body_content from email_templates where id = ${id}`,
  );
  if (!t) throw validationError({ template: ['This email template no longer exists.'] }, SELECT_TEMPLATE);
  return t;
}

/** The template with `slug`; 422 naming the slug when staff have deleted it. */
export async function templateBySlug(db: Db, slug: string): Promise<TemplateRow> {
  const [t] = await queryRows<TemplateRow>(
    db,
    sql`select id, template_slug, template_subject, template_body_content from email_templates
        where template_slug = ${slug}`,
  );
  if (!t) {
    const message = `There is no email template with the slug '${slug}'. Create one under Email templates.`;
    throw validationError({ template: [message] }, message);
  }
  return t;
}

/**
 * The address of the booking's agent or customer. 422 NO_RECIPIENT when the booking has neither
 * (spec 1 §5), 422 when the one asked for is not linked or has no email address; 404 for no booking.
 */
export async function recipientOf(
  db: Db,
  bookingId: number,
  to: Recipient,
): Promise<{ email: string; name: string }> {
  const [b] = await queryRows<{
    customer_id: number | null;
    agent_id: number | null;
    customer_email: string | null;
    customer_name: string | null;
    agent_email: string | null;
    agent_name: string | null;
  }>(
    db,
    sql`select b.customer_id, b.agent_id, nullif(trim(c.email), '') as customer_email, c.full_name as customer_name,
               nullif(trim(a.email), '') as agent_email, a.name as agent_name
        from bookings b left join customers c on c.id = b.customer_id left join agents a on a.id = b.agent_id
        where b.id = ${bookingId}`,
  );
  if (!b) throw notFound('Booking not found.');
  if (b.customer_id === null && b.agent_id === null)
    throw validationError({ email_to: [NO_RECIPIENT] }, NO_RECIPIENT);
  const fail = (message: string) => validationError({ email_to: [message] }, message);
  if (to === 'customer') {
    if (b.customer_id === null) throw fail('This booking has no customer to email. Choose the agent.');
    if (!b.customer_email) throw fail('The customer of this booking has no email address.');
    return { email: b.customer_email, name: b.customer_name ?? '' };
  }
  if (b.agent_id === null) throw fail('This booking has no agent to email. Choose the customer.');
  if (!b.agent_email) throw fail('The agent of this booking has no email address.');
  return { email: b.agent_email, name: b.agent_name ?? '' };
}

/** The booking's customer when it has one, else its agent (the spec's `type=email_customer`). */
async function defaultRecipient(db: Db, bookingId: number, type?: 'email_customer' | 'email_agent') {
  if (type === 'email_agent') return 'agent' as const;
  const [b] = await queryRows<{ customer_id: number | null }>(
    db,
    sql`select customer_id from bookings where id = ${bookingId}`,
  );
  if (!b) throw notFound('Booking not found.');
  return b.customer_id !== null ? ('customer' as const) : ('agent' as const);
}

/**
 * The change notice (spec 1 §4 intimate_customer) put into a rendered body: after its first
 * paragraph when it opens with one (the greeting), else at the top.
 */
function withChangeNotice(body: string, reasons: readonly string[]): string {
  if (reasons.length === 0) return body;
  const notice =
    '<p>We have made the following changes to your booking:</p>' +
    `<ul>${reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`;
  const end = body.indexOf('</p>');
  if (!body.trimStart().startsWith('<p') || end < 0) return notice + body;
  return body.slice(0, end + 4) + notice + body.slice(end + 4);
}

/** The message a template gives for this booking and recipient: subject (plain text) and HTML. */
async function renderMessage(
  db: Db,
  deps: Pick<EmailDeps, 'config'>,
  bookingId: number,
  to: Recipient,
  template: TemplateRow,
  reasons: readonly string[],
  sendTo?: string,
  values?: Partial<Record<EmailTemplateVariable, string>>,
) {
  // A message being sent carries personal links to the customer's side; a preview does not.
  const links = sendTo ? await portalLinks(db, bookingId, deps.config.appUrl, sendTo) : null;
  const vars = {
    ...(await templateVariables(db, bookingId, to, { baseUrl: deps.config.appUrl, links })),
    ...values,
  };
  const subject = renderSubject(template.template_subject, vars) || `Booking ${vars.booking_ref}`;
  const html = emailDocument(withChangeNotice(renderTemplate(template.template_body_content, vars), reasons));
  return { subject, html };
}

/**
 * The email modal's preview (POST bookings/{id}/email-preview): the subject and HTML that sending
 * with this template to the agent or customer would write, and the address (null when there is none
 * yet — the send would refuse). 422 'Plase select a template' without one; 404 for no booking.
 */
export async function previewEmail(
  db: Db,
  deps: Pick<EmailDeps, 'config'>,
  bookingId: number,
  v: {
    email_to: Recipient;
    template?: number;
    intimate_customer?: 'yes' | 'no';
    intimate_customer_reasons?: string[];
  },
) {
  const template = await templateById(db, v.template);
  const to = await recipientOf(db, bookingId, v.email_to).then(
    (r) => r.email,
    (e: unknown) => {
      if (e instanceof HttpError && e.statusCode === 422) return null;
      throw e;
    },
  );
  const reasons = v.intimate_customer === 'yes' ? (v.intimate_customer_reasons ?? []) : [];
  const { subject, html } = await renderMessage(db, deps, bookingId, v.email_to, template, reasons);
  return { to, subject, html };
}

/** What one send did: where it went, the subject, the files attached and the documents left out. */
export interface SentEmail {
  to: string;
  subject: string;
  attached: string[];
  /** 'Label: reason' of each document left out. */
  left_out: string[];
  /** The same, as sentences for the message: the spec's 'no passengers' warning listing them all. */
  warnings: string[];
  historyId: number;
  outboxId: number;
}

interface Attachment {
  filename: string;
  friendlyName: string;
  file_key: string;
  contentType: string;
  recordId: number | null;
}

const extOf = (name: string) => path.extname(name).replace('.', '').toLowerCase();

async function readStored(files: FileStore, key: string): Promise<Buffer | null> {
  const opened = await files.open(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Sends one email of booking `bookingId` to its agent or customer with `template` and the documents
 * `documents` (booking document codes, and 'additional-documents' for every uploaded document). In
 * one transaction with the booking locked: each document issued as a record (a refused one is left
 * out and listed), the message rendered, one history entry (type 'Email', action 'Email sent to
 * customer|agent', comment = the subject, is_multiple when more than one attachment, document_name
 * when exactly one) with a booking_history_documents row per attachment, and the message written to
 * the outbox; after the commit the outbox is kicked. Additional documents are copied, so the email
 * and its history keep them even if the upload is deleted later.
 */
export async function sendBookingEmail(
  db: Db,
  deps: EmailDeps,
  bookingId: number,
  userId: number | null,
  a: BookingEmailRequest,
): Promise<SentEmail> {
  const copies: string[] = [];
  try {
    const sent = await inTransaction(db, (tx) => writeBookingEmail(tx, deps, bookingId, userId, a, copies));
    deps.outbox.kick();
    return sent;
  } catch (e) {
    await Promise.all(copies.map((k) => deps.files.remove(k)));
    throw e;
  }
}

/** What `sendBookingEmail` / `writeBookingEmail` send. */
export interface BookingEmailRequest {
  to: Recipient;
  template: TemplateRow;
  documents: readonly string[];
  reasons?: readonly string[];
  kind?: string;
  /** Refuse (422, nothing written) when none of the documents could be attached. */
  requireAttachment?: boolean;
  /** Values of content variables that this email sets itself (a payment reminder's amount and date). */
  values?: Partial<Record<EmailTemplateVariable, string>>;
  /** The history entry's action and comment instead of 'Email sent to …' and the subject. */
  history?: { action: string; comment: (s: { to: string; subject: string; attached: string[] }) => string };
}

/**
 * The body of `sendBookingEmail` inside the caller's transaction (which must be kicked and whose
 * `copies` — additional documents copied for the email — removed by the caller if it fails). When
 * the ATOL Certificate is attached, certificate emails still waiting in the outbox are taken into
 * this one (documents/atol.ts `takeHeldCertificates`): the customer gets the certificate once.
 */
export async function writeBookingEmail(
  tx: Db,
  deps: EmailDeps,
  bookingId: number,
  userId: number | null,
  a: BookingEmailRequest,
  copies: string[],
): Promise<SentEmail> {
  const reasons = a.reasons ?? [];
  const docCodes = BOOKING_DOC_CODES.filter((c) => a.documents.includes(c));
  const withAdditional = a.documents.includes('additional-documents');
  await lockBooking(tx, bookingId);
  const recipient = await recipientOf(tx, bookingId, a.to);
  const attachments: Attachment[] = [];
  const leftOut: string[] = [];
  const noPassengers: string[] = [];
  const warnings: string[] = [];
  for (const docType of docCodes) {
    const label = bookingDocumentType(docType)?.label ?? docType;
    try {
      // A savepoint: a document that fails part-way leaves the rest of the send intact.
      const issued = await tx.transaction((sp) =>
        issueBookingDocument(sp, deps.files, { bookingId, docType, createdFor: a.to, userId }),
      );
      attachments.push({
        filename: issued.record.name,
        friendlyName: label,
        file_key: issued.record.file_key,
        contentType: 'application/pdf',
        recordId: issued.record.id,
      });
    } catch (e) {
      if (!(e instanceof DocumentRefused)) throw e;
      leftOut.push(`${label}: ${e.message}`);
      if (e.message === DOCUMENT_MESSAGES.noPassengers([label])) noPassengers.push(label);
      else warnings.push(`${label}: ${e.message}`);
    }
  }
  if (withAdditional) {
    const docs = await queryRows<{
      name: string;
      file_key: string;
      mime_type: string;
      document_detail: string | null;
    }>(
      tx,
      sql`select name, file_key, mime_type, document_detail from booking_additional_documents
          where holiday_booking_id = ${bookingId} order by id`,
    );
    for (const d of docs) {
      const bytes = await readStored(deps.files, d.file_key);
      if (!bytes) {
        leftOut.push(`${d.name}: ${DOCUMENT_MESSAGES.fileNotFound}`);
        warnings.push(`${d.name}: ${DOCUMENT_MESSAGES.fileNotFound}.`);
        continue;
      }
      const key = await deps.files.save('booking-email', bytes, extOf(d.name));
      copies.push(key);
      attachments.push({
        filename: d.name,
        friendlyName: d.document_detail || d.name,
        file_key: key,
        contentType: d.mime_type,
        recordId: null,
      });
    }
  }
  if (noPassengers.length > 0) warnings.unshift(DOCUMENT_MESSAGES.noPassengers(noPassengers));
  if (a.requireAttachment && attachments.length === 0) {
    const message = `Nothing was sent: no document could be attached. ${warnings.join(' ')}`;
    throw validationError({ documents: leftOut }, message);
  }
  const { subject, html } = await renderMessage(
    tx,
    deps,
    bookingId,
    a.to,
    a.template,
    reasons,
    recipient.email,
    a.values,
  );
  const attached = attachments.map((att) => att.filename);
  const historyId = await writeHistory(tx, {
    bookingId,
    userId,
    type: 'Email',
    action: a.history?.action ?? `Email sent to ${a.to}`,
    comment: a.history
      ? a.history.comment({ to: recipient.email, subject, attached })
      : reasons.length > 0
        ? `${subject} (customer notified: ${reasons.join(', ')})`
        : subject,
    documentName: attachments.length === 1 ? attachments[0].filename : null,
  });
  if (attachments.length > 1)
    await tx.execute(sql`update booking_history set is_multiple = true where id = ${historyId}`);
  for (const att of attachments) {
    await tx.execute(
      sql`insert into booking_history_documents (history_id, file_name, friendly_name, file_key, content_type, document_record_id)
          values (${historyId}, ${att.filename}, ${att.friendlyName}, ${att.file_key}, ${att.contentType}, ${att.recordId})`,
    );
  }
  const message: OutgoingEmail = {
    kind: a.kind ?? 'booking-email',
    to: recipient.email,
    subject,
    html,
    attachments: attachments.map((att) => ({
      filename: att.filename,
      file_key: att.file_key,
      contentType: att.contentType,
    })),
    bookingId,
    historyId,
    createdBy: userId,
  };
  const outboxId = await enqueueEmail(tx, deps.files, message);
  // The current certificate goes with this email: a certificate email still waiting is not sent too.
  if (attachments.some((att) => att.friendlyName === ATOL_LABEL)) await takeHeldCertificates(tx, bookingId);
  return {
    to: recipient.email,
    subject,
    attached,
    left_out: leftOut,
    warnings,
    historyId,
    outboxId,
  };
}

/** The spec's {status, message} for a send, with what was left out as a warning in the message. */
export function sentMessage(s: SentEmail): string {
  const attached =
    s.attached.length === 0
      ? 'with no attachments'
      : `with ${s.attached.length} attachment${s.attached.length === 1 ? '' : 's'}`;
  const base = `Email sent to ${s.to} ${attached}.`;
  return s.warnings.length > 0 ? `${base} ${s.warnings.join(' ')}` : base;
}

/**
 * POST bookings/{id}/send-email-customer (spec 1 §4, §5, §7): the email modal's send. 422 'Plase
 * select a template' without a template, 422 when intimate_customer is 'yes' without reasons, and
 * the recipient's rules of `recipientOf`.
 */
export async function sendEmailToParty(
  db: Db,
  deps: EmailDeps,
  bookingId: number,
  userId: number,
  v: {
    email_to: Recipient;
    template?: number;
    email_documents: string[];
    intimate_customer?: 'yes' | 'no';
    intimate_customer_reasons?: string[];
  },
): Promise<SentEmail> {
  const template = await templateById(db, v.template);
  const notify = v.intimate_customer === 'yes';
  if (notify && !v.intimate_customer_reasons?.length) {
    const message = 'Choose at least one reason for the change.';
    throw validationError({ intimate_customer_reasons: [message] }, message);
  }
  return sendBookingEmail(db, deps, bookingId, userId, {
    to: v.email_to,
    template,
    documents: v.email_documents,
    reasons: notify ? (v.intimate_customer_reasons ?? []) : [],
  });
}

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
