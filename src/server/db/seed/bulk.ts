import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../client';

/**
 * Inserts plain rows (keys = column names, money as strings, dates as YYYY-MM-DD, timestamps as
 * ISO strings) into `table`, `chunk` rows per INSERT. Each chunk travels as one JSON parameter
 * expanded by json_populate_recordset, which is far cheaper than thousands of bind parameters on
 * both PGlite and PostgreSQL. Every row must carry the keys of the first row; columns left out
 * take their defaults.
 */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  chunk = 1000,
): Promise<void> {
  if (rows.length === 0) return;
  const name = getTableName(table);
  const columns = Object.keys(rows[0] as object);
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(rows.slice(i, i + chunk));
    await db.execute(
      sql`insert into ${sql.identifier(name)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(name)}, ${json}::json)`,
    );
  }
}

/** Highest id in `table` (0 when empty), so explicit ids can continue from it. */
export async function maxId(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(
    db,
    sql`select coalesce(max(id), 0)::int as n from ${sql.identifier(table)}`,
  );
  return Number(row?.n ?? 0);
}

/** Number of rows in `table`. */
export async function countRows(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return Number(row?.n ?? 0);
}

/** Moves each table's serial `id` sequence past its highest id, after inserts with explicit ids. */
export async function resetSequences(db: Db, tables: string[]): Promise<void> {
  for (const t of tables) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.identifier(t)}), 0) + 1, false)`,
    );
  }
}

/** Hands out consecutive ids for one table, starting after its current highest id. */
export class IdSeq {
  private constructor(private last: number) {}
  static async after(db: Db, table: string): Promise<IdSeq> {
    return new IdSeq(await maxId(db, table));
  }
  next(): number {
    this.last += 1;
    return this.last;
  }
}
