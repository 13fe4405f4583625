import { z } from 'zod';
import { optionalId } from './common';
import { endpoint, okAnswer, timestampAnswer } from './contract';
import { idParams } from './params';

/**
 * What customers send or do on their side ("Manage my booking", issue #23) for staff to see: a
 * 'message' (their own words: a special request, a question) or an 'update' (something staff
 * should look at: passenger details completed, changes accepted, a card payment started). Each is
 * unread until a member of staff marks it read. Written by the portal's server; staff read and mark
 * them here.
 */
export const CUSTOMER_MESSAGE_KINDS = ['message', 'update'] as const;
export type CustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];

/** How a kind is named on the screens. */
export const CUSTOMER_MESSAGE_KIND_LABELS: Record<CustomerMessageKind, string> = {
  message: 'Message',
  update: 'Update',
};

/** Who staff see as the actor of what a customer did on their side (history, audit). */
export const CUSTOMER_ACTOR_NAME = 'Customer';
/** Who staff see as the actor of what a travel agency did on its side (issue #25). */
export const AGENT_ACTOR_NAME = 'Agent';

/** The newest messages a booking's list answers (a booking's customer writes a handful). */
export const BOOKING_MESSAGES_LIMIT = 200;

/**
 * `text` on one line (runs of spaces and line breaks as one space), cut to at most `max`
 * characters at a word where one is near, with '…' when cut. For previews of a customer's words.
 */
export function shortText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** One message or update of a booking, as staff see it. Times are ISO text. */
export const customerMessageAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(CUSTOMER_MESSAGE_KINDS),
  body: z.string(),
  created_at: timestampAnswer,
  /** When a member of staff marked it read (null: unread). */
  read_at: timestampAnswer.nullable(),
  /** Who marked it read (null while unread, or once that user is gone). */
  read_by_name: z.string().nullable(),
});
export type CustomerMessage = z.input<typeof customerMessageAnswer>;

/** GET bookings/{id}/customer-messages. */
export const bookingCustomerMessagesAnswer = z.object({
  success: z.literal(true),
  /** Newest first, at most BOOKING_MESSAGES_LIMIT. */
  data: z.array(customerMessageAnswer),
  /** How many the booking has, and how many of them are unread (all of them, not only those listed). */
  total: z.number().int(),
  unread: z.number().int(),
});
export type BookingCustomerMessages = z.input<typeof bookingCustomerMessagesAnswer>;

/** POST bookings/{id}/customer-messages/read-all. */
export const readAllInput = z.object({
  /**
   * The newest message the screen shows: those that arrived after it stay unread, so 'Mark all as
   * read' never marks what nobody has seen. Absent: every unread message of the booking.
   */
  last_id: optionalId,
});
export type ReadAllInput = z.input<typeof readAllInput>;

/** The customer's messages and updates of a booking (issue #23, staff side). Any member of staff. */
export const customerMessagesApi = {
  list: endpoint({
    method: 'GET',
    path: '/bookings/:id/customer-messages',
    summary:
      "A booking's messages and updates from the customer's side, newest first (at most 200), with " +
      'how many it has and how many are unread. 404 for an unknown booking.',
    params: idParams,
    answer: bookingCustomerMessagesAnswer,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/customer-messages/:id/read',
    summary:
      'Mark one message or update read (by the signed-in member of staff); one already read keeps ' +
      'who read it and when. 404 for an unknown message.',
    permission: 'customerMessages.read',
    params: idParams,
    answer: okAnswer({ data: customerMessageAnswer }),
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/bookings/:id/customer-messages/read-all',
    summary:
      "Mark a booking's unread messages and updates read (up to `last_id` when given); answers how " +
      'many were marked. 404 for an unknown booking.',
    permission: 'customerMessages.read',
    params: idParams,
    body: readAllInput.optional(),
    answer: okAnswer({ data: z.object({ marked: z.number().int() }) }),
  }),
};
