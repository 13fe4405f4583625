import { z } from 'zod';
import { additionalDocumentAnswer } from './booking-edit';
import { idSchema, optionalId, optionalText } from './common';
import { endpoint, fileAnswer, MEDIA, messageAnswer, okAnswer, UPLOADED_FILE_MEDIA } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * A booking's files and history (spec 1 §7): additional documents (upload several at once,
 * delete, download, email), the history table and its document download, and the airline invoice
 * of a tour line's airline cost ('supplement costing doc').
 */

/** One row of the history table. created_at is ISO 8601 (UTC). */
export const historyRowAnswer = z.object({
  id: z.number(),
  created_at: z.string(),
  user: z.object({ name: z.string() }).nullable(),
  type: z.string(),
  action: z.string(),
  comment: z.string().nullable(),
  is_multiple: z.boolean(),
  /** The files of an entry (an email's attachments); download each with POST download-booking-history-document. */
  multiple_documents_attached: z.array(
    z.object({ id: z.number(), file_name: z.string(), friendly_name: z.string() }),
  ),
  document_name: z.string().nullable(),
});
export type HistoryRow = z.infer<typeof historyRowAnswer>;

/** Multipart text fields of the additional-documents upload (the files go as files[0]…files[9]). */
export const documentUploadFieldsSchema = z.object({ document_detail: optionalText(2000) });

const historyParams = z.object({ bookingId: idSchema });

/** POST download-booking-history-document: `id` is the history entry. */
export const historyDocumentSchema = z.object({
  id: idSchema,
  document_id: optionalId,
  document_name: optionalText(255),
  friendly_name: optionalText(255),
});

export const bookingFilesApi = {
  uploadDocuments: endpoint({
    method: 'POST',
    path: '/bookings/:id/additional-documents',
    summary:
      'Upload additional documents (multipart files[0]…files[9]: PDF or JPEG/PNG/GIF/WebP by content, 10 MB each; ' +
      'document_detail). All or nothing; answers data [{id, name, document_detail, created_at}].',
    permission: 'bookings.additionalDocuments',
    params: idParams,
    multipart: true,
    body: documentUploadFieldsSchema,
    answer: okAnswer({ data: z.array(additionalDocumentAnswer) }),
  }),
  deleteDocument: endpoint({
    method: 'POST',
    path: '/bookings/:id/additional-documents/delete',
    summary: 'Delete additional document {id} and its file.',
    permission: 'bookings.additionalDocuments',
    params: idParams,
    answer: messageAnswer,
  }),
  downloadDocument: endpoint({
    method: 'GET',
    path: '/bookings/:id/additional-documents/download',
    summary: "Additional document {id} under its original name; 404 'File not found' when gone.",
    params: idParams,
    answer: fileAnswer,
    files: UPLOADED_FILE_MEDIA,
  }),
  emailDocument: endpoint({
    method: 'GET',
    path: '/bookings/:id/additional-document-email/:docId',
    summary: "Email additional document {docId} of booking {id} to the booking's customer, else its agent.",
    permission: 'bookings.additionalDocuments',
    params: z.object({ id: idSchema, docId: idSchema }),
    answer: messageAnswer,
  }),
  history: endpoint({
    method: 'POST',
    path: '/:bookingId/get-booking-history',
    summary:
      'Booking history, DataTables protocol (15 a page, newest first): rows {id, created_at, user:{name}|null, ' +
      'type, action, comment, is_multiple, multiple_documents_attached, document_name}.',
    permission: 'bookings.history',
    params: historyParams,
    body: dataTablesRequestSchema.optional(),
    answer: tableAnswer(historyRowAnswer),
  }),
  /** The same table as a GET (the web app's ServerTable reads tables with GET). */
  historyTable: endpoint({
    method: 'GET',
    path: '/:bookingId/get-booking-history',
    summary: 'Booking history as POST {bookingId}/get-booking-history, read with GET.',
    permission: 'bookings.history',
    params: historyParams,
    query: dataTablesRequestSchema,
    answer: tableAnswer(historyRowAnswer),
  }),
  historyDocument: endpoint({
    method: 'POST',
    path: '/download-booking-history-document',
    summary:
      'A file of history entry {id}: its attachment {document_id} (multiple_documents_attached), or the one named ' +
      "document_name / friendly_name, or the additional document the entry names; 404 'File not found' otherwise.",
    permission: 'bookings.history',
    body: historyDocumentSchema,
    answer: fileAnswer,
    files: UPLOADED_FILE_MEDIA,
  }),
  costingDocument: endpoint({
    method: 'POST',
    path: '/update-booking/download-supplement-costing-doc',
    summary: "The invoice PDF of airline cost row {airline_id}; 404 'File not found' when there is none.",
    permission: 'bookings.costingDoc',
    body: z.object({ airline_id: idSchema }),
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
};
