import { type SQL, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/api/booking-edit';
import { ukDate } from '../../../shared/dates';
import { type Db, preparedRows, queryRows } from '../../db/client';
import { conflict } from '../../http/errors';
import { effectiveSql } from './effective-values';

/**
 * Places on a departure (issue #10; spec 3 §3 tour_places / available_places): the effective
 * places of an instance are its own `tour_places`, else its group's `available_places`, else the
 * tour's `tour_places`; none set means no limit. Every guest of a tour line on the instance whose
 * booking is not cancelled takes a place, whatever the booking's status.
 */

/**
 * SQL: the places taken on instance `instanceId`: guests of its lines on live bookings (no
 * cancelled_at), as the triggers of migration 0029 keep them in departure_guest_counts.places_taken
 * — one row read instead of the instance's lines summed.
 */
export const placesTaken = (instanceId: SQL) => sql`coalesce((
  select dgc.places_taken from departure_guest_counts dgc where dgc.tour_instance_id = ${instanceId}), 0)`;

/** A departure whose places are claimed: its effective places (null: no limit), tour name and date. */
export interface InstanceHead {
  id: number;
  places: number | null;
  name: string;
  departure: string;
}

/** The instances of `wants` that take more guests, in ascending id (the order they are locked in). */
export const claimedInstances = (wants: ReadonlyMap<number, number>) =>
  [...wants.entries()]
    .filter(([, guests]) => guests > 0)
    .map(([id]) => id)
    .sort((a, b) => a - b);

/**
 * The first step of claimPlaces as SQL: the heads of instances `ids` (claimedInstances), their rows
 * locked `for no key update` in ascending id. A caller may run it inside a statement of its own
 * (createBooking, with its party checks) and hand the heads to claimPlaces.
 */
export const lockInstancesSql = (ids: readonly number[]) =>
  sql`select i.id, ${effectiveSql('places')} as places, t.name, i.departure_date::text as departure
      from tour_instances i join tour_groups g on g.id = i.tour_group_id join tours t on t.id = i.tour_id
      where i.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by i.id
      for no key update of i`;

/**
 * Claims places for more guests on departures, inside the booking's transaction: `wants` maps an
 * instance id to the guests it adds. The instances' rows are locked (`for no key update`, in
 * ascending id: the order every writer follows, before any room) and the places taken counted after
 * the lock, so concurrent claims queue and each sees what the previous one booked: exactly the
 * places left are sold. 409 naming the departure and the places left when the guests do not fit.
 * `locked`: the heads the caller already locked with `lockInstancesSql(claimedInstances(wants))`.
 */
export async function claimPlaces(
  tx: Db,
  wants: ReadonlyMap<number, number>,
  locked?: readonly InstanceHead[],
) {
  const ids = claimedInstances(wants);
  if (ids.length === 0) return;
  const heads = locked ?? (await queryRows<InstanceHead>(tx, lockInstancesSql(ids)));
  const limited = heads.filter((h) => h.places !== null);
  if (limited.length === 0) return;
  // A new statement after the locks: under READ COMMITTED it sees every claim committed before.
  const taken = await preparedRows<{ id: number; taken: number }>(tx, placesTakenSql(limited));
  refuseUnlessPlaces(limited, taken, wants);
}

/**
 * The places taken on the limited departures of `heads` (id, taken), as SQL: claimPlaces' second
 * statement, run after the lock. A caller may make it a CTE of its own next statement
 * (createBooking: the booking's INSERT, done only when `placesFitSql` holds) and hand the rows to
 * `refuseUnlessPlaces`.
 */
export const placesTakenSql = (heads: readonly InstanceHead[]) =>
  sql`select i.id, ${placesTaken(sql`i.id`)} as taken from tour_instances i
      where i.id in (${sql.join(
        heads.filter((h) => h.places !== null).map((h) => sql`${h.id}`),
        sql`, `,
      )})`;

/**
 * SQL: true when the guests `wants` adds fit in the places left on each limited departure of
 * `heads`, given `taken` (a relation of placesTakenSql's rows) — refuseUnlessPlaces' rule.
 */
export const placesFitSql = (
  heads: readonly InstanceHead[],
  wants: ReadonlyMap<number, number>,
  taken: SQL,
) =>
  sql`not exists (select 1 from ${taken} t join (values ${sql.join(
    heads
      .filter((h) => h.places !== null)
      .map((h) => sql`(${h.id}::int, ${wants.get(h.id) ?? 0}::int, ${h.places}::int)`),
    sql`, `,
  )}) w(id, wants, places) on w.id = t.id
      where w.wants > greatest(0, w.places - t.taken))`;

/** 409 naming the first limited departure of `heads` whose places left (by `taken`) cannot take the guests `wants` adds. */
export function refuseUnlessPlaces(
  heads: readonly InstanceHead[],
  taken: readonly { id: number; taken: number }[],
  wants: ReadonlyMap<number, number>,
) {
  const takenOf = new Map(taken.map((r) => [r.id, r.taken]));
  for (const h of heads) {
    if (h.places === null) continue;
    const left = Math.max(0, h.places - (takenOf.get(h.id) ?? 0));
    if ((wants.get(h.id) ?? 0) > left) {
      throw conflict(MESSAGES.placesLeft(h.name, ukDate(h.departure), left));
    }
  }
}
