import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AGENT_MESSAGES,
  type agentBookingInput,
  type agentQuoteAnswer,
} from '../../../shared/api/agent-side';
import { agentAccounts, depositAmount, roomsForGuests } from '../../../shared/booking-totals';
import { scheduleParts, scheduleSettings } from '../../../shared/payment-schedule';
import { type Db, queryRows } from '../../db/client';
import { HttpError, validationError } from '../../http/errors';
import { londonZoneSql } from '../../lib/dates';
import type { AgentCaller } from '../../users/agent';
import { effectiveSql } from '../availability';
import { createBooking, newBookingFigures, priceTourLine } from '../bookings';
import { bookableDeparture } from './departures';

/**
 * 'Book for a client' (issue #25): the agency quotes and books one departure's room for its
 * client's guests, named one per guest. Both go through the bookings area's own rules — the line
 * priced by priceTourLine (staff's price rule and sale checks), the figures by newBookingFigures
 * (the one totals rule, as createBooking stores them) and the booking written by createBooking
 * (staff's locks and places and rooms checks) — so a quote is what the booking stores, to the penny.
 */

type AgentBookingInput = z.infer<typeof agentBookingInput>;
type AgentQuote = z.infer<typeof agentQuoteAnswer>['data'];

/** 422 AGENT_MESSAGES.passengersMismatch unless one passenger is named per guest. */
function assertPassengersMatch(input: AgentBookingInput) {
  if (input.passengers.length !== input.guests) {
    const message = AGENT_MESSAGES.passengersMismatch(input.guests);
    throw validationError({ passengers: [message] }, message);
  }
}

/**
 * Runs `fn`, answering its 422s with the agent's fields: the bookings area names a line's fields
 * `tour_bookings.0.tour_room_id` (or `line.tour_room_id`), the agent's input `tour_room_id`.
 */
async function asAgentFields<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof HttpError && e.errors) {
      const errors = Object.fromEntries(
        Object.entries(e.errors).map(([k, v]) => [k.replace(/^(tour_bookings\.\d+|line)\./, ''), v]),
      );
      throw new HttpError(e.statusCode, e.message, errors);
    }
    throw e;
  }
}

/**
 * POST agent/bookings/quote: what booking `input` would cost and earn the agency, nothing saved:
 * the line priced by staff's rule (422 when the room is not offered, not priced or the sale is
 * closed), rooms = guests ÷ occupancy rounded up, the totals with the agency's commission and VAT
 * on it at default_vat_percent, net (total − commission − VAT), the deposit and due dates by the
 * schedule rule. 404 for an unknown departure or a suppressed tour's; 422 on a passengers mismatch.
 */
