import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { bulkAccommodationInput } from '../../../shared/api/tour-catalogue';
import { nightsOfStay, stayDates } from '../../../shared/pricing';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { conflict, notFound, validationError } from '../../http/errors';
import { releaseRooms, takeRoomNights } from '../bookings';
import { groupAccommodations } from './transfers';

type BulkValues = z.output<typeof bulkAccommodationInput>;

/** A room the group's instances offer, as the bulk modal lists it. */
interface GroupRoom {
  tour_room_id: number;
  tour_accommodation_id: number;
  accommodation_room_id: number;
  accommodation_id: number;
  accommodation_name: string;
  name: string;
  board_basis: string | null;
  occupancy: number;
  check_in_day: number;
  check_out_day: number;
}

async function groupRooms(db: Db, groupId: number): Promise<GroupRoom[]> {
  const accs = await groupAccommodations(db, groupId);
  if (accs.length === 0) return [];
  return queryRows<GroupRoom>(
    db,
    sql`select tr.id as tour_room_id, tr.tour_accommodation_id, tr.accommodation_room_id, ta.accommodation_id,
               a.accommodation_name, ar.name, ar.board_basis, ar.occupancy, ta.check_in_day, ta.check_out_day
        from tour_rooms tr join tour_accommodations ta on ta.id = tr.tour_accommodation_id
        join accommodations a on a.id = ta.accommodation_id
        join accommodation_rooms ar on ar.id = tr.accommodation_room_id
        where ta.id in (${sql.join(
          accs.map((a) => sql`${a.id}`),
          sql`, `,
        )})
        order by lower(a.accommodation_name), ar.occupancy, lower(ar.name), tr.id`,
  );
}

/** Tour lines of the given bookings on the group's instances, cancelled bookings left out. */
async function groupLines(db: Db, groupId: number, bookingIds: number[], lock = false) {
  if (bookingIds.length === 0) return [];
  return queryRows<{
    id: number;
    holiday_booking_id: number;
    booking_ref: string | null;
    tour_room_id: number | null;
    rooms: number;
    guests: number;
    departure_date: string;
    check_in_date: string | null;
    check_out_date: string | null;
    rooms_confirmed: boolean;
  }>(
    db,
    sql`select tb.id, tb.holiday_booking_id, b.booking_ref, tb.tour_room_id, tb.rooms, tb.guests,
               i.departure_date::text as departure_date, tb.check_in_date::text as check_in_date,
               tb.check_out_date::text as check_out_date, b.rooms_confirmed
        from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
        join bookings b on b.id = tb.holiday_booking_id
        where i.tour_group_id = ${groupId} and b.cancelled_at is null
          and tb.holiday_booking_id in (${sql.join(
            bookingIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        order by tb.holiday_booking_id, tb.id ${lock ? sql`for update of tb, b` : sql``}`,
  );
}

/**
 * POST tours/groups/{id}/booking/group-accommodation (spec 3 §7 Groups): the selected bookings'
 * lines grouped by their current room (cancelled bookings ignored), and the rooms the group offers
 * to move them to.
 */
