/**
 * Email template constants (spec 3 §3 EmailTemplate, §9): the template types, the content variables
 * a template may insert as `{name}`, and the document types a template may attach. The server
 * validates saved templates against these lists; the form offers them.
 */
import Mustache from 'mustache';

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

/**
 * Insertable content variables (spec 3 §3), in the spec's order, then ours; written `{name}` in a
 * template. `customer_salutation`: who the greeting names ('Mrs Wickersham'; without a title
 * 'Harriet Wickersham'), so 'Dear {customer_salutation},' greets as every other email does;
 * `booking_changes`: the list of what changed since the customer last accepted, before → after,
 * the total due last ('' when nothing changed); `amount_due` and `due_date`: what a payment reminder
 * asks for ('£998.00', '20/02/2027') — the reminder's stage, else the first stage still owed.
 */
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
  // Issue #22: the greeting rule (shared/greeting.ts) and the changes since the customer last accepted.
  'customer_salutation',
  'booking_changes',
  // Issue #26: what a payment reminder asks for — the stage's amount outstanding and its due date.
  'amount_due',
  'due_date',
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
 * The content variables whose value is HTML our own code builds (a button, a link, a table, text
 * with line breaks), each escaping its own inputs: inserted as they are. Every other variable is
 * HTML-escaped when a template is rendered.
 */
export const HTML_VARIABLES: ReadonlySet<EmailTemplateVariable> = new Set<EmailTemplateVariable>([
  'accept_button',
  'manage_booking',
  'flight_details',
  'airline_content',
  'balance_due_content',
  'tour_covering_email',
  'booking_changes',
]);

/**
 * The Mustache delimiters templates are rendered with: two private-use characters no template
 * carries (they are removed from a template first), so that only the `{name}` placeholders
 * `mustacheSource` marks are tags, and every other brace — CSS, `{ not a var }`, `{}` — is text.
 */
export const TEMPLATE_TAGS: [string, string] = ['\uE000', '\uE001'];

/**
 * A template (body or subject) as Mustache source for TEMPLATE_TAGS: each `{word}` placeholder
 * (letters, digits, '_') becomes a Mustache variable tag — unescaped (`&`) for HTML_VARIABLES —
 * and everything else stays literal text, byte for byte.
 */
export function mustacheSource(text: string): string {
  return text
    .replace(/[\uE000\uE001]/g, '')
    .replace(
      /\{([A-Za-z0-9_]+)\}/g,
      (_, name: string) =>
        `${TEMPLATE_TAGS[0]}${HTML_VARIABLES.has(name as EmailTemplateVariable) ? '&' : ''}${name}${TEMPLATE_TAGS[1]}`,
    );
}

const parser = new Mustache.Writer();

/**
 * The variable names of a template as Mustache parses `mustacheSource(text)` — the same tokens the
 * server renders — in order of appearance, repeats included.
 */
export function templateVariableNames(text: string): string[] {
  const tokens = parser.parse(mustacheSource(text), TEMPLATE_TAGS) as [string, string][];
  // Saved text is arbitrary: keep no cache of every text ever checked.
  parser.clearCache();
  return tokens.filter(([type]) => type === 'name' || type === '&').map(([, name]) => name);
}

/**
 * The placeholders in `text` that are not content variables, each once, in order of appearance
 * (the save rule of spec 3 §3: an unknown variable is refused when the template is saved).
 */
export function unknownVariables(text: string): string[] {
  const known = new Set<string>(EMAIL_TEMPLATE_VARIABLES);
  return [...new Set(templateVariableNames(text).filter((name) => !known.has(name)))];
}

/**
 * The 'booking-changes' template as shipped (demo seed, and what accepting changes sends when staff
 * have deleted it): one reading — the changes are made and confirmed, listed before → after with
 * the total, the updated confirmation attached (issue #22 point 2).
 */
export const BOOKING_CHANGES_TEMPLATE = {
  template_name: 'Changes to your booking',
  template_slug: 'booking-changes',
  template_subject: 'Changes to your booking {booking_ref}',
  template_body_content:
    '<p>Dear {customer_salutation},</p>' +
    '<p>We have made the changes below to your booking <strong>{booking_ref}</strong> for ' +
    '<strong>{tour_destination_name}</strong>, departing on {departure_date}. They are confirmed, and your ' +
    'updated confirmation is attached.</p>' +
    '<p>{booking_changes}</p>' +
    '<table><tbody><tr><th><p>Hotel</p></th><td><p>{hotel}, {hotel_resort}</p></td></tr>' +
    '<tr><th><p>Room</p></th><td><p>{room_type}, {board_basis}</p></td></tr></tbody></table>' +
    '<p>{balance_due_content}</p>' +
    '<p>If anything is not as you expect, please call us. You can view your booking at any time: {manage_booking}</p>' +
    '<p>Kind regards,<br>The Reservations Team</p>',
} as const;
