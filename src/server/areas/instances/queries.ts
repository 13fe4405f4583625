import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  departurePlace,
  departurePlaceErrors,
  type GroupBookingRow,
  type InstanceDetail,
  type InstancePriceRoom,
  type InstanceRow,
  type instanceCreateInput,
  type instanceInput,
} from '../../../shared/api/tour-catalogue';
import { offeredAccommodations } from '../../../shared/pricing';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { tour_instance_prices, tour_instances } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { effectiveSql, offerCatalogue, placesTaken } from '../availability';
import { bookingCount, countedPassengers, linesOnInstance, refuseWhileBookings } from './departure-bookings';
import { instanceFlights } from './flights';

type InstanceValues = z.output<typeof instanceInput>;
type InstanceCreateValues = z.output<typeof instanceCreateInput>;

/**
 * Instance rows (spec 3 §3 Instance) matching `where` (on alias i), by departure date. `places` is
 * the effective limit (instance, else group, else tour; null: none) and `places_left` that limit
 * less the places taken (`placesTaken`: guests of live bookings' lines) — the rule the room panel
 * (`instanceRooms` in tours/offer.ts) and the booking's claim (`claimPlaces`) use, so the
 * departures list and the room panel show the same number (issue #22 point 12g).
 */
export async function instanceRows(db: Db, where: SQL): Promise<InstanceRow[]> {
  return queryRows<InstanceRow>(
    db,
    sql`select i.id, i.tour_id, i.tour_group_id, i.instance_title, i.departure_date::text as departure_date,
               i.departure_airport_id, i.pickup_point_id, i.self_drive, i.base_price::text as base_price,
               i.base_sale_price::text as base_sale_price, i.tour_places, i.stop_sell,
               ${bookingCount(linesOnInstance(sql`i.id`))} as booking_count,
               ${countedPassengers(linesOnInstance(sql`i.id`))} as pax_count,
               ${effectiveSql('places')} as places,
               case when ${effectiveSql('places')} is null then null
                    else greatest(0, ${effectiveSql('places')} - ${placesTaken(sql`i.id`)}) end as places_left,
               case when ap.id is null then null
                    else json_build_object('airport_name', ap.airport_name, 'iata_code', ap.iata_code) end as airport,
               case when pp.id is null then null
                    else json_build_object('pickup_point_name', pp.pickup_point_name) end as pick_up_point
        from tour_instances i
        join tour_groups g on g.id = i.tour_group_id
        join tours t on t.id = i.tour_id
        left join airports ap on ap.id = i.departure_airport_id
        left join pickup_points pp on pp.id = i.pickup_point_id
        where ${where}
        order by i.departure_date, i.instance_title nulls last, i.id`,
  );
}

/**
 * GET tours/{id}/instances (spec 3 §7 Instances): a tour's instances, optionally from one departure
 * airport (id or IATA code) and within departure dates.
 */
export async function tourInstances(
  db: Db,
  tourId: number,
  f: { airport?: string; from?: string; to?: string },
): Promise<InstanceRow[]> {
  const [tour] = await queryRows(db, sql`select 1 from tours where id = ${tourId}`);
  if (!tour) throw notFound('Tour not found.');
  const where: SQL[] = [sql`i.tour_id = ${tourId}`];
  if (f.airport) {
    where.push(
      /^\d+$/.test(f.airport)
        ? sql`i.departure_airport_id = ${Number(f.airport)}`
        : sql`ap.iata_code = ${f.airport.toUpperCase()}`,
    );
  }
  if (f.from) where.push(sql`i.departure_date >= ${f.from}`);
  if (f.to) where.push(sql`i.departure_date <= ${f.to}`);
  return instanceRows(db, sql.join(where, sql` and `));
}

/**
 * Booking rows (spec 3 §3 'Booking row in a group'): one per tour line on the instances matching
 * `where` (alias i), newest first.
 */
