import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TourAccommodationDetail,
  TourRoomRow,
  tourAccommodationInput,
} from '../../../shared/api/tour-catalogue';
import { stayDayErrors } from '../../../shared/pricing';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { tour_accommodations, tour_group_excluded_accommodations, tour_rooms } from '../../db/schema';
import { refuseIfInUse, uniqueAs } from '../../http/db-errors';
import { conflict, notFound, validationError } from '../../http/errors';
import { effectiveSql } from '../availability';
import { TOUR_ACCOMMODATION_COLUMNS } from './catalogue-queries';

type TourAccommodationValues = z.output<typeof tourAccommodationInput>;

export const ACCOMMODATION_IN_USE_MESSAGE = 'This accommodation cannot be deleted: bookings use its rooms.';
export const ROOM_IN_USE_MESSAGE = 'This room cannot be deleted: bookings use it.';
export const EXCLUDE_IN_USE_MESSAGE =
  'This accommodation cannot be excluded: bookings of this group use its rooms.';

/**
 * Checks a tour accommodation's values (spec 3 §5 Tour accommodation): the accommodation exists,
 * and the check-in / check-out days keep the day rule (`stayDayErrors`, src/shared/pricing.ts)
 * against the duration (the group's, else the tour's). 422 with the field errors otherwise.
 */
async function checkValues(db: Db, v: TourAccommodationValues, duration: number | null) {
  const errors: Record<string, string[]> = {};
  const [acc] = await queryRows(
    db,
    sql`select 1 from accommodations where id = ${v.accommodation_id as number}`,
  );
  if (!acc) errors.accommodation_id = ['Unknown accommodation.'];
  Object.assign(errors, stayDayErrors(v, duration));
  if (Object.keys(errors).length) throw validationError(errors);
}

/** The duration days count against: the group's when set, else the tour's. */
async function durationOf(db: Db, tourId: number, groupId: number | null): Promise<number | null> {
  const [row] = await queryRows<{ duration: number | null }>(
    db,
    groupId === null
      ? sql`select duration from tours where id = ${tourId}`
      : sql`select ${effectiveSql('duration', 'group')} as duration
            from tour_groups g join tours t on t.id = g.tour_id where g.id = ${groupId}`,
  );
  return row?.duration ?? null;
}

/**
 * Attaches accommodation to a tour (spec 3 §7 POST tours/{id}/accommodation) or to one group of it
 * (POST tours/groups/{id}/accommodation; the group's accommodation then overrides the tour's).
 */
export async function addTourAccommodation(
  db: Db,
  target: { tourId: number; groupId: number | null },
  v: TourAccommodationValues,
): Promise<number> {
  const [tour] = await queryRows(db, sql`select 1 from tours where id = ${target.tourId}`);
  if (!tour) throw notFound('Tour not found.');
  await checkValues(db, v, await durationOf(db, target.tourId, target.groupId));
  const [row] = await db
    .insert(tour_accommodations)
    .values({
      tour_id: target.tourId,
      tour_group_id: target.groupId,
      accommodation_id: v.accommodation_id as number,
      check_in_day: v.check_in_day,
      check_out_day: v.check_out_day,
      is_special_accommodation: v.is_special_accommodation,
    })
    .returning({ id: tour_accommodations.id });
  return row.id;
}

/** Rooms of a tour accommodation, with whether bookings use each. */
export async function tourRoomRows(db: Db, where: { tourAccommodationId?: number; id?: number }) {
  return queryRows<TourRoomRow>(
    db,
    sql`select tr.id, tr.tour_accommodation_id, tr.accommodation_room_id, ar.name, ar.board_basis,
               ar.occupancy, tr.supplement::text as supplement, ar.accommodation_id,
               exists (select 1 from tour_bookings tb where tb.tour_room_id = tr.id) as in_use
        from tour_rooms tr join accommodation_rooms ar on ar.id = tr.accommodation_room_id
        where ${where.id ? sql`tr.id = ${where.id}` : sql`tr.tour_accommodation_id = ${where.tourAccommodationId ?? 0}`}
        order by ar.occupancy, lower(ar.name), tr.id`,
  );
}

