import type { FastifyPluginAsync } from 'fastify';
import { airportsApi, flightsApi } from '../../../shared/api/flights';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { flightTable, getAirport, getFlight, searchAirports, searchFlights } from './queries';
import {
  bulkUpdateFlights,
  createFlight,
  createMultipleFlights,
  deleteFlight,
  updateFlight,
} from './service';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Flights and airport look-ups (spec 3 §2 'Flights and airlines', §7 'Flights, airlines'): the
 * endpoints of `flightsApi` and `airportsApi`. Reads are open to staff; creating, editing and
 * deleting flights is role 1 only (spec 3 §6).
 */
export const flightRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['flights'];
  route(app, flightsApi.table, { tags }, async (req) => flightTable(db, req.query));
  route(app, flightsApi.search, { tags }, async (req) => ({
    success: true as const,
    data: await searchFlights(db, req.params.term),
  }));
  route(app, flightsApi.get, { tags }, async (req) => ({
    success: true as const,
    data: [await getFlight(db, req.params.id)],
  }));
  route(app, flightsApi.create, { tags }, async (req) =>
    ok('Flight created successfully.', { data: { id: await createFlight(db, req.body) } }),
  );
  route(app, flightsApi.createMultiple, { tags }, async (req) => {
    const r = await createMultipleFlights(db, req.body);
    const skipped = r.skipped.length
      ? ` Skipped ${plural(r.skipped.length, 'flight')} that already exist: ${r.skipped.slice(0, 10).join(', ')}${r.skipped.length > 10 ? ' …' : ''}.`
      : '';
    return ok(`Created ${plural(r.created.length, 'flight')}.${skipped}`, { data: r });
  });
  route(app, flightsApi.bulkUpdate, { tags }, async (req) => {
    const n = await bulkUpdateFlights(db, req.body);
    return ok(n === 0 ? 'No flight matched: nothing was updated.' : `Updated ${plural(n, 'flight')}.`, {
      data: { updated: n },
    });
  });
  route(app, flightsApi.update, { tags }, async (req) => {
    await updateFlight(db, req.params.id, req.body);
    return ok('Flight updated successfully.');
  });
  route(app, flightsApi.delete, { tags }, async (req) => {
    await deleteFlight(db, req.params.id);
    return ok('Flight deleted successfully.');
  });

  const airportTags = ['airports'];
  route(app, airportsApi.search, { tags: airportTags }, async (req) => ({
    success: true as const,
    data: await searchAirports(db, req.body.search_query, req.body.include_id),
  }));
  route(app, airportsApi.searchTerm, { tags: airportTags }, async (req) => ({
    success: true as const,
    data: await searchAirports(db, req.params.term),
  }));
  route(app, airportsApi.get, { tags: airportTags }, async (req) => ({
    success: true as const,
    data: await getAirport(db, req.params.id),
  }));
};
