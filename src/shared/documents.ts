/**
 * The six booking document types of spec 1 §9: `code` is the `{doc}` of the document routes and the
 * `doc_type` of a document record, `label` what the screens show, `file` the stem of the PDF's name
 * ('Confirmation-TB10023.pdf').
 */
export const BOOKING_DOCUMENT_TYPES = [
  { code: 'invoice', label: 'Confirmation', file: 'Confirmation' },
  { code: 'atol', label: 'ATOL Certificate', file: 'ATOL-Certificate' },
  { code: 'airline', label: 'Travel Itinerary', file: 'Travel-Itinerary' },
  { code: 'airline-checkin', label: 'Airline Check-In Instructions', file: 'Check-In-Instructions' },
  { code: 'agent-invoice', label: 'Agent invoice', file: 'Agent-Invoice' },
  { code: 'cancellation-invoice', label: 'Cancellation invoice', file: 'Cancellation-Invoice' },
] as const;

/** One of the six booking document codes ('invoice', 'atol', …). */
export type BookingDocType = (typeof BOOKING_DOCUMENT_TYPES)[number]['code'];

/** The six codes, in the order of spec 1 §9. */
export const BOOKING_DOC_CODES: readonly BookingDocType[] = BOOKING_DOCUMENT_TYPES.map((t) => t.code);

/** The type entry of a code (label, file stem); undefined for an unknown code. */
export function bookingDocumentType(code: string): (typeof BOOKING_DOCUMENT_TYPES)[number] | undefined {
  return BOOKING_DOCUMENT_TYPES.find((t) => t.code === code);
}
