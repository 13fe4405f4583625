import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Extra, ExtraRow, ExtraValues } from '../../../shared/api/extras';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { airlines, extra_airlines, extra_tours, extras, tours } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';

export const EXTRA_IN_USE_MESSAGE = 'This extra cannot be deleted: bookings use it.';

/**
 * Extras table (spec 3 §2 Extras: name, price and cost in £). Lists the catalogue extras; tour
 * extras (tour_id set) belong to their tour's screen. Quick search on the name.
 */
export function extraTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<ExtraRow>(db, req, {
    from: sql`extras e`,
    select: sql`e.id, e.name, e.price, e.cost`,
    where: [sql`e.tour_id is null`],
    sortable: { id: sql`e.id`, name: sql`e.name`, price: sql`e.price`, cost: sql`e.cost` },
    defaultOrder: { column: 'name', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`e.id`,
    searchable: [sql`e.name`, sql`e.short_description`],
  });
}

/** One extra with its linked airlines and tours (spec 3 §7 GET extras/{id}); 404 when unknown. */
export async function getExtra(db: Db, id: number): Promise<Extra> {
  const [row] = await queryRows<Omit<Extra, 'airlines' | 'tours'>>(
    db,
    sql`select id, name, price, cost, commissionable, commission_rate, booking_start_date,
               booking_end_date, start_date, end_date, short_description, for_admin, for_per_person, tour_id
        from extras where id = ${id}`,
  );
  if (!row) throw notFound('Extra not found.');
  const [linkedAirlines, linkedTours] = await Promise.all([
    queryRows<{ id: number; name: string }>(
      db,
      sql`select a.id, a.name from extra_airlines ea join airlines a on a.id = ea.airline_id
          where ea.extra_id = ${id} order by lower(a.name), a.id`,
    ),
    queryRows<{ id: number; name: string }>(
      db,
      sql`select t.id, t.name from extra_tours et join tours t on t.id = et.tour_id
          where et.extra_id = ${id} order by lower(t.name), t.id`,
    ),
  ]);
  return { ...row, airlines: linkedAirlines, tours: linkedTours };
}

/** 422 on `field` when some ids name no row of `table` (checked before writing links). */
async function assertAllExist(
  db: Db,
  table: typeof airlines | typeof tours,
  ids: number[],
  field: string,
  noun: string,
) {
  if (ids.length === 0) return;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const known = new Set(found.map((r) => r.id));
  const missing = ids.filter((i) => !known.has(i));
  if (missing.length) throw validationError({ [field]: [`Unknown ${noun}: ${missing.join(', ')}.`] });
}

const columns = (v: ExtraValues) => ({
  name: v.name,
  price: v.price,
  cost: v.cost,
  commissionable: v.commissionable,
  commission_rate: v.commission_rate ?? null,
  booking_start_date: v.booking_start_date ?? null,
  booking_end_date: v.booking_end_date ?? null,
  start_date: v.start_date ?? null,
  end_date: v.end_date ?? null,
  short_description: v.short_description ?? null,
  for_admin: v.for_admin,
  for_per_person: v.for_per_person,
});

/** Replaces an extra's airline and tour links (inside the caller's transaction). */
async function writeLinks(tx: Db, id: number, v: ExtraValues) {
  await tx.delete(extra_airlines).where(eq(extra_airlines.extra_id, id));
  await tx.delete(extra_tours).where(eq(extra_tours.extra_id, id));
  if (v.airlines.length) {
    await tx.insert(extra_airlines).values(v.airlines.map((airline_id) => ({ extra_id: id, airline_id })));
  }
  if (v.tours.length) {
    await tx.insert(extra_tours).values(v.tours.map((tour_id) => ({ extra_id: id, tour_id })));
  }
}

/**
 * Creates an extra and its airline and tour links in one transaction (spec 3 §7 POST extras).
 * With `tour_id` it is a tour extra (spec 3 §3 Tour extra) of that tour.
 */
export async function createExtra(db: Db, v: ExtraValues): Promise<number> {
  if (v.tour_id !== undefined) await assertAllExist(db, tours, [v.tour_id], 'tour_id', 'tour');
  await assertAllExist(db, airlines, v.airlines, 'airlines', 'airline');
  await assertAllExist(db, tours, v.tours, 'tours', 'tour');
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(extras)
      .values({ ...columns(v), tour_id: v.tour_id ?? null })
      .returning({ id: extras.id });
    await writeLinks(tx, row.id, v);
    return row.id;
  });
}

/**
 * Updates an extra and replaces its links in one transaction (spec 3 §7 POST extras/{id}). The
 * tour a tour extra belongs to does not change.
 */
export async function updateExtra(db: Db, id: number, v: ExtraValues): Promise<void> {
  await assertAllExist(db, airlines, v.airlines, 'airlines', 'airline');
  await assertAllExist(db, tours, v.tours, 'tours', 'tour');
  await inTransaction(db, async (tx) => {
    const rows = await tx
      .update(extras)
      .set({ ...columns(v), updated_at: sql`now()` })
      .where(eq(extras.id, id))
      .returning({ id: extras.id });
    if (rows.length === 0) throw notFound('Extra not found.');
    await writeLinks(tx, id, v);
  });
}

/** Deletes an extra (its links go with it); refused while bookings use it (booking_extras RESTRICT). */
export async function deleteExtra(db: Db, id: number, { tourExtraOnly = false } = {}): Promise<void> {
  const where = tourExtraOnly ? and(eq(extras.id, id), isNotNull(extras.tour_id)) : eq(extras.id, id);
  const rows = await refuseIfInUse(
    () => db.delete(extras).where(where).returning({ id: extras.id }),
    EXTRA_IN_USE_MESSAGE,
  );
  if (rows.length === 0) throw notFound(tourExtraOnly ? 'Tour extra not found.' : 'Extra not found.');
}
