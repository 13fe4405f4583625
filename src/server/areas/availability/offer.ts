import { type SQL, sql } from 'drizzle-orm';
import { addDays, londonToday, ukDate } from '../../../shared/dates';
import {
  effectiveValue,
  type InstanceRoomPrice,
  instanceOffer,
  type NightAvailability,
  type OfferAccommodation,
  type OfferRoom,
  offeredAccommodations,
} from '../../../shared/pricing';
import { type Db, inSequence, preparedRows, queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import { effectiveSql } from './effective-values';
import { placesTaken } from './places';

/** A tour accommodation with its accommodation's name. */
export type OfferAccommodationRow = OfferAccommodation & { accommodation_name: string };

/**
 * The catalogue the price rule reads, as SQL (the one home of these queries): run one by one
 * (`offerCatalogue`, the instance screen) or folded into getInstanceOffer's one statement as JSON.
 * `tourId`, `groupId` and `instanceId` are values or column references.
 */
const catalogueSql = {
  /** The tour accommodation a departure of the group chooses from (the tour's own, tour_group_id null, and the group's own), by accommodation name. */
  accommodations: (tourId: SQL, groupId: SQL) =>
    sql`select ta.id, ta.tour_group_id, ta.accommodation_id, a.accommodation_name,
               ta.check_in_day, ta.check_out_day
        from tour_accommodations ta join accommodations a on a.id = ta.accommodation_id
        where ta.tour_id = ${tourId}
          and (ta.tour_group_id is null or ta.tour_group_id = ${groupId})
        order by lower(a.accommodation_name), ta.id`,
  /** The tour accommodation ids the group excludes. */
  excluded: (groupId: SQL) =>
    sql`select tour_accommodation_id as id from tour_group_excluded_accommodations
        where tour_group_id = ${groupId}`,
  /** The rooms of those accommodations, by occupancy, then name. */
  rooms: (tourId: SQL, groupId: SQL) =>
    sql`select tr.id as tour_room_id, tr.tour_accommodation_id, tr.accommodation_room_id, ar.name,
               ar.board_basis, ar.occupancy, tr.supplement::text as supplement
        from tour_rooms tr
        join tour_accommodations ta on ta.id = tr.tour_accommodation_id
        join accommodation_rooms ar on ar.id = tr.accommodation_room_id
        where ta.tour_id = ${tourId}
          and (ta.tour_group_id is null or ta.tour_group_id = ${groupId})
        order by ar.occupancy, lower(ar.name), tr.id`,
  /** The instance's room price rows. */
  prices: (instanceId: SQL) =>
    sql`select tour_room_id, price::text as price, sale_price::text as sale_price, cost::text as cost
        from tour_instance_prices where tour_instance_id = ${instanceId}`,
};

/**
 * The availability rows an offer of the departure leaving on `departure` (SQL: the instance's, or
 * the date the caller gives) reads: every room of the tour's and the group's accommodation, over
 * the nights any of their stays may cover — from the earliest check-in (departure + check_in_day −
 * 1, `stayDates`) to the night before the latest check-out. Correlated to the instance row `i`.
 */
const nightsSql = (departure: SQL) =>
  sql`select ra.accommodation_room_id, ra.availability_date::text as availability_date,
             ra.remaining_availability, ra.stop_sell
      from room_availability ra,
           (select min(${departure} + a.check_in_day - 1) as first_night,
                   max(${departure} + a.check_out_day - 1) - 1 as last_night
            from (${catalogueSql.accommodations(sql`i.tour_id`, sql`i.tour_group_id`)}) a) s
      where ra.accommodation_room_id in (
              select r.accommodation_room_id from (${catalogueSql.rooms(sql`i.tour_id`, sql`i.tour_group_id`)}) r)
        and ra.availability_date between s.first_night and s.last_night`;

/** The rows of a catalogue query as one JSON array (in the query's order), for a column of a bigger select. */
const jsonRows = (query: SQL) => sql`(select coalesce(json_agg(q), '[]'::json) from (${query}) q)`;

/**
 * The tour accommodation a departure of group `groupId` of tour `tourId` chooses from (the tour's
 * own, tour_group_id null, and the group's own), by accommodation name; and the ids the group
 * excludes. The one place these are read (spec 3 §2 Tour instance; the rule: offeredAccommodations).
 */
async function accommodationRows(db: Db, tourId: number, groupId: number) {
  return inSequence(
    () => queryRows<OfferAccommodationRow>(db, catalogueSql.accommodations(sql`${tourId}`, sql`${groupId}`)),
    async () =>
      (await queryRows<{ id: number }>(db, catalogueSql.excluded(sql`${groupId}`))).map((e) => e.id),
  );
}

/**
 * The accommodation the departures of group `groupId` of tour `tourId` offer, by accommodation
 * name: the group's own overrides the tour's, minus the group's exclusions (offeredAccommodations).
 */
export async function offeredAccommodationRows(
  db: Db,
  tourId: number,
  groupId: number,
): Promise<OfferAccommodationRow[]> {
  const [all, excluded] = await accommodationRows(db, tourId, groupId);
  return offeredAccommodations(all, groupId, excluded).accommodations;
}

/**
 * Everything the price rule reads of the catalogue for instance `head` (its id, tour and group;
 * spec 3 §7 'POST tours/get-instance-rooms', the instance's Prices tab): every tour accommodation
 * of the tour and of the group, the ids the group excludes, the rooms of those accommodations (by
 * occupancy, then name) and the instance's room price rows by tour_room_id. The one home of these
 * queries: getInstanceOffer and the instance screen use it.
 */
export async function offerCatalogue(db: Db, head: { tour_id: number; tour_group_id: number; id: number }) {
  const [[accommodations, excluded], rooms, prices] = await inSequence(
    () => accommodationRows(db, head.tour_id, head.tour_group_id),
    () => queryRows<OfferRoom>(db, catalogueSql.rooms(sql`${head.tour_id}`, sql`${head.tour_group_id}`)),
    () => queryRows<InstanceRoomPrice & { tour_room_id: number }>(db, catalogueSql.prices(sql`${head.id}`)),
  );
  return { accommodations, excluded, rooms, prices: new Map(prices.map((p) => [p.tour_room_id, p])) };
}

/** The instance, its group and tour: what the rule reads of them. */
interface InstanceHead {
  id: number;
  tour_id: number;
  tour_group_id: number;
  departure_date: string;
  base_price: string | null;
  base_sale_price: string | null;
  base_cost: string | null;
  stop_sell: boolean;
  group_base_price: string | null;
  group_base_cost: string | null;
  group_stop_sell: boolean;
  tour_stop_sell: boolean;
  release_days: number | null;
  places: number | null;
  places_taken: number;
}

/**
 * Why a departure can no longer be sold today, or null: it has left, or its release days
 * (instance, else group, else tour: sales close that many days before departure) have passed.
 */
export function saleClosedReason(departure: string, releaseDays: number | null, today = londonToday()) {
  if (departure < today) return 'This departure has already left.';
  if (releaseDays && addDays(departure, -releaseDays) < today)
    return `Bookings for this departure closed on ${ukDate(addDays(departure, -releaseDays))} (${releaseDays} release days before departure).`;
  return null;
}

/**
 * The rooms an instance offers, priced and counted by the rule of src/shared/pricing.ts (spec 3
 * §7 'POST tours/get-instance-rooms'; docs/bookings.md 'Price and availability rules'). The stay
 * counts from `departureDate` when given, else from the instance's departure date. 404 when the
 * instance is unknown.
 */
export async function getInstanceOffer(db: Db, instanceId: number, departureDate?: string) {
  // The instance, its catalogue and the nights in one statement (as JSON arrays: the catalogue by
  // the same queries as offerCatalogue): one round trip per offer instead of six.
  const [head] = await preparedRows<
    InstanceHead & {
      accommodations: OfferAccommodationRow[];
      excluded: number[];
      rooms: OfferRoom[];
      prices: (InstanceRoomPrice & { tour_room_id: number })[];
      nights: (NightAvailability & { accommodation_room_id: number })[];
    }
  >(
    db,
    sql`select i.id, i.tour_id, i.tour_group_id, i.departure_date::text as departure_date,
               i.base_price::text as base_price, i.base_sale_price::text as base_sale_price,
               i.base_cost::text as base_cost, i.stop_sell,
               g.base_price::text as group_base_price, g.base_cost::text as group_base_cost,
               g.stop_sell as group_stop_sell, t.stop_sell as tour_stop_sell,
               ${effectiveSql('release_days_before')} as release_days,
               ${effectiveSql('places')} as places, ${placesTaken(sql`i.id`)} as places_taken,
               ${jsonRows(catalogueSql.accommodations(sql`i.tour_id`, sql`i.tour_group_id`))} as accommodations,
               (select coalesce(json_agg(x.id), '[]'::json) from (${catalogueSql.excluded(sql`i.tour_group_id`)}) x) as excluded,
               ${jsonRows(catalogueSql.rooms(sql`i.tour_id`, sql`i.tour_group_id`))} as rooms,
               ${jsonRows(catalogueSql.prices(sql`i.id`))} as prices,
               ${jsonRows(nightsSql(sql`coalesce(${departureDate ?? null}::date, i.departure_date)`))} as nights
        from tour_instances i join tour_groups g on g.id = i.tour_group_id join tours t on t.id = i.tour_id
        where i.id = ${instanceId}`,
  );
  if (!head) throw notFound('Instance not found.');
  const departure = departureDate ?? head.departure_date;
  const { accommodations, excluded, rooms } = head;
  const prices = new Map(head.prices.map((p) => [p.tour_room_id, p]));

  // Availability of every room over the nights any stay of this departure may cover (read with the head).
  const availability = new Map<number, NightAvailability[]>();
  for (const n of head.nights) {
    const list = availability.get(n.accommodation_room_id) ?? [];
    list.push(n);
    availability.set(n.accommodation_room_id, list);
  }

  const offer = instanceOffer({
    departure_date: departure,
    group_id: head.tour_group_id,
    instance: head,
    group: {
      base_price: head.group_base_price,
      base_cost: head.group_base_cost,
      stop_sell: head.group_stop_sell,
    },
    tour: { stop_sell: head.tour_stop_sell },
    accommodations,
    excluded_tour_accommodation_ids: excluded,
    rooms,
    prices,
    availability,
  });
  // Sales closed (departed or within the release days): listed, not for sale, with the reason.
  const saleClosed = saleClosedReason(departure, head.release_days);
  // Places (instance, else group, else tour; none: no limit) less the guests of live bookings.
  const placesLeft = head.places === null ? null : Math.max(0, head.places - head.places_taken);
  const full = placesLeft === 0;
  return {
    data:
      saleClosed || full
        ? offer.rooms.map((r) => ({
            ...r,
            for_sale: false,
            ...(saleClosed ? { sale_closed: saleClosed } : {}),
          }))
        : offer.rooms,
    instance: {
      places: head.places,
      /** Places still to sell, or null when the departure has no limit. */
      places_left: placesLeft,
      sale_closed: saleClosed,
      id: head.id,
      tour_id: head.tour_id,
      departure_date: departure,
      stop_sell_level: offer.stop_sell_level,
      /** The effective base price per guest (instance, else group), before supplements. */
      base_price: effectiveValue(head.base_price, head.group_base_price),
    },
    group_overrides: offer.group_overrides,
  };
}
