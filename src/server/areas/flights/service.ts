import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ARRIVAL_AFTER_DEPARTURE,
  type bulkUpdateFlightsInput,
  FLIGHT_EXISTS_MESSAGE,
  type flightInput,
  type multipleFlightsInput,
  SAME_AIRPORT_MESSAGE,
  WEEKDAYS,
} from '../../../shared/api/flights';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { isUniqueViolation, refuseIfInUse } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';

type FlightValues = z.output<typeof flightInput>;
type MultipleValues = z.output<typeof multipleFlightsInput>;
type BulkValues = z.output<typeof bulkUpdateFlightsInput>;

export const FLIGHT_IN_USE_MESSAGE =
  'This flight cannot be deleted: tour instances use it. Remove it from those instances first.';

/** A unique (flight_number, departure_time) clash answers 422 on both fields. */
async function uniqueFlight<T>(fn: () => Promise<T>, message = FLIGHT_EXISTS_MESSAGE): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e))
      throw validationError({ flight_number: [message], departure_time: [message] }, message);
    throw e;
  }
}

/** Airports and airline ids that do not exist answer 422 on their field (not a 500). */
async function checkReferences(
  db: Db,
  v: { departure_airport_id?: number; arrival_airport_id?: number; airline_id?: number | null },
) {
  const [r] = await queryRows<{ dep: boolean; arr: boolean; airline: boolean }>(
    db,
    sql`select ${v.departure_airport_id == null} or exists (select 1 from airports where id = ${v.departure_airport_id ?? 0}) as dep,
               ${v.arrival_airport_id == null} or exists (select 1 from airports where id = ${v.arrival_airport_id ?? 0}) as arr,
               ${v.airline_id == null} or exists (select 1 from airlines where id = ${v.airline_id ?? 0}) as airline`,
  );
  const errors: Record<string, string[]> = {};
  if (!r.dep) errors.departure_airport_id = ['Choose a departure airport from the list.'];
  if (!r.arr) errors.arrival_airport_id = ['Choose an arrival airport from the list.'];
  if (!r.airline) errors.airline_id = ['Choose an airline from the list.'];
  if (Object.keys(errors).length) throw validationError(errors);
}

const row = (
  v: FlightValues,
) => sql`${v.flight_number}, ${v.airline_id}, ${v.departure_airport_id}, ${v.arrival_airport_id},
  ${v.departure_terminal ?? null}, ${v.arrival_terminal ?? null}, ${v.flight_cost}::numeric, ${v.flight_price}::numeric,
  ${v.departure_time}::timestamp, ${v.arrival_time}::timestamp, ${v.stop_sell}`;

/** POST flights: creates a flight; answers its id. */
export async function createFlight(db: Db, v: FlightValues): Promise<number> {
  await checkReferences(db, v);
  const [r] = await uniqueFlight(() =>
    queryRows<{ id: number }>(
      db,
      sql`insert into flights (flight_number, airline_id, departure_airport_id, arrival_airport_id, departure_terminal,
            arrival_terminal, flight_cost, flight_price, departure_time, arrival_time, stop_sell)
          values (${row(v)}) returning id`,
    ),
  );
  return r.id;
}

/** POST flights/{id}: saves every field of a flight. */
export async function updateFlight(db: Db, id: number, v: FlightValues): Promise<void> {
  await checkReferences(db, v);
  const rows = await uniqueFlight(() =>
    queryRows<{ id: number }>(
      db,
      sql`update flights set (flight_number, airline_id, departure_airport_id, arrival_airport_id, departure_terminal,
            arrival_terminal, flight_cost, flight_price, departure_time, arrival_time, stop_sell) = (${row(v)}),
            updated_at = now()
          where id = ${id} returning id`,
    ),
  );
  if (rows.length === 0) throw notFound('Flight not found.');
}

/** POST flights/{id}/delete: refused (409) while tour instances use the flight. */
export async function deleteFlight(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => queryRows<{ id: number }>(db, sql`delete from flights where id = ${id} returning id`),
    FLIGHT_IN_USE_MESSAGE,
  );
  if (rows.length === 0) throw notFound('Flight not found.');
}

const isoDows = (days: readonly string[]) =>
  sql.join(
    days.map((d) => sql`${WEEKDAYS.indexOf(d as (typeof WEEKDAYS)[number]) + 1}`),
    sql`, `,
  );

/** 'YYYY-MM-DDTHH:mm' → 'DD/MM/YYYY HH:mm' for messages. */
const ukDateTime = (s: string) => `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)} ${s.slice(11, 16)}`;

/**
 * POST flights/multiple ('add multiple flights'): one flight per day from start_date to end_date that
 * falls on a selected weekday, departing at departure_time and arriving at arrival_time (the next day
 * when that time is not after the departure time). The free-text airline is matched to an airline by
 * name (case-insensitive). One transaction; flights that already exist (same number and departure
 * time) are skipped and reported.
 */
