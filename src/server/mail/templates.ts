/**
 * Email templates rendered with Mustache (issue #12 'Templates', spec 3 §3 EmailTemplate): staff write
 * `{variable}` for the content variables (EMAIL_TEMPLATE_VARIABLES). A template becomes Mustache source through the shared
 * `mustacheSource` (the same tokens the save rule checks, src/shared/email-templates.ts): only the
 * `{word}` placeholders are tags, so CSS and any other braces are left exactly as typed. Values are
 * HTML-escaped (lib/html.ts `escapeHtml`) except HTML_VARIABLES, whose HTML is built here with every
 * input escaped.
 */

import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import Mustache from 'mustache';
import { type FieldChange, NONE, summariseChanges, TOTAL_DUE_FIELD } from '../../shared/booking-changes';
import { ukDate } from '../../shared/dates';
import {
  EMAIL_TEMPLATE_VARIABLES,
  type EmailTemplateVariable,
  HTML_VARIABLES,
  mustacheSource,
  TEMPLATE_TAGS,
} from '../../shared/email-templates';
import { salutationName } from '../../shared/greeting';
import { poundsText } from '../../shared/money-text';
import { nextDueStage, scheduleText } from '../../shared/payment-schedule';
import { pathTo } from '../../shared/routes';
import { type Db, queryRows } from '../db/client';
import { escapeHtml } from '../lib/html';
import { loadPaymentSchedule } from '../lib/payment-schedules';

const writer = new Mustache.Writer();

function render(text: string, view: Record<string, string>, escapeValue: (s: string) => string): string {
  const out = writer.render(mustacheSource(text), view, {}, { tags: TEMPLATE_TAGS, escape: escapeValue });
  // Bodies change as staff edit them: keep no cache of every version rendered.
  writer.clearCache();
  return out;
}

/**
 * Renders a template body to HTML with `vars`: each `{name}` of a content variable becomes its value,
 * HTML-escaped unless it is one of HTML_VARIABLES (HTML we built); a variable without a value gives
 * ''. Every other brace is left untouched, byte for byte.
 */
export function renderTemplate(body: string, vars: Partial<Record<EmailTemplateVariable, string>>): string {
  return render(body, vars, escapeHtml);
}

