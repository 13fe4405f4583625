import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AdditionalDocumentRow } from '../../../shared/api/booking-edit';
import { greetingLine } from '../../../shared/greeting';
import { type Db, queryRows } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { detectFileType, MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES, type UploadedFile } from '../../http/uploads';
import { escapeHtml } from '../../lib/html';
import { enqueueEmail, type Outbox } from '../../mail/outbox';
import type { FileStore } from '../../storage/files';
import { inTransaction, lockBooking, writeHistory } from './ledger';
import { RECIPIENT, RECIPIENT_GREETING } from './recipient';

/**
 * Additional documents of a booking (spec 1 §3 'Additional document', §5 'additional documents
 * accept images and PDFs, several files at once', §7, §8 'File not found'): files checked by their
 * bytes (never the declared type), stored through the FileStore under 'booking-documents', one row
 * each with the original name; every change writes history in the same transaction.
 */

/** At most this many files in one upload. */
export const MAX_DOCUMENTS_PER_UPLOAD = 10;
export const FILE_NOT_FOUND = 'File not found';
export const NO_RECIPIENT = 'This booking does not have any agent or customer. Plese select anyone.';
/** Ours (the spec names no message): a linked customer/agent without any email address. */
export const NO_EMAIL = 'Neither the customer nor the agent of this booking has an email address.';

/** A stored additional document as the booking screen lists it (the contract's answer row). */
export type AdditionalDocument = AdditionalDocumentRow;

/**
 * The kind of a file by its bytes (file-type, as its download will be typed): a PDF or a
 * JPEG/PNG/GIF/WebP image; null for anything else.
 */
export async function documentKind(data: Buffer): Promise<{ mime: string; ext: string } | null> {
  const kind = await detectFileType(data);
  return kind && (kind.mime === 'application/pdf' || UPLOAD_IMAGE_TYPES.includes(kind.mime)) ? kind : null;
}

/** The file name a browser sent, without any folder part, trimmed to 200 characters. */
export function cleanFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).trim();
  return (base || 'document').slice(0, 200);
}

/** The uploaded files in field order: `files[0]`, `files[1]`, … (also `files`, `files[]`). */
export function uploadedDocuments(
  files: Record<string, UploadedFile>,
): { field: string; file: UploadedFile }[] {
  return Object.entries(files)
    .filter(([field]) => /^files(\[\d*\])?$/.test(field))
    .sort(([a], [b]) => Number(/\d+/.exec(a)?.[0] ?? 0) - Number(/\d+/.exec(b)?.[0] ?? 0))
    .map(([field, file]) => ({ field, file }));
}

/**
 * Stores the uploaded documents of booking `bookingId` (POST bookings/{id}/additional-documents).
 * All or nothing: every file is checked first (PDF by '%PDF-', images by their signatures, 10 MB
 * each, at most 10) and a bad one answers 422 naming it with nothing stored; then the files are
 * saved, and the rows plus one history entry per file are written in one transaction (the files
 * are removed again if it fails). 404 for an unknown booking. Answers the new documents.
 */
