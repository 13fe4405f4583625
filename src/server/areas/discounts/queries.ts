import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type {
  Discount,
  DiscountCreateValues,
  DiscountRow,
  DiscountUpdateValues,
  OfferedDiscount,
} from '../../../shared/api/discounts';
import { type Db, queryRows } from '../../db/client';
import { discounts, tours } from '../../db/schema';
import { type DataTablesRequest, likeEscape, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';
import { londonZoneSql } from '../../lib/dates';

export const DISCOUNT_IN_USE_MESSAGE = 'This discount cannot be deleted: bookings use it.';

/**
 * Discounts table (spec 3 §2 Discounts, §7 GET discounts/table2): code, description, value,
 * penalty_type and the tour's name; filters `code` (case-insensitive, contained) and `tourId`.
 */
export function discountTable(db: Db, req: DataTablesRequest, filters: { code?: string; tourId?: number }) {
  const where: SQL[] = [];
  if (filters.code) where.push(sql`d.code ilike ${`%${likeEscape(filters.code)}%`}`);
  if (filters.tourId) where.push(sql`d.tour_id = ${filters.tourId}`);
  return runSimpleTable<DiscountRow>(db, req, {
    from: sql`discounts d left join tours t on t.id = d.tour_id`,
    select: sql`d.id, d.code, d.description, d.value, d.penalty_type, d.tour_id, t.name as tour_name`,
    where,
    sortable: {
      id: sql`d.id`,
      code: sql`d.code`,
      description: sql`d.description`,
      value: sql`d.value`,
      tour_name: sql`t.name`,
    },
    defaultOrder: { column: 'code', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`d.id`,
    searchable: [sql`d.code`, sql`d.description`, sql`t.name`],
  });
}

/** One discount with its tour's name (spec 3 §7 GET discounts/{id}); 404 when unknown. */
export async function getDiscount(db: Db, id: number): Promise<Discount> {
  const [row] = await queryRows<Discount>(
    db,
    sql`select d.id, d.code, d.description, d.value, d.penalty_type, d.per_person, d.tour_id,
               t.name as tour_name, d.start_date, d.end_date, d.valid_from_date, d.valid_to_date,
               d.on_base_price, d.is_suppressed, d.is_manual
        from discounts d left join tours t on t.id = d.tour_id where d.id = ${id}`,
  );
  if (!row) throw notFound('Discount not found.');
  return row;
}

async function assertToursExist(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  const found = await db.select({ id: tours.id }).from(tours).where(inArray(tours.id, ids));
  const known = new Set(found.map((r) => r.id));
  const missing = ids.filter((i) => !known.has(i));
  if (missing.length) throw validationError({ tour_id: [`Unknown tour: ${missing.join(', ')}.`] });
}

const columns = (v: Omit<DiscountCreateValues, 'tour_id'>) => ({
  code: v.code,
  description: v.description,
  value: v.value,
  penalty_type: v.penalty_type,
  per_person: v.per_person,
  on_base_price: v.on_base_price,
  is_suppressed: v.is_suppressed,
  is_manual: v.is_manual,
  start_date: v.start_date,
  end_date: v.end_date,
  valid_from_date: v.valid_from_date,
  valid_to_date: v.valid_to_date,
});

/**
 * Creates one discount row per chosen tour, all in one statement (spec 3 §3 Discount: several
 * tours on create); with no tour, one row without a tour. Answers the new ids in tour order.
 */
export async function createDiscounts(db: Db, v: DiscountCreateValues): Promise<number[]> {
  await assertToursExist(db, v.tour_id);
  const { tour_id, ...fields } = v;
  const tourIds: (number | null)[] = tour_id.length ? tour_id : [null];
  const rows = await db
    .insert(discounts)
    .values(tourIds.map((t) => ({ ...columns(fields), tour_id: t })))
    .returning({ id: discounts.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Updates a discount, with one tour or none (spec 3 §3: one tour on edit). */
export async function updateDiscount(db: Db, id: number, v: DiscountUpdateValues): Promise<void> {
  if (v.tour_id !== null) await assertToursExist(db, [v.tour_id]);
  const rows = await db
    .update(discounts)
    .set({ ...columns(v), tour_id: v.tour_id, updated_at: sql`now()` })
    .where(eq(discounts.id, id))
    .returning({ id: discounts.id });
  if (rows.length === 0) throw notFound('Discount not found.');
}

/** Deletes a discount; refused while bookings use it (booking_discounts RESTRICT). */
export async function deleteDiscount(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(discounts).where(eq(discounts.id, id)).returning({ id: discounts.id }),
    DISCOUNT_IN_USE_MESSAGE,
  );
  if (rows.length === 0) throw notFound('Discount not found.');
}

/**
 * GET discounts (spec 1 §7: tour_ids[], show_suppressed, fromAdmin=yes): the discounts of the given
 * tours plus those without a tour (the legacy 'all tours' kind), by code. Suppressed ones only with
 * show_suppressed. Staff (fromAdmin) see every discount, manual ones included, whatever its dates;
 * otherwise manual discounts are left out and only those valid for a booking made today
 * (valid_from_date … valid_to_date, London) are offered.
 */
export function offeredDiscounts(
  db: Db,
  { tourIds, showSuppressed, fromAdmin }: { tourIds: number[]; showSuppressed: boolean; fromAdmin: boolean },
): Promise<OfferedDiscount[]> {
  const where: SQL[] = [
    tourIds.length
      ? sql`(d.tour_id is null or d.tour_id in (${sql.join(
          tourIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`
      : sql`d.tour_id is null`,
  ];
  if (!showSuppressed) where.push(sql`not d.is_suppressed`);
  if (!fromAdmin) {
    where.push(sql`not d.is_manual`);
    where.push(
      sql`(d.valid_from_date is null or d.valid_from_date <= (now() at time zone ${londonZoneSql})::date)`,
    );
    where.push(
      sql`(d.valid_to_date is null or d.valid_to_date >= (now() at time zone ${londonZoneSql})::date)`,
    );
  }
  return queryRows<OfferedDiscount>(
    db,
    sql`select d.id, d.code, d.description, d.value, case when d.penalty_type then 1 else 0 end as penalty_type,
               d.per_person, d.on_base_price, d.is_manual, d.tour_id
        from discounts d where ${sql.join(where, sql` and `)} order by d.code, d.id limit 500`,
  );
}
