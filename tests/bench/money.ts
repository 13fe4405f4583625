/**
 * `npm run bench:money [-- --scale 1000000 --iterations 100]`: loads (or reuses) the scale data set
 * with its money rows (src/server/db/seed/money.ts: ~200 suppliers, 5,000 invoices and 20,000
 * payments a year, internal payments and adverts) on a PostgreSQL server (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/tour_bench, created when missing), starts the API in
 * this process and prints p50/p95/p99 of the invoices table, the three summaries over a full year
 * and the group revenue of a group of about 200 bookings — over HTTP and, beside each, the same
 * service call straight on PostgreSQL. Target: p95 ≤ 100 ms for each. Exits 1 when one misses it.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { groupRevenue } from '../../src/server/areas/groups/payments-queries';
import { invoiceTable } from '../../src/server/areas/invoices/queries';
import {
  artworkTable,
  paymentInvoiceTable,
  tourSummaryTable,
} from '../../src/server/areas/summaries/queries';
import { loadConfig } from '../../src/server/config';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { seedMoneyScale } from '../../src/server/db/seed/money';
import { ensureAdmin } from '../../src/server/users/service';
import { benchUrl, ensureDatabase, ensureScaleData, percentile } from './common';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const scale = arg('scale', 1_000_000);
const iterations = arg('iterations', 100);
const TARGET_MS = 100;
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
  // A data set loaded before the money seed existed gets its money rows now.
  const [{ invoices }] = await queryRows<{ invoices: number }>(
    db,
    sql`select count(*)::int as invoices from party_invoices`,
  );
  if (invoices === 0) {
    console.log('adding the money rows...');
    await seedMoneyScale(db, {
      today: Math.floor(Date.now() / 86_400_000),
      years: 3,
      factor: scale / 1_000_000,
    });
    await db.execute(sql`analyze`);
  }
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
  const headers = { authorization: `Bearer ${Token}`, 'content-type': 'application/json' };

  // Parameters from the data: the busiest supplier, last full year, a group of about 200 bookings.
  const [c] = await queryRows<{
    supplier: number;
    supplier_invoices: number;
    year_start: string;
    year_end: string;
    group_id: number;
    group_bookings: number;
  }>(
    db,
    sql`select (select supplier_id from party_invoices where invoice_for = 'supplier' group by 1 order by count(*) desc limit 1) as supplier,
          (select count(*)::int from party_invoices where invoice_for = 'supplier' group by supplier_id order by 1 desc limit 1) as supplier_invoices,
          to_char(current_date - 365, 'YYYY-MM-DD') as year_start, to_char(current_date, 'YYYY-MM-DD') as year_end,
          g.id as group_id, g.n as group_bookings
        from (select i.tour_group_id as id, count(distinct tb.holiday_booking_id)::int as n
              from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
              group by 1 order by abs(count(distinct tb.holiday_booking_id) - 200), 1 limit 1) g`,
  );
  const dt = { draw: 1, start: 0, length: 25 };
  const cases: {
    name: string;
    http: () => Promise<Response>;
    direct: () => Promise<{ recordsFiltered?: number } | unknown>;
  }[] = [
    {
      name: `invoices table (supplier, ${c.supplier_invoices} invoices)`,
      http: () =>
        fetch(`${base}/api/invoices-table`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            draw: 1,
            start: 0,
            length: 10,
            invoice_for: 'supplier',
            invoice_for_id: c.supplier,
          }),
        }),
      direct: () => invoiceTable(db, 'supplier', c.supplier, { draw: 1, start: 0, length: 10 }),
    },
    {
      name: 'payment invoices summary (a year)',
      http: () =>
        fetch(
          `${base}/api/summary/payment-invoice?draw=1&start=0&length=25&summary_for=supplier&due_date_start=${c.year_start}&due_date_end=${c.year_end}`,
          { headers },
        ),
      direct: () =>
        paymentInvoiceTable(db, {
          ...dt,
          summary_for: 'supplier',
          due_date_start: c.year_start,
          due_date_end: c.year_end,
        }),
    },
    {
      name: 'artwork summary (a year)',
      http: () =>
        fetch(
          `${base}/api/summary/artwork-invoice?due_date_start=${c.year_start}&due_date_end=${c.year_end}`,
          {
            method: 'POST',
            headers,
            body: JSON.stringify(dt),
          },
        ),
      direct: () => artworkTable(db, { ...dt, due_date_start: c.year_start, due_date_end: c.year_end }),
    },
    {
      name: 'tour summary (a year, all tours)',
      http: () =>
        fetch(
          `${base}/api/summary/tour-summary?departure_start_range_start=${c.year_start}&departure_start_range_end=${c.year_end}`,
          { method: 'POST', headers, body: JSON.stringify(dt) },
        ),
      direct: () =>
        tourSummaryTable(db, {
          ...dt,
          departure_start_range_start: c.year_start,
          departure_start_range_end: c.year_end,
        }),
    },
    {
      name: `group revenue (${c.group_bookings} bookings)`,
      http: () =>
        fetch(`${base}/api/tours/groups/${c.group_id}/calculate-revenue`, {
          method: 'POST',
          headers,
          body: '{}',
        }),
      direct: () => groupRevenue(db, c.group_id),
    },
  ];

  console.log(`\nmoney screens on ${n.toLocaleString('en-GB')} bookings, ${iterations} runs each (ms)`);
  console.log(`${'case'.padEnd(40)}   HTTP p50     p95     p99 | direct p50   p95     p99 | rows`);
  const failures: string[] = [];
  for (const k of cases) {
    let rows = 0;
    const http = await time(async () => {
      const res = await k.http();
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${k.name}: ${res.status} ${JSON.stringify(body)}`);
      rows = body.recordsFiltered ?? body.data?.internal_payments?.length ?? 0;
    });
    const direct = await time(k.direct);
    const p95 = Math.max(percentile(http, 95), percentile(direct, 95));
    if (p95 > TARGET_MS) failures.push(`${k.name}: p95 ${p95.toFixed(1)} ms > ${TARGET_MS} ms`);
    console.log(
      `${k.name.padEnd(40)} ${fmt(percentile(http, 50))} ${fmt(percentile(http, 95))} ${fmt(percentile(http, 99))} | ${fmt(percentile(direct, 50))} ${fmt(percentile(direct, 95))} ${fmt(percentile(direct, 99))} | ${rows.toLocaleString('en-GB')}`,
    );
  }
  await app.close();
  await database.close();
  if (failures.length) {
    console.error(`\nOVER TARGET:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
