import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Reads the rows of `query` in batches of `batchSize` through a server-side cursor, so a report of
 * a million rows never holds more than one batch in memory (issue #15: 'rows go from a database
 * cursor …'). Rows come as the driver gives them (cast money `::text`, dates `::text` in the SQL to
 * get exact strings on both drivers).
 *
 * - PostgreSQL: a dedicated pooled connection, `begin read only`, `declare … no scroll cursor`,
 *   `fetch` per batch, commit; the first batch arrives as soon as the planner yields rows.
 * - PGlite (one connection shared by the whole app): `declare … cursor with hold` outside a
 *   transaction (PostgreSQL keeps the result itself), then each `fetch` is its own statement, so
 *   other requests' queries run between batches instead of waiting for the whole report.
 *
 * Stopping early (a `break`, a thrown error, the client gone) closes the cursor and releases the
 * connection.
 */
export async function* cursorBatches<T>(db: Db, query: SQL, batchSize = 2000): AsyncGenerator<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `report_${randomBytes(6).toString('hex')}`;
  const client = (db as unknown as { $client: unknown }).$client;

  if (!(client instanceof pg.Pool)) {
    const pglite = client as PGlite;
    await pglite.query(`declare ${name} no scroll cursor with hold for ${text}`, params);
    try {
      while (true) {
        const res = await pglite.query<T>(`fetch forward ${batchSize} from ${name}`);
        if (res.rows.length > 0) yield res.rows;
        if (res.rows.length < batchSize) return;
      }
    } finally {
      await pglite.query(`close ${name}`).catch(() => {});
    }
  }

  const pool = client as pg.Pool;
  const conn = await pool.connect();
  let committed = false;
  try {
    await conn.query('begin read only');
    // JIT compiling a report's plan costs seconds before the first row and gains little on a scan
    // that mostly waits on the writer.
    await conn.query('set local jit = off');
    await conn.query(`declare ${name} no scroll cursor for ${text}`, params);
    while (true) {
      const res = await conn.query<T & pg.QueryResultRow>(`fetch forward ${batchSize} from ${name}`);
      if (res.rows.length > 0) yield res.rows as T[];
      if (res.rows.length < batchSize) break;
    }
    await conn.query('commit');
    committed = true;
  } finally {
    // Left early (the consumer stopped) or failed: end the transaction before the connection goes back.
    if (!committed) await conn.query('rollback').catch(() => {});
    conn.release();
  }
}
