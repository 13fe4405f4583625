/**
 * `npm run bench:dashboard [-- --scale 1000000 --iterations 200]`: loads (or reuses) the scale data
 * set of bench:bookings (src/server/db/seed/scale.ts) with the money rows of bench:money and, when
 * there are none, 30,000 brochure requests (600 not sent), on a PostgreSQL server
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tour_bench, created when
 * missing); starts the API in this process and prints p50/p95/p99 of GET dashboard and of GET
 * search for a reference, a surname, a postcode, an email, an agent (and a two-letter and a full
 * name query) — over HTTP and, beside each, the same service call straight on PostgreSQL. Target
 * (issue #14): p95 ≤ 100 ms each. Exits 1 when one misses it.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { globalSearch } from '../../src/server/areas/dashboard/search';
import { getDashboard } from '../../src/server/areas/dashboard/service';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase, queryRows } from '../../src/server/db/client';
import { seedMoneyScale } from '../../src/server/db/seed/money';
import { ensureAdmin } from '../../src/server/users/service';
import { benchUrl, ensureDatabase, ensureScaleData, percentile } from './common';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const scale = arg('scale', 1_000_000);
const iterations = arg('iterations', 200);
const TARGET_MS = 100;
const url = benchUrl;

/** The data set: bookings (bench:bookings' loader), money rows (bench:money's), brochure requests. */
async function loadDataSet(db: Db) {
  const _n = await ensureScaleData(db, scale);
  const [{ invoices, requests }] = await queryRows<{ invoices: number; requests: number }>(
    db,
    sql`select (select count(*)::int from party_invoices) as invoices,
          (select count(*)::int from brochure_requests) as requests`,
  );
  if (invoices === 0) {
    console.log('adding the money rows...');
    await seedMoneyScale(db, {
      today: Math.floor(Date.now() / 86_400_000),
      years: 3,
      factor: scale / 1_000_000,
    });
  }
  if (requests === 0) {
    console.log('adding brochure requests...');
    await db.execute(sql`insert into brochures (brochure_name)
      select 'Bench brochure ' || g from generate_series(1, 4) g
      where not exists (select 1 from brochures)`);
    // Three years of requests, a few hundred a week; the last 600 not yet processed.
    await db.execute(sql`insert into brochure_requests (brochure_id, requester_first_name,
        requester_last_name, requester_postcode, batch_id, sent, created_at, updated_at)
      select (select min(id) from brochures) + g % 4, 'Req' || g, 'Bench', 'AB1 2CD', case when g <= 29400 then 'batch-' || (g / 500) end, g <= 29400,
        now() - (30000 - g) * interval '50 minutes', now() - (30000 - g) * interval '50 minutes'
      from generate_series(1, 30000) g`);
  }
  // The steady state autovacuum keeps: statistics fresh and the visibility map set (index-only scans).
  await db.execute(
    sql`vacuum (analyze) bookings, passengers, tour_bookings, party_invoices, brochure_requests, customers, agents`,
  );
}

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
  await loadDataSet(db);
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
  const headers = { authorization: `Bearer ${Token}` };

  // Realistic queries from the data itself.
  const [c] = await queryRows<{
    booking_ref: string;
    last_name: string;
    full_name: string;
    postcode: string;
    email: string;
    agent: string;
  }>(
    db,
    sql`select b.booking_ref, c.last_name, c.first_name || ' ' || c.last_name as full_name, c.postcode, c.email,
          (select name from agents order by id offset 17 limit 1) as agent
        from bookings b join customers c on c.id = b.customer_id
        where b.booking_ref is not null and c.email is not null and c.postcode is not null
        order by b.id limit 1 offset 54321`,
  );
  const searches: [string, string][] = [
    ['search: reference', c.booking_ref],
    ['search: reference prefix', c.booking_ref.slice(0, 5)],
    ['search: surname', c.last_name],
    ['search: full name', c.full_name],
    ['search: postcode', c.postcode],
    ['search: email', c.email],
    ['search: agent', c.agent.split(' ')[0]],
    ['search: two letters', c.last_name.slice(0, 2)],
  ];

  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bookings`);
  console.log(
    `\ndashboard and search on ${n.toLocaleString('en-GB')} bookings, ${iterations} runs each (ms)`,
  );
  console.log(`${'case'.padEnd(34)}   HTTP p50     p95     p99 | direct p50   p95     p99 | result`);
  const misses: string[] = [];
  const report = (name: string, http: number[], direct: number[], result: string) => {
    console.log(
      `${name.padEnd(34)} ${fmt(percentile(http, 50))} ${fmt(percentile(http, 95))} ${fmt(percentile(http, 99))} | ${fmt(percentile(direct, 50))} ${fmt(percentile(direct, 95))} ${fmt(percentile(direct, 99))} | ${result}`,
    );
    if (percentile(http, 95) > TARGET_MS)
      misses.push(`${name}: HTTP p95 ${percentile(http, 95).toFixed(1)} ms`);
  };

  let summary = '';
  const dashHttp = await time(async () => {
    const res = await fetch(`${base}/api/dashboard`, { headers });
    const d = await res.json();
    if (res.status !== 200) throw new Error(`dashboard: ${res.status} ${JSON.stringify(d)}`);
    summary =
      `due ${d.balances_due.count}, overdue ${d.balances_overdue.count}, changes ${d.changes_not_accepted.count}, ` +
      `missing ${d.missing_details.count}, invoices ${d.supplier_invoices.due_count}+${d.supplier_invoices.overdue_count}, ` +
      `brochures ${d.brochure_requests.count}`;
  });
  const dashDirect = await time(() => getDashboard(db));
  report('dashboard', dashHttp, dashDirect, summary);

  for (const [name, q] of searches) {
    let found = '';
    const http = await time(async () => {
      const res = await fetch(`${base}/api/search?${new URLSearchParams({ q })}`, { headers });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
      found = (body.groups as { kind: string; hits: unknown[] }[])
        .map((g) => `${g.kind} ${g.hits.length}`)
        .join(', ');
    });
    const direct = await time(() => globalSearch(db, q));
    report(`${name} '${q}'`.slice(0, 34), http, direct, found || 'none');
  }

  await app.close();
  await database.close();
  if (misses.length) {
    console.error(`\nOver ${TARGET_MS} ms at p95:\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
