import { openDatabase } from '../../src/server/db/client';
import { ensureAdmin } from '../../src/server/users/service';
import { startBalanced } from '../helpers/balanced';
import { runBookingWriteBench } from './booking-writes';
import { benchUrl, ensureDatabase, ensureScaleData } from './common';

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
  const n = await ensureScaleData(db, scale);
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
      serverPids: () => balanced.processes.flatMap((p) => (p?.proc.pid ? [p.proc.pid] : [])),
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
