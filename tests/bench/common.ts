import pg from 'pg';

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
