import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InstanceFlight, transfersInput } from '../../../shared/api/tour-catalogue';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { tour_instance_transfers, transfer_pickup_times } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { offeredAccommodationRows } from '../availability';
import { instanceFlights } from '../instances';

type TransfersValues = z.output<typeof transfersInput>;

/** Spec 3 §5 Transfers, word for word. */
export const ADD_TRANSFER_MESSAGE = 'Please add transfer';

export interface TransferFlight extends InstanceFlight {
  /** Outbound: leaves from the instance's departure airport (or marked indirect outbound). */
  direction: 'outbound' | 'inbound';
}

/**
 * The accommodation a group's instances offer (its own, else the tour's, minus exclusions: the
 * price rule's catalogue, tours/offer.ts). 404 when the group is unknown.
 */
export async function groupAccommodations(db: Db, groupId: number) {
  const [g] = await queryRows<{ tour_id: number }>(
    db,
    sql`select tour_id from tour_groups where id = ${groupId}`,
  );
  if (!g) throw notFound('Group not found.');
  return offeredAccommodationRows(db, g.tour_id, groupId);
}

/**
 * GET tours/groups/{id}/fetch-instances-data (spec 3 §7 Groups): the group's instances with their
 * flights (each marked outbound or inbound), the saved transfers and the accommodation offered.
 */
export async function fetchInstancesData(db: Db, groupId: number) {
  const accs = await groupAccommodations(db, groupId);
  const instances = await queryRows<{
    id: number;
    instance_title: string | null;
    departure_date: string;
    departure_airport_id: number | null;
    departure_iata: string | null;
  }>(
    db,
    sql`select i.id, i.instance_title, i.departure_date::text as departure_date, i.departure_airport_id,
               ap.iata_code as departure_iata
        from tour_instances i left join airports ap on ap.id = i.departure_airport_id
        where i.tour_group_id = ${groupId} order by i.departure_date, i.instance_title nulls last, i.id`,
  );
  const instance = await Promise.all(
    instances.map(async (i) => {
      const flights: TransferFlight[] = (await instanceFlights(db, i.id)).map((f) => ({
        ...f,
        direction:
          f.indirect_outbound || (!f.indirect_inbound && f.departure_airport.iata_code === i.departure_iata)
            ? 'outbound'
            : 'inbound',
      }));
      return { ...i, flights };
    }),
  );
  const transfers = await queryRows<{
    id: number;
    tour_instance_id: number;
    flight_id: number | null;
    transfer_for: 'outbound' | 'inbound';
    transfer: string;
  }>(
    db,
    sql`select id, tour_instance_id, flight_id, transfer_for, transfer from tour_instance_transfers
        where tour_group_id = ${groupId} order by id`,
  );
  return {
    instance,
    group_instance_transfers: transfers,
    accomodations: accs.map((a) => ({ id: a.accommodation_id, accommodation_name: a.accommodation_name })),
  };
}

/**
 * POST tours/groups/{id}/get-instance-pickups: the accommodation the group offers, the transfer
 * names (those sent, else the saved ones) and the saved pickup times, for one direction.
 */
export async function instancePickups(
  db: Db,
  groupId: number,
  transferFor: 'outbound' | 'inbound',
  transfers?: string[],
) {
  const accs = await groupAccommodations(db, groupId);
  const saved = await queryRows<{ transfer: string }>(
    db,
    sql`select distinct transfer from tour_instance_transfers
        where tour_group_id = ${groupId} and transfer_for = ${transferFor} order by transfer`,
  );
  const names = [
    ...new Set((transfers ?? saved.map((s) => s.transfer)).map((t) => t.trim()).filter(Boolean)),
  ];
  const pickups = await queryRows<{ transfer: string; accommodation_id: number; pickup_time: string }>(
    db,
    sql`select transfer, accommodation_id, pickup_time from transfer_pickup_times
        where tour_group_id = ${groupId} and transfer_for = ${transferFor} order by transfer, accommodation_id`,
  );
  return {
    group_common_accomodation_ids: [...new Set(accs.map((a) => a.accommodation_id))],
    group_common_accomodation_tranafers: names,
    group_transfer_pickups: pickups,
  };
}

