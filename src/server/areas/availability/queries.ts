import { type SQL, sql } from 'drizzle-orm';
import type { AvailabilityRow, PriceDiscount, PriceRow } from '../../../shared/api/availability';
import { type Db, queryRows } from '../../db/client';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { notFound } from '../../http/errors';

/** 404 unless the room exists. */
export async function assertRoom(db: Db, roomId: number, lock = false): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from accommodation_rooms where id = ${roomId} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw notFound('Room not found.');
}

/**
 * The Accommodation Availability table of a room (spec 3 §2, GET
 * accommodation/room/availability/{id}/table?startDate&endDate): one row per night that has
 * availability, by date; page size 25. Quick search matches the date as shown (DD/MM/YYYY).
 */
export function availabilityTable(
  db: Db,
  roomId: number,
  req: DataTablesRequest,
  range: { startDate?: string; endDate?: string },
) {
  const where: SQL[] = [sql`accommodation_room_id = ${roomId}`];
  if (range.startDate) where.push(sql`availability_date >= ${range.startDate}::date`);
  if (range.endDate) where.push(sql`availability_date <= ${range.endDate}::date`);
  return runSimpleTable<AvailabilityRow>(db, req, {
    from: sql`room_availability`,
    select: sql`id, availability_date, availability, confirmed_locked_availability, locked_availability,
                remaining_availability, stop_sell`,
    sortable: {
      availability_date: sql`availability_date`,
      availability: sql`availability`,
      confirmed_locked_availability: sql`confirmed_locked_availability`,
      locked_availability: sql`locked_availability`,
      remaining_availability: sql`remaining_availability`,
      stop_sell: sql`stop_sell`,
    },
    defaultOrder: { column: 'availability_date', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: [sql`to_char(availability_date, 'DD/MM/YYYY')`],
    where,
  });
}

/** Columns of a price row as the Accommodation Prices table reads it. */
const priceSelect = sql`p.id, p.accommodation_room_id, p.room_availability_date, p.currency_id,
  json_build_object('short_name', coalesce(c.short_name, 'GBP'), 'symbol', case when p.currency_id is null then '£' else c.symbol end) as currency,
  trim(trailing '.' from trim(trailing '0' from p.exchange_rate::text)) as exchange_rate,
  p.price_type, p.price, round(p.price / p.exchange_rate, 2)::text as price_gbp,
  (select count(*)::int from accommodation_price_discounts d where d.accommodation_price_id = p.id) as discounts_count`;

/** The prices of a room for each night from start to end (POST get-availability/{id}/prices). */
export async function listPrices(db: Db, roomId: number, start: string, end: string): Promise<PriceRow[]> {
  await assertRoom(db, roomId);
  return queryRows<PriceRow>(
    db,
    sql`select ${priceSelect} from accommodation_prices p left join currencies c on c.id = p.currency_id
        where p.accommodation_room_id = ${roomId}
          and p.room_availability_date between ${start}::date and ${end}::date
        order by p.room_availability_date, p.id`,
  );
}

/** One price row; 404 when there is none (or, with roomId, when it belongs to another room). */
export async function getPrice(db: Db, priceId: number, roomId?: number): Promise<PriceRow> {
  const [row] = await queryRows<PriceRow>(
    db,
    sql`select ${priceSelect} from accommodation_prices p left join currencies c on c.id = p.currency_id
        where p.id = ${priceId} ${roomId ? sql`and p.accommodation_room_id = ${roomId}` : sql``}`,
  );
  if (!row) throw notFound('Price not found.');
  return row;
}

/** The discounts of a price by booking start date. */
export function listDiscounts(db: Db, priceId: number): Promise<PriceDiscount[]> {
  return queryRows<PriceDiscount>(
    db,
    sql`select id, accommodation_price_id, booking_start_date, booking_end_date, percent_discount, discount_price
        from accommodation_price_discounts where accommodation_price_id = ${priceId}
        order by booking_start_date, id`,
  );
}
