import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, queryRows } from '../../src/server/db/client';
import { seedScale } from '../../src/server/db/seed/scale';

/** The benches' PostgreSQL database: BENCH_DATABASE_URL, default tour_bench on this machine. */
export const benchUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tour_bench';

/** Creates the database of `url` when it does not exist yet (through the server's `postgres` database). */
export async function ensureDatabase(url: string = benchUrl): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '')}"`);
  await admin.end();
}

/** The p-th percentile (nearest rank) of ascending `sorted` timings. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Loads the `scale` data set (`npm run seed -- --scale`, src/server/db/seed/scale.ts) unless the
 * database already holds that many bookings; answers how many bookings it holds now.
 */
export async function ensureScaleData(db: Db, scale: number): Promise<number> {
  const count = async () =>
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bookings`))[0].n;
  const n = await count();
  if (n >= scale) return n;
  console.log(`loading ${scale.toLocaleString('en-GB')} bookings (found ${n.toLocaleString('en-GB')})...`);
  await seedScale(db, scale, { log: (m) => console.log(`  ${m}`) });
  return count();
}
