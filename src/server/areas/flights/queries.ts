import { type SQL, sql } from 'drizzle-orm';
import type { Airport, Flight, FlightRow } from '../../../shared/api/flights';
import { type Db, queryRows } from '../../db/client';
import { type DataTablesRequest, likeEscape, runSimpleTable } from '../../http/datatables';
import { notFound } from '../../http/errors';

/** A timestamp column as the API sends it: local 'YYYY-MM-DDTHH:mm'. */
export const isoMinute = (col: SQL) => sql`to_char(${col}, 'YYYY-MM-DD"T"HH24:MI')`;

const flightFrom = sql`flights f
  join airports da on da.id = f.departure_airport_id
  join airports aa on aa.id = f.arrival_airport_id
  left join airlines al on al.id = f.airline_id`;

/**
 * Flights table (spec 3 §2 Flights): flight number, departing on, departing from, arriving at,
 * arriving on, airline. Default order: departure time, newest first (spec 3 §9 'Flights table default
 * sort on the seventh column descending' — read as the departure time). Quick search on the number,
 * airports (name or IATA), airline and the departure date as shown (DD/MM/YYYY).
 */
export function flightTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<FlightRow>(db, req, {
    from: flightFrom,
    select: sql`f.id, f.flight_number, ${isoMinute(sql`f.departure_time`)} as departure_time,
      ${isoMinute(sql`f.arrival_time`)} as arrival_time,
      da.airport_name || ' (' || da.iata_code || ')' as departure_airport,
      aa.airport_name || ' (' || aa.iata_code || ')' as arrival_airport,
      da.iata_code as departure_iata, da.airport_name as departure_name,
      aa.iata_code as arrival_iata, aa.airport_name as arrival_name,
      al.name as airline_name, f.stop_sell`,
    sortable: {
      id: sql`f.id`,
      flight_number: sql`f.flight_number`,
      departure_time: sql`f.departure_time`,
      departure_airport: sql`da.airport_name`,
      arrival_airport: sql`aa.airport_name`,
      arrival_time: sql`f.arrival_time`,
      airline_name: sql`al.name`,
    },
    defaultOrder: { column: 'departure_time', dir: 'desc' },
    defaultLength: 25,
    tieBreaker: sql`f.id`,
    searchable: [
      sql`f.flight_number`,
      sql`da.airport_name`,
      sql`da.iata_code`,
      sql`aa.airport_name`,
      sql`aa.iata_code`,
      sql`al.name`,
      sql`to_char(f.departure_time, 'DD/MM/YYYY')`,
    ],
  });
}

const flightColumns = sql`f.id, f.flight_number, f.departure_airport_id, f.arrival_airport_id, f.departure_terminal,
  f.arrival_terminal, f.flight_cost, f.flight_price, ${isoMinute(sql`f.departure_time`)} as departure_time,
  ${isoMinute(sql`f.arrival_time`)} as arrival_time, f.airline_id as airline, f.airline_id,
  case when al.id is null then null else json_build_object('name', al.name) end as selected_airline, f.stop_sell,
  json_build_object('airport_name', da.airport_name, 'iata_code', da.iata_code) as departure_airport,
  json_build_object('airport_name', aa.airport_name, 'iata_code', aa.iata_code) as arrival_airport`;

/** One flight with its airports and airline (GET flights/{id}); 404 when there is none. */
export async function getFlight(db: Db, id: number): Promise<Flight> {
  const [row] = await queryRows<Flight>(
    db,
    sql`select ${flightColumns} from ${flightFrom} where f.id = ${id}`,
  );
  if (!row) throw notFound('Flight not found.');
  return row;
}

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/**
 * GET flights/search/{term}: flights whose number starts with, or whose airports (IATA code or name)
 * match, each word of the term; a word that is a date (DD/MM/YYYY or YYYY-MM-DD) keeps flights
 * departing that day. Upcoming flights first (soonest first), then past ones; at most 50.
 */
export async function searchFlights(db: Db, term: string): Promise<Flight[]> {
  const words = term.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return [];
  const conditions = words.map((w) => {
    const dmy = DMY.exec(w);
    const ymd = dmy
      ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`
      : YMD.test(w)
        ? w
        : null;
    if (ymd && !Number.isNaN(Date.parse(`${ymd}T00:00:00Z`))) {
      return sql`f.departure_time >= ${ymd}::date and f.departure_time < ${ymd}::date + 1`;
    }
    const like = `%${likeEscape(w)}%`;
    return sql`(f.flight_number like ${`${likeEscape(w.toUpperCase())}%`} or da.iata_code = ${w.toUpperCase()}
      or aa.iata_code = ${w.toUpperCase()} or da.airport_name ilike ${like} or aa.airport_name ilike ${like})`;
  });
  return queryRows<Flight>(
    db,
    sql`select ${flightColumns} from ${flightFrom} where ${sql.join(conditions, sql` and `)}
        order by (f.departure_time < localtimestamp), case when f.departure_time >= localtimestamp then f.departure_time end asc,
                 f.departure_time desc, f.id
        limit 50`,
  );
}

const airportColumns = sql`id, airport_name, iata_code, city, country_code`;

/**
 * Airports matching a search (POST airports/airport-search, GET airports/search/{term}): the IATA
 * code first, then names and cities that start with the query, then those that contain it; at most
 * 20. `includeId` (the airport a form already shows) is always in the answer, first.
 */
export async function searchAirports(db: Db, query: string, includeId?: number): Promise<Airport[]> {
  const q = query.trim();
  const rows: Airport[] = [];
  if (includeId) {
    rows.push(
      ...(await queryRows<Airport>(db, sql`select ${airportColumns} from airports where id = ${includeId}`)),
    );
  }
  if (q) {
    const starts = `${likeEscape(q)}%`;
    const contains = `%${likeEscape(q)}%`;
    const found = await queryRows<Airport>(
      db,
      sql`select ${airportColumns} from airports
          where iata_code = ${q.toUpperCase()} or airport_name ilike ${contains} or city ilike ${contains}
          order by (iata_code = ${q.toUpperCase()}) desc,
                   (airport_name ilike ${starts} or city ilike ${starts}) desc,
                   is_departure_airport desc, airport_name, id
          limit 20`,
    );
    rows.push(...found.filter((a) => a.id !== includeId));
  }
  return rows;
}

/** One airport (GET airports/{id}); 404 when there is none. */
export async function getAirport(db: Db, id: number): Promise<Airport> {
  const [row] = await queryRows<Airport>(db, sql`select ${airportColumns} from airports where id = ${id}`);
  if (!row) throw notFound('Airport not found.');
  return row;
}
