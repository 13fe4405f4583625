import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, queryRows } from './db/client';
import { seedReference } from './db/seed/reference';
import { ensureAdmin } from './users/service';

/**
 * Starts the back office: reads the configuration, opens the database (PGlite in DATA_DIR, or
 * DATABASE_URL), migrates, loads reference data, loads the demo operator on an empty database
 * when SEED=demo (the embedded default), makes sure ADMIN_EMAIL exists, listens on PORT and starts
 * the job queue's workers (pg-boss; the email outbox). SIGTERM/SIGINT close the server, the queue
 * and the database cleanly.
 */
async function main() {
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const { db } = database;
  const log = (msg: string) => console.log(`[start] ${msg}`);

  await database.withStartupLock(async () => {
    await database.migrate();
    await seedReference(db);
    if (config.seedDemo) {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
      if (Number(row?.n ?? 0) === 0) {
        log('empty database: loading the demo operator (a few seconds)...');
        // Loaded only here: the demo's generator (faker and its word lists) stays out of a
        // production server's memory.
        const { seedDemo } = await import('./db/seed/demo');
        await seedDemo(db, { log });
      }
    }
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      if (await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD))
        log(`created admin ${config.ADMIN_EMAIL}`);
    }
    // The embedded PGlite has no autovacuum: refresh the planner's statistics at each start so
    // joins are planned on real row counts (a PostgreSQL server keeps its own).
    if (database.kind === 'pglite') await db.execute(sql`analyze`);
  });

  const app = await buildApp({ db, config });
  await app.listen({ port: config.PORT, host: config.HOST });
  // The job queue and the email outbox's worker start now (tests start them lazily); the first
  // sweep delivers whatever was committed before a crash or a restart.
  await app.jobs.startWorkers();
  log(
    `ready on http://localhost:${config.PORT} (${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}, files in the ${app.files.kind === 'disk' ? 'data directory' : app.files.kind}, ${config.APP_ENV}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
