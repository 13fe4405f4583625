import { z } from 'zod';
import { BOOKING_DOCUMENT_TYPES } from '../documents';
import { idSchema, plainString } from './common';
import { endpoint, fileAnswer, MEDIA, moneyAnswer, okAnswer, timestampAnswer } from './contract';
import { idParams } from './params';

/**
 * A booking's documents (spec 1 §2 'documents', §3 Document record, §5 'Documents and email', §7
 * document calls, §8 messages, §9 document types; issue #12): generate one of the six PDFs for
 * download or print (each generation kept as a document record — the exact bytes of that day), open
 * the newest PDF of a type, list and download the records, and the ATOL certificates issued.
 */

/** The spec's messages (spec 1 §5, §8, word for word) and ours where the spec has none. */
export const DOCUMENT_MESSAGES = {
  noType: 'Select a document type first!',
  noParty: 'This booking does not have any agent or customer. Plese select anyone.',
  agentInvoiceNoAgent: 'Please select an agent for agent invoice',
  fileNotFound: 'File not found',
  /** A print copy whose bytes the retention clean-up removed (issue #28): the record stays. */
  fileNotKept: 'File no longer kept',
  /** Spec 1 §5: with no passengers the confirmation and itinerary are not generated; the warning lists them. */
  noPassengers: (labels: string[]) =>
    `This booking has no passengers, so the ${joinLabels(labels)} ${labels.length === 1 ? 'is' : 'are'} not generated. Add the passengers first.`,
  unknownType: (code: string) => `There is no document type '${code}'.`,
  /** Issue #12: non-flight bookings do not offer the ATOL Certificate. */
  notFlightInclusive:
    'This booking has no flights, so it is not ATOL protected: there is no ATOL Certificate to issue.',
  /** The CAA's certificate is issued when the first payment (a deposit included) is accepted. */
  atolNeedsPayment:
    'The ATOL Certificate is issued when the first payment is recorded; this booking has no payment yet.',
} as const;

/** 'A', 'A and B', 'A, B and C'. */
function joinLabels(labels: string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** Spec 1 §5: the documents left out when a booking has no passengers (codes). */
export const NEEDS_PASSENGERS = ['invoice', 'airline'] as const;

/** The label of a document code, e.g. 'invoice' → 'Confirmation' (the code itself when unknown). */
export const documentLabel = (code: string) =>
  BOOKING_DOCUMENT_TYPES.find((t) => t.code === code)?.label ?? code;

/** What a generation was for (booking_document_records.created_for). */
export const DOCUMENT_CREATED_FOR = ['download', 'print', 'customer', 'agent', 'atol-issue'] as const;

/** How the screens name `created_for`. */
export const CREATED_FOR_LABELS: Record<string, string> = {
  download: 'Download',
  print: 'Print',
  customer: 'Emailed to customer',
  agent: 'Emailed to agent',
  'atol-issue': 'ATOL issue',
};

/** One document record (spec 1 §3: id, name, created_for, created_at), newest first in lists. */
export const documentRecordAnswer = z.object({
  id: z.number(),
  doc_type: z.string(),
  name: z.string(),
  created_for: z.string(),
  /** ISO 8601 (UTC). */
  created_at: timestampAnswer,
  size_bytes: z.number(),
  created_by: z.object({ name: z.string() }).nullable(),
  /** False once the retention clean-up removed the bytes (print copies): 'File no longer kept'. */
  file_kept: z.boolean(),
});
export type DocumentRecordRow = z.input<typeof documentRecordAnswer>;

/** One ATOL certificate issued for the booking (version 1 first; superseded_at set once replaced). */
export const atolCertificateAnswer = z.object({
  id: z.number(),
  version: z.number(),
  /** The certificate's unique reference number: booking ref + '-' + version. */
  reference: z.string(),
  reason: z.string(),
  issued_at: timestampAnswer,
  superseded_at: timestampAnswer.nullable(),
  passengers_protected: z.number(),
  /** Passengers aged 2 or over on the departure date (no date of birth: counted). */
  apc_passengers: z.number(),
  /** ATOL Protection Contribution per passenger and in total, pounds. */
  apc_per_passenger: moneyAnswer,
  apc_total: moneyAnswer,
  document_record_id: z.number().nullable(),
});
export type AtolCertificateRow = z.input<typeof atolCertificateAnswer>;

/** GET bookings/{id}/documents/{doc}: download (default) or print. */
export const documentGenerateQuery = z.object({ type: z.enum(['download', 'print']).optional() });

const docParams = z.object({ id: idSchema, doc: plainString().max(100) });
/** `{id}-{doc}.pdf`, e.g. '12-invoice.pdf'. */
const fileParams = z.object({ file: plainString().max(120) });
const recordParams = z.object({ id: idSchema, recordId: idSchema });

export const bookingDocumentsApi = {
  generate: endpoint({
    method: 'GET',
    path: '/bookings/:id/documents/:doc',
    summary:
      'Generates document {doc} (invoice, atol, airline, airline-checkin, agent-invoice, cancellation-invoice) of ' +
      'booking {id} for download or print and keeps it as a document record; then GET bookings/document/{id}-{doc}.pdf ' +
      "(print) or its /download variant. 422 with the spec's message when refused.",
    params: docParams,
    query: documentGenerateQuery,
    answer: okAnswer({
      data: z.object({
        record_id: z.number(),
        name: z.string(),
        /** '{id}-{doc}.pdf', the {file} of the two calls below. */
        file: z.string(),
        /** The PDF's address below /api: inline for print, the /download variant for download. */
        url: z.string(),
      }),
    }),
  }),
  file: endpoint({
    method: 'GET',
    path: '/bookings/document/:file',
    summary:
      "The newest generated PDF of document type {doc} of booking {id} ({file} = '{id}-{doc}.pdf'), shown inline " +
      "(print); 404 'File not found' when none was generated.",
    params: fileParams,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
  fileDownload: endpoint({
    method: 'GET',
    path: '/bookings/document/:file/download',
    summary: 'As bookings/document/{file}, as an attachment (download).',
    params: fileParams,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
  records: endpoint({
    method: 'GET',
    path: '/bookings/:id/document-records',
    summary:
      "Booking {id}'s document records, newest first (id, doc_type, name, created_for, created_at, size_bytes, " +
      'created_by), and its ATOL certificates (offered: whether the booking is flight-inclusive).',
    params: idParams,
    answer: okAnswer({
      data: z.array(documentRecordAnswer),
      atol: z.object({
        offered: z.boolean(),
        /** Why the ATOL Certificate is not offered (non-flight booking), else null. */
        reason: z.string().nullable(),
        certificates: z.array(atolCertificateAnswer),
      }),
    }),
  }),
  record: endpoint({
    method: 'GET',
    path: '/bookings/:id/document-records/:recordId',
    summary:
      'Where to download document record {recordId} of booking {id}: data.url = bookings/document-record/{recordId}/download. ' +
      "404 'File not found' when the record is not this booking's.",
    params: recordParams,
    answer: okAnswer({ data: z.object({ url: z.string(), name: z.string() }) }),
  }),
  recordDownload: endpoint({
    method: 'GET',
    path: '/bookings/document-record/:recordId/download',
    summary: "The exact stored bytes of document record {recordId}; 404 'File not found'.",
    params: z.object({ recordId: idSchema }),
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
};
