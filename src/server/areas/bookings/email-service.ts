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
import { BOOKING_DOC_CODES, bookingDocumentType } from '../../../shared/documents';
import type { EmailTemplateVariable } from '../../../shared/email-templates';
import { type Db, queryRows } from '../../db/client';
import { HttpError, validationError } from '../../http/errors';
import { enqueueEmail, type OutgoingEmail } from '../../mail/outbox';
import type { FileStore } from '../../storage/files';
import { takeHeldCertificates } from './documents/atol';
import { issueBookingDocument } from './documents/records';
import { DocumentRefused } from './documents/render';
import {
  type EmailDeps,
  type Recipient,
  recipientOf,
  renderMessage,
  type TemplateRow,
  templateById,
} from './email-message';
import { inTransaction, lockBooking, writeHistory } from './ledger';

/** The label of the ATOL Certificate among the attachments (shared/documents.ts). */
const ATOL_LABEL = bookingDocumentType('atol')?.label ?? 'ATOL Certificate';

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
