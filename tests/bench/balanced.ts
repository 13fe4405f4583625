/**
 * `npm run bench:balanced [-- --scale 1000000 --clients 16 --seconds 10]` (issue #28): the
 * bookings data set of bench:bookings (BENCH_DATABASE_URL, loaded when missing) served by three
 * server processes behind HAProxy (tests/helpers/balanced.ts, round robin), and the booking cases'
 * concurrent creation through the balancer: bookings per second, latency, and the oversell check
 * (no room or place sold twice); then the hot room (exactly what is left is sold). Target: ≥ 250
 * creations a second with 16 clients at 1M. Needs Debian's haproxy. Exits 1 when a check fails.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { seedScale } from '../../src/server/db/seed/scale';
import { ensureAdmin } from '../../src/server/users/service';
import { startBalanced } from '../helpers/balanced';
import { runBookingWriteBench } from './booking-writes';
import { benchUrl, ensureDatabase } from './common';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const scale = Number(arg('scale', '1000000'));
const clients = arg('clients', '16').split(',').map(Number);
const seconds = Number(arg('seconds', '10'));

async function main() {
  await ensureDatabase();
  const database = await openDatabase({ url: benchUrl, poolSize: 10 });
  const { db } = database;
  await database.migrate();
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bookings`);
  if (n < scale) {
    console.log(`loading ${scale.toLocaleString('en-GB')} bookings (found ${n.toLocaleString('en-GB')})...`);
    await seedScale(db, scale, { log: (m) => console.log(`  ${m}`) });
  }
  await ensureAdmin(db, 'bench@bench.test', 'bench-password-1');
  console.log('starting three processes behind HAProxy...');
  const balanced = await startBalanced({ database: { url: benchUrl, db }, env: { LOG_LEVEL: 'error' } });
  let failures: string[] = [];
  try {
    const login = await balanced.call('POST', '/login', {
      body: { email: 'bench@bench.test', password: 'bench-password-1' },
    });
    const token = (login.body as { Token: string }).Token;
    console.log(
      `${balanced.names.length} processes behind ${balanced.url} (round robin), ${n.toLocaleString('en-GB')} bookings`,
    );
    ({ failures } = await runBookingWriteBench({
      db,
      base: balanced.url,
      token,
      iterations: 0,
      clients,
      seconds,
      hotRooms: 30,
      cases: new Set(['throughput', 'hot']),
      keepWrites: false,
    }));
  } finally {
    await balanced.close();
    await database.close();
  }
  if (failures.length) {
    console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
