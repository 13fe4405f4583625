import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BASE_CURRENCY,
  type CurrencyRate,
  type CurrencyRow,
  type CurrentRate,
  type currencyInput,
} from '../../../shared/api/currency';
import { ukDate } from '../../../shared/dates';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { notFound, validationError } from '../../http/errors';

type CurrencyValues = z.output<typeof currencyInput>;

/** The rate as text without trailing zeros ('1.270000' → '1.27'). */
const rateText = sql`trim_scale(exchange_rate)::text`;
const columns = sql`id as currency_id, name, short_name, symbol, ${rateText} as exchange_rate,
  start_date::text as start_date, end_date::text as end_date`;

/**
 * Exchange rates table (spec 2 §2 Currency exchange rates): name, short name, symbol, start date,
 * end date, exchange rate; quick search on name, short name and symbol. Newest periods first.
 */
export function currencyTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<CurrencyRow>(db, req, {
    from: sql`currencies`,
    select: sql`id, ${columns}`,
    sortable: {
      currency_id: sql`id`,
      name: sql`name`,
      short_name: sql`short_name`,
      symbol: sql`symbol`,
      start_date: sql`start_date`,
      end_date: sql`end_date`,
      exchange_rate: sql`exchange_rate`,
    },
    defaultOrder: { column: 'start_date', dir: 'desc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: [sql`name`, sql`short_name`, sql`symbol`],
  });
}

/** One exchange rate; 404 when there is none. */
export async function getCurrency(db: Db, id: number): Promise<CurrencyRate> {
  const [row] = await queryRows<CurrencyRate>(db, sql`select ${columns} from currencies where id = ${id}`);
  if (!row) throw notFound('Exchange rate not found.');
  return row;
}

/**
 * POST currency-exchange/handle: adds (flag 'add') or edits (flag 'edit') a rate, in one
 * transaction that first takes a lock on the currency code, so two rates of one currency never
 * cover the same day (else 'the rate of today' would be ambiguous). Answers the id.
 */
export async function saveCurrency(db: Db, v: CurrencyValues): Promise<number> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`currency:${v.short_name}`}))`);
    const editId = v.flag === 'edit' ? (v.currency_id as number) : null;
    const [overlap] = await queryRows<{ start_date: string; end_date: string }>(
      tx,
      sql`select start_date::text as start_date, end_date::text as end_date from currencies
          where short_name = ${v.short_name} and (${editId}::int is null or id <> ${editId}::int)
            and coalesce(start_date, '-infinity') <= ${v.end_date}::date
            and coalesce(end_date, 'infinity') >= ${v.start_date}::date
          limit 1`,
    );
    if (overlap) {
      const fmt = (d: string | null) => (d ? ukDate(d) : 'open');
      throw validationError({
        start_date: [
          `Another ${v.short_name} rate already covers ${fmt(overlap.start_date)} to ${fmt(overlap.end_date)}; the dates may not overlap.`,
        ],
      });
    }
    const values = sql`${v.name}, ${v.short_name}, ${v.symbol ?? null}, ${v.exchange_rate}::numeric,
      ${v.start_date}::date, ${v.end_date}::date`;
    if (editId == null) {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into currencies (name, short_name, symbol, exchange_rate, start_date, end_date)
            values (${values}) returning id`,
      );
      return Number(row.id);
    }
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update currencies set (name, short_name, symbol, exchange_rate, start_date, end_date, updated_at)
            = (${values}, now())
          where id = ${editId} returning id`,
    );
    if (rows.length === 0) throw notFound('Exchange rate not found.');
    return editId;
  });
}

/** Deletes an exchange rate; 404 when there is none. */
export async function deleteCurrency(db: Db, id: number): Promise<void> {
  const rows = await queryRows(db, sql`delete from currencies where id = ${id} returning id`);
  if (rows.length === 0) throw notFound('Exchange rate not found.');
}

/**
 * GET currency-exchange/get-current-list: Sterling at rate 1 first, then each currency's rate
 * valid on `today` (YYYY-MM-DD, London), by short name.
 */
export async function currentRates(db: Db, today: string): Promise<CurrentRate[]> {
  const rows = await queryRows<CurrentRate>(
    db,
    sql`select distinct on (short_name) ${columns} from currencies
        where coalesce(start_date, '-infinity') <= ${today}::date and coalesce(end_date, 'infinity') >= ${today}::date
          and short_name <> ${BASE_CURRENCY.short_name}
        order by short_name, start_date desc nulls last, id desc`,
  );
  return [{ currency_id: null, ...BASE_CURRENCY, start_date: null, end_date: null }, ...rows];
}