export async function createMultipleFlights(
  db: Db,
  v: MultipleValues,
): Promise<{ created: number[]; skipped: string[] }> {
  return inTransaction(db, async (tx) => {
    let airlineId = v.airline_id ?? null;
    if (airlineId == null && v.airline) {
      const [a] = await queryRows<{ id: number }>(
        tx,
        sql`select id from airlines where lower(name) = lower(${v.airline}) order by id limit 1`,
      );
      if (!a)
        throw validationError({
          airline: [`No airline is called "${v.airline}". Add it on the Airlines screen first.`],
        });
      airlineId = a.id;
    }
    await checkReferences(tx, { ...v, airline_id: airlineId });
    const nextDay = v.arrival_time <= v.departure_time ? sql`interval '1 day'` : sql`interval '0 day'`;
    const days = sql`(select d::date as day from generate_series(${v.start_date}::date, ${v.end_date}::date, interval '1 day') d
                      where extract(isodow from d) in (${isoDows(v.selected_days_of_week)}))`;
    const candidates = await queryRows<{ departure_time: string }>(
      tx,
      sql`select to_char(day + ${v.departure_time}::time, 'YYYY-MM-DD"T"HH24:MI') as departure_time from ${days} x order by day`,
    );
    if (candidates.length === 0) {
      throw validationError({
        selected_days_of_week: ['No day in the date range falls on the chosen days.'],
      });
    }
    const created = await queryRows<{ id: number; departure_time: string }>(
      tx,
      sql`insert into flights (flight_number, airline_id, departure_airport_id, arrival_airport_id, departure_terminal,
            arrival_terminal, flight_cost, flight_price, departure_time, arrival_time, stop_sell)
          select ${v.flight_number}, ${airlineId}, ${v.departure_airport_id}, ${v.arrival_airport_id},
                 ${v.departure_terminal ?? null}, ${v.arrival_terminal ?? null}, ${v.flight_cost}::numeric,
                 ${v.flight_price}::numeric, day + ${v.departure_time}::time, day + ${nextDay} + ${v.arrival_time}::time,
                 ${v.stop_sell}
          from ${days} x order by day
          on conflict on constraint flights_number_time_uq do nothing
          returning id, to_char(departure_time, 'YYYY-MM-DD"T"HH24:MI') as departure_time`,
    );
    const made = new Set(created.map((c) => c.departure_time));
    return {
      created: created.map((c) => c.id),
      skipped: candidates.filter((c) => !made.has(c.departure_time)).map((c) => ukDateTime(c.departure_time)),
    };
  });
}

/**
 * POST flights/update/multiple ('update multiple flights'): the flights numbered filter_flight_number
 * departing from date_from to date_to (by departure date) on the selected weekdays (none = every
 * day) get the given details, in one transaction under row locks. A new departure time keeps each
 * flight's date; a new arrival time lands on the departure's date (the next day when not after the
 * departure time); a new departure time without a new arrival time moves the arrival by the same
 * amount, so the flight keeps its duration. Refused (422, nothing changed) if a flight would arrive
 * before it departs, fly between one airport and itself, or clash with another flight's number and time.
 */
export async function bulkUpdateFlights(db: Db, v: BulkValues): Promise<number> {
  const d = v.flightDetails;
  await checkReferences(db, d);
  return inTransaction(db, async (tx) => {
    const dows = v.selected_days_of_week.length
      ? sql`and extract(isodow from departure_time) in (${isoDows(v.selected_days_of_week)})`
      : sql``;
    const matched = await queryRows<{ id: number }>(
      tx,
      sql`select id from flights where flight_number = ${v.filter_flight_number}
            and departure_time >= ${v.date_from}::date and departure_time < ${v.date_to}::date + 1 ${dows}
          order by id for update`,
    );
    if (matched.length === 0) return 0;
    const idList = sql.join(
      matched.map((m) => sql`${m.id}`),
      sql`, `,
    );
    const sets: SQL[] = [];
    const newDeparture = d.departure_time
      ? sql`(departure_time::date + ${d.departure_time}::time)`
      : sql`departure_time`;
    if (d.departure_time) sets.push(sql`departure_time = ${newDeparture}`);
    if (d.arrival_time) {
      sets.push(
        sql`arrival_time = ${newDeparture}::date + ${d.arrival_time}::time
            + case when ${d.arrival_time}::time <= ${newDeparture}::time then interval '1 day' else interval '0 day' end`,
      );
    } else if (d.departure_time) {
      sets.push(sql`arrival_time = arrival_time + (${newDeparture} - departure_time)`);
    }
    const simple: [string, unknown, SQL?][] = [
      ['departure_airport_id', d.departure_airport_id],
      ['arrival_airport_id', d.arrival_airport_id],
      ['departure_terminal', d.departure_terminal],
      ['arrival_terminal', d.arrival_terminal],
      ['airline_id', d.airline_id],
      ['flight_cost', d.flight_cost, sql`::numeric`],
      ['flight_price', d.flight_price, sql`::numeric`],
      ['stop_sell', d.stop_sell],
    ];
    for (const [column, value, cast] of simple) {
      if (value !== undefined) sets.push(sql`${sql.identifier(column)} = ${value}${cast ?? sql``}`);
    }
    const updated = await uniqueFlight(
      () =>
        queryRows<{ id: number; bad_time: boolean; same_airport: boolean }>(
          tx,
          sql`update flights set ${sql.join(sets, sql`, `)}, updated_at = now() where id in (${idList})
              returning id, arrival_time <= departure_time as bad_time, arrival_airport_id = departure_airport_id as same_airport`,
        ),
      'Another flight with this number already departs at one of the new times. Nothing was changed.',
    );
    if (updated.some((u) => u.bad_time)) {
      throw validationError(
        { 'flightDetails.arrival_time': [ARRIVAL_AFTER_DEPARTURE] },
        `${ARRIVAL_AFTER_DEPARTURE} Nothing was changed.`,
      );
    }
    if (updated.some((u) => u.same_airport)) {
      throw validationError(
        { 'flightDetails.arrival_airport_id': [SAME_AIRPORT_MESSAGE] },
        `${SAME_AIRPORT_MESSAGE} Nothing was changed.`,
      );
    }
    return updated.length;
  });
}
