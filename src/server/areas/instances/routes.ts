import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, optionalYmd } from '../../../shared/api/common';
import {
  instanceCreateInput,
  instanceFlightFlagInput,
  instanceFlightInput,
  instanceGetPriceInput,
  instanceInput,
  instancePriceInput,
} from '../../../shared/api/tour-catalogue';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import {
  addInstanceFlight,
  createInstance,
  deleteInstance,
  getInstance,
  getInstancePrice,
  removeInstanceFlight,
  saveInstancePrice,
  setFlightIndirect,
  tourInstances,
  updateInstance,
} from './queries';

const flightParams = z.object({ id: idSchema, flightId: idSchema });
const FIELD_LABELS = { price: 'Price', cost: 'Cost', sale_price: 'Sale price' } as const;

/**
 * Tour instances (spec 3 §2 Tour instance, §7 Instances): a group's departures from an airport,
 * pickup point or self drive; their flights and room prices. Writes are role 1 only (spec 3 §6).
 */
export const instanceRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['instances'];
  app.get(
    '/tours/:id/instances',
    {
      schema: {
        tags,
        summary:
          "A tour's instances (optional DepartureAirport id or IATA, departureFromDate, departureToDate): data.",
        params: idParams,
        querystring: z.object({
          DepartureAirport: z.string().trim().max(10).optional(),
          departureFromDate: optionalYmd,
          departureToDate: optionalYmd,
        }),
      },
    },
    async (req) => ({
      success: true,
      data: await tourInstances(db, req.params.id, {
        airport: req.query.DepartureAirport || undefined,
        from: req.query.departureFromDate,
        to: req.query.departureToDate,
      }),
    }),
  );
  app.post(
    '/tours/instances',
    {
      config: { permission: 'instances.create' },
      schema: {
        tags,
        summary: 'Create an instance of a group (departure date required); answers data.id.',
        body: instanceCreateInput,
      },
    },
    async (req) => ok('Instance created successfully.', { data: { id: await createInstance(db, req.body) } }),
  );
  app.get(
    '/tours/instances/:id',
    {
      schema: {
        tags,
        summary: 'One instance with its tour, group, flights, room prices and bookings: data.',
        params: idParams,
      },
    },
    async (req) => ({ success: true, data: await getInstance(db, req.params.id) }),
  );
  app.post(
    '/tours/instances/:id',
    {
      config: { permission: 'instances.update' },
      schema: {
        tags,
        summary: 'Update an instance (every field of spec 3 §2 by tour type).',
        params: idParams,
        body: instanceInput,
      },
    },
    async (req) => {
      await updateInstance(db, req.params.id, req.body);
      return ok('Instance updated successfully.');
    },
  );
  app.post(
    '/tours/instances/:id/delete',
    {
      config: { permission: 'instances.delete' },
      schema: {
        tags,
        summary:
          "Delete an instance; refused while bookings use it ('Oops... Sorry, this instance have active bookings.').",
        params: idParams,
      },
    },
    async (req) => {
      await deleteInstance(db, req.params.id);
      return ok('Instance deleted successfully.');
    },
  );
  app.post(
    '/tours/instances/:id/flights',
    {
      config: { permission: 'instances.update' },
      schema: {
        tags,
        summary: 'Add a catalogue flight (flight_id or id) to an air instance.',
        params: idParams,
        body: instanceFlightInput,
      },
    },
    async (req) => {
      await addInstanceFlight(db, req.params.id, req.body.flight_id);
      return ok('Flight added successfully.');
    },
  );
  app.post(
    '/tours/instances/:id/flights/:flightId/delete',
    {
      config: { permission: 'instances.update' },
      schema: { tags, summary: 'Remove a flight from an instance.', params: flightParams },
    },
    async (req) => {
      await removeInstanceFlight(db, req.params.id, req.params.flightId);
      return ok('Flight removed successfully.');
    },
  );
  app.post(
    '/tours/instances/:id/flights/:flightId',
    {
      config: { permission: 'instances.update' },
      schema: {
        tags,
        summary:
          'Set indirect outbound or inbound on an instance flight: type (indirect), status, direction.',
        params: flightParams,
        body: instanceFlightFlagInput,
      },
    },
    async (req) => {
      await setFlightIndirect(db, req.params.id, req.params.flightId, req.body.direction, req.body.status);
      return ok(`Indirect ${req.body.direction} updated`);
    },
  );
  app.post(
    '/tours/instances/:id/getprices',
    {
      config: { permission: 'tours.read' },
      schema: {
        tags,
        summary: 'The saved price row of one room: data {price, cost, sale_price}.',
        params: idParams,
        body: instanceGetPriceInput,
      },
    },
    async (req) => ({ success: true, data: await getInstancePrice(db, req.params.id, req.body.room_id) }),
  );
  app.post(
    '/tours/instances/:id/prices',
    {
      config: { permission: 'instances.update' },
      schema: {
        tags,
        summary:
          "Save a room's price, cost and/or sale_price on the instance (per field; '{field} updated').",
        params: idParams,
        body: instancePriceInput,
      },
    },
    async (req) => {
      await saveInstancePrice(db, req.params.id, req.body);
      const sent = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).filter(
        (k) => req.body[k] !== undefined,
      );
      return ok(sent.length === 1 ? `${FIELD_LABELS[sent[0]]} updated` : 'Prices updated');
    },
  );
};
