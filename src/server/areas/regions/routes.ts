import type { FastifyPluginAsync } from 'fastify';
import { regionsApi } from '../../../shared/api/regions';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import {
  addPointToRegion,
  createPoint,
  createRegion,
  deletePoint,
  deleteRegion,
  getRegion,
  listPoints,
  listRegions,
  removePointFromRegion,
  renameRegion,
} from './queries';

/**
 * Coach pickup regions and points (spec 3 §2 'Regions and points', §7): the endpoints of
 * `regionsApi`, the spec's trailing-slash paths answered with and without the slash. Not
 * role-gated (spec 3 §6).
 */
export const regionRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['regions'];
  for (const list of [regionsApi.list, regionsApi.listNoSlash]) {
    route(app, list, { tags }, async () => ({ success: true as const, data: await listRegions(db) }));
  }
  route(app, regionsApi.create, { tags }, async (req) =>
    ok('Region created successfully.', { data: { id: await createRegion(db, req.body) } }),
  );
  route(app, regionsApi.get, { tags }, async (req) => ({
    success: true as const,
    data: [await getRegion(db, req.params.id)],
  }));
  route(app, regionsApi.update, { tags }, async (req) => {
    await renameRegion(db, req.params.id, req.body);
    return ok('Region updated successfully.');
  });
  route(app, regionsApi.delete, { tags }, async (req) => {
    await deleteRegion(db, req.params.id);
    return ok('Region deleted successfully.');
  });

  for (const list of [regionsApi.points, regionsApi.pointsNoSlash]) {
    route(app, list, { tags }, async () => ({ success: true as const, data: await listPoints(db) }));
  }
  for (const create of [regionsApi.createPoint, regionsApi.createPointNoSlash]) {
    route(app, create, { tags }, async (req) =>
      ok('Pickup point created successfully.', { data: { id: await createPoint(db, req.body) } }),
    );
  }
  route(app, regionsApi.deletePoint, { tags }, async (req) => {
    await deletePoint(db, req.params.id);
    return ok('Pickup point deleted successfully.');
  });
  route(app, regionsApi.addPoint, { tags }, async (req) => {
    await addPointToRegion(db, req.body.pickup_point_region, req.body.pickup_point_id);
    return ok('Pickup point added to the region.');
  });
  for (const remove of [regionsApi.removePoint, regionsApi.removePointNoSlash]) {
    route(app, remove, { tags }, async (req) => {
      await removePointFromRegion(db, req.body.pickup_point_region, req.body.pickup_point_id);
      return ok('Pickup point removed from the region.');
    });
  }
};