export async function bookingRows(db: Db, where: SQL): Promise<GroupBookingRow[]> {
  return queryRows<GroupBookingRow>(
    db,
    sql`select b.id, tb.id as tour_booking_id, b.booking_ref, b.old_booking_id, b.cancelled_at,
               b.changes_accepted, b.status as booking_status, b.created_at,
               case when c.id is null then null
                    else json_build_object('id', c.id, 'first_name', c.first_name, 'last_name', c.last_name) end as customer,
               tb.airline_ref, tb.guests, tb.rooms,
               case when tr.id is null then null
                    else json_build_object('tour_room_id', tr.id, 'name', ar.name, 'board_basis', ar.board_basis,
                                           'accommodation', a.accommodation_name) end as room,
               i.instance_title, i.departure_date::text as departure_date
        from tour_bookings tb
        join tour_instances i on i.id = tb.tour_instance_id
        join bookings b on b.id = tb.holiday_booking_id
        left join customers c on c.id = b.customer_id
        left join tour_rooms tr on tr.id = tb.tour_room_id
        left join accommodation_rooms ar on ar.id = tr.accommodation_room_id
        left join accommodations a on a.id = ar.accommodation_id
        where ${where}
        order by b.created_at desc, b.id desc, tb.id`,
  );
}

/** The instance's tour type and its group's region: what the type rules check against. */
async function groupContext(db: Db, groupId: number) {
  const [g] = await queryRows<{
    tour_id: number;
    tour_type: string;
    pick_up_point_region_id: number | null;
  }>(
    db,
    sql`select g.tour_id, t.tour_type, g.pick_up_point_region_id
        from tour_groups g join tours t on t.id = g.tour_id where g.id = ${groupId}`,
  );
  return g;
}

/**
 * The tour type's rule for where an instance leaves from (spec 3 §2 Tour instance): an airport for
 * air and world-wide tours, a pickup point (of the group's region, when it has one) for coach
 * tours, self drive for self-drive tours; the other two are cleared. Answers the columns.
 */
