import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { bookingDocumentsApi, DOCUMENT_MESSAGES, documentLabel } from '../../../shared/api/booking-documents';
import { BOOKING_DOC_CODES, type BookingDocType } from '../../../shared/documents';
import type { Db } from '../../db/client';
import { HttpError, notFound, validationError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { sendStoredFile } from '../../http/uploads';
import type { FileStore } from '../../storage/files';
import type { AreaDeps } from '../deps';
import {
  generateBookingDocument,
  getDocumentRecord,
  listAtolCertificates,
  listDocumentRecords,
  newestDocumentRecord,
} from './documents/records';
import { DocumentRefused, isFlightInclusive, loadBookingDocumentData } from './documents/render';

/**
 * A booking's documents (spec 1 §7 document calls; issue #12): the endpoints of
 * `bookingDocumentsApi` — generate a document for download or print (kept as a document record),
 * the newest PDF of a type inline or as an attachment, the records list with the ATOL certificates,
 * and a record's exact bytes. Any signed-in member of staff may use them (spec 1 §6 limits only
 * the email buttons).
 */
export const bookingDocumentRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, files, outbox }) => {
  const tags = ['bookings'];
  const api = bookingDocumentsApi;

  route(app, api.generate, { tags }, async (req) => {
    const docType = documentCode(req.params.doc);
    const type = req.query.type ?? 'download';
    const record = await generateBookingDocument(db, files, {
      bookingId: req.params.id,
      docType,
      type,
      userId: req.user.id,
    });
    // An ATOL Certificate asked for the first time issues version 1, whose email waits in the outbox.
    outbox.kick();
    const file = `${req.params.id}-${docType}.pdf`;
    return ok(`${documentLabel(docType)} generated.`, {
      data: {
        record_id: record.id,
        name: record.name,
        file,
        url: `/bookings/document/${file}${type === 'download' ? '/download' : ''}`,
      },
    });
  });

  route(app, api.file, { tags }, async (req, reply) =>
    sendNewest(db, files, reply, req.params.file, 'inline'),
  );
  route(app, api.fileDownload, { tags }, async (req, reply) =>
    sendNewest(db, files, reply, req.params.file, 'attachment'),
  );

  route(app, api.records, { tags }, async (req) => {
    const bookingId = req.params.id;
    const data = await loadBookingDocumentData(db, bookingId).catch((e: unknown) => {
      if (e instanceof DocumentRefused) return null;
      throw e;
    });
    if (!data) throw notFound('Booking not found.');
    const offered = isFlightInclusive(data);
    return ok('', {
      data: await listDocumentRecords(db, bookingId),
      atol: {
        offered,
        reason: offered ? null : DOCUMENT_MESSAGES.notFlightInclusive,
        certificates: await listAtolCertificates(db, bookingId),
      },
    });
  });

  route(app, api.record, { tags }, async (req) => {
    const record = await getDocumentRecord(db, req.params.recordId);
    if (!record || record.holiday_booking_id !== req.params.id)
      throw notFound(DOCUMENT_MESSAGES.fileNotFound);
    return ok('', { data: { url: `/bookings/document-record/${record.id}/download`, name: record.name } });
  });

  route(app, api.recordDownload, { tags }, async (req, reply) => {
    const record = await getDocumentRecord(db, req.params.recordId);
    if (!record) throw notFound(DOCUMENT_MESSAGES.fileNotFound);
    // A print copy past its retention period (storage/retention.ts): the record stays, the bytes went.
    if (!record.file_kept) throw new HttpError(410, DOCUMENT_MESSAGES.fileNotKept);
    return sendStoredFile(reply, files, record.file_key, record.name);
  });
};

/** The {doc} of a document call as a code; 422 'Select a document type first!' when blank. */
function documentCode(doc: string): BookingDocType {
  const code = doc.trim();
  if (!code) throw validationError({ doc: [DOCUMENT_MESSAGES.noType] }, DOCUMENT_MESSAGES.noType);
  const known = BOOKING_DOC_CODES.find((c) => c === code);
  if (!known) {
    const message = DOCUMENT_MESSAGES.unknownType(code.slice(0, 40));
    throw validationError({ doc: [message] }, message);
  }
  return known;
}

/**
 * Sends the newest PDF of `{id}-{doc}.pdf` (GET bookings/document/{file} and its /download
 * variant): inline for the browser's viewer (print) or as an attachment. 404 'File not found'
 * when the name does not parse or nothing was generated.
 */
async function sendNewest(
  db: Db,
  files: FileStore,
  reply: FastifyReply,
  file: string,
  disposition: 'inline' | 'attachment',
) {
  const m = /^(\d{1,10})-([a-z-]{1,40})\.pdf$/.exec(file);
  const bookingId = m ? Number(m[1]) : 0;
  if (!m || bookingId < 1 || bookingId > 2147483647) throw notFound(DOCUMENT_MESSAGES.fileNotFound);
  const record = await newestDocumentRecord(db, bookingId, m[2]);
  if (!record) throw notFound(DOCUMENT_MESSAGES.fileNotFound);
  return sendStoredFile(reply, files, record.file_key, record.name, disposition);
}
