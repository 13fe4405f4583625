import { eq, sql } from 'drizzle-orm';
import {
  TOUR_TYPE_LABELS,
  TOUR_TYPE_VALUES,
  type TourAccommodationRow,
  type TourDetail,
  type TourExtraRow,
  type TourValues,
} from '../../../shared/api/tour-catalogue';
import type { TourRow } from '../../../shared/api/tours';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { tours } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { notFound, validationError } from '../../http/errors';

/** Tours table (spec 3 §2 Tours): Name, Tour type, 'Supressed ?'; quick search on name and reference. */
export function tourTable(db: Db, req: DataTablesRequest, onlySuppressed: boolean) {
  return runSimpleTable<TourRow>(db, req, {
    from: sql`tours t`,
    select: sql`t.id, t.name, t.reference, t.tour_type, t.is_suppressed, t.enabled`,
    where: [onlySuppressed ? sql`t.is_suppressed` : sql`not t.is_suppressed`],
    sortable: {
      id: sql`t.id`,
      name: sql`t.name`,
      tour_type: sql`t.tour_type`,
      is_suppressed: sql`t.is_suppressed`,
    },
    defaultOrder: { column: 'name', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`t.id`,
    searchable: [sql`t.name`, sql`t.reference`, sql`t.tour_type`],
  });
}

/**
 * SQL: the columns of a tour accommodation row (TourAccommodationRow) from `tour_accommodations ta`
 * joined to its `accommodations a`: the one select of the tour, group and tour accommodation screens.
 */
export const TOUR_ACCOMMODATION_COLUMNS = sql`ta.id, ta.tour_id, ta.tour_group_id, ta.accommodation_id,
  a.accommodation_name, ta.check_in_day, ta.check_out_day, ta.is_special_accommodation,
  (select count(*)::int from tour_rooms tr where tr.tour_accommodation_id = ta.id) as rooms_count,
  coalesce((select array_agg(x.tour_group_id order by x.tour_group_id)
            from tour_group_excluded_accommodations x where x.tour_accommodation_id = ta.id),
           '{}') as excluded_group_ids`;

/** Tour accommodation rows of a tour (`groupId` null: the tour's own) or of one group. */
export async function tourAccommodationRows(
  db: Db,
  tourId: number,
  groupId: number | null,
): Promise<TourAccommodationRow[]> {
  return queryRows<TourAccommodationRow>(
    db,
    sql`select ${TOUR_ACCOMMODATION_COLUMNS}
        from tour_accommodations ta join accommodations a on a.id = ta.accommodation_id
        where ta.tour_id = ${tourId}
          and ${groupId === null ? sql`ta.tour_group_id is null` : sql`ta.tour_group_id = ${groupId}`}
        order by lower(a.accommodation_name), ta.id`,
  );
}

/** One tour with its accommodation and extras (spec 3 §7 GET tours/{id}, data[0]); 404 when unknown. */
export async function getTour(db: Db, id: number): Promise<TourDetail> {
  const [row] = await queryRows<Omit<TourDetail, 'accommodation' | 'extras'>>(
    db,
    sql`select t.id, t.name, t.reference, t.tour_type, t.enabled, t.deposit_price::text as deposit_price,
               t.duration, t.minimum_age, t.release_days_before, t.destination, t.bonding_type_id,
               t.tour_places, t.stop_sell, t.is_suppressed, t.is_passport_details_required, t.itinerary,
               t.covering_emails, t.information_doc_name, (t.information_doc_path is not null) as has_information_doc,
               c.name as destination_name, b.name as bonding_type_name,
               (select count(*)::int from tour_groups g where g.tour_id = t.id) as groups_count
        from tours t left join countries c on c.id = t.destination
             left join bonding_types b on b.id = t.bonding_type_id
        where t.id = ${id}`,
  );
  if (!row) throw notFound('Tour not found.');
  const [accommodation, extras] = await Promise.all([
    tourAccommodationRows(db, id, null),
    queryRows<TourExtraRow>(
      db,
      sql`select id, name, price::text as price, cost::text as cost, commissionable,
                 commission_rate::text as commission_rate, start_date::text as start_date,
                 end_date::text as end_date
          from extras where tour_id = ${id} order by start_date nulls last, lower(name), id`,
    ),
  ]);
  return { ...row, accommodation, extras };
}

/** The stored information PDF of a tour (key and original name), or null. */
export async function getTourDoc(db: Db, id: number): Promise<{ key: string; name: string } | null> {
  const [row] = await queryRows<{ key: string | null; name: string | null }>(
    db,
    sql`select information_doc_path as key, information_doc_name as name from tours where id = ${id}`,
  );
  if (!row) throw notFound('Tour not found.');
  return row.key ? { key: row.key, name: row.name ?? 'tour-information.pdf' } : null;
}

/** 422 on reference when another tour already has it (the CSV uploader finds tours by reference). */
async function assertReferenceFree(db: Db, reference: string, exceptId?: number) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from tours where lower(reference) = lower(${reference})
        ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  if (row) throw validationError({ reference: ['Another tour already has this reference.'] });
}

