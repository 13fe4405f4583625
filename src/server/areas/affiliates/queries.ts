import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Affiliate,
  AffiliateOption,
  AffiliateRow,
  affiliateAdvertiseSize,
  affiliateInput,
} from '../../../shared/api/affiliates';
import { type Db, queryRows } from '../../db/client';
import { affiliates } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse, uniqueAs } from '../../http/db-errors';
import { notFound } from '../../http/errors';
import { partyBookingsTable } from '../agents';

type AffiliateValues = z.output<typeof affiliateInput>;

export const AFFILIATE_NOT_FOUND = 'Affiliate not found.';
export const AFFILIATE_IN_USE = 'This affiliate cannot be deleted: bookings are linked to it.';
export const CODE_TAKEN = 'The code has already been taken.';

/**
 * Affiliates table (spec 2 §2 /affiliates, §7 GET affiliates/table): code, name, active; quick
 * search on name and code; by name. Also the bookings screens' affiliate picker (5 a page).
 */
export function affiliateTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<AffiliateRow>(db, req, {
    from: sql`affiliates`,
    select: sql`id, code, name, email, is_active, created_at`,
    sortable: {
      id: sql`id`,
      code: sql`code`,
      name: sql`name`,
      is_active: sql`is_active`,
      created_at: sql`created_at`,
    },
    defaultOrder: { column: 'name', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: [sql`name`, sql`code`],
  });
}

/** GET affiliates[?type=active] (spec 2 §7): id, name, code by name; only active ones with type=active. */
export function affiliateList(db: Db, activeOnly: boolean) {
  return queryRows<AffiliateOption>(
    db,
    sql`select id, name, code from affiliates ${activeOnly ? sql`where is_active` : sql``} order by name, id`,
  );
}

/** One affiliate; 404 when there is none. */
export async function getAffiliate(db: Db, id: number): Promise<Affiliate> {
  const [row] = await queryRows<Affiliate>(
    db,
    sql`select id, name, code, email, phone_number, address_line_1, address_line_2, town_city, county,
          postcode, artwork_email, is_active
        from affiliates where id = ${id}`,
  );
  if (!row) throw notFound(AFFILIATE_NOT_FOUND);
  return row;
}

/** Advertisement sizes (spec 2 §3 Advertise size: size_id, size_name), by name. */
export function advertiseSizes(db: Db) {
  return queryRows<z.infer<typeof affiliateAdvertiseSize>>(
    db,
    sql`select id as size_id, size_name from advertise_sizes order by size_name, id`,
  );
}

const columns = (v: AffiliateValues) => ({
  name: v.name,
  code: v.code,
  email: v.email ?? null,
  phone_number: v.phone_number ?? null,
  address_line_1: v.address_line_1 ?? null,
  address_line_2: v.address_line_2 ?? null,
  town_city: v.town_city ?? null,
  county: v.county ?? null,
  postcode: v.postcode ?? null,
  artwork_email: v.artwork_email ?? null,
  is_active: v.is_active,
});

/** Inserts an affiliate; a code already in use answers 422 on `code`. */
export async function createAffiliate(db: Db, values: AffiliateValues): Promise<number> {
  const [row] = await uniqueAs(
    () => db.insert(affiliates).values(columns(values)).returning({ id: affiliates.id }),
    'code',
    CODE_TAKEN,
  );
  return row.id;
}

/** Updates every field of an affiliate; a code already in use answers 422 on `code`. */
export async function updateAffiliate(db: Db, id: number, values: AffiliateValues): Promise<void> {
  const rows = await uniqueAs(
    () =>
      db
        .update(affiliates)
        .set({ ...columns(values), updated_at: sql`now()` })
        .where(eq(affiliates.id, id))
        .returning({ id: affiliates.id }),
    'code',
    CODE_TAKEN,
  );
  if (rows.length === 0) throw notFound(AFFILIATE_NOT_FOUND);
}

/** The list's active switch (spec 2 §4: saves at once). */
export async function setAffiliateActive(db: Db, id: number, isActive: boolean): Promise<void> {
  const rows = await db
    .update(affiliates)
    .set({ is_active: isActive, updated_at: sql`now()` })
    .where(eq(affiliates.id, id))
    .returning({ id: affiliates.id });
  if (rows.length === 0) throw notFound(AFFILIATE_NOT_FOUND);
}

/**
 * Deletes an affiliate; refused (409) while bookings point at it (bookings.affiliate_id is ON
 * DELETE RESTRICT). Customers and brochure requests only lose the link (ON DELETE SET NULL).
 */
export async function deleteAffiliate(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(affiliates).where(eq(affiliates.id, id)).returning({ id: affiliates.id }),
    AFFILIATE_IN_USE,
  );
  if (rows.length === 0) throw notFound(AFFILIATE_NOT_FOUND);
}

/**
 * The affiliate's bookings (spec 2 §2 affiliate edit, Bookings tab; §9: 5 a page): those with
 * affiliate_id, plus the earlier system's whose old affiliate has the same code or name (old
 * affiliates carry no link to affiliates).
 */
export async function affiliateBookingsTable(db: Db, id: number, req: DataTablesRequest) {
  const [exists] = await queryRows<{ id: number }>(db, sql`select id from affiliates where id = ${id}`);
  if (!exists) throw notFound(AFFILIATE_NOT_FOUND);
  const match = sql`(b.affiliate_id = ${id} or b.old_affiliate_id in (
      select oaf.id from old_affiliates oaf join affiliates a on a.id = ${id}
      where upper(btrim(oaf.code)) = upper(btrim(a.code)) or lower(btrim(oaf.name)) = lower(btrim(a.name))))`;
  return partyBookingsTable(db, req, match, 5);
}
