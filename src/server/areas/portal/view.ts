import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentMethodLabel } from '../../../shared/api/booking-edit';
import type { portalBookingAnswer } from '../../../shared/api/portal';
import { type FieldChange, NONE, summariseChanges, TOTAL_DUE_FIELD } from '../../../shared/booking-changes';
import { addDays, daysBetween } from '../../../shared/dates';
import { bookingDocumentType } from '../../../shared/documents';
import { refundDueBy } from '../../../shared/refund-clock';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { loadLetterhead, loadSettingValues } from '../../documents/letterhead';
import { getBookingDetail, priceChangesOf } from '../bookings';

type PortalBooking = z.input<typeof portalBookingAnswer>;

/** System settings the customer's side reads (issue #23), with their defaults. */
export const PORTAL_SETTINGS = {
  /** Passenger details may be changed online until this many days before departure. */
  detailsDays: 'portal_details_days_before_departure',
  bankAccountName: 'bank_account_name',
  bankSortCode: 'bank_sort_code',
  bankAccountNumber: 'bank_account_number',
} as const;
/** Default of `portal_details_days_before_departure`. */
export const DEFAULT_DETAILS_DAYS = 14;

/** The document types a customer is given (never the agent's invoice). */
const CUSTOMER_DOCS = ['invoice', 'atol', 'airline', 'airline-checkin', 'cancellation-invoice'];
/** How a document record counts as issued to the customer: emailed, or the ATOL issue. */
const ISSUED_FOR = ['customer', 'atol-issue'];

/** The history types whose entries change what the customer bought (as the change email lists them). */
const CHANGE_TYPES = ['Tour', 'Passenger', 'Extra', 'Discount', 'Booking'];
/** Actions that are not changes to accept: the booking made, accepted, cancelled — nor what the customer or the agency did themselves. */
const NOT_CHANGES = [
  'Booking created',
  'Changes accepted',
  'Agent confirmed',
  'Booking cancelled',
  'Passenger updated by the customer',
  'Passenger updated by the agent',
];

/**
 * The documents issued to booking `bookingId`'s customer whose bytes are kept — emailed to them or
 * the ATOL issue; never the agent's invoice or a staff download — newest first; with `recordId`,
 * only that one (so a download can never reach another booking's or a staff-only record).
 * `to` 'agent' (the agent's side, issue #25) adds what was issued to the agency: its Agent invoice
 * and documents emailed to it.
 */
export async function issuedDocuments(
  db: Db,
  bookingId: number,
  recordId?: number,
  to: 'customer' | 'agent' = 'customer',
) {
  const types = to === 'agent' ? [...CUSTOMER_DOCS, 'agent-invoice'] : CUSTOMER_DOCS;
  const issuedFor = to === 'agent' ? [...ISSUED_FOR, 'agent'] : ISSUED_FOR;
  return queryRows<{ id: number; doc_type: string; name: string; file_key: string; issued_at: string }>(
    db,
    sql`select id, doc_type, name, file_key, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as issued_at
        from booking_document_records
        where holiday_booking_id = ${bookingId} and file_removed_at is null
          ${recordId === undefined ? sql`` : sql`and id = ${recordId}`}
          and doc_type in (${sql.join(
            types.map((d) => sql`${d}`),
            sql`, `,
          )})
          and created_for in (${sql.join(
            issuedFor.map((d) => sql`${d}`),
            sql`, `,
          )})
        order by created_at desc, id desc`,
  );
}

/** The last day (YYYY-MM-DD) passenger details may be changed online: departure − `days`. */
export function detailsEditableUntil(departure: string | null, days: number): string | null {
  return departure ? addDays(departure, -days) : null;
}

/** The settings value of `portal_details_days_before_departure` (a whole number ≥ 0; else the default). */
export async function detailsDays(db: Db): Promise<number> {
  const { [PORTAL_SETTINGS.detailsDays]: raw } = await loadSettingValues(db, [PORTAL_SETTINGS.detailsDays]);
  const n = Number(raw);
  return raw !== '' && Number.isInteger(n) && n >= 0 ? n : DEFAULT_DETAILS_DAYS;
}

/**
 * What changed since the customer last accepted, from the booking's history (the same entries the
 * change email lists): merged per field (`summariseChanges`), each with when it last changed; the
 * total due apart (before → after). Entries that recorded no fields come as their action and comment.
 */
