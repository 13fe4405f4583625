import { z } from 'zod';
import { idSchema, requiredText } from './common';
import { createdAnswer, endpoint, messageAnswer } from './contract';
import { idParams } from './params';

/** A coach pickup region as the add and rename forms send it (spec 3 §3 Pickup region). */
export const regionInput = z.object({ region_name: requiredText('Region name', 150) });
export type RegionInput = z.input<typeof regionInput>;

/** A coach pickup point as the add form sends it (spec 3 §3 Pickup point). */
export const pointInput = z.object({ pickup_point_name: requiredText('Pickup point name', 150) });
export type PointInput = z.input<typeof pointInput>;

/** Adding a point to a region or removing it (spec 3 §7 'pickup/add', 'pickup/remove/'). */
export const regionPointInput = z.object({
  pickup_point_region: idSchema,
  pickup_point_id: idSchema,
});
export type RegionPointInput = z.input<typeof regionPointInput>;

/** A pickup point as the API answers it; `region_names` lists the regions it belongs to, by name. */
export const pickupPointAnswer = z.object({
  id: z.number().int(),
  pickup_point_name: z.string(),
  region_names: z.array(z.string()),
});
export type PickupPoint = z.infer<typeof pickupPointAnswer>;

/** A pickup region with its points, both by name (spec 3 §3: id, region_name, pick_up_points). */
export const pickupRegionAnswer = z.object({
  id: z.number().int(),
  region_name: z.string(),
  pick_up_points: z.array(z.object({ id: z.number().int(), pickup_point_name: z.string() })),
});
export type PickupRegion = z.infer<typeof pickupRegionAnswer>;

const regionList = endpoint({
  method: 'GET',
  path: '/pickup/regions/',
  summary: 'Every pickup region with its pick_up_points (data), by name.',
  answer: z.object({ success: z.literal(true), data: z.array(pickupRegionAnswer) }),
});
const pointList = endpoint({
  method: 'GET',
  path: '/pickup/',
  summary: 'Every pickup point (data), by name, with its region_names.',
  answer: z.object({ success: z.literal(true), data: z.array(pickupPointAnswer) }),
});
const pointCreate = endpoint({
  method: 'POST',
  path: '/pickup/',
  summary: 'Create a pickup point: pickup_point_name; answers data.id.',
  permission: 'points.save',
  body: pointInput,
  answer: createdAnswer,
});
const pointRemove = endpoint({
  method: 'POST',
  path: '/pickup/remove/',
  summary: 'Remove a point from a region: pickup_point_region, pickup_point_id.',
  permission: 'regions.save',
  body: regionPointInput,
  answer: messageAnswer,
});

/**
 * Coach pickup regions and points (spec 3 §2 'Regions and points', §7). Paths are the spec's, some
 * with a trailing slash (`pickup/`, `pickup/regions/`, `pickup/remove/`); each is also answered
 * without it (the `…NoSlash` twins). Not role-gated (spec 3 §6). Renaming a region (POST
 * pickup/regions/{id}) is ours: the spec's Manage Region screen has a name but names no call for it.
 */
export const regionsApi = {
  list: regionList,
  listNoSlash: { ...regionList, path: '/pickup/regions' },
  create: endpoint({
    method: 'POST',
    path: '/pickup/regions',
    summary: 'Create a region: region_name; answers data.id.',
    permission: 'regions.save',
    body: regionInput,
    answer: createdAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: '/pickup/regions/:id',
    summary: 'One region with its pick_up_points: data[0].',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: z.array(pickupRegionAnswer) }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/pickup/regions/:id',
    summary: 'Rename a region: region_name.',
    permission: 'regions.save',
    params: idParams,
    body: regionInput,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/pickup/regions/:id/delete',
    summary: 'Delete a region (refused while tour groups use it).',
    permission: 'regions.delete',
    params: idParams,
    answer: messageAnswer,
  }),
  points: pointList,
  pointsNoSlash: { ...pointList, path: '/pickup' },
  createPoint: pointCreate,
  createPointNoSlash: { ...pointCreate, path: '/pickup' },
  deletePoint: endpoint({
    method: 'POST',
    path: '/pickup/:id/delete',
    summary: 'Delete a pickup point (refused while tour instances use it).',
    permission: 'points.delete',
    params: idParams,
    answer: messageAnswer,
  }),
  addPoint: endpoint({
    method: 'POST',
    path: '/pickup/add',
    summary: 'Add a point to a region: pickup_point_region, pickup_point_id.',
    permission: 'regions.save',
    body: regionPointInput,
    answer: messageAnswer,
  }),
  removePoint: pointRemove,
  removePointNoSlash: { ...pointRemove, path: '/pickup/remove' },
};
