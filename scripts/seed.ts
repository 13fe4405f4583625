/**
 * `npm run seed` loads the demo operator; `npm run seed -- --scale N` loads N bookings of benchmark
 * data instead; `--reset` first drops and recreates the public schema. Uses DATABASE_URL when set,
 * else PGlite in DATA_DIR (default ./data). Migrates before seeding.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed/demo';
import { seedScale } from '../src/server/db/seed/scale';

const args = process.argv.slice(2);
const reset = args.includes('--reset');
const scaleAt = args.indexOf('--scale');
const scale = scaleAt >= 0 ? Number(args[scaleAt + 1]) : null;
if (scale != null && (!Number.isInteger(scale) || scale <= 0)) {
  console.error('usage: npm run seed [-- --reset] [-- --scale N]   (N a positive whole number of bookings)');
  process.exit(2);
}

const log = (msg: string) => console.log(`[seed] ${msg}`);

async function main() {
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const started = Date.now();
  const database = await openDatabase({ url, dataDir });
  log(`database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`);
  try {
    if (reset) {
      log('dropping and recreating the public schema');
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
    }
    await database.migrate();
    if (scale != null) await seedScale(database.db, scale, { log });
    else await seedDemo(database.db, { log });
    log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
