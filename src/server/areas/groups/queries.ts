import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { GroupRow } from '../../../shared/api/groups';
import {
  type GroupBookingRow,
  type groupCreateInput,
  type groupInput,
  groupRegionErrors,
  type TourGroupDetail,
} from '../../../shared/api/tour-catalogue';
import { type Db, inTransaction, queryRows } from '../../db/client';
import {
  tour_accommodations,
  tour_group_links,
  tour_groups,
  tour_instances,
  tour_rooms,
} from '../../db/schema';
import { type DataTablesRequest, resolveTablePage, tablePageAnswer } from '../../http/datatables';
import { notFound, validationError } from '../../http/errors';
import { effectiveSql } from '../availability';
import {
  bookingCount,
  bookingRows,
  countedPassengers,
  instanceRows,
  linesOnGroup,
  refuseWhileBookings,
} from '../instances';
import { tourAccommodationRows } from '../tours';
import { internalPaymentsOfGroups } from './payments-queries';

type GroupCreateValues = z.output<typeof groupCreateInput>;
type GroupValues = z.output<typeof groupInput>;

/** Places taken on a group: guests of its bookings with status Paid or Confirmed (spec 3 §4). */
const passengersOf = (groupId: SQL) => countedPassengers(linesOnGroup(groupId));

/**
 * Groups table of the tour screen (spec 3 §2: start date, pick up region, passenger count, group
 * id; default order first column descending). With `showTaken` the rows also carry the places
 * taken and the places of the group (its own, else the tour's).
 */
export async function groupTable(db: Db, tourId: number, req: DataTablesRequest, showTaken: boolean) {
  const page = resolveTablePage(req, {
    sortable: {
      start_date: sql`g.start_date`,
      region_name: sql`r.region_name`,
      passenger_count: sql`passenger_count`,
      id: sql`g.id`,
    },
    defaultOrder: { column: 'start_date', dir: 'desc' },
    defaultLength: 25,
    tieBreaker: sql`g.id`,
  });
  const search = page.search ? `%${page.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`g.tour_id = ${tourId} ${
    search
      ? sql`and (to_char(g.start_date, 'DD/MM/YYYY') ilike ${search} or r.region_name ilike ${search} or g.id::text ilike ${search})`
      : sql``
  }`;
  const limit = page.limit == null ? sql`` : sql`limit ${page.limit}`;
  const [rows, total, filtered] = await Promise.all([
    queryRows<GroupRow>(
      db,
      sql`select g.id, g.start_date::text as start_date, r.region_name, g.stop_sell,
                 ${passengersOf(sql`g.id`)} as passenger_count
                 ${showTaken ? sql`, ${effectiveSql('places', 'group')} as places` : sql``}
          from tour_groups g join tours t on t.id = g.tour_id
          left join pickup_regions r on r.id = g.pick_up_point_region_id
          where ${where}
          order by ${sql.join(page.orderBy, sql`, `)} ${limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from tour_groups where tour_id = ${tourId}`),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from tour_groups g left join pickup_regions r on r.id = g.pick_up_point_region_id
          where ${where}`,
    ),
  ]);
  const data = showTaken
    ? rows.map((r) => ({ ...r, taken_places: `${r.passenger_count} / ${r.places ?? '–'}` }))
    : rows;
  return tablePageAnswer(page, total[0]?.n ?? 0, filtered[0]?.n ?? 0, data);
}

/**
 * GET tours/{id}/groups (spec 3 §7 Groups): a tour's groups by start date, optionally within
 * departure dates; with `withPayments` (serviceEstimateCost=true) each group's internal payments
 * (payments-queries.ts), else an empty list each.
 */
export async function tourGroups(db: Db, tourId: number, from?: string, to?: string, withPayments = false) {
  await tourOf(db, tourId);
  const rows = await queryRows<{ id: number; start_date: string; stop_sell: boolean }>(
    db,
    sql`select id, start_date::text as start_date, stop_sell from tour_groups
        where tour_id = ${tourId} ${from ? sql`and start_date >= ${from}` : sql``} ${to ? sql`and start_date <= ${to}` : sql``}
        order by start_date, id`,
  );
  const payments = withPayments
    ? await internalPaymentsOfGroups(
        db,
        rows.map((r) => r.id),
      )
    : null;
  return rows.map((r) => ({ ...r, internal_payments: (payments?.get(r.id) ?? []) as unknown[] }));
}

/** The tour a group belongs to and its type; 404 when the tour is unknown. */
async function tourOf(db: Db, tourId: number) {
  const [t] = await queryRows<{ tour_type: string }>(
    db,
    sql`select tour_type from tours where id = ${tourId}`,
  );
  if (!t) throw notFound('Tour not found.');
  return t;
}

