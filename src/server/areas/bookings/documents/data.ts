import { sql } from 'drizzle-orm';
import { paymentMethodLabel } from '../../../../shared/api/booking-edit';
import { extrasTotal, money, toursTotal } from '../../../../shared/booking-totals';
import { nightsOfStay } from '../../../../shared/pricing';
import { type Db, inSequence, queryRows } from '../../../db/client';
import { loadCompanySettings } from '../../../documents/letterhead';
import { HttpError } from '../../../http/errors';
import { getBookingDetail } from '../detail';
import type { BookingDocumentData, DocAirline, DocFlight, DocLine } from './data-types';

/**
 * What the booking documents print (spec 1 §3, §9), read from the live booking: the booking
 * detail of GET bookings/{id} (detail.ts, the one query of a booking's lines, passengers, extras,
 * discounts and payments, and its spec 1 §9 totals) plus what only documents need — addresses,
 * resorts, airports' names, terminals, the airlines' check-in content and the letterhead settings.
 */

/**
 * A document that cannot be made for this booking, with the spec's message (e.g. 'Please select an
 * agent for agent invoice'). An HttpError: 422 by default (404 for an unknown booking), so a route
 * that lets it through answers the spec's envelope with that message.
 */
export class DocumentRefused extends HttpError {
  override name = 'DocumentRefused';
  constructor(message: string, statusCode = 422) {
    super(statusCode, message);
  }
}

/** Address lines without blanks, in order. */
const lines = (...parts: (string | null | undefined)[]) =>
  parts.map((p) => (p ?? '').trim()).filter((p) => p !== '');

interface Extra {
  customer: {
    street_address: string | null;
    address_line_2: string | null;
    address_line_3: string | null;
    address_line_4: string | null;
    town: string | null;
    county: string | null;
    postcode: string | null;
    country: string | null;
  } | null;
  agent: {
    phone_number: string | null;
    address_line_1: string | null;
    address_line_2: string | null;
    town_city: string | null;
    county: string | null;
    postcode: string | null;
  } | null;
  lines: {
    id: number;
    self_drive: boolean;
    airport_name: string | null;
    accommodation: {
      id: number;
      name: string;
      resort: string | null;
      address: string | null;
      phone: string | null;
    } | null;
    flights: {
      id: number;
      from_name: string | null;
      to_name: string | null;
      departure_terminal: string | null;
      arrival_terminal: string | null;
      airline: DocAirline | null;
    }[];
  }[];
}

/**
 * Everything the six documents print for one booking, from the live booking; null when there is no
 * such booking. Figures: the stored total_due, paid, balance, balance_due and deposit_due, and the
 * spec 1 §9 breakdown (tours, extras, discounts, commission, VAT) of booking-totals.ts as the booking
 * detail answers it — never worked out again here. A fixed number of queries whatever the size.
 */
