import { z } from 'zod';
import { idSchema, requiredText } from './common';

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

/** A pickup point as the API answers it; `region_names` lists the regions it belongs to. */
export interface PickupPoint {
  id: number;
  pickup_point_name: string;
  region_names?: string[];
}

/** A pickup region with its points (spec 3 §3: id, region_name, pick_up_points). */
export interface PickupRegion {
  id: number;
  region_name: string;
  pick_up_points: { id: number; pickup_point_name: string }[];
}