async function checkRegion(db: Db, tourType: string, regionId: number | undefined) {
  const missing = groupRegionErrors(tourType, regionId);
  if (missing.pick_up_point_region_id)
    throw validationError({ pick_up_point_region_id: [missing.pick_up_point_region_id] });
  if (regionId) {
    const [r] = await queryRows(db, sql`select 1 from pickup_regions where id = ${regionId}`);
    if (!r) throw validationError({ pick_up_point_region_id: ['Unknown pickup region.'] });
  }
}

/** POST tours/groups: a new dated departure of a tour (spec 3 §5 Group). */
export async function createGroup(db: Db, v: GroupCreateValues): Promise<number> {
  const tour = await tourOf(db, v.tour_id);
  await checkRegion(db, tour.tour_type, v.pick_up_point_region_id);
  const [row] = await db
    .insert(tour_groups)
    .values({
      tour_id: v.tour_id,
      start_date: v.start_date,
      base_price: v.base_price ?? null,
      pick_up_point_region_id: v.pick_up_point_region_id ?? null,
    })
    .returning({ id: tour_groups.id });
  return row.id;
}

/** POST tours/groups/{id}: the whole group; blank values fall back to the tour's. */
export async function updateGroup(db: Db, id: number, v: GroupValues): Promise<void> {
  const [g] = await queryRows<{ tour_id: number }>(db, sql`select tour_id from tour_groups where id = ${id}`);
  if (!g) throw notFound('Group not found.');
  const tour = await tourOf(db, g.tour_id);
  await checkRegion(db, tour.tour_type, v.pick_up_point_region_id);
  await db
    .update(tour_groups)
    .set({
      start_date: v.start_date,
      deposit_price: v.deposit_price ?? null,
      base_price: v.base_price ?? null,
      base_cost: v.base_cost ?? null,
      duration: v.duration ?? null,
      minimum_age: v.minimum_age ?? null,
      release_days_before: v.release_days_before ?? null,
      available_places: v.available_places ?? null,
      stop_sell: v.stop_sell,
      is_special_group: v.is_special_group,
      group_itinerary: v.group_itinerary ?? null,
      pick_up_point_region_id: v.pick_up_point_region_id ?? null,
      updated_at: sql`now()`,
    })
    .where(eq(tour_groups.id, id));
}

/** GET tours/groups/{id}: data.tourGroup (with instances, links, accommodation, bookings), suppliers, servicesTypes, tour_managers. */
export async function getGroup(db: Db, id: number) {
  const [g] = await queryRows<
    Omit<
      TourGroupDetail,
      | 'instances'
      | 'links'
      | 'linkable_groups'
      | 'excluded_accommodations'
      | 'tour_accommodations'
      | 'group_accommodations'
    >
  >(
    db,
    sql`select g.id, g.tour_id, g.start_date::text as start_date, g.deposit_price::text as deposit_price,
               g.base_price::text as base_price, g.base_cost::text as base_cost, g.duration, g.minimum_age,
               g.release_days_before, g.available_places, ${passengersOf(sql`g.id`)} as passengers,
               g.stop_sell, g.is_special_group, g.group_itinerary, g.pick_up_point_region_id,
               r.region_name as pick_up_point_region_name,
               json_build_object('id', t.id, 'name', t.name, 'tour_type', t.tour_type,
                                 'deposit_price', t.deposit_price::text, 'duration', t.duration,
                                 'minimum_age', t.minimum_age, 'release_days_before', t.release_days_before,
                                 'tour_places', t.tour_places, 'itinerary', t.itinerary) as tour
        from tour_groups g join tours t on t.id = g.tour_id
        left join pickup_regions r on r.id = g.pick_up_point_region_id
        where g.id = ${id}`,
  );
  if (!g) throw notFound('Group not found.');
  const [
    instances,
    links,
    linkable,
    excluded,
    tourAccs,
    groupAccs,
    bookings,
    suppliers,
    servicesTypes,
    tourManagers,
  ] = await Promise.all([
    instanceRows(db, sql`i.tour_group_id = ${id}`),
    queryRows<{ id: number; start_date: string }>(
      db,
      sql`select distinct o.id, o.start_date::text as start_date from tour_group_links l
            join tour_groups o on o.id = case when l.tour_group_id = ${id} then l.linked_tour_group_id else l.tour_group_id end
            where l.tour_group_id = ${id} or l.linked_tour_group_id = ${id}
            order by start_date, o.id`,
    ),
    queryRows<{ id: number; start_date: string }>(
      db,
      sql`select o.id, o.start_date::text as start_date from tour_groups o
            where o.tour_id = ${g.tour_id} and o.start_date <> ${g.start_date}
              and not exists (select 1 from tour_group_links l
                              where (l.tour_group_id = ${id} and l.linked_tour_group_id = o.id)
                                 or (l.linked_tour_group_id = ${id} and l.tour_group_id = o.id))
            order by o.start_date, o.id`,
    ),
    queryRows<{ accommodation_id: number; tour_accommodation_id: number }>(
      db,
      sql`select accommodation_id, tour_accommodation_id from tour_group_excluded_accommodations
            where tour_group_id = ${id} order by tour_accommodation_id`,
    ),
    tourAccommodationRows(db, g.tour_id, null),
    tourAccommodationRows(db, g.tour_id, id),
    bookingRows(db, sql`i.tour_group_id = ${id}`),
    queryRows<{ id: number; supplier_name: string }>(
      db,
      sql`select id, supplier_name from suppliers order by lower(supplier_name), id`,
    ),
    queryRows<{ id: number; service_name: string }>(
      db,
      sql`select id, service_name from service_types order by lower(service_name), id`,
    ),
    queryRows<{ id: number; firstname: string; lastname: string }>(
      db,
      sql`select id, firstname, lastname from tour_managers order by lower(lastname), lower(firstname), id`,
    ),
  ]);
  const tourGroup: TourGroupDetail & { bookings: GroupBookingRow[] } = {
    ...g,
    instances,
    links,
    linkable_groups: linkable,
    excluded_accommodations: excluded,
    tour_accommodations: tourAccs,
    group_accommodations: groupAccs,
    bookings,
  };
  return { tourGroup, suppliers, servicesTypes, tour_managers: tourManagers };
}

