import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PickupPoint, PickupRegion, pointInput, regionInput } from '../../../shared/api/regions';
import { type Db, queryRows } from '../../db/client';
import { pickup_points, pickup_region_points, pickup_regions } from '../../db/schema';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';

type RegionValues = z.output<typeof regionInput>;
type PointValues = z.output<typeof pointInput>;

/** Regions with their points, both by name; `id` narrows to one region. */
async function regionsWithPoints(db: Db, id?: number): Promise<PickupRegion[]> {
  return queryRows<PickupRegion>(
    db,
    sql`select r.id, r.region_name,
          coalesce(
            (select json_agg(json_build_object('id', p.id, 'pickup_point_name', p.pickup_point_name)
                             order by lower(p.pickup_point_name), p.id)
               from pickup_region_points rp join pickup_points p on p.id = rp.pickup_point_id
              where rp.pickup_region_id = r.id),
            '[]'::json) as pick_up_points
        from pickup_regions r
        ${id === undefined ? sql`` : sql`where r.id = ${id}`}
        order by lower(r.region_name), r.id`,
  );
}

/** Every region with its pickup points (spec 3 §7 GET pickup/regions/). */
export const listRegions = (db: Db) => regionsWithPoints(db);

/** One region with its pickup points; 404 when there is none. */
export async function getRegion(db: Db, id: number): Promise<PickupRegion> {
  const [row] = await regionsWithPoints(db, id);
  if (!row) throw notFound('Region not found.');
  return row;
}

/** 422 when another region already has this name (case-insensitive). */
async function assertRegionNameFree(db: Db, name: string, exceptId?: number) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from pickup_regions where lower(region_name) = lower(${name})
        ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
  );
  if (row) throw validationError({ region_name: ['A region with this name already exists.'] });
}

export async function createRegion(db: Db, values: RegionValues): Promise<number> {
  await assertRegionNameFree(db, values.region_name);
  const [row] = await db
    .insert(pickup_regions)
    .values({ region_name: values.region_name })
    .returning({ id: pickup_regions.id });
  return row.id;
}

export async function renameRegion(db: Db, id: number, values: RegionValues): Promise<void> {
  await assertRegionNameFree(db, values.region_name, id);
  const rows = await db
    .update(pickup_regions)
    .set({ region_name: values.region_name, updated_at: sql`now()` })
    .where(eq(pickup_regions.id, id))
    .returning({ id: pickup_regions.id });
  if (rows.length === 0) throw notFound('Region not found.');
}

/** Deletes a region (its point links go with it); refused while tour groups use it. */
export async function deleteRegion(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(pickup_regions).where(eq(pickup_regions.id, id)).returning({ id: pickup_regions.id }),
    'This region cannot be deleted: tour groups use it.',
  );
  if (rows.length === 0) throw notFound('Region not found.');
}

/** Every pickup point by name, with the names of the regions it belongs to (spec 3 §7 GET pickup/). */
export function listPoints(db: Db): Promise<PickupPoint[]> {
  return queryRows<PickupPoint>(
    db,
    sql`select p.id, p.pickup_point_name,
          coalesce(
            (select json_agg(r.region_name order by lower(r.region_name))
               from pickup_region_points rp join pickup_regions r on r.id = rp.pickup_region_id
              where rp.pickup_point_id = p.id),
            '[]'::json) as region_names
        from pickup_points p
        order by lower(p.pickup_point_name), p.id`,
  );
}

export async function createPoint(db: Db, values: PointValues): Promise<number> {
  const [taken] = await queryRows<{ id: number }>(
    db,
    sql`select id from pickup_points where lower(pickup_point_name) = lower(${values.pickup_point_name}) limit 1`,
  );
  if (taken) throw validationError({ pickup_point_name: ['A pickup point with this name already exists.'] });
  const [row] = await db
    .insert(pickup_points)
    .values({ pickup_point_name: values.pickup_point_name })
    .returning({ id: pickup_points.id });
  return row.id;
}

/** Deletes a pickup point (it leaves its regions); refused while tour instances use it. */
export async function deletePoint(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(pickup_points).where(eq(pickup_points.id, id)).returning({ id: pickup_points.id }),
    'This pickup point cannot be deleted: tour instances use it.',
  );
  if (rows.length === 0) throw notFound('Pickup point not found.');
}

/** Adds a point to a region; 404 for an unknown region or point, 422 when it is there already. */
export async function addPointToRegion(db: Db, regionId: number, pointId: number): Promise<void> {
  const [found] = await queryRows<{ region: boolean; point: boolean }>(
    db,
    sql`select exists(select 1 from pickup_regions where id = ${regionId}) as region,
               exists(select 1 from pickup_points where id = ${pointId}) as point`,
  );
  if (!found?.region) throw notFound('Region not found.');
  if (!found.point) throw notFound('Pickup point not found.');
  const rows = await db
    .insert(pickup_region_points)
    .values({ pickup_region_id: regionId, pickup_point_id: pointId })
    .onConflictDoNothing()
    .returning({ id: pickup_region_points.pickup_point_id });
  if (rows.length === 0) {
    throw validationError({ pickup_point_id: ['This pickup point is already in the region.'] });
  }
}

/** Removes a point from a region; 404 when it is not in it. */
export async function removePointFromRegion(db: Db, regionId: number, pointId: number): Promise<void> {
  const rows = await db
    .delete(pickup_region_points)
    .where(
      and(
        eq(pickup_region_points.pickup_region_id, regionId),
        eq(pickup_region_points.pickup_point_id, pointId),
      ),
    )
    .returning({ id: pickup_region_points.pickup_point_id });
  if (rows.length === 0) throw notFound('This pickup point is not in the region.');
}
