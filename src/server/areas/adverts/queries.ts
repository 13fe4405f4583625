import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdvertProduct, AdvertRow, advertTableRequest } from '../../../shared/api/adverts';
import { type Db, queryRows } from '../../db/client';
import { runSimpleTable } from '../../http/datatables';

/** The columns of `advertAnswer`, read from `advertisements a join advertise_sizes s`. */
export const ADVERT_COLUMNS = sql`a.id as advertisement_id, a.affiliate_id,
  json_build_object('size_id', s.id, 'size_name', s.size_name) as advertisement_size,
  a.placemenet_date, a.expiry_date, a.total_cost, a.submission_deadline_date, a.is_graphic_created, a.is_sent,
  a.paid_status, a.invoice_number, a.invoice_amount, a.invoice_due_date, a.invoice_name, a.graphic_name,
  a.payment_mode, a.payment_mode_number, a.payment_date, a.payment_amount, a.created_at`;

const FROM = sql`advertisements a join advertise_sizes s on s.id = a.size_id`;

type TableRequest = z.output<typeof advertTableRequest>;

/** `col between from and to`, or one bound alone; nothing when neither is set. */
export function dateBetween(col: SQL, from: string | undefined, to: string | undefined): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${col} >= ${from}::date`);
  if (to) out.push(sql`${col} <= ${to}::date`);
  return out;
}

/**
 * The affiliate's advertisements table (spec 2 §2 Advertisements tab, §7 GET affiliates/{id}/adverts;
 * §9: 5 a page): filters by size and the four date ranges; quick search on invoice number and size;
 * newest placement first.
 */
export function advertTable(db: Db, affiliateId: number, req: TableRequest) {
  return runSimpleTable<AdvertRow>(db, req, {
    from: FROM,
    select: ADVERT_COLUMNS,
    sortable: {
      advertisement_size: sql`s.size_name`,
      submission_deadline_date: sql`a.submission_deadline_date`,
      placemenet_date: sql`a.placemenet_date`,
      expiry_date: sql`a.expiry_date`,
      total_cost: sql`a.total_cost`,
      invoice_number: sql`a.invoice_number`,
      invoice_amount: sql`a.invoice_amount`,
      invoice_due_date: sql`a.invoice_due_date`,
      paid_status: sql`a.paid_status`,
      is_graphic_created: sql`a.is_graphic_created`,
      is_sent: sql`a.is_sent`,
      created_at: sql`a.created_at`,
    },
    defaultOrder: { column: 'placemenet_date', dir: 'desc' },
    defaultLength: 5,
    tieBreaker: sql`a.id`,
    searchable: [sql`a.invoice_number`, sql`s.size_name`],
    where: [
      sql`a.affiliate_id = ${affiliateId}`,
      ...(req.advertisement_size ? [sql`a.size_id = ${req.advertisement_size}`] : []),
      ...dateBetween(
        sql`a.submission_deadline_date`,
        req.submission_deadline_date_from,
        req.submission_deadline_date_to,
      ),
      ...dateBetween(sql`a.placemenet_date`, req.placemenet_date_from, req.placemenet_date_to),
      ...dateBetween(sql`a.expiry_date`, req.expiry_date_from, req.expiry_date_to),
      ...dateBetween(sql`a.invoice_due_date`, req.invoice_due_date_from, req.invoice_due_date_to),
    ],
  });
}

/** One advertisement as answered, or undefined. `affiliateId` narrows it to that affiliate's. */
export async function findAdvert(db: Db, id: number, affiliateId?: number): Promise<AdvertRow | undefined> {
  const [row] = await queryRows<AdvertRow>(
    db,
    sql`select ${ADVERT_COLUMNS} from ${FROM} where a.id = ${id}
        ${affiliateId === undefined ? sql`` : sql`and a.affiliate_id = ${affiliateId}`}`,
  );
  return row;
}

/** The products of an advertisement with their tour and size names, in the order added. */
export function advertProducts(db: Db, advertId: number) {
  return queryRows<AdvertProduct>(
    db,
    sql`select p.id, p.tour_id, t.name as tour, p.size_id, s.size_name as size, p.amount
        from advertisement_products p
        join tours t on t.id = p.tour_id
        left join advertise_sizes s on s.id = p.size_id
        where p.advertisement_id = ${advertId}
        order by p.id`,
  );
}

/** The stored row of an advertisement (file keys included), locked for the change's transaction. */
export interface StoredAdvert {
  id: number;
  affiliate_id: number;
  size_id: number;
  size_name: string;
  placemenet_date: string;
  expiry_date: string;
  total_cost: string | null;
  submission_deadline_date: string | null;
  is_graphic_created: boolean;
  is_sent: boolean;
  paid_status: boolean;
  invoice_number: string | null;
  invoice_amount: string | null;
  invoice_due_date: string | null;
  invoice_file_key: string | null;
  invoice_name: string | null;
  graphic_file_key: string | null;
  graphic_name: string | null;
  payment_mode: string | null;
  payment_mode_number: string | null;
  payment_date: string | null;
  payment_amount: string | null;
}

/** Locks advertisement `id` (for update) and answers its stored row; undefined when there is none. */
export async function lockAdvert(tx: Db, id: number): Promise<StoredAdvert | undefined> {
  const [row] = await queryRows<StoredAdvert>(
    tx,
    sql`select a.id, a.affiliate_id, a.size_id, s.size_name, a.placemenet_date, a.expiry_date, a.total_cost,
          a.submission_deadline_date, a.is_graphic_created, a.is_sent, a.paid_status, a.invoice_number,
          a.invoice_amount, a.invoice_due_date, a.invoice_file_key, a.invoice_name, a.graphic_file_key,
          a.graphic_name, a.payment_mode, a.payment_mode_number, a.payment_date, a.payment_amount
        from advertisements a join advertise_sizes s on s.id = a.size_id
        where a.id = ${id} for update of a`,
  );
  return row;
}

/** True when a row with `id` exists in `table` (a fixed identifier, never user input). */
export async function exists(db: Db, table: 'affiliates' | 'advertise_sizes' | 'tours', id: number) {
  const [row] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from ${sql.identifier(table)} where id = ${id}`,
  );
  return Boolean(row);
}

/** The name of a tour and of a size (null when none), for the audit history's product lines. */
export async function productLabel(db: Db, tourId: number, sizeId: number | null) {
  const [row] = await queryRows<{ tour: string; size: string | null }>(
    db,
    sql`select t.name as tour, (select size_name from advertise_sizes where id = ${sizeId}) as size
        from tours t where t.id = ${tourId}`,
  );
  return row;
}

/** The products' sum of advertisement `id` (decimal text), read in the caller's transaction. */
export async function productsSum(tx: Db, id: number, exceptProductId?: number): Promise<string> {
  const [row] = await queryRows<{ sum: string }>(
    tx,
    sql`select coalesce(sum(amount), 0)::text as sum from advertisement_products
        where advertisement_id = ${id} ${exceptProductId ? sql`and id <> ${exceptProductId}` : sql``}`,
  );
  return row.sum;
}
