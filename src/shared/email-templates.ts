/**
 * Email template constants (spec 3 §3 EmailTemplate, §9): the template types, the content variables
 * a template may insert as `{name}`, and the document types a template may attach. The server
 * validates saved templates against these lists; the form offers them.
 */

/** Template types (spec 3 §9): 1 Admin Email, 2 System generated. */
export const EMAIL_TEMPLATE_TYPES = [
  { value: 1, label: 'Admin Email' },
  { value: 2, label: 'System generated' },
] as const;

/** The Type column of the templates list: 1 'Admin Email', 2 'System generated', otherwise '--'. */
export function emailTemplateTypeLabel(type: number | string | null | undefined): string {
  return EMAIL_TEMPLATE_TYPES.find((t) => t.value === Number(type))?.label ?? '--';
}

/** Template status (spec 3 §4): 1 active, 0 inactive; new templates default to active. */
export const EMAIL_TEMPLATE_STATUSES = [
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
] as const;

/** Insertable content variables (spec 3 §3), in the spec's order; written `{name}` in a template. */
export const EMAIL_TEMPLATE_VARIABLES = [
  'customer',
  'customer_title',
  'customer_firstname',
  'customer_lastname',
  'booking_ref',
  'hotel',
  'room_type',
  'board_basis',
  'hotel_contact',
  'hotel_address',
  'hotel_resort',
  'accept_button',
  'manage_booking',
  'departure_date',
  'outbound_flight_time',
  'return_flight_time',
  'outbound_departure_airport',
  'return_departure_airport',
  'tour_destination_name',
  'balance_due_date',
  'tour_balance',
  'tour_covering_email',
  'airline_name',
  'airline_reference',
  'airline_content',
  'airline_reference_email',
  'flight_details',
  'balance_due_content',
] as const;
export type EmailTemplateVariable = (typeof EMAIL_TEMPLATE_VARIABLES)[number];

/** Attachable document types (spec 3 §3), label and code. */
export const EMAIL_DOCUMENT_TYPES = [
  { code: 'invoice', label: 'Confirmation' },
  { code: 'atol', label: 'ATOL Certificate' },
  { code: 'airline', label: 'Travel Itinerary' },
  { code: 'airline-checkin', label: 'Airline Check-In Instructions' },
  { code: 'agent-invoice', label: 'Agent invoice' },
  { code: 'cancellation-invoice', label: 'Cancellation invoice' },
  { code: 'additional-documents', label: 'Additional Documents' },
] as const;
export type EmailDocumentType = (typeof EMAIL_DOCUMENT_TYPES)[number]['code'];

export const EMAIL_DOCUMENT_CODES: readonly string[] = EMAIL_DOCUMENT_TYPES.map((d) => d.code);

/** A template slug: lower-case letters, digits, '-' or '_'. */
export const EMAIL_TEMPLATE_SLUG = /^[a-z0-9_-]+$/;

/** Suggests a slug from a title: 'Balance Reminder (7 days)' → 'balance-reminder-7-days'. */
export function suggestSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/**
 * The `{name}` placeholders in `text` that are not content variables, each once, in order of
 * appearance. Only `{word}` counts as a placeholder (letters, digits, '_'); other braces are text.
 */
export function unknownVariables(text: string): string[] {
  const known = new Set<string>(EMAIL_TEMPLATE_VARIABLES);
  const unknown: string[] = [];
  for (const m of text.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
    if (!known.has(m[1]) && !unknown.includes(m[1])) unknown.push(m[1]);
  }
  return unknown;
}