/**
 * POST tours/groups/{id}/update-instances-transfers: replaces one direction's transfers (a text per
 * instance flight, or per instance without flights) and their pickup times per transfer and
 * accommodation, in one transaction. No transfer text at all: 'Please add transfer'.
 */
export async function updateTransfers(db: Db, groupId: number, v: TransfersValues): Promise<void> {
  const rows = v.transfer_data.filter((t) => t.transfer.trim() !== '');
  if (rows.length === 0) throw validationError({ transfer: [ADD_TRANSFER_MESSAGE] }, ADD_TRANSFER_MESSAGE);
  const instances = await queryRows<{ id: number }>(
    db,
    sql`select id from tour_instances where tour_group_id = ${groupId}`,
  );
  const [g] = await queryRows(db, sql`select 1 from tour_groups where id = ${groupId}`);
  if (!g) throw notFound('Group not found.');
  const ids = new Set(instances.map((i) => i.id));
  const flightPairs = new Set(
    (
      await queryRows<{ k: string }>(
        db,
        sql`select tif.tour_instance_id || ':' || tif.flight_id as k from tour_instance_flights tif
            join tour_instances i on i.id = tif.tour_instance_id where i.tour_group_id = ${groupId}`,
      )
    ).map((r) => r.k),
  );
  const errors: Record<string, string[]> = {};
  rows.forEach((r, n) => {
    if (!ids.has(r.instance_id))
      errors[`transfer_data.${n}.instance_id`] = ['Not an instance of this group.'];
    else if (r.flight_id && !flightPairs.has(`${r.instance_id}:${r.flight_id}`)) {
      errors[`transfer_data.${n}.flight_id`] = ['Not a flight of this instance.'];
    }
  });
  const accIds = new Set((await groupAccommodations(db, groupId)).map((a) => a.accommodation_id));
  const names = new Set(rows.map((r) => r.transfer.trim()));
  const pickups = v.pickup_times.filter((p) => p.pickup_time !== '' && names.has(p.transfer.trim()));
  pickups.forEach((p, n) => {
    if (!accIds.has(p.accommodation_id)) {
      errors[`pickup_times.${n}.accommodation_id`] = ['Not accommodation of this group.'];
    }
  });
  if (Object.keys(errors).length) throw validationError(errors);
  // One row per instance and flight: the last text sent wins.
  const unique = new Map(rows.map((r) => [`${r.instance_id}:${r.flight_id ?? ''}`, r]));
  await inTransaction(db, async (tx) => {
    await tx
      .delete(tour_instance_transfers)
      .where(
        and(
          eq(tour_instance_transfers.tour_group_id, groupId),
          eq(tour_instance_transfers.transfer_for, v.transfer_for),
        ),
      );
    await tx.insert(tour_instance_transfers).values(
      [...unique.values()].map((r) => ({
        tour_group_id: groupId,
        tour_instance_id: r.instance_id,
        flight_id: r.flight_id ?? null,
        transfer_for: v.transfer_for,
        transfer: r.transfer.trim(),
      })),
    );
    await tx
      .delete(transfer_pickup_times)
      .where(
        and(
          eq(transfer_pickup_times.tour_group_id, groupId),
          eq(transfer_pickup_times.transfer_for, v.transfer_for),
        ),
      );
    const uniquePickups = new Map(pickups.map((p) => [`${p.transfer.trim()}:${p.accommodation_id}`, p]));
    if (uniquePickups.size) {
      await tx.insert(transfer_pickup_times).values(
        [...uniquePickups.values()].map((p) => ({
          tour_group_id: groupId,
          transfer_for: v.transfer_for,
          transfer: p.transfer.trim(),
          accommodation_id: p.accommodation_id,
          pickup_time: p.pickup_time,
        })),
      );
    }
  });
}
