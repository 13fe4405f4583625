import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { flagSchema, intSchema, moneySchema } from '../../../shared/api/common';
import {
  CSV_COLUMNS,
  type CsvColumn,
  type CsvLineError,
  departurePlace,
} from '../../../shared/api/tour-catalogue';
import { csvUploadApi } from '../../../shared/api/tours';
import { offeredAccommodations } from '../../../shared/pricing';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { tour_instance_prices, tour_instances } from '../../db/schema';
import { HttpError, validationError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { readMultipart } from '../../http/uploads';
import { csvSafeCast } from '../../lib/spreadsheet-safe';
import type { AreaDeps } from '../deps';
import { csvDate, type Row, readRows } from './csv-read';

/** Spec 3 §2 Tours, word for word (typo included). */
export const CSV_SUCCESS_MESSAGE = 'File uploaded succesfully';
/** A row checked and resolved against the catalogue, ready to write. */
interface PlannedRow {
  line: number;
  key: string;
  tourId: number;
  groupId: number;
  departureDate: string;
  airportId: number | null;
  pickupPointId: number | null;
  selfDrive: boolean;
  existingId: number | null;
  title: string;
  fields: {
    base_price?: string;
    base_sale_price?: string;
    base_cost?: string;
    deposit_price?: string;
    tour_places?: number;
  };
  room: { tourRoomId: number; price?: string; sale_price?: string; cost?: string } | null;
}

/** Everything the check needs, loaded once for the file's tours. */
async function loadCatalogue(db: Db, references: string[]) {
  const tours = await queryRows<{ id: number; reference: string; tour_type: string }>(
    db,
    sql`select id, reference, tour_type from tours where lower(reference) in (${sql.join(
      references.map((r) => sql`${r.toLowerCase()}`),
      sql`, `,
    )})`,
  );
  const tourIds = tours.map((t) => t.id);
  const idList = tourIds.length
    ? sql.join(
        tourIds.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;
  const [groups, instances, accs, excluded, rooms, airports, points] = await Promise.all([
    queryRows<{ id: number; tour_id: number; start_date: string; pick_up_point_region_id: number | null }>(
      db,
      sql`select id, tour_id, start_date::text as start_date, pick_up_point_region_id from tour_groups where tour_id in (${idList})`,
    ),
    queryRows<{
      id: number;
      tour_group_id: number;
      departure_date: string;
      departure_airport_id: number | null;
      pickup_point_id: number | null;
      self_drive: boolean;
    }>(
      db,
      sql`select id, tour_group_id, departure_date::text as departure_date, departure_airport_id, pickup_point_id, self_drive
          from tour_instances where tour_id in (${idList}) order by id`,
    ),
    queryRows<{
      id: number;
      tour_id: number;
      tour_group_id: number | null;
      accommodation_id: number;
      accommodation_name: string;
      check_in_day: number;
      check_out_day: number;
    }>(
      db,
      sql`select ta.id, ta.tour_id, ta.tour_group_id, ta.accommodation_id, a.accommodation_name, ta.check_in_day, ta.check_out_day
          from tour_accommodations ta join accommodations a on a.id = ta.accommodation_id where ta.tour_id in (${idList})`,
    ),
    queryRows<{ tour_group_id: number; tour_accommodation_id: number }>(
      db,
      sql`select x.tour_group_id, x.tour_accommodation_id from tour_group_excluded_accommodations x
          join tour_groups g on g.id = x.tour_group_id where g.tour_id in (${idList})`,
    ),
    queryRows<{ id: number; tour_accommodation_id: number; name: string }>(
      db,
      sql`select tr.id, tr.tour_accommodation_id, ar.name from tour_rooms tr
          join accommodation_rooms ar on ar.id = tr.accommodation_room_id
          join tour_accommodations ta on ta.id = tr.tour_accommodation_id where ta.tour_id in (${idList})`,
    ),
    queryRows<{ id: number; iata_code: string; city: string | null }>(
      db,
      sql`select id, iata_code, city from airports`,
    ),
    queryRows<{ id: number; pickup_point_name: string; region_ids: number[] }>(
      db,
      sql`select p.id, p.pickup_point_name,
                 coalesce(array_agg(rp.pickup_region_id) filter (where rp.pickup_region_id is not null), '{}') as region_ids
          from pickup_points p left join pickup_region_points rp on rp.pickup_point_id = p.id group by p.id`,
    ),
  ]);
  return {
    tourByRef: new Map(tours.map((t) => [t.reference.toLowerCase(), t])),
    groups,
    instances,
    accs,
    excluded,
    rooms,
    airportByIata: new Map(airports.map((a) => [a.iata_code.toUpperCase(), a])),
    pointByName: new Map(points.map((p) => [p.pickup_point_name.trim().toLowerCase(), p])),
  };
}

/** Checks every row against the catalogue; answers the plan and the refused lines. */
function checkRows(
  rows: { line: number; row: Row }[],
  cat: Awaited<ReturnType<typeof loadCatalogue>>,
  updateOnly: boolean,
): { plan: PlannedRow[]; errors: CsvLineError[] } {
  const plan: PlannedRow[] = [];
  const errors: CsvLineError[] = [];
  for (const { line, row } of rows) {
    const errs: string[] = [];
    const get = (c: CsvColumn) => (row[c] ?? '').trim();
    const money = (c: CsvColumn, label: string) => {
      const v = get(c);
      if (!v) return undefined;
      const r = moneySchema(label).safeParse(v.replace(/^£/, '').replace(/,/g, ''));
      if (!r.success) {
        errs.push(r.error.issues[0].message);
        return undefined;
      }
      return r.data;
    };
    const tour = cat.tourByRef.get(get('tour_reference').toLowerCase());
    if (!get('tour_reference')) errs.push('tour_reference is required.');
    else if (!tour) errs.push(`No tour has the reference '${get('tour_reference')}'.`);
    const start = csvDate(get('group_start_date'));
    if (!get('group_start_date')) errs.push('group_start_date is required.');
    else if (!start) errs.push(`group_start_date '${get('group_start_date')}' is not a date (DD/MM/YYYY).`);
    const departure = csvDate(get('departure_date'));
    if (!get('departure_date')) errs.push('departure_date is required.');
    else if (!departure) errs.push(`departure_date '${get('departure_date')}' is not a date (DD/MM/YYYY).`);
    const group =
      tour && start ? cat.groups.find((g) => g.tour_id === tour.id && g.start_date === start) : undefined;
    if (tour && start && !group) errs.push(`The tour has no group starting on ${get('group_start_date')}.`);

    let airportId: number | null = null;
    let pickupPointId: number | null = null;
    let title = '';
    const place = tour ? departurePlace(tour.tour_type) : null;
    if (tour) {
      if (place === 'airport') {
        const iata = get('departure_airport').toUpperCase();
        const airport = cat.airportByIata.get(iata);
        if (!iata) errs.push('departure_airport (IATA code) is required for air tours.');
        else if (!airport) errs.push(`Unknown airport IATA code '${iata}'.`);
        else {
          airportId = airport.id;
          title = `${airport.city ?? iata} (${iata})`;
        }
      } else if (place === 'pickup_point') {
        const name = get('pickup_point');
        const point = cat.pointByName.get(name.toLowerCase());
        if (!name) errs.push('pickup_point is required for coach tours.');
        else if (!point) errs.push(`Unknown pickup point '${name}'.`);
        else if (
          group?.pick_up_point_region_id &&
          !point.region_ids.includes(group.pick_up_point_region_id)
        ) {
          errs.push(`Pickup point '${name}' is not in the group's pickup region.`);
        } else {
          pickupPointId = point.id;
          title = point.pickup_point_name;
        }
      } else title = 'Self drive';
    }
    const fields: PlannedRow['fields'] = {
      base_price: money('base_price', 'base_price'),
      base_sale_price: money('base_sale_price', 'base_sale_price'),
      base_cost: money('base_cost', 'base_cost'),
    };
    if (!updateOnly) {
      fields.deposit_price = money('deposit_price', 'deposit_price');
      if (get('tour_places')) {
        const r = intSchema('tour_places', { min: 0, max: 100000 }).safeParse(get('tour_places'));
        if (r.success) fields.tour_places = r.data;
        else errs.push(r.error.issues[0].message);
      }
    }
    const roomPrices = {
      price: money('room_price', 'room_price'),
      sale_price: money('room_sale_price', 'room_sale_price'),
      cost: money('room_cost', 'room_cost'),
    };
    let room: PlannedRow['room'] = null;
    const accName = get('accommodation');
    const roomName = get('room');
    const anyRoomPrice = get('room_price') || get('room_sale_price') || get('room_cost');
    if ((accName || roomName || anyRoomPrice) && (!accName || !roomName)) {
      errs.push('accommodation and room are both needed for a room price.');
    } else if (accName && group && tour) {
      const offered = offeredAccommodations(
        cat.accs.filter((a) => a.tour_id === tour.id),
        group.id,
        cat.excluded.filter((x) => x.tour_group_id === group.id).map((x) => x.tour_accommodation_id),
      ).accommodations.filter((a) => a.accommodation_name.trim().toLowerCase() === accName.toLowerCase());
      const match = cat.rooms.find(
        (r) =>
          offered.some((a) => a.id === r.tour_accommodation_id) &&
          r.name.trim().toLowerCase() === roomName.toLowerCase(),
      );
      if (!offered.length) errs.push(`The group does not offer accommodation '${accName}'.`);
      else if (!match) errs.push(`'${accName}' has no room '${roomName}' on this tour.`);
      else room = { tourRoomId: match.id, ...roomPrices };
    }

    const selfDrive = place === 'self_drive';
    const existing =
      group && departure
        ? cat.instances.find(
            (i) =>
              i.tour_group_id === group.id &&
              i.departure_date === departure &&
              (airportId
                ? i.departure_airport_id === airportId
                : pickupPointId
                  ? i.pickup_point_id === pickupPointId
                  : i.self_drive),
          )
        : undefined;
    if (updateOnly && group && departure && !existing && errs.length === 0) {
      errs.push('No such instance to update (pricing update only does not create instances).');
    }
    if (errs.length) {
      errors.push({ line, errors: errs });
      continue;
    }
    plan.push({
      line,
      key: `${group?.id}:${departure}:${airportId ?? ''}:${pickupPointId ?? ''}:${selfDrive}`,
      tourId: tour?.id as number,
      groupId: group?.id as number,
      departureDate: departure as string,
      airportId,
      pickupPointId,
      selfDrive,
      existingId: existing?.id ?? null,
      title: get('instance_title') || title,
      fields,
      room,
    });
  }
  return { plan, errors };
}

/** Writes a checked plan in one transaction: instances created or updated, room prices saved. */
async function writePlan(db: Db, plan: PlannedRow[], updateOnly: boolean) {
  return inTransaction(db, async (tx) => {
    const ids = new Map<string, number>();
    let created = 0;
    const updated = new Set<number>();
    let prices = 0;
    for (const p of plan) {
      let id = ids.get(p.key) ?? p.existingId;
      const set = Object.fromEntries(Object.entries(p.fields).filter(([, v]) => v !== undefined));
      if (!id) {
        const [row] = await tx
          .insert(tour_instances)
          .values({
            tour_id: p.tourId,
            tour_group_id: p.groupId,
            instance_title: p.title,
            departure_date: p.departureDate,
            departure_airport_id: p.airportId,
            pickup_point_id: p.pickupPointId,
            self_drive: p.selfDrive,
            ...set,
          })
          .returning({ id: tour_instances.id });
        id = row.id;
        created++;
      } else if (Object.keys(set).length) {
        await tx.execute(
          sql`update tour_instances set ${sql.join(
            Object.entries(set).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`),
            sql`, `,
          )}, updated_at = now() where id = ${id}`,
        );
        if (!ids.has(p.key)) updated.add(id);
      }
      ids.set(p.key, id);
      if (p.room) {
        const values = Object.fromEntries(
          Object.entries({ price: p.room.price, sale_price: p.room.sale_price, cost: p.room.cost }).filter(
            ([, v]) => v !== undefined,
          ),
        );
        if (Object.keys(values).length || !updateOnly) {
          await tx
            .insert(tour_instance_prices)
            .values({ tour_instance_id: id, tour_room_id: p.room.tourRoomId, ...values })
            .onConflictDoUpdate({
              target: [tour_instance_prices.tour_instance_id, tour_instance_prices.tour_room_id],
              set: { ...values, updated_at: sql`now()` },
            });
          prices++;
        }
      }
    }
    return {
      rows: plan.length,
      instances_created: created,
      instances_updated: updated.size,
      prices_saved: prices,
    };
  });
}

/**
 * Checks a whole upload, then writes all of it in one transaction or nothing: a refused row
 * answers 422 naming every bad line (`errors['line N']`, and `lines` in file order).
 */
export async function importInstancesCsv(db: Db, text: string, updateOnly: boolean) {
  const rows = readRows(text);
  const refs = [...new Set(rows.map((r) => (r.row.tour_reference ?? '').trim()).filter(Boolean))];
  const cat = await loadCatalogue(db, refs.length ? refs : ['']);
  const { plan, errors } = checkRows(rows, cat, updateOnly);
  if (errors.length) {
    const err = validationError(
      Object.fromEntries(errors.map((e) => [`line ${e.line}`, e.errors.map((m) => `Line ${e.line}: ${m}`)])),
      `${errors.length} row${errors.length === 1 ? ' has' : 's have'} errors; nothing was imported.`,
    );
    (err as HttpError & { lines?: CsvLineError[] }).lines = errors;
    throw err;
  }
  return writePlan(db, plan, updateOnly);
}

/** The template: the header row of CSV_COLUMNS (through the one spreadsheet text rule, as every CSV). */
export const csvTemplate = () => stringify([CSV_COLUMNS.map((c) => c.name)], { cast: csvSafeCast });

/**
 * The Bulk Tour Instance Uploader (spec 3 §2 Tours, §7 'POST csvupload multipart: csv, updateOnly'):
 * the endpoints of `csvUploadApi`. Role 1 only.
 */
export const csvUploadRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['tours'];
  route(app, csvUploadApi.template, { tags }, async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="tour-instances-template.csv"')
      .send(csvTemplate()),
  );
  route(app, csvUploadApi.upload, { tags }, async (req, reply) => {
    const { fields, files } = await readMultipart(req);
    const file = files.csv;
    if (!file) throw validationError({ csv: ['Choose a CSV file.'] });
    const updateOnly = flagSchema.safeParse(fields.updateOnly ?? 'false').data ?? false;
    try {
      const result = await importInstancesCsv(db, file.data.toString('utf8'), updateOnly);
      return ok(CSV_SUCCESS_MESSAGE, { data: result });
    } catch (e) {
      const lines = (e as { lines?: CsvLineError[] }).lines;
      if (e instanceof HttpError && lines) {
        return reply.status(422).send({ success: false, message: e.message, errors: e.errors, lines });
      }
      throw e;
    }
  });
};
