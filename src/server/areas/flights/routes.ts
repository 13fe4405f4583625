import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blankToUndefined, idSchema } from '../../../shared/api/common';
import { bulkUpdateFlightsInput, flightInput, multipleFlightsInput } from '../../../shared/api/flights';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import { flightTable, getAirport, getFlight, searchAirports, searchFlights } from './queries';
import {
  bulkUpdateFlights,
  createFlight,
  createMultipleFlights,
  deleteFlight,
  updateFlight,
} from './service';

const termParams = z.object({ term: z.string().max(100) });
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Flights and airport look-ups (spec 3 §2 'Flights and airlines', §7 'Flights, airlines'). Reads are
 * open to staff; creating, editing and deleting flights is role 1 only (spec 3 §6).
 */
export const flightRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['flights'];
  app.get(
    '/flights/table',
    {
      schema: {
        tags,
        summary: 'Flights, DataTables protocol; default order departure time, newest first.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => flightTable(db, req.query),
  );
  app.get(
    '/flights/search/:term',
    {
      schema: {
        tags,
        summary:
          'Flights matching each word (number prefix, airport code or name, date DD/MM/YYYY): data, at most 50.',
        params: termParams,
      },
    },
    async (req) => ({ success: true, data: await searchFlights(db, req.params.term) }),
  );
  app.get(
    '/flights/:id',
    { schema: { tags, summary: 'One flight: data [flight] (a list; the first is used).', params: idParams } },
    async (req) => ({ success: true, data: [await getFlight(db, req.params.id)] }),
  );
  app.post(
    '/flights',
    {
      config: { permission: 'flights.create' },
      schema: { tags, summary: 'Create a flight; answers data.id.', body: flightInput },
    },
    async (req) => ok('Flight created successfully.', { data: { id: await createFlight(db, req.body) } }),
  );
  app.post(
    '/flights/multiple',
    {
      config: { permission: 'flights.create' },
      schema: {
        tags,
        summary:
          'Create one flight per selected weekday in a date range (one transaction); existing ones are skipped.',
        body: multipleFlightsInput,
      },
    },
    async (req) => {
      const r = await createMultipleFlights(db, req.body);
      const skipped = r.skipped.length
        ? ` Skipped ${plural(r.skipped.length, 'flight')} that already exist: ${r.skipped.slice(0, 10).join(', ')}${r.skipped.length > 10 ? ' …' : ''}.`
        : '';
      return ok(`Created ${plural(r.created.length, 'flight')}.${skipped}`, { data: r });
    },
  );
  app.post(
    '/flights/update/multiple',
    {
      config: { permission: 'flights.update' },
      schema: {
        tags,
        summary:
          'Change the details of every flight matching number, date range and weekdays (one transaction).',
        body: bulkUpdateFlightsInput,
      },
    },
    async (req) => {
      const n = await bulkUpdateFlights(db, req.body);
      return ok(n === 0 ? 'No flight matched: nothing was updated.' : `Updated ${plural(n, 'flight')}.`, {
        data: { updated: n },
      });
    },
  );
  app.post(
    '/flights/:id',
    {
      config: { permission: 'flights.update' },
      schema: { tags, summary: 'Update a flight.', params: idParams, body: flightInput },
    },
    async (req) => {
      await updateFlight(db, req.params.id, req.body);
      return ok('Flight updated successfully.');
    },
  );
  app.post(
    '/flights/:id/delete',
    {
      config: { permission: 'flights.delete' },
      schema: { tags, summary: 'Delete a flight (refused while tour instances use it).', params: idParams },
    },
    async (req) => {
      await deleteFlight(db, req.params.id);
      return ok('Flight deleted successfully.');
    },
  );

  app.post(
    '/airports/airport-search',
    {
      config: { permission: 'airports.search' },
      schema: {
        tags: ['airports'],
        summary:
          'Airports matching search_query (IATA, name, city), at most 20; include_id is always included.',
        body: z.object({
          search_query: z.preprocess((v) => v ?? '', z.string().max(100)),
          include_id: z.preprocess(blankToUndefined, idSchema.optional()),
        }),
      },
    },
    async (req) => ({
      success: true,
      data: await searchAirports(db, req.body.search_query, req.body.include_id),
    }),
  );
  app.get(
    '/airports/search/:term',
    {
      schema: { tags: ['airports'], summary: 'Airports matching the term, at most 20.', params: termParams },
    },
    async (req) => ({ success: true, data: await searchAirports(db, req.params.term) }),
  );
  app.get(
    '/airports/:id',
    { schema: { tags: ['airports'], summary: 'One airport: data.', params: idParams } },
    async (req) => ({ success: true, data: await getAirport(db, req.params.id) }),
  );
};