async function changesForCustomer(db: Db, bookingId: number, totalDue: string) {
  const rows = await queryRows<{
    at: string;
    action: string;
    comment: string | null;
    changes: FieldChange[] | null;
  }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, action, comment, changes
        from booking_history
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
  const lastAt = new Map<string, string>();
  for (const r of rows) for (const c of r.changes ?? []) lastAt.set(c.field, r.at);
  const merged = summariseChanges(rows.map((r) => r.changes ?? []));
  const total = merged.find((c) => c.field === TOTAL_DUE_FIELD);
  const items = [
    ...merged
      .filter((c) => c.field !== TOTAL_DUE_FIELD)
      .map((c) => ({ at: lastAt.get(c.field) ?? '', field: c.field, before: c.before, after: c.after })),
    ...rows
      .filter((r) => !r.changes?.length)
      .map((r) => ({ at: r.at, field: r.action, before: NONE, after: r.comment ?? '' })),
  ];
  return { items, total_before: total?.before ?? null, total_after: total?.after ?? null, totalDue };
}

/**
 * The booking as its customer sees it (GET portal/booking, issue #23): built from the staff
 * detail (`getBookingDetail`, one reading of the booking) but answered through
 * `portalBookingAnswer`, which names every field that may leave: no costs, commission, staff names,
 * notes or other bookings. `today` (YYYY-MM-DD, London) decides whether details may still be
 * changed. 404 when the booking is gone. `detail`: the staff detail when the caller has read it
 * already (the agent's side, which also answers its agent accounts).
 */