export async function loadBookingDocumentData(
  db: Db,
  bookingId: number,
): Promise<BookingDocumentData | null> {
  let detail: Awaited<ReturnType<typeof getBookingDetail>>;
  try {
    detail = await getBookingDetail(db, bookingId);
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 404) return null;
    throw e;
  }
  const b = detail.data.booking[0];
  // One after another: `db` may be a transaction's single connection (records, ATOL issue).
  const [[extra], company] = await inSequence(
    () =>
      queryRows<Extra>(
        db,
        sql`select
            case when c.id is null then null else json_build_object('street_address', c.street_address,
              'address_line_2', c.address_line_2, 'address_line_3', c.address_line_3, 'address_line_4', c.address_line_4,
              'town', c.town, 'county', c.county, 'postcode', c.postcode,
              'country', case when c.country_id = 220 then null else co.name end) end as customer,
            case when ag.id is null then null else json_build_object('phone_number', ag.phone_number,
              'address_line_1', ag.address_line_1, 'address_line_2', ag.address_line_2, 'town_city', ag.town_city,
              'county', ag.county, 'postcode', ag.postcode) end as agent,
            coalesce((
              select json_agg(json_build_object(
                'id', tb.id, 'self_drive', i.self_drive, 'airport_name', ap.airport_name,
                'accommodation', case when a.id is null then null else json_build_object('id', a.id,
                  'name', a.accommodation_name, 'resort', r.resort_name, 'address', a.address, 'phone', a.phone_number) end,
                'flights', coalesce((
                  select json_agg(json_build_object('id', f.id, 'from_name', da.airport_name, 'to_name', aa.airport_name,
                    'departure_terminal', f.departure_terminal, 'arrival_terminal', f.arrival_terminal,
                    'airline', case when al.id is null then null else json_build_object('id', al.id, 'name', al.name,
                      'web_check_in_before_days', al.web_check_in_before_days, 'airline_content', al.airline_content,
                      'instruction_doc_name', al.instruction_doc_name, 'instruction_doc_path', al.instruction_doc_path) end))
                  from tour_instance_flights tif join flights f on f.id = tif.flight_id
                  left join airlines al on al.id = f.airline_id
                  left join airports da on da.id = f.departure_airport_id
                  left join airports aa on aa.id = f.arrival_airport_id
                  where tif.tour_instance_id = i.id), '[]'::json)))
              from tour_bookings tb
              join tour_instances i on i.id = tb.tour_instance_id
              left join airports ap on ap.id = i.departure_airport_id
              left join tour_rooms tr on tr.id = tb.tour_room_id
              left join accommodation_rooms ar on ar.id = tr.accommodation_room_id
              left join accommodations a on a.id = ar.accommodation_id
              left join resorts r on r.id = a.resort_id
              where tb.holiday_booking_id = bk.id), '[]'::json) as lines
          from bookings bk
          left join customers c on c.id = bk.customer_id
          left join countries co on co.id = c.country_id
          left join agents ag on ag.id = bk.agent_id
          where bk.id = ${bookingId}`,
      ),
    () => loadCompanySettings(db),
  );
  const extraLines = new Map(extra.lines.map((l) => [l.id, l]));
  const airlines = new Map<number, DocAirline>();

  const docLines: DocLine[] = b.tour_bookings.map((l) => {
    const more = extraLines.get(l.id);
    const flightMore = new Map((more?.flights ?? []).map((f) => [f.id, f]));
    const perGuest = money(toursTotal([{ price: l.price, sale_price: l.sale_price, guests: 1 }]));
    const flights: DocFlight[] = l.instance.flights.map((f) => {
      const fm = flightMore.get(f.id);
      if (fm?.airline) airlines.set(fm.airline.id, fm.airline);
      return {
        id: f.id,
        flight_number: f.flight_number,
        airline: f.airline ? { id: f.airline.id, name: f.airline.name } : null,
        from: { iata: f.departure_airport ?? '', name: fm?.from_name ?? null },
        to: { iata: f.arrival_airport ?? '', name: fm?.to_name ?? null },
        departure_terminal: fm?.departure_terminal ?? null,
        arrival_terminal: fm?.arrival_terminal ?? null,
        departure_time: String(f.departure_time),
        arrival_time: String(f.arrival_time),
      };
    });
    return {
      id: l.id,
      tour: { id: l.tour.id, name: l.tour.name, tour_type: l.tour.tour_type },
      instance: {
        id: l.instance.id,
        title: l.instance.instance_title,
        departure_date: l.instance.departure_date,
        group_start_date: l.instance.group.start_date,
        duration: l.instance.duration,
        airport: l.instance.airport
          ? {
              iata: l.instance.airport.iata_code,
              name: more?.airport_name ?? l.instance.airport.name ?? null,
            }
          : null,
        pick_up_point: l.instance.pick_up_point?.name ?? null,
        self_drive: more?.self_drive ?? false,
      },
      flights,
      accommodation: more?.accommodation ?? null,
      room: l.room
        ? { name: l.room.name, board_basis: l.room.board_basis, occupancy: l.room.occupancy }
        : null,
      rooms: l.rooms,
      guests: l.guests,
      price_per_guest: perGuest,
      line_total: money(toursTotal([{ price: l.price, sale_price: l.sale_price, guests: l.guests }])),
      check_in_date: l.check_in_date,
      check_out_date: l.check_out_date,
      nights:
        l.check_in_date && l.check_out_date ? nightsOfStay(l.check_in_date, l.check_out_date).length : 0,
      airline_ref: l.airline_ref,
      special_requests: l.special_requests,
      passenger_ids: l.passengers,
    };
  });

  return {
    booking: {
      id: b.id,
      booking_ref: b.booking_ref ?? (b.old_booking_id ? String(b.old_booking_id) : String(b.id)),
      status: b.status,
      created_at: b.created_at,
      cancelled_at: b.cancelled_at,
      cancellation_charge: b.cancellation_charge,
      total_due: b.total_due,
      paid: b.paid,
      balance: b.balance,
      balance_due: b.balance_due,
      deposit_due: b.deposit_due,
      deposit: b.deposit,
      payment_schedule: b.payment_schedule,
      departure_date: b.departure_date,
      agent_comission_percent: b.agent_comission_percent,
      booking_vat_percent: b.booking_vat_percent,
      special_request: b.special_request,
    },
    totals: b.totals,
    customer: b.customer
      ? {
          id: b.customer.id,
          title: b.customer.title,
          first_name: b.customer.first_name,
          last_name: b.customer.last_name,
          email: b.customer.email,
          phone: b.customer.phone_number || b.customer.mobile_number,
          address: extra.customer
            ? lines(
                extra.customer.street_address,
                extra.customer.address_line_2,
                extra.customer.address_line_3,
                extra.customer.address_line_4,
                extra.customer.town,
                extra.customer.county,
                extra.customer.postcode,
                extra.customer.country,
              )
            : [],
        }
      : null,
    agent: b.agent
      ? {
          id: b.agent.id,
          name: b.agent.name,
          abta: b.agent.abta,
          email: b.agent.email,
          phone: extra.agent?.phone_number ?? null,
          address: extra.agent
            ? lines(
                extra.agent.address_line_1,
                extra.agent.address_line_2,
                extra.agent.town_city,
                extra.agent.county,
                extra.agent.postcode,
              )
            : [],
        }
      : null,
    lines: docLines,
    passengers: b.passengers.map((p) => ({
      id: p.id,
      title: p.title,
      first_name: p.first_name,
      last_name: p.last_name,
      dob: p.dob,
    })),
    extras: b.extras.map((e) => ({
      name: e.name,
      note: e.pivot.extra_note,
      qty: e.pivot.qty,
      price: money(e.price),
      total: money(extrasTotal([{ price: e.price, qty: e.pivot.qty }])),
      commissionable: e.commissionable,
    })),
    discounts: b.discounts.map((d) => ({
      description: d.description?.trim() || d.code || 'Discount',
      code: d.code,
      qty: d.pivot.qty,
      amount: d.amount,
    })),
    payments: b.payments.map((p) => ({
      id: p.id,
      created_at: p.created_at,
      method: p.payment_method,
      method_label: paymentMethodLabel(p.payment_method),
      amount: money(p.payment_amount),
      transaction_id: p.transaction_id,
      voided: p.voided_at !== null,
      reverses_payment_id: p.reverses_payment_id,
    })),
    airlines: [...airlines.values()].sort((x, y) => x.name.localeCompare(y.name)),
    company,
  };
}
