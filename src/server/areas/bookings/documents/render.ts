import { DOCUMENT_MESSAGES } from '../../../../shared/api/booking-documents';
import { londonToday } from '../../../../shared/dates';
import { type BookingDocType, bookingDocumentType } from '../../../../shared/documents';
import type { Db } from '../../../db/client';
import { renderPdf } from '../../../documents/pdf';
import type { FileStore } from '../../../storage/files';
import { atolCertificateDocument } from './atol-certificate';
import { appendInstructionPages, checkInDocument, loadInstructionPdfs } from './checkin';
import { confirmationDocument } from './confirmation';
import { DocumentRefused, loadBookingDocumentData } from './data';
import type { BookingDocumentData } from './data-types';
import { agentInvoiceDocument, cancellationInvoiceDocument } from './invoices';
import { itineraryDocument } from './itinerary';

export type {
  BookingDocumentData,
  DocAirline,
  DocAirport,
  DocFlight,
  DocLine,
  DocPassenger,
} from './data-types';
export { DocumentRefused, loadBookingDocumentData };

/**
 * The six booking documents of spec 1 §9 as A4 PDFs on the operator's letterhead (pdfmake), made
 * from the live booking (documents/data.ts). One module per document in this folder; this is the
 * entry point the document records, the email and the ATOL certificates use.
 */

/** True when a line has flights (air tour or any flight on its instance). */
export function isFlightInclusive(d: BookingDocumentData): boolean {
  return d.lines.some((l) => l.tour.tour_type === 'air' || l.flights.length > 0);
}

/**
 * The protected content of an ATOL certificate as stable text (passenger names, flights,
 * accommodation, dates) — hashed by records to spot changes. Money, payments, statuses and notes
 * are left out: a payment or a price change does not make a new certificate.
 */
export function atolProtectedContent(d: BookingDocumentData): string {
  const lines = [...d.lines].sort((a, b) => a.id - b.id);
  return JSON.stringify({
    passengers: [...d.passengers]
      .sort((a, b) => a.id - b.id)
      .map((p) => [p.title ?? '', p.first_name.trim(), p.last_name.trim(), p.dob ?? '']),
    lines: lines.map((l) => ({
      tour: l.tour.id,
      departure: l.instance.departure_date,
      guests: l.guests,
      flights: [...l.flights]
        .sort((a, b) => a.departure_time.localeCompare(b.departure_time) || a.id - b.id)
        .map((f) => [f.flight_number, f.from.iata, f.to.iata, f.departure_time, f.arrival_time]),
      accommodation: l.accommodation?.id ?? null,
      room: l.room ? [l.room.name, l.room.board_basis ?? ''] : null,
      stay: [l.check_in_date ?? '', l.check_out_date ?? ''],
    })),
  });
}

/** Options of renderBookingDocument. */
export interface RenderBookingDocumentOptions {
  /** The ATOL certificate being issued (records.ts): its unique reference number, version and issue time. */
  atol?: { reference: string; version: number; issuedAt: string /* ISO */ };
  /**
   * Where the airlines' instruction PDFs are kept: the check-in instructions append their pages.
   * Without it those documents say the instructions are not on file.
   */
  files?: FileStore;
}

/**
 * Why `docType` cannot be made for this booking (spec 1 §5, §8 messages), else null: no customer
 * and no agent; the agent invoice without an agent; the confirmation, itinerary or ATOL certificate
 * without passengers; the ATOL certificate or check-in instructions without flights; the
 * cancellation invoice of a booking that is not cancelled.
 */
export function bookingDocumentRefusal(d: BookingDocumentData, docType: BookingDocType): string | null {
  if (!d.customer && !d.agent) return DOCUMENT_MESSAGES.noParty;
  const label = bookingDocumentType(docType)?.label ?? docType;
  switch (docType) {
    case 'agent-invoice':
      return d.agent ? null : DOCUMENT_MESSAGES.agentInvoiceNoAgent;
    case 'invoice':
    case 'airline':
      return d.passengers.length ? null : DOCUMENT_MESSAGES.noPassengers([label]);
    case 'atol':
      if (!isFlightInclusive(d)) return DOCUMENT_MESSAGES.notFlightInclusive;
      return d.passengers.length ? null : DOCUMENT_MESSAGES.noPassengers([label]);
    case 'airline-checkin':
      return d.lines.some((l) => l.flights.length)
        ? null
        : 'This booking has no flights, so there are no airline check-in instructions to send.';
    case 'cancellation-invoice':
      return d.booking.cancelled_at ? null : 'This booking is not cancelled.';
  }
}

/**
 * Renders one booking document (spec 1 §9) as an A4 PDF named like 'Confirmation-TB10023.pdf'
 * (the ATOL certificate: 'ATOL-Certificate-TB10023-2.pdf', after its reference). Throws
 * DocumentRefused with the spec's message when the document cannot be made for this booking
 * (`bookingDocumentRefusal`); an unknown booking → DocumentRefused('Booking not found', 404).
 * The ATOL certificate printed without `opts.atol` (a preview) carries the booking ref and today.
 */
export async function renderBookingDocument(
  db: Db,
  bookingId: number,
  docType: BookingDocType,
  opts: RenderBookingDocumentOptions = {},
): Promise<{ filename: string; pdf: Buffer }> {
  const d = await loadBookingDocumentData(db, bookingId);
  if (!d) throw new DocumentRefused('Booking not found', 404);
  const refusal = bookingDocumentRefusal(d, docType);
  if (refusal) throw new DocumentRefused(refusal);
  const stem = bookingDocumentType(docType)?.file ?? docType;
  const ref = d.booking.booking_ref;
  switch (docType) {
    case 'invoice':
      return { filename: `${stem}-${ref}.pdf`, pdf: await renderPdf(confirmationDocument(d)) };
    case 'airline':
      return { filename: `${stem}-${ref}.pdf`, pdf: await renderPdf(itineraryDocument(d)) };
    case 'agent-invoice':
      return { filename: `${stem}-${ref}.pdf`, pdf: await renderPdf(agentInvoiceDocument(d, londonToday())) };
    case 'cancellation-invoice':
      return { filename: `${stem}-${ref}.pdf`, pdf: await renderPdf(cancellationInvoiceDocument(d)) };
    case 'atol': {
      const issue = opts.atol ?? { reference: ref, version: 0, issuedAt: new Date().toISOString() };
      return {
        filename: `${stem}-${issue.reference}.pdf`,
        pdf: await renderPdf(atolCertificateDocument(d, issue)),
      };
    }
    case 'airline-checkin': {
      const pdfs = await loadInstructionPdfs(d, opts.files);
      const letter = await renderPdf(checkInDocument(d, pdfs));
      return { filename: `${stem}-${ref}.pdf`, pdf: await appendInstructionPages(letter, d, pdfs) };
    }
  }
}
