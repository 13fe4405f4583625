/**
 * `npm run bench:bookings [-- --scale 1000000 --iterations 200]`: loads (or reuses) the scale data
 * set on a PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tour_bench,
 * created when missing), starts the API in this process, and prints p50/p95/p99 latency of the
 * bookings list cases over HTTP and, beside each, the same service call straight on PostgreSQL;
 * then the booking cases of booking-writes.ts (open, create, add a payment, concurrent creation
 * with an oversell check, a hot room). More options: `--cases list,open,create,payment,throughput,hot`
 * (default all), `--clients 8,16`, `--seconds 10`, `--hot-rooms 30`, `--keep-writes`.
 * Exits 1 when an oversell check fails.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { listBookings } from '../../src/server/areas/bookings/service';
import { loadConfig } from '../../src/server/config';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { ensureAdmin } from '../../src/server/users/service';
import { runBookingWriteBench } from './booking-writes';
import { benchUrl, ensureDatabase, ensureScaleData, percentile } from './common';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const scale = arg('scale', 1_000_000);
const iterations = arg('iterations', 200);
const argText = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const cases = new Set(argText('cases', 'list,open,create,payment,throughput,hot').split(','));
const clients = argText('clients', '8,16').split(',').map(Number);
const seconds = arg('seconds', 10);
const hotRooms = arg('hot-rooms', 30);
const keepWrites = args.includes('--keep-writes');
const url = benchUrl;

const fmt = (n: number) => n.toFixed(1).padStart(7);

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

async function main() {
  await ensureDatabase();
  const database = await openDatabase({ url, poolSize: 10 });
  const { db } = database;
  await database.migrate();
  const n = await ensureScaleData(db, scale);
  await ensureAdmin(db, 'bench@bench.test', 'bench-password-1');
  const app = await buildApp({
    db,
    config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url }),
    webDir: '/none',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@bench.test', password: 'bench-password-1' }),
  });
  const { Token } = await login.json();

  // Realistic parameters taken from the data itself.
  const [sample] = await queryRows<{
    booking_ref: string;
    customer_id: number;
    last_name: string;
    postcode: string;
  }>(
    db,
    sql`select b.booking_ref, b.customer_id, c.last_name, c.postcode from bookings b join customers c on c.id = b.customer_id
        where b.booking_ref is not null order by b.id limit 1 offset 4321`,
  );
  const [agent] = await queryRows<{ agent_id: number }>(
    db,
    sql`select agent_id from bookings where agent_id is not null group by agent_id order by count(*) desc limit 1`,
  );
  const [airline] = await queryRows<{ airline_ref: string }>(
    db,
    sql`select airline_ref from tour_bookings where airline_ref is not null order by id limit 1 offset 777`,
  );
  const [old] = await queryRows<{ start: string; end: string }>(
    db,
    sql`select to_char(date_trunc('month', min(departure_date) + 150), 'YYYY-MM-DD') as start,
          to_char(date_trunc('month', min(departure_date) + 150) + interval '1 month - 1 day', 'YYYY-MM-DD') as "end"
        from bookings`,
  );
  const columns = ['booking_ref', 'departure_date', 'customer', 'agent', 'affiliate', 'created_at', 'action'];
  const listCases: [string, Record<string, string | number>][] = [
    ['first page', {}],
    ['page 200', { start: 199 * 25 }],
    ['reference search', { search_by_ref: sample.booking_ref }],
    ['customer name search', { search_by_customer: sample.last_name }],
    ['customer postcode search', { search_by_customer: sample.postcode }],
    ['agent filter', { search_by_agent: agent.agent_id }],
    [
      'booking date range (1 month)',
      { search_by_booking_start: '2026-03-01', search_by_booking_end: '2026-03-31' },
    ],
    [
      'departure range (1 month)',
      { search_by_departure_start: '2026-07-01', search_by_departure_end: '2026-07-31' },
    ],
    [
      'departure range (old month)',
      { search_by_departure_start: old.start, search_by_departure_end: old.end },
    ],
    ['airline reference', { search_by_airline_ref: airline.airline_ref }],
    ['quick search (surname)', { 'search[value]': sample.last_name }],
    ['sort by departure, page 3', { start: 50, 'order[0][column]': '1', 'order[0][dir]': 'asc' }],
  ];

  if (cases.has('list')) {
    console.log(`\nbookings list on ${n.toLocaleString('en-GB')} bookings, ${iterations} runs each (ms)`);
    console.log(`${'case'.padEnd(30)}   HTTP p50     p95     p99 | direct p50   p95     p99 | rows`);
  }
  for (const [name, params] of cases.has('list') ? listCases : []) {
    const q = new URLSearchParams({
      draw: '1',
      start: '0',
      length: '25',
      'order[0][column]': '5',
      'order[0][dir]': 'desc',
    });
    columns.forEach((c, i) => {
      q.set(`columns[${i}][data]`, c);
    });
    for (const [k, v] of Object.entries(params)) q.set(k, String(v));
    let filtered = 0;
    const http = await time(async () => {
      const res = await fetch(`${base}/api/bookings/table?${q}`, {
        headers: { authorization: `Bearer ${Token}` },
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
      filtered = body.recordsFiltered;
    });
    const req = {
      draw: 1,
      start: Number(params.start ?? 0),
      length: 25,
      order: [{ column: 5, dir: 'desc' as const }],
      columns: columns.map((data) => ({ data })),
      ...Object.fromEntries(
        Object.entries(params).filter(
          ([k]) => !['start', 'search[value]'].includes(k) && !k.startsWith('order'),
        ),
      ),
      ...(params['search[value]'] ? { search: { value: String(params['search[value]']) } } : {}),
      ...(params['order[0][column]']
        ? {
            order: [
              { column: Number(params['order[0][column]']), dir: params['order[0][dir]'] as 'asc' | 'desc' },
            ],
          }
        : {}),
    };
    const direct = await time(() => listBookings(db, req as never));
    console.log(
      `${name.padEnd(30)} ${fmt(percentile(http, 50))} ${fmt(percentile(http, 95))} ${fmt(percentile(http, 99))} | ${fmt(percentile(direct, 50))} ${fmt(percentile(direct, 95))} ${fmt(percentile(direct, 99))} | ${filtered.toLocaleString('en-GB')}`,
    );
  }
  const { failures } = await runBookingWriteBench({
    db,
    base,
    token: Token,
    iterations,
    clients,
    seconds,
    hotRooms,
    cases,
    keepWrites,
  });
  await app.close();
  await database.close();
  if (failures.length) {
    console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
