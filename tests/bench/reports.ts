/**
 * `npm run bench:reports [-- --scale 1000000 --only rooming,sales --node-options=…]`: the twelve
 * reports of issue #15 on the million-booking data set (the loader of bench:bookings, src/server/db/seed/scale.ts, with
 * the money rows of bench:money; loaded when missing, reused otherwise) on a PostgreSQL server
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tour_bench, created when missing).
 *
 * The real server runs as a child process (`src/server/main.ts`, DATABASE_URL = the bench database,
 * its own port, no demo seed) so its memory is measured alone. The bench signs in as an admin and
 * POSTs each report with a wide, realistic filter set (about 100,000 rows for the big ones), reading
 * the file as a browser would, and prints per report: rows (the report's job, GET /api/jobs/{id}
 * result.rows), seconds to the last byte, ms to the first byte and to the first 64 KB (rows
 * flowing: an xlsx's first bytes are the zip's fixed parts), bytes, and the server's RSS before and
 * at its peak during the report (/proc/{pid}/status VmRSS sampled every 50 ms). Meanwhile GET /api/health is
 * called over and over to show the server keeps serving; its worst latency is printed per report.
 *
 * Targets (issue #15): 100,000 rows in ≤ 10 s (a report of n rows: ≤ 10 s × max(1, n / 100,000)),
 * server RSS ≤ 300 MB, first byte ≤ 1 s. PASS/MISS per target; exits 1 when a report misses one,
 * fails, or is not built yet (404).
 */

import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../../src/server/db/client';
import { seedMoneyScale } from '../../src/server/db/seed/money';
import { addDays, addMonths, londonToday } from '../../src/shared/dates';
import { startServerProcess } from '../helpers/server';
import { benchUrl, ensureDatabase, ensureScaleData } from './common';

const args = process.argv.slice(2);
/** `--name value` or `--name=value`. */
const arg = (name: string): string | undefined => {
  const eq = args.find((a) => a.startsWith(`--${name}=`));
  if (eq) return eq.slice(name.length + 3);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const scale = Number(arg('scale') ?? 1_000_000);
const only = arg('only')?.split(',');
/**
 * The V8 heap flags `npm start` runs the server with (package.json's start script: the one place
 * they are set), so the bench measures the server as it runs in production.
 */
const startFlags = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start.match(
    /--max-[a-z-]+=\d+/g,
  ) ?? []
).join(' ');
/** Node flags for the server process (NODE_OPTIONS): --node-options=…, else those of `npm start`. */
const nodeOptions = arg('node-options') ?? (startFlags || undefined);
const url = benchUrl;

const TARGET_SECONDS_PER_100K = 10;
const TARGET_RSS_MB = 300;
const TARGET_FIRST_BYTE_MS = 1000;
const RSS_SAMPLE_MS = 50;
const HEALTH_EVERY_MS = 100;
const ROWS_FLOWING_BYTES = 64 * 1024;
const ADMIN = { email: 'bench@bench.test', password: 'bench-password-1' };

/** The data set, as bench:dashboard keeps it: bookings and the money rows, loaded when missing. */
async function loadDataSet(db: Db) {
  const _n = await ensureScaleData(db, scale);
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
}

/** The calendar quarter holding a day, as the APC return takes it: 'YYYY-Qn'. */
const calendarQuarter = (ymd: string) =>
  `${ymd.slice(0, 4)}-Q${Math.floor((Number(ymd.slice(5, 7)) - 1) / 3) + 1}`;

/** A TCP port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The process's resident memory in MB (VmRSS), or 0 once it is gone. */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Case {
  slug: string;
  path: string;
  body: object;
  /** The filters in words, for the printout. */
  what: string;
}

interface Outcome {
  slug: string;
  what: string;
  state: 'done' | 'not built' | 'failed';
  error?: string;
  rows: number;
  seconds: number;
  firstByteMs: number;
  /**
   * ms to the first 64 KB (or the whole file when smaller): rows flowing. An xlsx's first bytes are
   * the zip's small fixed parts (theme, styles), written before any row is read.
   */
  first64kMs: number;
  bytes: number;
  /** The server's RSS just before the report, and its peak during it (MB). */
  startRssMb: number;
  peakRssMb: number;
  healthMaxMs: number;
  healthCalls: number;
}