export async function groupAccommodationOfBookings(db: Db, groupId: number, bookingIds: number[]) {
  const [g] = await queryRows(db, sql`select 1 from tour_groups where id = ${groupId}`);
  if (!g) throw notFound('Group not found.');
  const [lines, rooms] = await Promise.all([groupLines(db, groupId, bookingIds), groupRooms(db, groupId)]);
  const labels = new Map(
    (
      await queryRows<{
        id: number;
        name: string;
        board_basis: string | null;
        accommodation_id: number;
        accommodation_name: string;
      }>(
        db,
        lines.some((l) => l.tour_room_id)
          ? sql`select tr.id, ar.name, ar.board_basis, ar.accommodation_id, a.accommodation_name
                from tour_rooms tr join accommodation_rooms ar on ar.id = tr.accommodation_room_id
                join accommodations a on a.id = ar.accommodation_id
                where tr.id in (${sql.join(
                  [...new Set(lines.map((l) => l.tour_room_id).filter((x): x is number => x != null))].map(
                    (id) => sql`${id}`,
                  ),
                  sql`, `,
                )})`
          : sql`select null::int as id, '' as name, null as board_basis, null::int as accommodation_id, '' as accommodation_name where false`,
      )
    ).map((r) => [r.id, r]),
  );
  const groups = new Map<
    number,
    {
      room_id: number;
      name: string;
      board_basis: string | null;
      accommodation_id: number;
      accommodation_name: string;
      booking_ids: number[];
      guests: number;
      rooms: number;
    }
  >();
  for (const l of lines) {
    if (l.tour_room_id == null) continue;
    const label = labels.get(l.tour_room_id);
    const entry = groups.get(l.tour_room_id) ?? {
      room_id: l.tour_room_id,
      name: label?.name ?? '',
      board_basis: label?.board_basis ?? null,
      accommodation_id: label?.accommodation_id ?? 0,
      accommodation_name: label?.accommodation_name ?? '',
      booking_ids: [],
      guests: 0,
      rooms: 0,
    };
    if (!entry.booking_ids.includes(l.holiday_booking_id)) entry.booking_ids.push(l.holiday_booking_id);
    entry.guests += l.guests;
    entry.rooms += l.rooms;
    groups.set(l.tour_room_id, entry);
  }
  return {
    data: [...groups.values()],
    rooms: rooms.map(({ check_in_day: _i, check_out_day: _o, ...r }) => r),
    booking_ids: [...new Set(lines.map((l) => l.holiday_booking_id))],
  };
}

/**
 * POST tours/groups/{id}/booking/bulk-update-accommodation: moves the selected bookings' lines
 * (cancelled bookings ignored) from each old room to the new room chosen for it. In one
 * transaction: the old stay's nights get their rooms back, the new stay's nights give them up
 * (refused when a night has too few left), the line's room and stay dates change, the booking's
 * version increments and a history entry is written.
 */
