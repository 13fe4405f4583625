/**
 * `npm run bench:documents [-- --scale 1000000 --iterations 100 --emails 1000]`: on the scale data set
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tour_bench, loaded like
 * bench:bookings when short of `--scale` bookings) prints
 *   1. a Confirmation PDF: p50/p95/p99 of `GET /api/bookings/{id}/documents/invoice?type=download`
 *      (render, store the bytes, write the document record) over HTTP, and of `renderBookingDocument`
 *      straight on PostgreSQL, over bookings with the most lines and passengers;
 *   2. the rooming list of the group whose booking count is nearest 200 (at least 200 when the data has
 *      one), as xlsx and as PDF, over HTTP (each run's time, and the largest);
 *   3. `--emails` messages with a Confirmation PDF attached queued into the outbox and delivered by
 *      the worker into a temporary `.eml` outbox: the time from the first enqueue to the last delivery.
 * Targets (issue #12): confirmation p95 ≤ 250 ms; rooming list ≤ 2 s each; 1,000 emails ≤ 60 s.
 * Everything the bench writes (records, files, outbox rows) is removed afterwards.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { renderBookingDocument } from '../../src/server/areas/bookings/documents/render';
import { loadConfig } from '../../src/server/config';
import { inTransaction, openDatabase, queryRows } from '../../src/server/db/client';
import { enqueueEmail } from '../../src/server/mail/outbox';
import { ensureAdmin } from '../../src/server/users/service';
import { benchUrl, ensureDatabase, ensureScaleData, percentile } from './common';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const scale = arg('scale', 1_000_000);
const iterations = arg('iterations', 100);
const emails = arg('emails', 1000);
const url = benchUrl;

const fmt = (n: number) => n.toFixed(1).padStart(8);
const line = (label: string, ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(44)} p50 ${fmt(percentile(s, 50))} ms  p95 ${fmt(percentile(s, 95))} ms  p99 ${fmt(percentile(s, 99))} ms  (n=${s.length})`,
  );
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main() {
  await ensureDatabase();
  const database = await openDatabase({ url, poolSize: 10 });
  const { db } = database;
  await database.migrate();
  const _n = await ensureScaleData(db, scale);
  await ensureAdmin(db, 'bench@bench.test', 'bench-password-1');
  const [{ id: benchUser }] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where email = 'bench@bench.test'`,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-documents-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url, DATA_DIR: dataDir });
  const app = await buildApp({ db, config, webDir: '/none' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@bench.test', password: 'bench-password-1' }),
  });
  const { Token } = await login.json();
  const auth = { authorization: `Bearer ${Token}` };
  const started = new Date().toISOString();

  try {
    // 1. Confirmation PDFs of the bookings with the most lines and passengers (the biggest documents).
    console.log(`\nConfirmation PDF (${iterations} runs; bookings with the most lines and passengers)`);
    const big = await queryRows<{ id: number }>(
      db,
      sql`select b.id from bookings b
          join lateral (select count(*) as lines from tour_bookings tb where tb.holiday_booking_id = b.id) t on true
          join lateral (select count(*) as pax from passengers p where p.holiday_booking_id = b.id) p on true
          where (b.customer_id is not null or b.agent_id is not null) and p.pax > 0
            and b.id in (select holiday_booking_id from tour_bookings order by id desc limit 20000)
          order by t.lines desc, p.pax desc limit 40`,
    );
    if (!big.length) throw new Error('no booking with passengers in the data set');
    const pick = (i: number) => big[i % big.length].id;
    for (let i = 0; i < 3; i++) await renderBookingDocument(db, pick(i), 'invoice');
    const direct: number[] = [];
    for (let i = 0; i < iterations; i++)
      direct.push(await timed(() => renderBookingDocument(db, pick(i), 'invoice')));
    const http: number[] = [];
    for (let i = 0; i < iterations; i++) {
      http.push(
        await timed(async () => {
          const res = await fetch(`${base}/api/bookings/${pick(i)}/documents/invoice?type=download`, {
            headers: auth,
          });
          if (res.status !== 200) throw new Error(`document ${pick(i)}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }),
      );
    }
    line('HTTP (render + store + record)', http);
    line('renderBookingDocument on PostgreSQL', direct);

    // 2. The rooming list of a 200-booking group (the nearest the data has).
    const [group] = await queryRows<{ id: number; bookings: number; guests: number }>(
      db,
      sql`select ti.tour_group_id as id, count(distinct tb.holiday_booking_id)::int as bookings,
                 sum(tb.guests)::int as guests
          from tour_bookings tb join tour_instances ti on ti.id = tb.tour_instance_id
          group by ti.tour_group_id
          order by count(distinct tb.holiday_booking_id) >= 200 desc,
                   abs(count(distinct tb.holiday_booking_id) - 200), ti.tour_group_id
          limit 1`,
    );
    console.log(
      `\nRooming list of group ${group.id} (${group.bookings} bookings, ${group.guests} guests), 5 runs each`,
    );
    for (const [label, suffix] of [
      ['xlsx', ''],
      ['PDF', '/pdf'],
    ] as const) {
      const runs: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 5; i++) {
        runs.push(
          await timed(async () => {
            const res = await fetch(`${base}/api/tours/groups/${group.id}/documents${suffix}`, {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json' },
              body: JSON.stringify({ document: 'rooming', excludeCancellations: false }),
            });
            if (res.status !== 200) throw new Error(`rooming ${label}: ${res.status} ${await res.text()}`);
            bytes = (await res.arrayBuffer()).byteLength;
          }),
        );
      }
      console.log(
        `  ${label.padEnd(6)} ${runs.map((r) => `${r.toFixed(0)} ms`).join(', ')}  (largest ${Math.max(...runs).toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB)`,
      );
    }

    // 3. Emails through the outbox, delivered by the worker.
    console.log(`\n${emails.toLocaleString('en-GB')} emails with a Confirmation PDF, queued then delivered`);
    const files = app.files;
    const { pdf, filename } = await renderBookingDocument(db, pick(0), 'invoice');
    const t0 = performance.now();
    for (let i = 0; i < emails; i += 100) {
      await inTransaction(db, async (tx) => {
        for (let j = i; j < Math.min(emails, i + 100); j++) {
          await enqueueEmail(tx, files, {
            kind: 'bench',
            to: `bench-${j}@bench.test`,
            subject: `Your booking confirmation (${j})`,
            html: `<p>Dear customer,</p><p>Please find your confirmation attached (${j}).</p>`,
            attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
            createdBy: benchUser,
          });
        }
      });
      app.outbox.kick();
    }
    const queued = performance.now() - t0;
    for (;;) {
      const [{ left }] = await queryRows<{ left: number }>(
        db,
        sql`select count(*)::int as left from email_outbox where kind = 'bench' and status <> 'sent'`,
      );
      if (left === 0) break;
      if (performance.now() - t0 > 300_000) throw new Error(`${left} emails still not delivered after 300 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const delivered = performance.now() - t0;
    const eml = (await readdir(path.join(dataDir, 'outbox'))).filter((f) => f.endsWith('.eml')).length;
    console.log(
      `  queued in ${(queued / 1000).toFixed(1)} s; all delivered ${(delivered / 1000).toFixed(1)} s after the first enqueue (${eml} .eml files, ${(pdf.length / 1024).toFixed(0)} KB PDF each)`,
    );
  } finally {
    await db.execute(sql`delete from email_outbox where kind = 'bench'`);
    await db.execute(
      sql`delete from booking_document_records where created_by = ${benchUser} and created_at >= ${started}`,
    );
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
