import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AGENT_MESSAGES,
  type AgentOffer,
  type agentDepartureAnswer,
  type agentDeparturesQuery,
  type agentTourAnswer,
} from '../../../shared/api/agent-side';
import { londonToday } from '../../../shared/dates';
import { type Db, queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import { effectiveSql, getInstanceOffer, placesTaken, saleClosedReason } from '../availability';
import { airportsByCountry } from '../tours';

/**
 * What an agency may book (issue #25, 'Book for a client'): tours on sale, UK departure airports,
 * a tour's departures with places left, and a departure's rooms priced by staff's offer rule
 * (availability area: getInstanceOffer). Each answer is its own schema (agent-side.ts): no cost,
 * supplier or staff field is read into it.
 */

type AgentDeparture = z.infer<typeof agentDepartureAnswer>;

/** Why a departure is on stop sell or full (after sale_closed's departed and release days). */
export const DEPARTURE_STOP_SELL = 'This departure is on stop sell.';
export const DEPARTURE_FULL = 'This departure has no places left.';

/**
 * GET agent/tours: tours not suppressed with a departure from today (London) on, by name.
 */
export async function agentTours(db: Db): Promise<z.infer<typeof agentTourAnswer>[]> {
  return queryRows(
    db,
    sql`select t.id, t.name, t.tour_type, t.duration from tours t
        where not t.is_suppressed
          and exists (select 1 from tour_instances i where i.tour_id = t.id and i.departure_date >= ${londonToday()}::date)
        order by lower(t.name), t.id`,
  );
}

/** GET agent/departure-airports: the UK (GB) departure airports staff's panel offers, 'Name (IATA)'. */
export async function agentAirports(db: Db): Promise<{ id: number; name: string }[]> {
  return (await airportsByCountry(db, 'GB')).map((a) => ({
    id: a.id,
    name: `${a.airport_name} (${a.iata_code})`,
  }));
}

/** A departure row as read: the answer's fields plus what its sale_closed is made of. */
interface DepartureRow {
  id: number;
  tour_id: number;
  tour_name: string;
  departure_date: string;
  duration: number | null;
  airport: string | null;
  places: number | null;
  places_taken: number;
  release_days: number | null;
  stop_sell: boolean;
}

/**
 * Departures of tours not suppressed meeting `where` (aliases i, g, t, ap), by date: effective
 * places (instance → group → tour) less those taken, release days and stop sell at any level.
 */
async function departureRows(db: Db, where: SQL): Promise<DepartureRow[]> {
  return queryRows<DepartureRow>(
    db,
    sql`select i.id, i.tour_id, t.name as tour_name, i.departure_date::text as departure_date,
               ${effectiveSql('duration')} as duration,
               case when ap.id is null then null else ap.airport_name || ' (' || ap.iata_code || ')' end as airport,
               ${effectiveSql('places')} as places, ${placesTaken(sql`i.id`)} as places_taken,
               ${effectiveSql('release_days_before')} as release_days,
               (i.stop_sell or g.stop_sell or t.stop_sell) as stop_sell
        from tour_instances i
        join tour_groups g on g.id = i.tour_group_id
        join tours t on t.id = i.tour_id
        left join airports ap on ap.id = i.departure_airport_id
        where not t.is_suppressed and ${where}
        order by i.departure_date, i.id
        limit 500`,
  );
}

/** A departure row as answered: places left (null: no limit) and why its sale is closed, or null. */
function departureAnswer(r: DepartureRow): AgentDeparture {
  const placesLeft = r.places === null ? null : Math.max(0, r.places - r.places_taken);
  return {
    id: r.id,
    departure_date: r.departure_date,
    duration: r.duration,
    airports: r.airport ? [r.airport] : [],
    places_left: placesLeft,
    sale_closed:
      saleClosedReason(r.departure_date, r.release_days) ??
      (r.stop_sell ? DEPARTURE_STOP_SELL : placesLeft === 0 ? DEPARTURE_FULL : null),
  };
}

/**
 * GET agent/tours/{id}/departures: the tour's departures from `from` (default today, London) to
 * `to`, optionally from one departure airport (staff's GET tours/{id}/instances filters). 404
 * AGENT_MESSAGES.tourNotFound for an unknown or suppressed tour.
 */
export async function agentDepartures(
  db: Db,
  tourId: number,
  q: z.infer<typeof agentDeparturesQuery>,
): Promise<AgentDeparture[]> {
  const [tour] = await queryRows(db, sql`select 1 from tours where id = ${tourId} and not is_suppressed`);
  if (!tour) throw notFound(AGENT_MESSAGES.tourNotFound);
  const where: SQL[] = [
    sql`i.tour_id = ${tourId}`,
    sql`i.departure_date >= ${q.from ?? londonToday()}::date`,
  ];
  if (q.to) where.push(sql`i.departure_date <= ${q.to}::date`);
  if (q.airport_id) where.push(sql`i.departure_airport_id = ${q.airport_id}`);
  return (await departureRows(db, sql.join(where, sql` and `))).map(departureAnswer);
}

/**
 * The tour of departure `instanceId` when the agency may see it (the tour is not suppressed);
 * 404 AGENT_MESSAGES.departureNotFound otherwise.
 */
export async function bookableDeparture(db: Db, instanceId: number): Promise<DepartureRow> {
  const [row] = await departureRows(db, sql`i.id = ${instanceId}`);
  if (!row) throw notFound(AGENT_MESSAGES.departureNotFound);
  return row;
}

/** Why a room of an open departure is not for sale: its own stop sell, or no rooms left. */
function roomReason(r: { stop_sell: boolean; remaining_availability: number }) {
  if (r.stop_sell) return 'This room is on stop sell.';
  if (r.remaining_availability <= 0) return 'No rooms left.';
  return 'Not for sale.';
}

const positive = (v: string | null) => v !== null && new Decimal(v).gt(0);

/**
 * GET agent/departures/{id}/rooms: the departure and its rooms, priced and counted by EXACTLY
 * staff's add-tour panel rule (getInstanceOffer): price as charged (the sale price when above
 * 0.00, as the totals rule charges it), the price before it, rooms left for the stay, for sale and
 * why not. Rooms without a price are not offered. 404 AGENT_MESSAGES.departureNotFound for an
 * unknown departure or one of a suppressed tour.
 */
export async function agentOffer(db: Db, instanceId: number): Promise<AgentOffer> {
  const row = await bookableDeparture(db, instanceId);
  const offer = await getInstanceOffer(db, instanceId);
  const departure = departureAnswer(row);
  const rooms: AgentOffer['rooms'] = [];
  for (const r of offer.data) {
    if (r.price === null) continue;
    const onSale = positive(r.sale_price);
    const reason = r.for_sale ? null : (r.sale_closed ?? departure.sale_closed ?? roomReason(r));
    rooms.push({
      tour_room_id: r.tour_room_id,
      accommodation: r.accommodation.name,
      room: r.name,
      board_basis: r.board_basis,
      occupancy: r.occupancy,
      price: onSale ? (r.sale_price as string) : r.price,
      was_price: onSale ? r.price : null,
      rooms_left: r.remaining_availability,
      for_sale: r.for_sale,
      reason,
    });
  }
  return { departure: { ...departure, tour_id: row.tour_id, tour_name: row.tour_name }, rooms };
}
