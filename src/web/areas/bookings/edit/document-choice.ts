import { DOCUMENT_MESSAGES, documentLabel, NEEDS_PASSENGERS } from '../../../../shared/api/booking-documents';
import { BOOKING_DOC_CODES, type BookingDocType } from '../../../../shared/documents';

/** What the Documents section checks before asking the server (spec 1 §5, §8). */
export interface DocumentPlan {
  /** Nothing is generated: shown as a warning (no type ticked, no party, agent invoice without agent). */
  refusal?: string;
  /** Some types are left out (no passengers): the warning lists them; the rest are generated. */
  warning?: string;
  /** The codes to generate, in the order of spec 1 §9. */
  docs: BookingDocType[];
}

/**
 * The documents to generate for the ticked `selected` codes of a booking (spec 1 §5): none ticked →
 * 'Select a document type first!'; no agent or customer → the spec's message; the agent invoice
 * without an agent → 'Please select an agent for agent invoice'; with no passengers the
 * confirmation and itinerary are left out and the warning lists them.
 */
export function planDocuments(
  booking: { customer_id: number | null; agent_id: number | null; passengers: readonly unknown[] },
  selected: readonly string[],
): DocumentPlan {
  const ticked = BOOKING_DOC_CODES.filter((c) => selected.includes(c));
  if (ticked.length === 0) return { refusal: DOCUMENT_MESSAGES.noType, docs: [] };
  if (booking.customer_id === null && booking.agent_id === null)
    return { refusal: DOCUMENT_MESSAGES.noParty, docs: [] };
  if (ticked.includes('agent-invoice') && booking.agent_id === null)
    return { refusal: DOCUMENT_MESSAGES.agentInvoiceNoAgent, docs: [] };
  if (booking.passengers.length > 0) return { docs: ticked };
  const left = ticked.filter((c) => (NEEDS_PASSENGERS as readonly string[]).includes(c));
  return {
    docs: ticked.filter((c) => !left.includes(c)),
    warning: left.length ? DOCUMENT_MESSAGES.noPassengers(left.map(documentLabel)) : undefined,
  };
}