async function assertReferences(db: Db, v: TourValues) {
  const errors: Record<string, string[]> = {};
  if (v.destination) {
    const [c] = await queryRows(db, sql`select 1 from countries where id = ${v.destination}`);
    if (!c) errors.destination = ['Unknown country.'];
  }
  if (v.bonding_type_id) {
    const [b] = await queryRows(db, sql`select 1 from bonding_types where id = ${v.bonding_type_id}`);
    if (!b) errors.bonding_type_id = ['Unknown bonding type.'];
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

const tourColumns = (v: TourValues) => ({
  name: v.name,
  reference: v.reference,
  tour_type: v.tour_type,
  enabled: v.enabled,
  deposit_price: v.deposit_price,
  duration: v.duration,
  minimum_age: v.minimum_age ?? null,
  release_days_before: v.release_days_before,
  destination: v.destination ?? null,
  bonding_type_id: v.bonding_type_id ?? null,
  tour_places: v.tour_places,
  stop_sell: v.stop_sell,
  is_suppressed: v.is_suppressed,
  is_passport_details_required: v.is_passport_details_required,
  itinerary: v.itinerary ?? null,
  covering_emails: v.covering_emails ?? null,
});

/** Inserts a tour (spec 3 §7 POST tours/); `doc` is the stored information PDF. */
export async function insertTour(
  db: Db,
  v: TourValues,
  doc: { key: string; name: string } | null,
): Promise<number> {
  await assertReferenceFree(db, v.reference);
  await assertReferences(db, v);
  const [row] = await db
    .insert(tours)
    .values({
      ...tourColumns(v),
      information_doc_name: doc?.name ?? null,
      information_doc_path: doc?.key ?? null,
    })
    .returning({ id: tours.id });
  return row.id;
}

/** Updates a tour; a new PDF replaces the old one. Answers the old PDF key to remove, or null. */
export async function updateTourRow(
  db: Db,
  id: number,
  v: TourValues,
  doc: { key: string; name: string } | null,
): Promise<{ oldKey: string | null } | null> {
  const [exists] = await queryRows(db, sql`select 1 from tours where id = ${id}`);
  if (!exists) return null;
  await assertReferenceFree(db, v.reference, id);
  await assertReferences(db, v);
  return inTransaction(db, async (tx) => {
    const [old] = await queryRows<{ key: string | null }>(
      tx,
      sql`select information_doc_path as key from tours where id = ${id} for update`,
    );
    if (!old) return null;
    await tx
      .update(tours)
      .set({
        ...tourColumns(v),
        ...(doc ? { information_doc_name: doc.name, information_doc_path: doc.key } : {}),
        updated_at: sql`now()`,
      })
      .where(eq(tours.id, id));
    return { oldKey: doc ? old.key : null };
  });
}

/** POST tours/update/tour-suppression: suppresses or restores a tour. */
export async function setTourSuppression(db: Db, id: number, suppressed: boolean): Promise<void> {
  const rows = await db
    .update(tours)
    .set({ is_suppressed: suppressed, updated_at: sql`now()` })
    .where(eq(tours.id, id))
    .returning({ id: tours.id });
  if (rows.length === 0) throw notFound('Tour not found.');
}

/** GET tours/tour-data (spec 3 §7): the lists the tour screens choose from. */
export async function tourData(db: Db) {
  const [accomodations, bonding_types, countries, pickUpRegions] = await Promise.all([
    queryRows<{ id: number; accommodation_name: string; resort_name: string | null }>(
      db,
      sql`select a.id, a.accommodation_name, r.resort_name
          from accommodations a left join resorts r on r.id = a.resort_id
          order by lower(a.accommodation_name), a.id`,
    ),
    queryRows<{ id: number; name: string }>(db, sql`select id, name from bonding_types order by name`),
    queryRows<{ id: number; name: string }>(db, sql`select id, name from countries order by name`),
    queryRows<{
      id: number;
      region_name: string;
      pick_up_points: { id: number; pickup_point_name: string }[];
    }>(
      db,
      sql`select r.id, r.region_name,
                 coalesce((select json_agg(json_build_object('id', p.id, 'pickup_point_name', p.pickup_point_name)
                                           order by p.pickup_point_name)
                           from pickup_region_points rp join pickup_points p on p.id = rp.pickup_point_id
                           where rp.pickup_region_id = r.id), '[]'::json) as pick_up_points
          from pickup_regions r order by lower(r.region_name), r.id`,
    ),
  ]);
  return { accomodations, bonding_types, countries, pickUpRegions };
}

/** GET tours/tour-type: the four tour types of spec 3 §9 as {id, name}. */
export const tourTypes = () => TOUR_TYPE_VALUES.map((id) => ({ id, name: TOUR_TYPE_LABELS[id] }));

/**
 * GET airports/by_country/{code}: a country's departure airports (UK airports with scheduled
 * service, spec 3 §7 'GET airports/by_country/GB'); a country without any gets all its airports.
 */
export async function airportsByCountry(db: Db, code: string) {
  return queryRows<{ id: number; airport_name: string; iata_code: string; city: string | null }>(
    db,
    sql`with c as (select * from airports where country_code = ${code.toUpperCase()})
        select id, airport_name, iata_code, city from c
        where is_departure_airport or not exists (select 1 from c where is_departure_airport)
        order by airport_name, id`,
  );
}