async function main() {
  await ensureDatabase();
  const database = await openDatabase({ url, poolSize: 4 });
  const { db } = database;
  await database.migrate();
  await loadDataSet(db);
  // The steady state autovacuum keeps: statistics fresh and the visibility map set.
  await db.execute(sql`vacuum (analyze) bookings, tour_bookings, passengers, payments, customers`);

  const today = londonToday();
  const [p] = await queryRows<{
    bookings: number;
    affiliate: number;
    affiliate_bookings: number;
    tours: number[];
  }>(
    db,
    sql`select (select count(*)::int from bookings) as bookings,
          (select affiliate_id from bookings where affiliate_id is not null group by 1 order by count(*) desc, 1 limit 1) as affiliate,
          (select count(*)::int from bookings where affiliate_id is not null group by affiliate_id order by 1 desc limit 1) as affiliate_bookings,
          (select array_agg(id order by id) from tours) as tours`,
  );
  await database.close();

  // Wide, realistic filters: about 100,000 rows where the data allows it (a million bookings over
  // three years is ~900 bookings, ~1,200 payments and ~2,700 passengers a day).
  const cases: Case[] = [
    {
      slug: 'rooming',
      path: '/reports/rooming',
      what: 'booked in the last 120 days, cancelled and pending included',
      body: {
        booking_start_date: addDays(today, -120),
        booking_end_date: today,
        include_cancelled: true,
        include_pending: true,
        order_by: 'accommodation',
      },
    },
    {
      slug: 'day_report',
      path: '/reports/daybook',
      what: 'payments of the last 90 days',
      body: { type: 'report', start_date: addDays(today, -90), end_date: today },
    },
    {
      slug: 'aged_debtor',
      path: '/reports/debtor-booking',
      what: 'every balance due date',
      body: { from_date: '2000-01-01', to_date: addDays(today, 400) },
    },
    {
      slug: 'bonding',
      path: '/reports/bondingreport',
      what: 'booked in the last 120 days, all bonding types',
      body: { bookingDateRangeStart: addDays(today, -120), bookingDateRangeEnd: today, bonding_type: 'all' },
    },
    {
      slug: 'sales',
      path: '/reports/salesreport',
      what: 'booked in the last 120 days, every status',
      body: {
        bookingDateStart: addDays(today, -120),
        bookingDateEnd: today,
        include_confirmed: true,
        include_cancelled: true,
        include_cancelled_pending: true,
      },
    },
    {
      slug: 'booking_customer_detail',
      path: '/reports/departure-customer-details',
      what: 'passengers departing within 30 days either side of today',
      body: {
        departure_from_date: addDays(today, -30),
        departure_to_date: addDays(today, 30),
        filterMode: 'all',
      },
    },
    {
      slug: 'customer_report',
      path: '/reports/customer-detail-report',
      what: 'customers created in the last year (default opt-out and blacklist choices)',
      body: {
        customer_creation_from: addDays(today, -365),
        customer_creation_to: today,
        report_with: 'both',
      },
    },
    {
      slug: 'affiliate',
      path: '/reports/affiliate-report',
      what: `the busiest affiliate (${p.affiliate_bookings.toLocaleString('en-GB')} bookings), every booking date`,
      body: { affiliate: p.affiliate, booking_from_date: '2000-01-01', booking_to_date: addDays(today, 1) },
    },
    {
      slug: 'revenue_report',
      path: '/reports/revenue-report',
      what: `departures of the last year, all ${p.tours.length} tours`,
      body: { departureDateStart: addDays(today, -365), departureDateEnd: today, selected_tours: p.tours },
    },
    {
      slug: 'payment_report',
      path: '/reports/payment-report',
      what: "every supplier's invoices",
      body: { report_for: 'supplier', supplier_id: [] },
    },
    {
      slug: 'addword_revenue_report',
      path: '/reports/addword-revenue-report',
      what: 'every advert placed',
      body: { placementStartDate: '2000-01-01', placementEndDate: addDays(today, 400) },
    },
    {
      slug: 'airline_costing_report',
      path: '/reports/airline-costing-report',
      what: 'lines booked in the last 270 days, every airline',
      body: { airlines: [], booking_start: addDays(today, -270), booking_end: today },
    },
    // Issue #27: the compliance reports.
    {
      slug: 'toms_working',
      path: '/reports/toms-working',
      what: 'the VAT quarter ending with last month, by departure date',
      body: { quarter: addMonths(today, -3).slice(0, 7) },
    },
    {
      slug: 'refunds',
      path: '/reports/refunds',
      what: 'bookings cancelled in the last year',
      body: { cancelledFrom: addDays(today, -365), cancelledTo: today },
    },
    {
      slug: 'atol_apc_return',
      path: '/reports/atol-apc-return',
      what: 'the ATOL certificates of the last quarter',
      body: { period: calendarQuarter(addMonths(today, -3)) },
    },
  ].filter((c) => !only || only.includes(c.slug));

  // The server, alone in its process, as production runs it (no demo seed on a server database).
  delete process.env.SEED;
  const port = await freePort();
  const server = await startServerProcess({
    DATABASE_URL: url,
    PORT: String(port),
    APP_ENV: 'bench',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(nodeOptions ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${nodeOptions}`.trim() } : {}),
  });
  const pid = server.proc.pid as number;
  const startedRss = rssMb(pid);
  const outcomes: Outcome[] = [];
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const { Token } = (await login.json()) as { Token: string };
    const headers = { authorization: `Bearer ${Token}`, 'content-type': 'application/json' };

    console.log(
      `\nreports on ${p.bookings.toLocaleString('en-GB')} bookings (server pid ${pid}${nodeOptions ? `, node ${nodeOptions}` : ''}; RSS ${startedRss.toFixed(0)} MB once started, ${rssMb(pid).toFixed(0)} MB after signing in)`,
    );
    for (const c of cases) {
      const o = await runReport(server.url, headers, pid, c);
      outcomes.push(o);
      console.log(
        `  ${c.slug}: ${o.state === 'done' ? `${o.rows.toLocaleString('en-GB')} rows in ${o.seconds.toFixed(1)} s` : o.state}${o.error ? ` (${o.error})` : ''}`,
      );
    }
  } finally {
    await server.stop();
  }
  process.exit(printTable(outcomes) ? 0 : 1);
}

/**
 * One report: POSTs it, reads the body as it streams (time to the first and the last byte, bytes),
 * samples the server's RSS every 50 ms and calls GET /api/health back to back (every 100 ms) until
 * the last byte, then reads the rows from the report's job.
 */
async function runReport(
  base: string,
  headers: Record<string, string>,
  pid: number,
  c: Case,
): Promise<Outcome> {
  const o: Outcome = {
    slug: c.slug,
    what: c.what,
    state: 'done',
    rows: 0,
    seconds: 0,
    firstByteMs: 0,
    first64kMs: 0,
    bytes: 0,
    startRssMb: rssMb(pid),
    peakRssMb: rssMb(pid),
    healthMaxMs: 0,
    healthCalls: 0,
  };
  const sampler = setInterval(() => {
    o.peakRssMb = Math.max(o.peakRssMb, rssMb(pid));
  }, RSS_SAMPLE_MS);
  let running = true;
  const health = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      o.healthMaxMs = Math.max(o.healthMaxMs, performance.now() - t0);
      o.healthCalls++;
      await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
    }
  })();
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api${c.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(c.body),
    });
    if (res.status === 404) {
      await res.arrayBuffer();
      o.state = 'not built';
      return o;
    }
    if (res.status !== 200) {
      o.state = 'failed';
      o.error = `${res.status} ${(await res.text()).slice(0, 300)}`;
      return o;
    }
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      if (o.bytes === 0) o.firstByteMs = performance.now() - t0;
      o.bytes += value.byteLength;
      if (!o.first64kMs && o.bytes >= ROWS_FLOWING_BYTES) o.first64kMs = performance.now() - t0;
    }
    o.seconds = (performance.now() - t0) / 1000;
    o.first64kMs ||= o.seconds * 1000;
    const job = await finishedJob(base, headers, Number(res.headers.get('x-report-job')));
    if (job.status !== 'done') {
      o.state = 'failed';
      o.error = `job ${job.status}: ${job.error ?? job.message ?? ''}`;
    }
    o.rows = Number((job.result as { rows?: number } | null)?.rows ?? 0);
    return o;
  } catch (err) {
    o.state = 'failed';
    o.error = err instanceof Error ? err.message : String(err);
    return o;
  } finally {
    running = false;
    await health;
    clearInterval(sampler);
    o.peakRssMb = Math.max(o.peakRssMb, rssMb(pid));
  }
}

/** The report's background job once it is no longer running (it closes just after the last byte). */
async function finishedJob(base: string, headers: Record<string, string>, id: number) {
  let job: { status: string; result?: unknown; error?: string; message?: string } = { status: 'running' };
  for (let i = 0; i < 100 && job.status === 'running'; i++) {
    if (i) await new Promise((r) => setTimeout(r, 100));
    job = await (await fetch(`${base}/api/jobs/${id}`, { headers })).json();
  }
  return job;
}

/** Prints the results and each target's verdict; answers whether every report met every target. */
function printTable(outcomes: Outcome[]): boolean {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const allowed = (rows: number) => (TARGET_SECONDS_PER_100K * Math.max(rows, 100_000)) / 100_000;
  console.log(
    `\ntargets: ≤ ${TARGET_SECONDS_PER_100K} s per 100,000 rows (≤ ${TARGET_SECONDS_PER_100K} s below that), server RSS ≤ ${TARGET_RSS_MB} MB, first byte ≤ ${TARGET_FIRST_BYTE_MS} ms`,
  );
  console.log(
    `${'report'.padEnd(24)} ${'rows'.padStart(9)} ${'s'.padStart(6)} ${'1st ms'.padStart(7)} ${'64KB ms'.padStart(8)} ${'MB file'.padStart(8)} ${'RSS MB before→peak'.padStart(18)} ${'health max ms'.padStart(14)}  time rss  1st-byte`,
  );
  let ok = true;
  for (const o of outcomes) {
    if (o.state !== 'done') {
      ok = false;
      console.log(`${o.slug.padEnd(24)} ${o.state.toUpperCase()}${o.error ? `: ${o.error}` : ''}`);
      continue;
    }
    const time = o.seconds <= allowed(o.rows);
    const rss = o.peakRssMb <= TARGET_RSS_MB;
    const first = o.firstByteMs <= TARGET_FIRST_BYTE_MS;
    ok &&= time && rss && first;
    console.log(
      `${o.slug.padEnd(24)} ${o.rows.toLocaleString('en-GB').padStart(9)} ${o.seconds.toFixed(1).padStart(6)} ${o.firstByteMs.toFixed(0).padStart(7)} ${o.first64kMs.toFixed(0).padStart(8)} ${(o.bytes / 1e6).toFixed(1).padStart(8)} ${`${o.startRssMb.toFixed(0)} → ${o.peakRssMb.toFixed(0)}`.padStart(18)} ${`${o.healthMaxMs.toFixed(0)} (${o.healthCalls})`.padStart(14)}  ${verdict(time)} ${verdict(rss)} ${verdict(first)}`,
    );
  }
  const done = outcomes.filter((o) => o.state === 'done');
  const biggest = done.sort((a, b) => b.rows - a.rows)[0];
  if (biggest)
    console.log(
      `\nwhile the biggest report (${biggest.slug}, ${biggest.rows.toLocaleString('en-GB')} rows) ran, ${biggest.healthCalls} GET /api/health answered in at most ${biggest.healthMaxMs.toFixed(0)} ms`,
    );
  console.log('\nfilters used:');
  for (const o of outcomes) console.log(`  ${o.slug}: ${o.what}`);
  console.log(
    ok ? '\nall reports met the targets' : '\nsome reports missed a target, failed or are not built',
  );
  return ok;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