async function departureColumns(
  db: Db,
  ctx: { tour_type: string; pick_up_point_region_id: number | null },
  v: { departure_airport_id?: number; pickup_point_id?: number },
) {
  // The place the tour type needs, when missing (the shared rule the forms show too).
  const errors: Record<string, string[]> = Object.fromEntries(
    Object.entries(departurePlaceErrors(ctx.tour_type, v)).map(([field, message]) => [field, [message]]),
  );
  const out = {
    departure_airport_id: null as number | null,
    pickup_point_id: null as number | null,
    self_drive: false,
  };
  let label: string | null = null;
  const place = departurePlace(ctx.tour_type);
  if (place === 'airport') {
    if (v.departure_airport_id) {
      const [a] = await queryRows<{ city: string | null; iata_code: string }>(
        db,
        sql`select city, iata_code from airports where id = ${v.departure_airport_id}`,
      );
      if (!a) errors.departure_airport_id = ['Unknown airport.'];
      else label = `${a.city ?? a.iata_code} (${a.iata_code})`;
      out.departure_airport_id = v.departure_airport_id;
    }
  } else if (place === 'pickup_point') {
    if (v.pickup_point_id) {
      const [p] = await queryRows<{ pickup_point_name: string; in_region: boolean }>(
        db,
        sql`select p.pickup_point_name,
                   (${ctx.pick_up_point_region_id}::int is null or exists (
                      select 1 from pickup_region_points rp
                      where rp.pickup_point_id = p.id and rp.pickup_region_id = ${ctx.pick_up_point_region_id}::int)) as in_region
            from pickup_points p where p.id = ${v.pickup_point_id}`,
      );
      if (!p) errors.pickup_point_id = ['Unknown pickup point.'];
      else if (!p.in_region) errors.pickup_point_id = ["Choose a pickup point of the group's pickup region."];
      else label = p.pickup_point_name;
      out.pickup_point_id = v.pickup_point_id;
    }
  } else {
    out.self_drive = true;
    label = 'Self drive';
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return { ...out, label };
}

const valueColumns = (v: InstanceValues) => ({
  departure_date: v.departure_date,
  is_special_instance: v.is_special_instance,
  deposit_price: v.deposit_price ?? null,
  base_price: v.base_price ?? null,
  base_sale_price: v.base_sale_price ?? null,
  base_cost: v.base_cost ?? null,
  duration: v.duration ?? null,
  minimum_age: v.minimum_age ?? null,
  release_days_before: v.release_days_before ?? null,
  tour_places: v.tour_places ?? null,
  stop_sell: v.stop_sell,
  travel_itinerary: v.travel_itinerary ?? null,
});

/** POST tours/instances: a new departure of a group (spec 3 §3 'New instance'). */
export async function createInstance(db: Db, v: InstanceCreateValues): Promise<number> {
  const ctx = await groupContext(db, v.tour_group_id);
  if (!ctx) throw validationError({ tour_group_id: ['Unknown group.'] });
  if (v.tour_id && v.tour_id !== ctx.tour_id) {
    throw validationError({ tour_id: ['The group belongs to another tour.'] });
  }
  const dep = await departureColumns(db, ctx, v);
  const [row] = await db
    .insert(tour_instances)
    .values({
      ...valueColumns(v),
      tour_id: ctx.tour_id,
      tour_group_id: v.tour_group_id,
      instance_title: v.instance_title ?? dep.label,
      departure_airport_id: dep.departure_airport_id,
      pickup_point_id: dep.pickup_point_id,
      self_drive: dep.self_drive,
      currency: v.currency,
      indirect_flights: v.indirect_flights,
    })
    .returning({ id: tour_instances.id });
  return row.id;
}

/** POST tours/instances/{id}: the whole instance. */
export async function updateInstance(db: Db, id: number, v: InstanceValues): Promise<void> {
  const [inst] = await queryRows<{ tour_group_id: number }>(
    db,
    sql`select tour_group_id from tour_instances where id = ${id}`,
  );
  if (!inst) throw notFound('Instance not found.');
  const ctx = await groupContext(db, inst.tour_group_id);
  const dep = await departureColumns(db, ctx, v);
  await db
    .update(tour_instances)
    .set({
      ...valueColumns(v),
      instance_title: v.instance_title ?? dep.label,
      departure_airport_id: dep.departure_airport_id,
      pickup_point_id: dep.pickup_point_id,
      self_drive: dep.self_drive,
      updated_at: sql`now()`,
    })
    .where(eq(tour_instances.id, id));
}

/** POST tours/instances/{id}/delete: only while no booking uses the instance (spec 3 §4). */
export async function deleteInstance(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await queryRows(tx, sql`select 1 from tour_instances where id = ${id} for update`);
    if (!row) throw notFound('Instance not found.');
    await refuseWhileBookings(tx, linesOnInstance(id));
    await tx.delete(tour_instances).where(eq(tour_instances.id, id));
  });
}

/**
 * The rooms an instance offers (the price rule's catalogue, tours/offer.ts), with its saved price
 * rows (0.00 where none): the instance screen's Prices tab.
 */
async function priceRooms(db: Db, inst: { id: number; tour_id: number; tour_group_id: number }) {
  const catalogue = await offerCatalogue(db, inst);
  const offered = offeredAccommodations(catalogue.accommodations, inst.tour_group_id, catalogue.excluded);
  const out: InstancePriceRoom[] = [];
  for (const acc of offered.accommodations) {
    for (const r of catalogue.rooms.filter((x) => x.tour_accommodation_id === acc.id)) {
      const p = catalogue.prices.get(r.tour_room_id);
      out.push({
        tour_room_id: r.tour_room_id,
        tour_accommodation_id: r.tour_accommodation_id,
        name: r.name,
        board_basis: r.board_basis,
        supplement: r.supplement ?? '0.00',
        accommodation_name: acc.accommodation_name,
        price: p?.price ?? '0.00',
        cost: p?.cost ?? '0.00',
        sale_price: p?.sale_price ?? '0.00',
      });
    }
  }
  return {
    price_rooms: out,
    group_overrides: offered.groupOverrides,
    tour_has_accommodation: catalogue.accommodations.some((a) => a.tour_group_id === null),
    offeredRoomIds: new Set(out.map((r) => r.tour_room_id)),
  };
}