/** POST tours/groups/{id}/check-deletion: can_delete when no booking uses the group's instances. */
export async function checkGroupDeletion(db: Db, id: number) {
  const [g] = await queryRows<{ bookings: number }>(
    db,
    sql`select ${bookingCount(linesOnGroup(sql`g.id`))} as bookings from tour_groups g where g.id = ${id}`,
  );
  if (!g) throw notFound('Group not found.');
  return { can_delete: g.bookings === 0, bookings: g.bookings };
}

/**
 * POST tours/groups/{id}/delete: removes a group with its instances (their flights, prices and
 * transfers), its own accommodation and rooms, links and exclusions, in one transaction; refused
 * while bookings use it.
 */
export async function deleteGroup(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [g] = await queryRows(tx, sql`select 1 from tour_groups where id = ${id} for update`);
    if (!g) throw notFound('Group not found.');
    await refuseWhileBookings(tx, linesOnGroup(id));
    await tx.delete(tour_instances).where(eq(tour_instances.tour_group_id, id));
    const own = tx
      .select({ id: tour_accommodations.id })
      .from(tour_accommodations)
      .where(eq(tour_accommodations.tour_group_id, id));
    await tx.delete(tour_rooms).where(inArray(tour_rooms.tour_accommodation_id, own));
    await tx.delete(tour_accommodations).where(eq(tour_accommodations.tour_group_id, id));
    await tx.delete(tour_groups).where(eq(tour_groups.id, id));
  });
}

/** POST tours/groups/{id}/link: links a group of the same tour with a different start date. */
export async function linkGroup(db: Db, id: number, otherId: number): Promise<void> {
  const rows = await queryRows<{ id: number; tour_id: number; start_date: string }>(
    db,
    sql`select id, tour_id, start_date::text as start_date from tour_groups where id in (${id}, ${otherId})`,
  );
  const self = rows.find((r) => r.id === id);
  const other = rows.find((r) => r.id === otherId);
  if (!self) throw notFound('Group not found.');
  if (!other || other.tour_id !== self.tour_id || other.start_date === self.start_date) {
    throw validationError({ id: ['Choose a group of the same tour with a different start date.'] });
  }
  await db
    .insert(tour_group_links)
    .values({ tour_group_id: id, linked_tour_group_id: otherId })
    .onConflictDoNothing();
}

/** POST tours/groups/{id}/unlink: removes the link either way round. */
export async function unlinkGroup(db: Db, id: number, otherId: number): Promise<void> {
  const rows = await db
    .delete(tour_group_links)
    .where(
      or(
        and(eq(tour_group_links.tour_group_id, id), eq(tour_group_links.linked_tour_group_id, otherId)),
        and(eq(tour_group_links.tour_group_id, otherId), eq(tour_group_links.linked_tour_group_id, id)),
      ),
    )
    .returning({ id: tour_group_links.tour_group_id });
  if (rows.length === 0) throw notFound('These groups are not linked.');
}

/** The tour of a group (for adding the group's own accommodation); 404 when unknown. */
export async function groupTourId(db: Db, id: number): Promise<number> {
  const [g] = await queryRows<{ tour_id: number }>(db, sql`select tour_id from tour_groups where id = ${id}`);
  if (!g) throw notFound('Group not found.');
  return g.tour_id;
}
