import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** A Drizzle database on either driver; services and queries take this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** 'pglite' (embedded, in DATA_DIR or memory) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs fn while holding a database-wide lock, so parallel starts migrate and seed once. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const STARTUP_LOCK_KEY = 72500001;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A node-postgres pool of at most `max` connections to `url`, as every pool of the server is made. */
function newPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client dropped by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error(`[db] idle connection lost: ${err.message}`));
  // numeric/date come back as strings (exact money; YYYY-MM-DD dates) — the pg defaults for numeric,
  // and we keep DATE as text rather than a JS Date shifted by the server's time zone.
  pg.types.setTypeParser(1082, (v) => v);
  return pool;
}

/**
 * Opens the database: PostgreSQL at `url` when given, else PGlite in `dataDir`/pglite
 * (or in memory when dataDir is 'memory://').
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
}): Promise<Database> {
  if (opts.url) {
    const pool = newPool(opts.url, opts.poolSize ?? 10);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migrateNodePg(db as never, { migrationsFolder });
      },
      withStartupLock: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  let dataDir = dir;
  if (!dir.startsWith('memory://')) {
    dataDir = path.join(dir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // The embedded database's modules load only here: a server on PostgreSQL never holds PGlite's
  // ~40 MB of WebAssembly.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
    },
    // PGlite belongs to this one process: nothing to coordinate.
    withStartupLock: (fn) => fn(),
    close: () => client.close(),
  };
}

/**
 * How the job queue (pg-boss, src/server/jobs/queue.ts) reaches the database behind `db`: the
 * embedded PGlite instance itself (one connection, shared with the app), or PostgreSQL's connection
 * string (pg-boss then opens its own small pool). Read from the Drizzle handle's client, so any Db
 * built by `openDatabase` works.
 */
export type JobsBackend = { pglite: PGlite } | { connectionString: string };

/** The job queue's way into the database of `db` (see JobsBackend). */
export function jobsBackendOf(db: Db): JobsBackend {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return { pglite: client as PGlite };
  const connectionString = (client as { options?: { connectionString?: string } } | undefined)?.options
    ?.connectionString;
  if (!connectionString)
    throw new Error('jobsBackendOf: the database has neither a PGlite client nor a pool URL');
  return { connectionString };
}

/** Which database `db` is on: a PostgreSQL server (a node-postgres pool) or the embedded PGlite. */
export function databaseKindOf(db: Db): Database['kind'] {
  return 'connectionString' in jobsBackendOf(db) ? 'postgres' : 'pglite';
}

/**
 * A second Drizzle handle on the PostgreSQL database behind `db`, over its own pool of `max`
 * connections (close it when done), or null on PGlite. For work that must never wait for a
 * connection of the app's pool: the file store saves a file while the caller's transaction holds
 * one of those, so sharing the pool would deadlock once every connection waited for a save.
 */
export function openSidePool(db: Db, max: number): { db: Db; close(): Promise<void> } | null {
  const backend = jobsBackendOf(db);
  if (!('connectionString' in backend)) return null;
  const pool = newPool(backend.connectionString, max);
  return {
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

/** Runs raw SQL on either driver and returns its rows typed as T. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What preparedRows reaches inside a Drizzle handle on node-postgres (the pool's or a transaction's session). */
interface NodePgHandle {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<{ rows: unknown[] }> };
  };
}

/**
 * queryRows for a statement run on every request of a hot path (booking creation): on PostgreSQL it
 * runs as a named prepared statement — each connection parses it once and PostgreSQL may keep its
 * plan — instead of being parsed and planned anew each time; the rows are the same as queryRows'
 * (Drizzle's own prepared query, with its type parsers). The name is a hash of the SQL text, so use
 * it only for statements whose text takes a bounded number of shapes (each shape stays prepared on
 * every connection of the pool). PGlite runs it as queryRows does.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) return queryRows(db, query);
  const handle = db as unknown as NodePgHandle;
  const built = handle.dialect.sqlToQuery(query);
  const name = `q${createHash('sha1').update(built.sql).digest('base64url')}`;
  const result = await handle.session.prepareQuery(built, undefined, name, false).execute();
  return result.rows as T[];
}

/**
 * Runs `fn` in ONE transaction on a Db-typed handle (Drizzle's transaction type is narrower than
 * Db, so every service would otherwise cast it): committed when `fn` resolves, rolled back when it
 * throws. The one transaction scaffold of the areas.
 */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((txn) => fn(txn as unknown as Db));
}

/**
 * Runs queries one after another and answers their results as a tuple, like Promise.all. Use it
 * inside a transaction: its one connection takes one query at a time (node-postgres deprecates
 * queueing several on one client).
 */
export async function inSequence<T extends readonly (() => Promise<unknown>)[]>(
  ...fns: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const out: unknown[] = [];
  for (const f of fns) out.push(await f());
  return out as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/**
 * Runs independent read queries at once on the pool, or one after another inside a transaction
 * (one connection; see `inSequence`); answers their results as a tuple, like Promise.all. For a read
 * such as the booking detail that is called both ways.
 */
export async function allQueries<const T extends readonly (() => Promise<unknown>)[]>(
  db: Db,
  fns: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (db instanceof PgTransaction) return inSequence(...fns);
  return (await Promise.all(fns.map((f) => f()))) as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