export async function bulkUpdateAccommodation(
  db: Db,
  groupId: number,
  v: BulkValues,
  userId: number | null,
): Promise<{ moved: number }> {
  const [g] = await queryRows(db, sql`select 1 from tour_groups where id = ${groupId}`);
  if (!g) throw notFound('Group not found.');
  const rooms = await groupRooms(db, groupId);
  const offered = new Map(rooms.map((r) => [r.tour_room_id, r]));
  const moves = new Map<number, number>();
  const errors: Record<string, string[]> = {};
  v.updated_accommodation.forEach((u, n) => {
    if (!u.new_room_id || u.new_room_id === u.old_room_id) return;
    if (!offered.has(u.new_room_id))
      errors[`updated_accommodation.${n}.new_room_id`] = ['Choose a room this group offers.'];
    moves.set(u.old_room_id, u.new_room_id);
  });
  if (Object.keys(errors).length) throw validationError(errors);
  if (moves.size === 0 || v.booking_ids.length === 0) {
    throw validationError({
      updated_accommodation: ['Choose a new room for at least one selected booking.'],
    });
  }

  return inTransaction(db, async (tx) => {
    const lines = (await groupLines(tx, groupId, v.booking_ids, true)).filter(
      (l) => l.tour_room_id != null && moves.has(l.tour_room_id),
    );
    const oldRooms = new Map(
      (
        await queryRows<{
          id: number;
          accommodation_room_id: number;
          check_in_day: number;
          check_out_day: number;
          label: string;
        }>(
          tx,
          lines.length
            ? sql`select tr.id, tr.accommodation_room_id, ta.check_in_day, ta.check_out_day,
                         a.accommodation_name || ' – ' || ar.name as label
                  from tour_rooms tr join tour_accommodations ta on ta.id = tr.tour_accommodation_id
                  join accommodation_rooms ar on ar.id = tr.accommodation_room_id
                  join accommodations a on a.id = ta.accommodation_id
                  where tr.id in (${sql.join(
                    [...new Set(lines.map((l) => l.tour_room_id as number))].map((id) => sql`${id}`),
                    sql`, `,
                  )})`
            : sql`select 0 as id, 0 as accommodation_room_id, 1 as check_in_day, 1 as check_out_day, '' as label where false`,
        )
      ).map((r) => [r.id, r]),
    );
    const touched = new Set<number>();
    const plan = lines.flatMap((l) => {
      const old = oldRooms.get(l.tour_room_id as number);
      const target = offered.get(moves.get(l.tour_room_id as number) as number);
      if (!old || !target) return [];
      // The stay the line holds: its stored dates, else its room's days (the check-in/out day rule).
      const oldStay =
        l.check_in_date && l.check_out_date
          ? { check_in_date: l.check_in_date, check_out_date: l.check_out_date }
          : stayDates(l.departure_date, old.check_in_day, old.check_out_day);
      const newStay = stayDates(l.departure_date, target.check_in_day, target.check_out_day);
      const oldNights = nightsOfStay(oldStay.check_in_date, oldStay.check_out_date);
      const newNights = nightsOfStay(newStay.check_in_date, newStay.check_out_date);
      return [{ l, old, target, oldStay, newStay, oldNights, newNights }];
    });
    // Every night the moves touch, old and new, locked up front in the global order (accommodation
    // room, then night) that booking changes follow (docs/bookings.md 'One booking'), after the
    // bookings and their lines (groupLines above): a booking saved meanwhile waits, never deadlocks.
    const stays = plan.flatMap((m) => [
      { room: m.old.accommodation_room_id, nights: m.oldNights },
      { room: m.target.accommodation_room_id, nights: m.newNights },
    ]);
    const nightSets = stays
      .filter((x) => x.nights.length)
      .map(
        (x) =>
          sql`(accommodation_room_id = ${x.room} and availability_date in (${sql.join(
            x.nights.map((n) => sql`${n}::date`),
            sql`, `,
          )}))`,
      );
    if (nightSets.length)
      await queryRows(
        tx,
        sql`select id from room_availability where ${sql.join(nightSets, sql` or `)}
            order by accommodation_room_id, availability_date for update`,
      );
    for (const { l, old, target, oldStay, newStay, newNights } of plan) {
      // The rooms move with the booking's held column (Confirmed or Unconfirmed): room-stock.ts.
      await releaseRooms(
        tx,
        old.accommodation_room_id,
        oldStay.check_in_date,
        oldStay.check_out_date,
        l.rooms,
        l.rooms_confirmed,
      );
      const taken = await takeRoomNights(
        tx,
        target.accommodation_room_id,
        newNights,
        l.rooms,
        l.rooms_confirmed,
        {
          ignoreStopSell: true,
        },
      );
      if (l.rooms > 0 && taken.length !== newNights.length) {
        throw conflict(
          `Not enough availability in ${target.accommodation_name} – ${target.name} for booking ${l.booking_ref ?? l.holiday_booking_id}.`,
        );
      }
      await tx.execute(
        sql`update tour_bookings set tour_room_id = ${target.tour_room_id},
                   check_in_date = ${newStay.check_in_date}, check_out_date = ${newStay.check_out_date},
                   updated_at = now()
            where id = ${l.id}`,
      );
      await tx.execute(
        sql`insert into booking_history (holiday_booking_id, user_id, type, action, comment)
            values (${l.holiday_booking_id}, ${userId}, 'Booking', 'Accommodation updated',
                    ${`Room changed from ${old.label} to ${target.accommodation_name} – ${target.name} (bulk update from the tour group).`})`,
      );
      touched.add(l.holiday_booking_id);
    }
    if (touched.size) {
      await tx.execute(
        sql`update bookings set version = version + 1, updated_at = now()
            where id in (${sql.join(
              [...touched].map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
    }
    return { moved: touched.size };
  });
}
