import { z } from 'zod';
import { idOrText, idSchema, optionalYmd } from './common';
import { createdAnswer, endpoint, messageAnswer } from './contract';
import { idParams } from './params';
import {
  instanceAnswer,
  instanceCreateInput,
  instanceFlightFlagInput,
  instanceFlightInput,
  instanceGetPriceInput,
  instanceInput,
  instancePriceInput,
  instanceRowAnswer,
} from './tour-catalogue';

/**
 * Tour instances (spec 3 §2 Tour instance, §7 Instances): a group's departures from an airport,
 * pickup point or self drive; their flights and room prices. Writes are role 1 only (spec 3 §6).
 * Input and shared answer schemas: tour-catalogue.ts.
 */

/** Spec 3 §8, word for word: an instance (or a group) is not deleted while bookings use it. */
export const HAS_ACTIVE_BOOKINGS = 'Oops... Sorry, this instance have active bookings.';

const flightParams = z.object({ id: idSchema, flightId: idSchema });

/** Tour instances (spec 3 §7 Instances). */
export const instancesApi = {
  ofTour: endpoint({
    method: 'GET',
    path: '/tours/:id/instances',
    summary:
      "A tour's instances (optional DepartureAirport id or IATA, departureFromDate, departureToDate): " +
      'instances (spec 1 §7), the same list also as data.',
    params: idParams,
    query: z.object({
      DepartureAirport: idOrText(10),
      departureFromDate: optionalYmd,
      departureToDate: optionalYmd,
    }),
    answer: z.object({
      success: z.literal(true),
      instances: z.array(instanceRowAnswer),
      data: z.array(instanceRowAnswer),
    }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/tours/instances',
    summary: 'Create an instance of a group (departure date required); answers data.id.',
    permission: 'instances.create',
    body: instanceCreateInput,
    answer: createdAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: '/tours/instances/:id',
    summary: 'One instance with its tour, group, flights, room prices and bookings: data.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: instanceAnswer }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/tours/instances/:id',
    summary: 'Update an instance (every field of spec 3 §2 by tour type).',
    permission: 'instances.update',
    params: idParams,
    body: instanceInput,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/tours/instances/:id/delete',
    summary:
      "Delete an instance; refused while bookings use it ('Oops... Sorry, this instance have active bookings.').",
    permission: 'instances.delete',
    params: idParams,
    answer: messageAnswer,
  }),
  addFlight: endpoint({
    method: 'POST',
    path: '/tours/instances/:id/flights',
    summary: 'Add a catalogue flight (flight_id or id) to an air instance.',
    permission: 'instances.update',
    params: idParams,
    body: instanceFlightInput,
    answer: messageAnswer,
  }),
  removeFlight: endpoint({
    method: 'POST',
    path: '/tours/instances/:id/flights/:flightId/delete',
    summary: 'Remove a flight from an instance.',
    permission: 'instances.update',
    params: flightParams,
    answer: messageAnswer,
  }),
  flightIndirect: endpoint({
    method: 'POST',
    path: '/tours/instances/:id/flights/:flightId',
    summary: 'Set indirect outbound or inbound on an instance flight: type (indirect), status, direction.',
    permission: 'instances.update',
    params: flightParams,
    body: instanceFlightFlagInput,
    answer: messageAnswer,
  }),
  getPrice: endpoint({
    method: 'POST',
    path: '/tours/instances/:id/getprices',
    summary: 'The saved price row of one room: data {price, cost, sale_price}.',
    permission: 'tours.read',
    params: idParams,
    body: instanceGetPriceInput,
    answer: z.object({
      success: z.literal(true),
      data: z.object({ price: z.string(), cost: z.string(), sale_price: z.string() }),
    }),
  }),
  savePrice: endpoint({
    method: 'POST',
    path: '/tours/instances/:id/prices',
    summary: "Save a room's price, cost and/or sale_price on the instance (per field; '{field} updated').",
    permission: 'instances.update',
    params: idParams,
    body: instancePriceInput,
    answer: messageAnswer,
  }),
};
