import { and, eq, sql } from 'drizzle-orm';
import type { InstanceFlight } from '../../../shared/api/tour-catalogue';
import { type Db, queryRows } from '../../db/client';
import { tour_instance_flights } from '../../db/schema';
import { uniqueAs } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';

/** The flights of a tour instance (spec 3 §3 Flight on an instance): listed, added, removed, marked indirect. */

/** Flights of an instance (spec 3 §3 Flight on an instance), by departure time. */
export async function instanceFlights(db: Db, instanceId: number): Promise<InstanceFlight[]> {
  return queryRows<InstanceFlight>(
    db,
    sql`select f.id, f.flight_number,
               json_build_object('airport_name', da.airport_name, 'iata_code', da.iata_code) as departure_airport,
               json_build_object('airport_name', aa.airport_name, 'iata_code', aa.iata_code) as arrival_airport,
               to_char(f.departure_time, 'YYYY-MM-DD"T"HH24:MI:SS') as departure_time,
               to_char(f.arrival_time, 'YYYY-MM-DD"T"HH24:MI:SS') as arrival_time,
               tif.indirect_outbound, tif.indirect_inbound
        from tour_instance_flights tif
        join flights f on f.id = tif.flight_id
        join airports da on da.id = f.departure_airport_id
        join airports aa on aa.id = f.arrival_airport_id
        where tif.tour_instance_id = ${instanceId}
        order by f.departure_time, f.id`,
  );
}

/** The tour type of instance `id` (404 when there is none). */
async function instanceTourType(db: Db, id: number): Promise<string> {
  const [row] = await queryRows<{ tour_type: string }>(
    db,
    sql`select t.tour_type from tour_instances i join tours t on t.id = i.tour_id where i.id = ${id}`,
  );
  if (!row) throw notFound('Instance not found.');
  return row.tour_type;
}

/** POST tours/instances/{id}/flights: adds a catalogue flight to an air or world-wide instance. */
export async function addInstanceFlight(db: Db, id: number, flightId: number): Promise<void> {
  const type = await instanceTourType(db, id);
  if (type !== 'air' && type !== 'world-wide') {
    throw validationError({ flight_id: ['Flights can be added to air tours only.'] });
  }
  const [flight] = await queryRows(db, sql`select 1 from flights where id = ${flightId}`);
  if (!flight) throw validationError({ flight_id: ['Unknown flight.'] });
  await uniqueAs(
    () => db.insert(tour_instance_flights).values({ tour_instance_id: id, flight_id: flightId }),
    'flight_id',
    'This flight is already added.',
  );
}

/** POST tours/instances/{id}/flights/{flightId}/delete. */
export async function removeInstanceFlight(db: Db, id: number, flightId: number): Promise<void> {
  const rows = await db
    .delete(tour_instance_flights)
    .where(and(eq(tour_instance_flights.tour_instance_id, id), eq(tour_instance_flights.flight_id, flightId)))
    .returning({ id: tour_instance_flights.flight_id });
  if (rows.length === 0) throw notFound('Flight not found on this instance.');
}

/** POST tours/instances/{id}/flights/{flightId}: sets indirect outbound or inbound. */
export async function setFlightIndirect(
  db: Db,
  id: number,
  flightId: number,
  direction: 'outbound' | 'inbound',
  status: boolean,
): Promise<void> {
  const rows = await db
    .update(tour_instance_flights)
    .set(direction === 'outbound' ? { indirect_outbound: status } : { indirect_inbound: status })
    .where(and(eq(tour_instance_flights.tour_instance_id, id), eq(tour_instance_flights.flight_id, flightId)))
    .returning({ id: tour_instance_flights.flight_id });
  if (rows.length === 0) throw notFound('Flight not found on this instance.');
}