export async function portalBooking(
  db: Db,
  config: Pick<Config, 'ECOMMPAY_PROJECT_ID' | 'ECOMMPAY_SECRET_KEY'>,
  bookingId: number,
  today: string,
  detail?: Awaited<ReturnType<typeof getBookingDetail>>,
): Promise<PortalBooking> {
  const { data } = detail ?? (await getBookingDetail(db, bookingId));
  const b = data.booking[0];
  const [letterhead, settings, days, extra] = await Promise.all([
    loadLetterhead(db),
    loadSettingValues(db, [
      PORTAL_SETTINGS.bankAccountName,
      PORTAL_SETTINGS.bankSortCode,
      PORTAL_SETTINGS.bankAccountNumber,
    ]),
    detailsDays(db),
    queryRows<{
      passport_required: boolean;
      messages: { id: number; message: string; sent_at: string }[];
      resorts: Record<string, string | null>;
    }>(
      db,
      sql`select exists (select 1 from tour_bookings tb join tours t on t.id = tb.tour_id
                         where tb.holiday_booking_id = ${bookingId} and t.is_passport_details_required) as passport_required,
                 coalesce((select json_agg(json_build_object('id', m.id, 'message', m.body,
                             'sent_at', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) order by m.id desc)
                           from customer_messages m where m.holiday_booking_id = ${bookingId} and m.kind = 'message'), '[]'::json) as messages,
                 coalesce((select json_object_agg(tb.id::text, r.resort_name)
                           from tour_bookings tb join tour_rooms tr on tr.id = tb.tour_room_id
                           join accommodation_rooms ar on ar.id = tr.accommodation_room_id
                           join accommodations a on a.id = ar.accommodation_id
                           left join resorts r on r.id = a.resort_id
                           where tb.holiday_booking_id = ${bookingId}), '{}'::json) as resorts`,
    ).then((rows) => rows[0]),
  ]);
  const cancelled = b.cancelled_at !== null;
  const passportRequired = extra.passport_required;
  const until = detailsEditableUntil(b.departure_date, days);
  const changes = await changesForCustomer(db, bookingId, b.total_due);
  const asked = (await priceChangesOf(db, bookingId, today)).find((c) => c.decision !== null);
  const ref = b.booking_ref ?? `B${b.id}`;
  const bank =
    settings.bank_account_number && settings.bank_sort_code
      ? {
          account_name: settings.bank_account_name || letterhead.company_name,
          sort_code: settings.bank_sort_code,
          account_number: settings.bank_account_number,
          reference: ref,
        }
      : null;
  const lead =
    b.customer?.full_name ??
    (b.passengers[0] ? `${b.passengers[0].first_name} ${b.passengers[0].last_name}` : null);

  return {
    booking_ref: ref,
    status: b.status,
    cancelled,
    booked_at: b.created_at,
    lead_name: lead,
    holidays: b.tour_bookings.map((l) => {
      const departure = l.instance.departure_date.slice(0, 10);
      const duration = l.instance.duration;
      const back = l.check_out_date ?? (duration && duration > 0 ? addDays(departure, duration - 1) : null);
      return {
        tour_name: l.tour.name,
        tour_type: l.tour.tour_type,
        departure_date: departure,
        return_date: back,
        nights: back ? daysBetween(departure, back) : null,
        departure_airport: l.instance.airport
          ? `${l.instance.airport.name} (${l.instance.airport.iata_code})`
          : null,
        pickup_point: l.instance.pick_up_point?.name ?? null,
        flights: l.instance.flights.map((f) => ({
          flight_number: f.flight_number,
          airline: f.airline?.name ?? null,
          from: f.departure_airport,
          to: f.arrival_airport,
          departs: f.departure_time ? f.departure_time.slice(0, 16).replace('T', ' ') : null,
          arrives: f.arrival_time ? f.arrival_time.slice(0, 16).replace('T', ' ') : null,
        })),
        hotel: l.room?.accommodation.accommodation_name ?? null,
        resort: extra.resorts[String(l.id)] ?? null,
        room: l.room?.name ?? null,
        board_basis: l.room?.board_basis ?? null,
        rooms: l.rooms,
        guests: l.guests,
      };
    }),
    passengers: b.passengers.map((p) => ({
      id: p.id,
      title: p.title,
      first_name: p.first_name,
      last_name: p.last_name,
      dob: p.dob,
      gender: p.gender,
      passport_no: p.passport_no,
      passport_issue: p.passport_issue,
      passport_expiry: p.passport_expiry,
      passport_nationality: p.passport_nationality,
      complete:
        Boolean(p.first_name.trim() && p.last_name.trim() && p.dob && p.gender) &&
        (!passportRequired || Boolean(p.passport_no?.trim() && p.passport_expiry)),
    })),
    passport_required: passportRequired,
    details_editable_until: until,
    details_editable: !cancelled && until !== null && today <= until,
    extras: b.extras.map((e) => ({
      name: e.name,
      qty: e.pivot.qty,
      price: e.price,
      total: new Decimal(e.price).times(e.pivot.qty).toFixed(2),
    })),
    discounts: b.discounts.map((d) => ({
      description: d.description || d.code || 'Discount',
      amount: d.amount,
    })),
    special_request: b.special_request,
    money: {
      total_due: b.totals.total_due,
      paid: b.totals.paid,
      balance: b.totals.balance,
      credit: b.totals.credit,
      refund_due: b.totals.refund_due,
      refund_due_by:
        b.cancelled_at !== null && b.totals.refund_due !== '0.00' ? refundDueBy(b.cancelled_at) : null,
      schedule: b.payment_schedule,
      payments: b.payments
        .filter((p) => !p.voided_at && p.reverses_payment_id === null)
        .map((p) => ({
          date: p.created_at,
          method: paymentMethodLabel(p.payment_method),
          amount: p.payment_amount.replace(/^-/, ''),
          refund: p.payment_amount.startsWith('-'),
        })),
    },
    // The newest of each document (a re-issued ATOL certificate replaces the one before).
    documents: (await issuedDocuments(db, bookingId))
      .filter((d, i, all) => all.findIndex((x) => x.doc_type === d.doc_type) === i)
      .map((d) => ({
        id: d.id,
        label: bookingDocumentType(d.doc_type)?.label ?? d.doc_type,
        name: d.name,
        issued_at: d.issued_at,
      })),
    changes: {
      pending: !cancelled && b.changes_accepted === 0,
      accepted_at: b.changes_accepted_at,
      accepted_from: b.changes_accepted_from,
      items: b.changes_accepted === 0 ? changes.items : [],
      total_before: b.changes_accepted === 0 ? changes.total_before : null,
      total_after: b.total_due,
    },
    pay: {
      card: Boolean(config.ECOMMPAY_PROJECT_ID && config.ECOMMPAY_SECRET_KEY),
      bank,
    },
    messages: extra.messages,
    price_change: asked
      ? {
          id: asked.id,
          amount: asked.amount,
          reason: asked.reason,
          total_before: asked.total_before,
          total_after: asked.total_after,
          respond_by: asked.respond_by,
          decision: asked.decision ?? 'pending',
        }
      : null,
    operator: operatorOf(letterhead),
  };
}

/** The operator's name and contacts as the customer's side shows them (letterhead settings). */
export function operatorOf(l: Awaited<ReturnType<typeof loadLetterhead>>) {
  return {
    name: l.company_name,
    phone: l.company_phone,
    email: l.company_email,
    website: l.company_website,
    address: l.company_address,
    abta_number: l.abta_number,
    atol_number: l.atol_number,
  };
}