/** GET tours/instances/{id} (spec 3 §7 Instances): the instance, tour, group, flights, prices, bookings. */
export async function getInstance(
  db: Db,
  id: number,
): Promise<InstanceDetail & { bookings: GroupBookingRow[] }> {
  const [row] = await instanceRows(db, sql`i.id = ${id}`);
  if (!row) throw notFound('Instance not found.');
  const [more] = await queryRows<
    Pick<
      InstanceDetail,
      | 'is_special_instance'
      | 'deposit_price'
      | 'base_cost'
      | 'duration'
      | 'minimum_age'
      | 'release_days_before'
      | 'travel_itinerary'
      | 'currency'
      | 'indirect_flights'
      | 'tour'
      | 'group'
    >
  >(
    db,
    sql`select i.is_special_instance, i.deposit_price::text as deposit_price, i.base_cost::text as base_cost,
               i.duration, i.minimum_age, i.release_days_before, i.travel_itinerary, i.currency, i.indirect_flights,
               json_build_object('id', t.id, 'name', t.name, 'tour_type', t.tour_type,
                                 'deposit_price', t.deposit_price::text, 'duration', t.duration,
                                 'minimum_age', t.minimum_age, 'release_days_before', t.release_days_before,
                                 'tour_places', t.tour_places) as tour,
               json_build_object('id', g.id, 'start_date', g.start_date::text, 'deposit_price', g.deposit_price::text,
                                 'base_price', g.base_price::text, 'base_cost', g.base_cost::text,
                                 'duration', g.duration, 'minimum_age', g.minimum_age,
                                 'release_days_before', g.release_days_before,
                                 'available_places', g.available_places,
                                 'pick_up_point_region_id', g.pick_up_point_region_id) as "group"
        from tour_instances i join tours t on t.id = i.tour_id join tour_groups g on g.id = i.tour_group_id
        where i.id = ${id}`,
  );
  const [flights, prices, bookings] = await Promise.all([
    instanceFlights(db, id),
    priceRooms(db, row),
    bookingRows(db, sql`i.id = ${id}`),
  ]);
  const { offeredRoomIds: _ids, ...priceInfo } = prices;
  return { ...row, ...more, flights, ...priceInfo, bookings };
}

/** POST tours/instances/{id}/getprices: the saved price row of one room (0.00 where none). */
export async function getInstancePrice(db: Db, id: number, tourRoomId: number) {
  const [inst] = await queryRows(db, sql`select 1 from tour_instances where id = ${id}`);
  if (!inst) throw notFound('Instance not found.');
  const [row] = await queryRows<{ price: string; cost: string; sale_price: string }>(
    db,
    sql`select price::text as price, cost::text as cost, sale_price::text as sale_price
        from tour_instance_prices where tour_instance_id = ${id} and tour_room_id = ${tourRoomId}`,
  );
  return row ?? { price: '0.00', cost: '0.00', sale_price: '0.00' };
}

/**
 * POST tours/instances/{id}/prices: saves the given fields (price, cost, sale_price) of one room
 * the instance offers; fields not sent keep their value (a new row starts at 0.00).
 */
export async function saveInstancePrice(
  db: Db,
  id: number,
  v: { tour_room_id: number; price?: string; cost?: string; sale_price?: string },
): Promise<void> {
  const [inst] = await queryRows<{ id: number; tour_id: number; tour_group_id: number }>(
    db,
    sql`select id, tour_id, tour_group_id from tour_instances where id = ${id}`,
  );
  if (!inst) throw notFound('Instance not found.');
  const { offeredRoomIds } = await priceRooms(db, inst);
  if (!offeredRoomIds.has(v.tour_room_id)) {
    throw validationError({ tour_room_id: ['This room is not offered on this instance.'] });
  }
  const set: Record<string, string> = {};
  if (v.price !== undefined) set.price = v.price;
  if (v.cost !== undefined) set.cost = v.cost;
  if (v.sale_price !== undefined) set.sale_price = v.sale_price;
  if (Object.keys(set).length === 0) throw validationError({ price: ['Send a price, cost or sale price.'] });
  await db
    .insert(tour_instance_prices)
    .values({ tour_instance_id: id, tour_room_id: v.tour_room_id, ...set })
    .onConflictDoUpdate({
      target: [tour_instance_prices.tour_instance_id, tour_instance_prices.tour_room_id],
      set: { ...set, updated_at: sql`now()` },
    });
}