export async function addAdditionalDocuments(
  db: Db,
  files: FileStore,
  bookingId: number,
  uploads: { field: string; file: UploadedFile }[],
  documentDetail: string | null,
  userId: number,
): Promise<AdditionalDocument[]> {
  if (uploads.length === 0) throw validationError({ files: ['Choose at least one file to upload.'] });
  if (uploads.length > MAX_DOCUMENTS_PER_UPLOAD)
    throw validationError({ files: [`Upload at most ${MAX_DOCUMENTS_PER_UPLOAD} files at once.`] });
  const errors: Record<string, string[]> = {};
  const checked = await Promise.all(
    uploads.map(async ({ field, file }) => {
      const name = cleanFileName(file.filename);
      const kind = await documentKind(file.data);
      if (!kind) errors[field] = [`${name} is not an image or a PDF file.`];
      else if (file.data.length > MAX_UPLOAD_BYTES) errors[field] = [`${name} is larger than 10 MB.`];
      return { name, kind, data: file.data };
    }),
  );
  if (Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0][0];
    throw validationError(errors, first);
  }
  const [exists] = await queryRows<{ id: number }>(db, sql`select id from bookings where id = ${bookingId}`);
  if (!exists) throw notFound('Booking not found.');

  const keys: string[] = [];
  try {
    for (const c of checked) keys.push(await files.save('booking-documents', c.data, c.kind?.ext ?? ''));
    return await inTransaction(db, async (tx) => {
      await lockBooking(tx, bookingId);
      const out: AdditionalDocument[] = [];
      for (const [i, c] of checked.entries()) {
        const [row] = await queryRows<AdditionalDocument>(
          tx,
          sql`insert into booking_additional_documents
                (holiday_booking_id, name, file_key, mime_type, document_detail, created_by)
              values (${bookingId}, ${c.name}, ${keys[i]}, ${c.kind?.mime}, ${documentDetail}, ${userId})
              returning id, name, document_detail,
                        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
        );
        await writeHistory(tx, {
          bookingId,
          userId,
          type: 'Additional Document',
          action: 'Document uploaded',
          comment: documentDetail ? `${c.name}: ${documentDetail}` : c.name,
          documentName: c.name,
        });
        out.push(row);
      }
      return out;
    });
  } catch (e) {
    await Promise.all(keys.map((k) => files.remove(k)));
    throw e;
  }
}

/** One stored document with its file key; 404 'File not found' when there is no such document. */
export async function getAdditionalDocument(db: Db, docId: number) {
  const [doc] = await queryRows<{
    id: number;
    holiday_booking_id: number;
    name: string;
    file_key: string;
    mime_type: string;
  }>(
    db,
    sql`select id, holiday_booking_id, name, file_key, mime_type from booking_additional_documents where id = ${docId}`,
  );
  if (!doc) throw notFound(FILE_NOT_FOUND);
  return doc;
}

/**
 * Deletes document `docId` (POST bookings/{docId}/additional-documents/delete): the row and a
 * history entry in one transaction with the booking locked, then the stored file. 404 'File not
 * found' when there is no such document.
 */
export async function deleteAdditionalDocument(db: Db, files: FileStore, docId: number, userId: number) {
  const doc = await getAdditionalDocument(db, docId);
  await inTransaction(db, async (tx) => {
    await lockBooking(tx, doc.holiday_booking_id);
    const gone = await queryRows<{ id: number }>(
      tx,
      sql`delete from booking_additional_documents where id = ${docId} returning id`,
    );
    if (gone.length === 0) throw notFound(FILE_NOT_FOUND);
    await writeHistory(tx, {
      bookingId: doc.holiday_booking_id,
      userId,
      type: 'Additional Document',
      action: 'Document deleted',
      comment: doc.name,
      documentName: doc.name,
    });
  });
  await files.remove(doc.file_key);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Emails document `docId` of booking `bookingId` as an attachment (GET
 * bookings/{id}/additional-document-email/{docId}): to the customer's email, else the agent's;
 * 422 NO_RECIPIENT when the booking has neither a customer nor an agent (spec 1 §5), 422 NO_EMAIL
 * when they have no email address; 404 'File not found' when the document (or its file) is
 * gone or belongs to another booking. The message (with a copy of the file, so deleting the document
 * later cannot take it from the email) goes into the outbox in the same transaction as the history
 * entry with document_name; delivery follows the commit. Answers the address it went to.
 */
export async function emailAdditionalDocument(
  db: Db,
  files: FileStore,
  outbox: Outbox,
  bookingId: number,
  docId: number,
  userId: number,
): Promise<string> {
  const [b] = await queryRows<{
    booking_ref: string | null;
    customer_id: number | null;
    agent_id: number | null;
    email: string | null;
    name: string | null;
    title: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    db,
    sql`select b.booking_ref, b.customer_id, b.agent_id, ${RECIPIENT.email} as email, ${RECIPIENT_GREETING}
        from bookings b ${RECIPIENT.joins} where b.id = ${bookingId}`,
  );
  if (!b) throw notFound('Booking not found.');
  const doc = await getAdditionalDocument(db, docId);
  if (doc.holiday_booking_id !== bookingId) throw notFound(FILE_NOT_FOUND);
  if (b.customer_id === null && b.agent_id === null)
    throw validationError({ email: [NO_RECIPIENT] }, NO_RECIPIENT);
  const to = b.email;
  if (!to) throw validationError({ email: [NO_EMAIL] }, NO_EMAIL);
  const opened = await files.open(doc.file_key);
  if (!opened) throw notFound(FILE_NOT_FOUND);
  const content = await readAll(opened.stream);
  const greeting = greetingLine(b);
  const ref = b.booking_ref ?? String(bookingId);
  await inTransaction(db, async (tx) => {
    await lockBooking(tx, bookingId);
    const historyId = await writeHistory(tx, {
      bookingId,
      userId,
      type: 'Additional Document',
      action: 'Document emailed',
      comment: `${doc.name} emailed to ${to}`,
      documentName: doc.name,
    });
    await enqueueEmail(tx, files, {
      kind: 'additional-document',
      to,
      subject: `Your booking ${ref}: ${doc.name}`,
      html: `<p>${escapeHtml(greeting)}</p><p>Please find attached ${escapeHtml(doc.name)} for your booking ${escapeHtml(ref)}.</p>`,
      attachments: [{ filename: doc.name, content, contentType: doc.mime_type }],
      bookingId,
      historyId,
      createdBy: userId,
    });
  });
  outbox.kick();
  return to;
}