/** Elements whose end (or a <br>) breaks the text: a space on a subject's one line. */
const BREAKS = new Set(['br', 'p', 'div', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** HTML we built, as one line of plain text (for a subject): its text, entities decoded. */
function plainText(html: string): string {
  let text = '';
  new Parser({
    ontext: (piece) => {
      text += piece;
    },
    onclosetag: (name) => {
      if (BREAKS.has(name)) text += ' ';
    },
  }).end(html);
  return text;
}

/**
 * Renders a subject line: plain text (no escaping; the HTML variables as their text), on one line
 * (line breaks become spaces, runs of spaces one), trimmed.
 */
export function renderSubject(subject: string, vars: Partial<Record<EmailTemplateVariable, string>>): string {
  const view: Record<string, string> = {};
  for (const [k, v] of Object.entries(vars)) {
    if (v !== undefined) view[k] = HTML_VARIABLES.has(k as EmailTemplateVariable) ? plainText(v) : v;
  }
  return render(subject, view, (s) => s)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A rendered body as the HTML document that is sent (and previewed): the mail clients' usual
 * sans-serif text, readable line height and width; the body itself is left as rendered.
 */
export function emailDocument(body: string): string {
  return (
    '<!DOCTYPE html><html><head><meta charset="utf-8">' +
    // Rich-text tables put a <p> in each cell: keep their rows tight, as the editor shows them.
    '<style>td p,th p{margin:0}th,td{padding:4px 12px 4px 0;text-align:left;vertical-align:top}</style>' +
    '</head>' +
    '<body style="margin:0;padding:16px;background:#ffffff">' +
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#212529;max-width:680px">' +
    `${body}</div></body></html>`
  );
}

/** Plain text staff typed (line breaks kept) as HTML: escaped, each line break a `<br>`. */
function textAsHtml(text: string | null): string {
  if (!text?.trim()) return '';
  return escapeHtml(text.trim()).replace(/\r?\n/g, '<br>');
}

/** A link drawn as a button (table-free, inline styles: what mail clients keep). */
function buttonLink(href: string, label: string): string {
  return (
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;` +
    `color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(label)}</a>`
  );
}

/** History types whose entries change what the customer bought (payments, emails and documents do not). */
const CHANGE_TYPES = ['Tour', 'Passenger', 'Extra', 'Discount', 'Booking'];
/** Entries of those types that are not changes to tell the customer about. */
const NOT_CHANGES = ['Booking created', 'Changes accepted', 'Agent confirmed', 'Booking cancelled'];

/**
 * What changed in booking `bookingId` since the customer last accepted (the last 'Changes accepted'
 * history entry; since the booking was made when never): the entries' recorded field changes merged
 * (shared/booking-changes.ts `summariseChanges`, total due last), and as `notes` ('Action: comment')
 * the entries that recorded none (written before issue #22, or a change without fields).
 */
export async function changesSinceAccepted(
  db: Db,
  bookingId: number,
): Promise<{ changes: FieldChange[]; notes: string[] }> {
  const rows = await queryRows<{ action: string; comment: string | null; changes: FieldChange[] | null }>(
    db,
    sql`select action, comment, changes from booking_history
        where holiday_booking_id = ${bookingId}
          and id > coalesce((select max(id) from booking_history
                             where holiday_booking_id = ${bookingId} and action = 'Changes accepted'), 0)
          and type in (${sql.join(
            CHANGE_TYPES.map((t) => sql`${t}`),
            sql`, `,
          )})
          and action not in (${sql.join(
            NOT_CHANGES.map((t) => sql`${t}`),
            sql`, `,
          )})
        order by id`,
  );
  return {
    changes: summariseChanges(rows.map((r) => r.changes ?? [])),
    notes: rows
      .filter((r) => !r.changes?.length)
      .map((r) => (r.comment ? `${r.action}: ${r.comment}` : r.action)),
  };
}

/** One change as the customer reads it: 'Double Room → Superior Suite'; an addition or removal by its one side. */
function changeText(c: FieldChange): string {
  if (c.before === NONE) return c.after;
  if (c.after === NONE) return c.before;
  return `${c.before} → ${c.after}`;
}

/**
 * The `{booking_changes}` list as HTML (every value escaped). It always ends with the total due:
 * before → after when it moved, else today's figure marked '(unchanged)', so the customer is never
 * left to wonder what the booking now costs.
 */
export function changesListHtml(list: { changes: FieldChange[]; notes: string[] }, totalDue: string): string {
  const moved = list.changes.some((c) => c.field === TOTAL_DUE_FIELD);
  const items = [
    ...list.changes.map(
      (c) => `<li><strong>${escapeHtml(c.field)}:</strong> ${escapeHtml(changeText(c))}</li>`,
    ),
    ...list.notes.map((n) => `<li>${escapeHtml(n)}</li>`),
  ];
  if (!moved)
    items.push(
      `<li><strong>${TOTAL_DUE_FIELD}:</strong> ${escapeHtml(poundsText(totalDue))} (unchanged)</li>`,
    );
  return `<ul>${items.join('')}</ul>`;
}

interface FlightRow {
  flight_number: string;
  airline: string | null;
  from_airport: string;
  to_airport: string;
  departs: string;
  arrives: string;
}

/** The flights of a booking as a small HTML table (Flight, From, To, Departs, Arrives); '' without flights. */
function flightTable(flights: FlightRow[]): string {
  if (flights.length === 0) return '';
  const cell = 'style="border:1px solid #ced4da;padding:4px 8px;text-align:left"';
  const head = ['Flight', 'From', 'To', 'Departs', 'Arrives'].map((h) => `<th ${cell}>${h}</th>`).join('');
  const rows = flights
    .map(
      (f) =>
        `<tr>${[f.flight_number, f.from_airport, f.to_airport, f.departs, f.arrives]
          .map((v) => `<td ${cell}>${escapeHtml(v)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * All the content variables (spec 3 §3, then ours) of booking `bookingId` for an email to its customer or agent,
 * from the live booking: the customer's names (else the lead passenger's); the first tour line's
 * hotel, room, board basis, hotel phone, address and resort, tour and airline reference; the
 * departure and balance due dates DD/MM/YYYY; the balance in pounds ('£1,959.10'); the flights
 * (earliest = outbound, latest = return, times DD/MM/YYYY HH:MM) and their airline; the tour's
 * covering email and the airline's content as HTML with line breaks; `flight_details` a table;
 * `balance_due_date` and `balance_due_content` from the payment schedule (src/shared/payment-schedule.ts:
 * the balance stage's date; one sentence per stage, 'Deposit £200.00 paid 27/11/2026. Balance £998.00
 * due by 09/06/2027.', '' when nothing is due or the booking is cancelled); `customer_salutation` by the greeting rule (shared/greeting.ts); `booking_changes`
 * the list of `changesSinceAccepted`; `amount_due` / `due_date` the first stage still owed (a payment
 * reminder gives its own stage's instead); `accept_button` and `manage_booking` link to the customer's
 * side at `opts.baseUrl` (config.appUrl, never the request's host): `opts.links` are the personal
 * links of a message being sent (portal/links.ts); without them (a preview) both open its sign-in
 * page, so no working token is ever shown to staff or left unsent. A value that does not apply is
 * ''. Throws when the booking does not exist.
 */
export async function templateVariables(
  db: Db,
  bookingId: number,
  recipient: 'customer' | 'agent',
  opts: { baseUrl: string; links?: { manage: string; accept: string } | null },
): Promise<Record<EmailTemplateVariable, string>> {
  void recipient; // Same values for both today; kept so a recipient-specific value has its place.
  const [b] = await queryRows<{
    booking_ref: string | null;
    title: string | null;
    first_name: string | null;
    last_name: string | null;
    full_name: string | null;
    departure_date: string | null;
    balance: string;
    total_due: string;
    cancelled: boolean;
    airline_reference_email: string | null;
    tour_name: string | null;
    covering_emails: string | null;
    airline_ref: string | null;
    hotel: string | null;
    hotel_contact: string | null;
    hotel_address: string | null;
    hotel_resort: string | null;
    room_type: string | null;
    board_basis: string | null;
  }>(
    db,
    sql`select b.booking_ref, b.departure_date::text as departure_date,
               b.balance::text as balance, b.total_due::text as total_due, b.cancelled_at is not null as cancelled, b.airline_reference_email,
               coalesce(c.title, p.title) as title, coalesce(c.first_name, p.first_name) as first_name,
               coalesce(c.last_name, p.last_name) as last_name,
               coalesce(c.full_name, nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), b.old_lead_passenger) as full_name,
               l.tour_name, l.covering_emails, l.airline_ref, l.hotel, l.hotel_contact, l.hotel_address,
               l.hotel_resort, l.room_type, l.board_basis
        from bookings b
        left join customers c on c.id = b.customer_id
        left join lateral (select title, first_name, last_name from passengers
                           where holiday_booking_id = b.id order by id limit 1) p on true
        left join lateral (
          select t.name as tour_name, t.covering_emails, tb.airline_ref, a.accommodation_name as hotel,
                 a.phone_number as hotel_contact, a.address as hotel_address, r.resort_name as hotel_resort,
                 ar.name as room_type, ar.board_basis
          from tour_bookings tb
          join tours t on t.id = tb.tour_id
          join tour_instances i on i.id = tb.tour_instance_id
          left join tour_rooms tr on tr.id = tb.tour_room_id
          left join accommodation_rooms ar on ar.id = tr.accommodation_room_id
          left join accommodations a on a.id = ar.accommodation_id
          left join resorts r on r.id = a.resort_id
          where tb.holiday_booking_id = b.id
          order by i.departure_date, tb.id limit 1) l on true
        where b.id = ${bookingId}`,
  );
  if (!b) throw new Error(`Booking ${bookingId} not found`);

  const flights = await queryRows<FlightRow & { airline_content: string | null }>(
    db,
    sql`select f.flight_number, al.name as airline, al.airline_content,
               concat(da.airport_name, ' (', da.iata_code, ')') as from_airport,
               concat(aa.airport_name, ' (', aa.iata_code, ')') as to_airport,
               to_char(f.departure_time, 'DD/MM/YYYY HH24:MI') as departs,
               to_char(f.arrival_time, 'DD/MM/YYYY HH24:MI') as arrives
        from (select distinct tif.flight_id from tour_bookings tb
              join tour_instance_flights tif on tif.tour_instance_id = tb.tour_instance_id
              where tb.holiday_booking_id = ${bookingId}) x
        join flights f on f.id = x.flight_id
        left join airlines al on al.id = f.airline_id
        join airports da on da.id = f.departure_airport_id
        join airports aa on aa.id = f.arrival_airport_id
        order by f.departure_time, f.id`,
  );
  const outbound = flights[0];
  const inbound = flights.length > 1 ? flights[flights.length - 1] : undefined;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const signIn = `${base}${pathTo('portal-sign-in')}`;
  const manageUrl = opts.links?.manage ?? signIn;
  const acceptUrl = opts.links?.accept ?? signIn;
  // Due dates and amounts from the one schedule rule (src/shared/payment-schedule.ts), as on the
  // booking screen and the Confirmation.
  const schedule = await loadPaymentSchedule(db, bookingId);
  const balanceStage = schedule.at(-1);
  const owed = b.cancelled ? null : nextDueStage(schedule);
  const due = new Decimal(b.balance);
  const balanceDueContent =
    !b.cancelled && due.gt(0) && schedule.length
      ? escapeHtml(
          scheduleText(schedule)
            .map((line) => `${line}.`)
            .join(' '),
        )
      : '';

  const vars: Record<EmailTemplateVariable, string> = {
    customer_salutation: salutationName({
      title: b.title,
      first_name: b.first_name,
      last_name: b.last_name,
      name: b.full_name,
    }),
    booking_changes: changesListHtml(await changesSinceAccepted(db, bookingId), b.total_due),
    customer: b.full_name ?? '',
    customer_title: b.title ?? '',
    customer_firstname: b.first_name ?? '',
    customer_lastname: b.last_name ?? '',
    booking_ref: b.booking_ref ?? String(bookingId),
    hotel: b.hotel ?? '',
    room_type: b.room_type ?? '',
    board_basis: b.board_basis ?? '',
    hotel_contact: b.hotel_contact ?? '',
    hotel_address: b.hotel_address ?? '',
    hotel_resort: b.hotel_resort ?? '',
    accept_button: buttonLink(acceptUrl, 'Accept your booking'),
    manage_booking: `<a href="${escapeHtml(manageUrl)}">Manage your booking</a>`,
    departure_date: b.departure_date ? ukDate(b.departure_date) : '',
    outbound_flight_time: outbound?.departs ?? '',
    return_flight_time: inbound?.departs ?? '',
    outbound_departure_airport: outbound?.from_airport ?? '',
    return_departure_airport: inbound?.from_airport ?? '',
    tour_destination_name: b.tour_name ?? '',
    balance_due_date: balanceStage?.due ? ukDate(balanceStage.due) : '',
    tour_balance: poundsText(b.balance),
    tour_covering_email: textAsHtml(b.covering_emails),
    airline_name: outbound?.airline ?? '',
    airline_reference: b.airline_ref ?? '',
    airline_content: textAsHtml(outbound?.airline_content ?? null),
    airline_reference_email: b.airline_reference_email ?? '',
    flight_details: flightTable(flights),
    balance_due_content: balanceDueContent,
    amount_due: owed ? poundsText(owed.outstanding) : '',
    due_date: owed?.due ? ukDate(owed.due) : '',
  };
  // Every variable of the spec has its value (the list and this record must not drift apart).
  for (const name of EMAIL_TEMPLATE_VARIABLES) vars[name] ??= '';
  return vars;
}