/** GET tours/accommodation/{id}: the tour accommodation, its rooms and the rooms not yet added. */
export async function getTourAccommodation(db: Db, id: number): Promise<TourAccommodationDetail> {
  const [row] = await queryRows<Omit<TourAccommodationDetail, 'rooms' | 'accommodation_rooms'>>(
    db,
    sql`select ${TOUR_ACCOMMODATION_COLUMNS}, t.name as tour_name, t.tour_type, ${effectiveSql('duration', 'group')} as duration,
               g.start_date::text as group_start_date
        from tour_accommodations ta join accommodations a on a.id = ta.accommodation_id
             join tours t on t.id = ta.tour_id left join tour_groups g on g.id = ta.tour_group_id
        where ta.id = ${id}`,
  );
  if (!row) throw notFound('Tour accommodation not found.');
  const [rooms, accommodation_rooms] = await Promise.all([
    tourRoomRows(db, { tourAccommodationId: id }),
    queryRows<{ id: number; name: string; board_basis: string | null; occupancy: number }>(
      db,
      sql`select ar.id, ar.name, ar.board_basis, ar.occupancy from accommodation_rooms ar
          where ar.accommodation_id = ${row.accommodation_id}
            and not exists (select 1 from tour_rooms tr
                            where tr.tour_accommodation_id = ${id} and tr.accommodation_room_id = ar.id)
          order by ar.occupancy, lower(ar.name), ar.id`,
    ),
  ]);
  return { ...row, rooms, accommodation_rooms };
}

/**
 * POST tours/accommodation/{id}: accommodation and check-in/out days. The accommodation cannot
 * change while rooms of the old one are on it.
 */
export async function updateTourAccommodation(db: Db, id: number, v: TourAccommodationValues) {
  const [row] = await queryRows<{ tour_id: number; tour_group_id: number | null; accommodation_id: number }>(
    db,
    sql`select tour_id, tour_group_id, accommodation_id from tour_accommodations where id = ${id}`,
  );
  if (!row) throw notFound('Tour accommodation not found.');
  await checkValues(db, v, await durationOf(db, row.tour_id, row.tour_group_id));
  if (row.accommodation_id !== v.accommodation_id) {
    const [room] = await queryRows(
      db,
      sql`select 1 from tour_rooms where tour_accommodation_id = ${id} limit 1`,
    );
    if (room) {
      throw validationError({
        accommodation_id: ['Delete the rooms of this accommodation before choosing another one.'],
      });
    }
  }
  await db
    .update(tour_accommodations)
    .set({
      accommodation_id: v.accommodation_id as number,
      check_in_day: v.check_in_day,
      check_out_day: v.check_out_day,
      is_special_accommodation: v.is_special_accommodation,
      updated_at: sql`now()`,
    })
    .where(eq(tour_accommodations.id, id));
}

/**
 * POST tours/accommodation/{id}/delete: removes a tour accommodation with its rooms, their instance
 * prices and exclusions, in one transaction; refused while bookings use its rooms (spec 3 §8:
 * '... deletion will be prevented automatically.').
 */
export async function deleteTourAccommodation(db: Db, id: number): Promise<void> {
  await refuseIfInUse(
    () =>
      inTransaction(db, async (tx) => {
        const [row] = await queryRows(tx, sql`select 1 from tour_accommodations where id = ${id} for update`);
        if (!row) throw notFound('Tour accommodation not found.');
        const [used] = await queryRows(
          tx,
          sql`select 1 from tour_bookings tb join tour_rooms tr on tr.id = tb.tour_room_id
              where tr.tour_accommodation_id = ${id} limit 1`,
        );
        if (used) throw conflict(ACCOMMODATION_IN_USE_MESSAGE);
        await tx.delete(tour_rooms).where(eq(tour_rooms.tour_accommodation_id, id));
        await tx.delete(tour_accommodations).where(eq(tour_accommodations.id, id));
      }),
    ACCOMMODATION_IN_USE_MESSAGE,
  );
}