export async function agentQuote(db: Db, agent: AgentCaller, input: AgentBookingInput): Promise<AgentQuote> {
  assertPassengersMatch(input);
  const departure = await bookableDeparture(db, input.tour_instance_id);
  const priced = await asAgentFields(() =>
    priceTourLine(db, departure.tour_id, input.tour_instance_id, input.tour_room_id, 'line'),
  );
  // What createBooking reads in its transaction, read the same way.
  const [ctx] = await queryRows<{
    commission: string | null;
    vat: string | null;
    booking_date: string;
    balance_days: string | null;
    deposit_days: string | null;
    deposit_per_guest: string | null;
  }>(
    db,
    sql`select (select commission::text from agents where id = ${agent.agentId}) as commission,
               (select value from system_settings where name = 'default_vat_percent') as vat,
               to_char(now() at time zone ${londonZoneSql}, 'YYYY-MM-DD') as booking_date,
               (select value from system_settings where name = 'balance_due_days_before_departure') as balance_days,
               (select value from system_settings where name = 'deposit_due_days_after_booking') as deposit_days,
               (select ${effectiveSql('deposit_price')}::text from tour_instances i
                join tour_groups g on g.id = i.tour_group_id join tours t on t.id = i.tour_id
                where i.id = ${input.tour_instance_id}) as deposit_per_guest`,
  );
  const f = newBookingFigures({
    lines: [{ ...priced, guests: input.guests }],
    agentCommissionPercent: ctx.commission,
    vatPercent: ctx.vat ?? '20',
    bookingDate: ctx.booking_date,
    settings: scheduleSettings({
      balance_due_days_before_departure: ctx.balance_days,
      deposit_due_days_after_booking: ctx.deposit_days,
    }),
  });
  const { totals } = f;
  const parts = scheduleParts({
    total_due: totals.total_due,
    deposit: depositAmount(
      [{ deposit_per_guest: ctx.deposit_per_guest, guests: input.guests }],
      totals.total_due,
    ),
    deposit_due: f.deposit_due,
    balance_due: f.balance_due,
  });
  return {
    label: priced.label,
    guests: input.guests,
    rooms: roomsForGuests(input.guests, priced.occupancy),
    price: priced.sale_price && new Decimal(priced.sale_price).gt(0) ? priced.sale_price : priced.price,
    total_due: totals.total_due,
    commission_percent: new Decimal(ctx.commission ?? 0).toFixed(2),
    commission: totals.commission,
    vat: totals.vat,
    net_due: agentAccounts({
      total_due: totals.total_due,
      paid: totals.paid,
      non_commissionable_extras: totals.non_commissionable_extras,
      commission_percent: ctx.commission,
      vat_percent: ctx.vat ?? '20',
    }).net_due,
    deposit: parts.deposit ?? '0.00',
    deposit_due: parts.deposit === null ? null : f.deposit_due,
    balance_due: f.balance_due,
  };
}

/** The special request stored: the agency's reference first (when given), then the client's request. */
function specialRequestOf(input: AgentBookingInput): string | null {
  const parts = [
    input.agent_reference ? `Agent's reference: ${input.agent_reference}` : '',
    input.special_request?.trim() ?? '',
  ].filter(Boolean);
  return parts.length ? parts.join('\n') : null;
}

/**
 * POST agent/bookings: books `input` for the agency's client through staff's createBooking —
 * created_from 'agent', created_by null, created_by_agent_name and agent_id the agency's, its
 * commission, status Pending, changes not reviewed (staff review it) — with the passengers (the
 * first the lead) allocated to the line and the special request, in one transaction. Rooms =
 * guests ÷ occupancy rounded up. 409 when the places or rooms are gone (nothing saved); 404 for an
 * unknown departure or a suppressed tour's; 422 on a passengers mismatch or a sale closed.
 */
export async function agentCreateBooking(
  db: Db,
  agent: AgentCaller,
  input: AgentBookingInput,
): Promise<{ id: number; booking_ref: string }> {
  assertPassengersMatch(input);
  const departure = await bookableDeparture(db, input.tour_instance_id);
  const [room] = await queryRows<{ occupancy: number }>(
    db,
    sql`select ar.occupancy from tour_rooms tr join accommodation_rooms ar on ar.id = tr.accommodation_room_id
        where tr.id = ${input.tour_room_id}`,
  );
  const { id } = await asAgentFields(() =>
    createBooking(
      db,
      {
        agent_id: agent.agentId,
        tour_bookings: [
          {
            tour_id: departure.tour_id,
            tour_instance_id: input.tour_instance_id,
            tour_room_id: input.tour_room_id,
            guests: input.guests,
            // An unknown room: createBooking answers that it is not offered.
            rooms: roomsForGuests(input.guests, room?.occupancy ?? 1),
          },
        ],
      },
      null,
      { agentName: agent.agentName, passengers: input.passengers, specialRequest: specialRequestOf(input) },
    ),
  );
  const [b] = await queryRows<{ booking_ref: string }>(
    db,
    sql`select booking_ref from bookings where id = ${id}`,
  );
  return { id, booking_ref: b.booking_ref };
}
