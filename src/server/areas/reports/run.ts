import { PassThrough } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REPORT_JOB_HEADER } from '../../../shared/api/reports';
import { londonDateTime } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { cursorBatches } from '../../db/cursor';
import { contentDisposition } from '../../http/uploads';
import type { JobQueue } from '../../jobs/queue';
import { Turns } from '../../lib/turns';
import { ReportAborted, type ReportRow, type ReportSpec, writeReport } from './sheet';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows per cursor fetch: small enough to keep memory flat, large enough to keep round trips few. */
export const REPORT_BATCH_ROWS = 1000;
/**
 * At most this many reports read at once in one server process; the others wait their turn. Each
 * holds a pooled connection (its cursor) for its whole run, so without a limit a burst of reports
 * would take every connection and stall the rest of the app.
 */
export const MAX_CONCURRENT_REPORTS = 3;

const reportTurns = new Turns(MAX_CONCURRENT_REPORTS);

/** Progress is written to the job row at most this often. */
const PROGRESS_EVERY_MS = 400;

/** The `n` of a report's count query, read as its rows are (a read-only cursor without JIT). */
async function countRows(db: Db, count: SQL): Promise<number> {
  for await (const [c] of cursorBatches<{ n: number | string }>(db, count, 1)) return Number(c?.n ?? 0);
  return 0;
}

/**
 * Sends a report (issue #15): answers 200 at once with the file's headers and
 * `X-Report-Job: {id}` — a background_jobs row (`jobs.track`) the screen polls through
 * GET /api/jobs/{id} for 'rows written of total' — then streams the rows from a cursor into the
 * xlsx/CSV writer and the response. Input is validated before this is called, so anything that
 * fails from here on is the server's: the job is marked failed with the error and the response cut
 * off (the browser sees an incomplete download and the job's error). A client that goes away stops
 * the cursor.
 */
export async function sendReport<R extends ReportRow>(
  deps: { db: Db; jobs: JobQueue },
  req: FastifyRequest,
  reply: FastifyReply,
  kind: string,
  spec: ReportSpec<R>,
): Promise<FastifyReply> {
  const { db, jobs } = deps;
  const job = await jobs.track(`report.${kind}`, req.user?.id ?? null, `Preparing ${spec.title}`);
  const out = new PassThrough({ highWaterMark: 256 << 10 });
  const isCsv = spec.fileName.toLowerCase().endsWith('.csv');
  reply
    .header('content-type', isCsv ? 'text/csv; charset=utf-8' : XLSX_TYPE)
    .header('content-disposition', contentDisposition(spec.fileName))
    .header('cache-control', 'no-store')
    .header(REPORT_JOB_HEADER, String(job.id))
    .header('access-control-expose-headers', REPORT_JOB_HEADER);

  const run = async () => {
    if (reportTurns.full) await job.progress(0, 0, 'Waiting for other reports to finish');
    await reportTurns.take();
    try {
      if (out.destroyed) throw new ReportAborted();
      await writeFile();
    } finally {
      reportTurns.give();
    }
  };

  const writeFile = async () => {
    // The count (the progress bar's total) runs beside the rows, so the first bytes do not wait
    // for it: a big report's count can take as long as its first batch.
    let total = 0;
    const counted = spec.count
      ? countRows(db, spec.count).then(
          (n) => {
            total = n;
          },
          (err) => req.log.warn({ err }, `report ${kind}: the count failed`),
        )
      : Promise.resolve();
    await job.progress(0, 0, `Writing ${spec.title}`);
    let lastWrite = Date.now();
    const written = await writeReport(
      spec,
      cursorBatches<ReportRow>(db, spec.query, REPORT_BATCH_ROWS),
      out,
      {
        ranAt: londonDateTime(),
        ranBy: req.user?.name ?? 'staff',
        progress: async (done) => {
          if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
          lastWrite = Date.now();
          await job.progress(done, Math.max(total, done), `${done.toLocaleString('en-GB')} rows written`);
        },
      },
    );
    await counted;
    await job.progress(written.rows, written.rows, `${written.rows.toLocaleString('en-GB')} rows written`);
    await job.finish({
      rows: written.rows,
      file: spec.fileName,
      summary: `${written.rows.toLocaleString('en-GB')} ${written.rows === 1 ? 'row' : 'rows'} in ${spec.fileName}`,
    });
  };

  // The response is sent while the rows are still being read: the first bytes go out at once.
  run().catch(async (err) => {
    if (!(err instanceof ReportAborted)) req.log.error({ err }, `report ${kind} failed`);
    await job
      .fail(err instanceof ReportAborted ? err : new Error('The report could not be completed.'))
      .catch(() => {});
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  reply.raw.on('close', () => {
    if (!out.writableFinished) out.destroy();
  });
  // Fastify sets a stream's headers without writing them, so Node would send them with the first
  // bytes — after the first batch, seconds for a big sorted report. Flushed as soon
  // as the stream is piped, the screen learns X-Report-Job at once and shows progress meanwhile.
  reply.raw.once('pipe', () => {
    if (!reply.raw.headersSent) reply.raw.flushHeaders();
  });
  return reply.send(out);
}