/** POST tours/accommodation/{id}/rooms: adds a room of the accommodation, once. */
export async function addTourRoom(
  db: Db,
  tourAccommodationId: number,
  v: { accommodation_room_id: number; supplement?: string },
): Promise<number> {
  const [ta] = await queryRows<{ accommodation_id: number }>(
    db,
    sql`select accommodation_id from tour_accommodations where id = ${tourAccommodationId}`,
  );
  if (!ta) throw notFound('Tour accommodation not found.');
  const [room] = await queryRows<{ accommodation_id: number }>(
    db,
    sql`select accommodation_id from accommodation_rooms where id = ${v.accommodation_room_id}`,
  );
  if (!room || room.accommodation_id !== ta.accommodation_id) {
    throw validationError({ accommodation_room_id: ['Choose a room of this accommodation.'] });
  }
  const [row] = await uniqueAs(
    () =>
      db
        .insert(tour_rooms)
        .values({
          tour_accommodation_id: tourAccommodationId,
          accommodation_room_id: v.accommodation_room_id,
          supplement: v.supplement ?? '0.00',
        })
        .returning({ id: tour_rooms.id }),
    'accommodation_room_id',
    'This room is already added.',
  );
  return row.id;
}

/** GET tours/rooms/{id}: one tour room (data). */
export async function getTourRoom(db: Db, id: number): Promise<TourRoomRow> {
  const [row] = await tourRoomRows(db, { id });
  if (!row) throw notFound('Room not found.');
  return row;
}

/** POST tours/rooms/{id}: the room's supplement (£ per guest). */
export async function updateTourRoom(db: Db, id: number, supplement: string): Promise<void> {
  const rows = await db
    .update(tour_rooms)
    .set({ supplement, updated_at: sql`now()` })
    .where(eq(tour_rooms.id, id))
    .returning({ id: tour_rooms.id });
  if (rows.length === 0) throw notFound('Room not found.');
}

/** POST tours/accommodation/rooms/{roomId}/delete: refused while bookings use the room. */
export async function deleteTourRoom(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(tour_rooms).where(eq(tour_rooms.id, id)).returning({ id: tour_rooms.id }),
    ROOM_IN_USE_MESSAGE,
  );
  if (rows.length === 0) throw notFound('Room not found.');
}

/**
 * POST tours/groups/exclude-accommodation: a group leaves out (checked) or takes back one of its
 * tour's accommodation. Excluding is refused while the group's bookings (not cancelled) use its rooms.
 */
export async function setAccommodationExcluded(
  db: Db,
  v: { tour_group_id: number; tour_accommodation_id: number; checked: boolean },
): Promise<void> {
  const [ta] = await queryRows<{ accommodation_id: number; same_tour: boolean; group_level: boolean }>(
    db,
    sql`select ta.accommodation_id, (g.tour_id = ta.tour_id) as same_tour,
               (ta.tour_group_id is not null) as group_level
        from tour_accommodations ta, tour_groups g
        where ta.id = ${v.tour_accommodation_id} and g.id = ${v.tour_group_id}`,
  );
  if (!ta) throw notFound('Group or tour accommodation not found.');
  if (!ta.same_tour || ta.group_level) {
    throw validationError({ tour_accommodation_id: ["Choose accommodation of the group's tour."] });
  }
  if (!v.checked) {
    await db
      .delete(tour_group_excluded_accommodations)
      .where(
        and(
          eq(tour_group_excluded_accommodations.tour_group_id, v.tour_group_id),
          eq(tour_group_excluded_accommodations.tour_accommodation_id, v.tour_accommodation_id),
        ),
      );
    return;
  }
  const [used] = await queryRows(
    db,
    sql`select 1 from tour_bookings tb
        join tour_rooms tr on tr.id = tb.tour_room_id
        join tour_instances i on i.id = tb.tour_instance_id
        join bookings b on b.id = tb.holiday_booking_id
        where tr.tour_accommodation_id = ${v.tour_accommodation_id} and i.tour_group_id = ${v.tour_group_id}
          and b.cancelled_at is null
        limit 1`,
  );
  if (used) throw conflict(EXCLUDE_IN_USE_MESSAGE);
  await db
    .insert(tour_group_excluded_accommodations)
    .values({
      tour_group_id: v.tour_group_id,
      tour_accommodation_id: v.tour_accommodation_id,
      accommodation_id: ta.accommodation_id,
    })
    .onConflictDoNothing();
}
