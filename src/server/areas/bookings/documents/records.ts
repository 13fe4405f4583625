import { sql } from 'drizzle-orm';
import {
  type AtolCertificateRow,
  DOCUMENT_MESSAGES,
  type DocumentRecordRow,
  documentLabel,
  NEEDS_PASSENGERS,
} from '../../../../shared/api/booking-documents';
import type { BookingDocType } from '../../../../shared/documents';
import { type Db, inTransaction, queryRows } from '../../../db/client';
import { type StoredRecord, storeDocumentRecord } from '../../../documents/record-store';
import { notFound, validationError } from '../../../http/errors';
import type { FileStore } from '../../../storage/files';
import { certificateForDocument } from './atol';
import {
  type BookingDocumentData,
  DocumentRefused,
  isFlightInclusive,
  loadBookingDocumentData,
  renderBookingDocument,
} from './render';

/**
 * Document records (spec 1 §3 Document record; issue #12 'Each generation is kept as a document
 * record'): every booking document generated — downloaded, printed, emailed, or issued as an ATOL
 * certificate — is kept as the exact PDF bytes of that day. A record is never rewritten.
 */

/** What a generation was made for (booking_document_records.created_for). */
export type CreatedFor = 'download' | 'print' | 'customer' | 'agent' | 'atol-issue';

/**
 * Why document `docType` cannot be made for this booking (spec 1 §5, §8 messages), else null: no
 * customer and no agent; the agent invoice without an agent; the confirmation or itinerary without
 * passengers; the ATOL Certificate of a booking without flights.
 */
export function documentRefusal(data: BookingDocumentData, docType: BookingDocType): string | null {
  if (!data.customer && !data.agent) return DOCUMENT_MESSAGES.noParty;
  if (docType === 'agent-invoice' && !data.agent) return DOCUMENT_MESSAGES.agentInvoiceNoAgent;
  if ((NEEDS_PASSENGERS as readonly string[]).includes(docType) && data.passengers.length === 0)
    return DOCUMENT_MESSAGES.noPassengers([documentLabel(docType)]);
  if (docType === 'atol' && !isFlightInclusive(data)) return DOCUMENT_MESSAGES.notFlightInclusive;
  return null;
}

/**
 * Renders document `docType` of a booking, stores its bytes (FileStore) and inserts a
 * booking_document_records row named like 'Confirmation-TB10023.pdf' (the renderer's file name),
 * inside the caller's transaction. For 'atol' the PDF carries the current certificate's reference,
 * issuing version 1 (or a new version after a change) on the spot — that issue queues the
 * certificate's email, so kick the outbox after commit. Throws DocumentRefused with the spec's
 * message when refused (`documentRefusal`, the renderer's own refusals, 'Booking not found').
 */
export async function issueBookingDocument(
  tx: Db,
  files: FileStore,
  a: { bookingId: number; docType: BookingDocType; createdFor: CreatedFor; userId: number | null },
): Promise<{ record: StoredRecord; pdf: Buffer }> {
  const data = await loadBookingDocumentData(tx, a.bookingId);
  if (!data) throw new DocumentRefused('Booking not found');
  const refusal = documentRefusal(data, a.docType);
  if (refusal) throw new DocumentRefused(refusal);
  const atol =
    a.docType === 'atol' ? await certificateForDocument(tx, files, a.bookingId, a.userId) : undefined;
  const { filename, pdf } = await renderBookingDocument(
    tx,
    a.bookingId,
    a.docType,
    atol ? { atol, files } : { files },
  );
  const record = await storeDocumentRecord(tx, files, {
    bookingId: a.bookingId,
    docType: a.docType,
    name: filename,
    createdFor: a.createdFor,
    pdf,
    userId: a.userId,
  });
  return { record, pdf };
}

/**
 * GET bookings/{id}/documents/{doc}?type=download|print (spec 1 §7): one transaction around
 * `issueBookingDocument` (created_for = `type`). 404 'Booking not found.' for an unknown booking; a
 * refusal answers 422 with its message (on field `doc`) and stores nothing. Answers the new record.
 * The caller kicks the outbox after (an ATOL issue may have queued an email).
 */
export async function generateBookingDocument(
  db: Db,
  files: FileStore,
  a: { bookingId: number; docType: BookingDocType; type: 'download' | 'print'; userId: number },
): Promise<StoredRecord> {
  const [b] = await queryRows<{ id: number }>(db, sql`select id from bookings where id = ${a.bookingId}`);
  if (!b) throw notFound('Booking not found.');
  try {
    return await inTransaction(db, async (tx) => {
      const { record } = await issueBookingDocument(tx, files, {
        bookingId: a.bookingId,
        docType: a.docType,
        createdFor: a.type,
        userId: a.userId,
      });
      return record;
    });
  } catch (e) {
    if (e instanceof DocumentRefused) throw validationError({ doc: [e.message] }, e.message);
    throw e;
  }
}

/** A record as the download routes need it; `file_kept` false once the retention clean-up removed its bytes. */
export interface RecordFile {
  id: number;
  holiday_booking_id: number;
  name: string;
  file_key: string;
  file_kept: boolean;
}

/** Booking `bookingId`'s document records, newest first (spec 1 §3 Document record). */
export async function listDocumentRecords(db: Db, bookingId: number): Promise<DocumentRecordRow[]> {
  return queryRows<DocumentRecordRow>(
    db,
    sql`select r.id, r.doc_type, r.name, r.created_for,
               to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
               r.size_bytes, case when u.id is null then null else json_build_object('name', u.name) end as created_by,
               r.file_removed_at is null as file_kept
        from booking_document_records r left join users u on u.id = r.created_by
        where r.holiday_booking_id = ${bookingId}
        order by r.created_at desc, r.id desc`,
  );
}

/** Booking `bookingId`'s ATOL certificates, newest version first. */
export async function listAtolCertificates(db: Db, bookingId: number): Promise<AtolCertificateRow[]> {
  const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  return queryRows<AtolCertificateRow>(
    db,
    sql`select id, version, reference, reason, ${iso('issued_at')} as issued_at, ${iso('superseded_at')} as superseded_at,
               passengers_protected, apc_passengers, apc_per_passenger::text as apc_per_passenger,
               apc_total::text as apc_total, document_record_id
        from atol_certificates where holiday_booking_id = ${bookingId} order by version desc`,
  );
}

/** Document record `recordId` (any booking), or null. */
export async function getDocumentRecord(db: Db, recordId: number): Promise<RecordFile | null> {
  const [row] = await queryRows<RecordFile>(
    db,
    sql`select id, holiday_booking_id, name, file_key, file_removed_at is null as file_kept
        from booking_document_records where id = ${recordId}`,
  );
  return row ?? null;
}

/** The newest record still kept of document type `docType` of booking `bookingId` (any created_for), or null. */
export async function newestDocumentRecord(
  db: Db,
  bookingId: number,
  docType: string,
): Promise<RecordFile | null> {
  const [row] = await queryRows<RecordFile>(
    db,
    sql`select id, holiday_booking_id, name, file_key, true as file_kept from booking_document_records
        where holiday_booking_id = ${bookingId} and doc_type = ${docType} and file_removed_at is null
        order by created_at desc, id desc limit 1`,
  );
  return row ?? null;
}
