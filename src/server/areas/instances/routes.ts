import type { FastifyPluginAsync } from 'fastify';
import { instancesApi } from '../../../shared/api/instances';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { addInstanceFlight, removeInstanceFlight, setFlightIndirect } from './flights';
import {
  createInstance,
  deleteInstance,
  getInstance,
  getInstancePrice,
  saveInstancePrice,
  tourInstances,
  updateInstance,
} from './queries';

const FIELD_LABELS = { price: 'Price', cost: 'Cost', sale_price: 'Sale price' } as const;

/**
 * Tour instances (spec 3 §2 Tour instance, §7 Instances): the endpoints of `instancesApi` — a
 * group's departures from an airport, pickup point or self drive; their flights and room prices.
 * Writes are role 1 only (spec 3 §6).
 */
export const instanceRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['instances'];
  route(app, instancesApi.ofTour, { tags }, async (req) => {
    const instances = await tourInstances(db, req.params.id, {
      airport: req.query.DepartureAirport || undefined,
      from: req.query.departureFromDate,
      to: req.query.departureToDate,
    });
    return { success: true as const, instances, data: instances };
  });
  route(app, instancesApi.create, { tags }, async (req) =>
    ok('Instance created successfully.', { data: { id: await createInstance(db, req.body) } }),
  );
  route(app, instancesApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getInstance(db, req.params.id),
  }));
  route(app, instancesApi.update, { tags }, async (req) => {
    await updateInstance(db, req.params.id, req.body);
    return ok('Instance updated successfully.');
  });
  route(app, instancesApi.delete, { tags }, async (req) => {
    await deleteInstance(db, req.params.id);
    return ok('Instance deleted successfully.');
  });
  route(app, instancesApi.addFlight, { tags }, async (req) => {
    await addInstanceFlight(db, req.params.id, req.body.flight_id);
    return ok('Flight added successfully.');
  });
  route(app, instancesApi.removeFlight, { tags }, async (req) => {
    await removeInstanceFlight(db, req.params.id, req.params.flightId);
    return ok('Flight removed successfully.');
  });
  route(app, instancesApi.flightIndirect, { tags }, async (req) => {
    await setFlightIndirect(db, req.params.id, req.params.flightId, req.body.direction, req.body.status);
    return ok(`Indirect ${req.body.direction} updated`);
  });
  route(app, instancesApi.getPrice, { tags }, async (req) => ({
    success: true as const,
    data: await getInstancePrice(db, req.params.id, req.body.room_id),
  }));
  route(app, instancesApi.savePrice, { tags }, async (req) => {
    await saveInstancePrice(db, req.params.id, req.body);
    const sent = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).filter(
      (k) => req.body[k] !== undefined,
    );
    return ok(sent.length === 1 ? `${FIELD_LABELS[sent[0]]} updated` : 'Prices updated');
  });
};
