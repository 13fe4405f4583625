import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pointInput, regionInput, regionPointInput } from '../../../shared/api/regions';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
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
 * Coach pickup regions and points (spec 3 §2 'Regions and points', §7). Paths are the spec's, some
 * with a trailing slash (`pickup/`, `pickup/regions/`, `pickup/remove/`); each is also answered
 * without it. Not role-gated (spec 3 §6). Renaming a region (POST pickup/regions/{id}) is ours: the
 * spec's Manage Region screen has a name but names no call for it.
 */
export const regionRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['regions'];
  for (const url of ['/pickup/regions/', '/pickup/regions']) {
    app.get(
      url,
      { schema: { tags, summary: 'Every pickup region with its pick_up_points (data), by name.' } },
      async () => ({ success: true, data: await listRegions(db) }),
    );
  }
  app.post(
    '/pickup/regions',
    {
      config: { permission: 'regions.save' },
      schema: { tags, summary: 'Create a region: region_name; answers data.id.', body: regionInput },
    },
    async (req) => ok('Region created successfully.', { data: { id: await createRegion(db, req.body) } }),
  );
  app.get(
    '/pickup/regions/:id',
    { schema: { tags, summary: 'One region with its pick_up_points: data[0].', params: idParams } },
    async (req) => ({ success: true, data: [await getRegion(db, req.params.id)] }),
  );
  app.post(
    '/pickup/regions/:id',
    {
      config: { permission: 'regions.save' },
      schema: { tags, summary: 'Rename a region: region_name.', params: idParams, body: regionInput },
    },
    async (req) => {
      await renameRegion(db, req.params.id, req.body);
      return ok('Region updated successfully.');
    },
  );
  app.post(
    '/pickup/regions/:id/delete',
    {
      config: { permission: 'regions.delete' },
      schema: { tags, summary: 'Delete a region (refused while tour groups use it).', params: idParams },
    },
    async (req) => {
      await deleteRegion(db, req.params.id);
      return ok('Region deleted successfully.');
    },
  );

  for (const url of ['/pickup/', '/pickup']) {
    app.get(
      url,
      { schema: { tags, summary: 'Every pickup point (data), by name, with its region_names.' } },
      async () => ({ success: true, data: await listPoints(db) }),
    );
    app.post(
      url,
      {
        config: { permission: 'points.save' },
        schema: {
          tags,
          summary: 'Create a pickup point: pickup_point_name; answers data.id.',
          body: pointInput,
        },
      },
      async (req) =>
        ok('Pickup point created successfully.', { data: { id: await createPoint(db, req.body) } }),
    );
  }
  app.post(
    '/pickup/:id/delete',
    {
      config: { permission: 'points.delete' },
      schema: {
        tags,
        summary: 'Delete a pickup point (refused while tour instances use it).',
        params: idParams,
      },
    },
    async (req) => {
      await deletePoint(db, req.params.id);
      return ok('Pickup point deleted successfully.');
    },
  );
  app.post(
    '/pickup/add',
    {
      config: { permission: 'regions.save' },
      schema: {
        tags,
        summary: 'Add a point to a region: pickup_point_region, pickup_point_id.',
        body: regionPointInput,
      },
    },
    async (req) => {
      await addPointToRegion(db, req.body.pickup_point_region, req.body.pickup_point_id);
      return ok('Pickup point added to the region.');
    },
  );
  for (const url of ['/pickup/remove/', '/pickup/remove']) {
    app.post(
      url,
      {
        config: { permission: 'regions.save' },
        schema: {
          tags,
          summary: 'Remove a point from a region: pickup_point_region, pickup_point_id.',
          body: regionPointInput,
        },
      },
      async (req) => {
        await removePointFromRegion(db, req.body.pickup_point_region, req.body.pickup_point_id);
        return ok('Pickup point removed from the region.');
      },
    );
  }
};
