import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../src/server/db/client';
import { HttpError } from '../../src/server/http/errors';
import { createJobQueue, type JobRunner } from '../../src/server/jobs/queue';
import type { JobAnswer } from '../../src/shared/api/jobs';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { createTestDatabase, testDbKinds } from '../helpers/db';

// The one job queue (issue #12, DESIGN.md §2 'long work'): pg-boss on PGlite and PostgreSQL, a
// background_jobs row per job with progress, result or a readable error, and GET jobs/{id}.
describe.each(testDbKinds)('background jobs on %s', (kind) => {
  let t: TestContext;
  const seen: { id: number; data: unknown; userId: number | null }[] = [];
  beforeAll(async () => {
    t = await createTestContext(kind);
    // Defined before the queue starts, as areas do at registration; the first start() starts pg-boss.
    t.app.jobs.define<{ count: number }>('test-count', async (job) => {
      seen.push({ id: job.id, data: job.data, userId: job.userId });
      for (let i = 1; i <= job.data.count; i++) {
        await job.progress(i, job.data.count, `Step ${i} of ${job.data.count}`);
      }
      return { counted: job.data.count, skipped: ['TB1'] };
    });
    t.app.jobs.define('test-refused', async (job) => {
      await job.progress(1, 3, 'Checking');
      throw new HttpError(422, 'Booking TB1 is cancelled.');
    });
    t.app.jobs.define('test-crash', async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    });
  });
  afterAll(async () => t?.close());

  const getJob = (id: number, token = t.adminToken) =>
    t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: bearer(token) });
  /** Polls GET jobs/{id} until the job is done or failed (10 s at most). */
  async function settled(id: number): Promise<JobAnswer> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const job = (await getJob(id)).json() as JobAnswer;
      if (job.status === 'done' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const adminId = async () =>
    (await queryRows<{ id: number }>(t.db, sql`select id from users where email = 'admin@test.test'`))[0].id;

  it('runs a job: queued, then done with its progress, message and result', async () => {
    const userId = await adminId();
    const id = await t.app.jobs.start('test-count', { count: 4 }, userId);
    const first = (await getJob(id)).json() as JobAnswer;
    expect(first).toMatchObject({ id, kind: 'test-count' });
    expect(['queued', 'running', 'done']).toContain(first.status);

    const job = await settled(id);
    expect(job).toMatchObject({
      id,
      kind: 'test-count',
      status: 'done',
      progress_done: 4,
      progress_total: 4,
      message: 'Step 4 of 4',
      result: { counted: 4, skipped: ['TB1'] },
      error: null,
    });
    expect(Date.parse(job.created_at as string)).not.toBeNaN();
    expect(Date.parse(job.finished_at as string)).toBeGreaterThanOrEqual(
      Date.parse(job.created_at as string),
    );
    expect(seen.filter((s) => s.id === id)).toEqual([{ id, data: { count: 4 }, userId }]);
    // Any signed-in member of staff may follow it.
    expect((await getJob(id, t.accountantToken)).statusCode).toBe(200);
  });

  it("reports a failing job as failed with the handler's message, once (no retry of a refusal)", async () => {
    const id = await t.app.jobs.start('test-refused', {}, null);
    const job = await settled(id);
    expect(job).toMatchObject({
      status: 'failed',
      error: 'Booking TB1 is cancelled.',
      progress_done: 1,
      progress_total: 3,
      message: 'Checking',
      result: null,
    });
    expect(job.finished_at).toBeTruthy();
    const crash = await settled(await t.app.jobs.start('test-crash', {}, null));
    expect(crash).toMatchObject({
      status: 'failed',
      error: "Cannot read properties of undefined (reading 'x')",
    });
  });

  it('refuses a kind that is not defined', async () => {
    await expect(t.app.jobs.start('no-such-kind', {}, null)).rejects.toThrow(
      "Job kind 'no-such-kind' is not defined.",
    );
  });

  it("GET jobs/{id}: 404 'Job not found', 401 without a token, 422 for a bad id", async () => {
    const missing = await getJob(999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: 'Job not found' });
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs/1' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/jobs/abc', headers: bearer(t.adminToken) })).statusCode,
    ).toBe(422);
  });
});

// DESIGN.md §7: two processes on one PostgreSQL share one queue; pg-boss hands each job to one worker.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two job queues on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let second: Database;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    const database = await createTestDatabase('postgres');
    drop = database.drop;
    second = await openDatabase({ url: database.url as string, poolSize: 4 });
    for (const db of [database.db, second.db]) runners.push(createJobQueue(db, { log: () => {} }));
  });
  afterAll(async () => {
    for (const r of runners) await r.stop();
    await second?.close();
    await drop?.();
  });

  it('runs each of 20 jobs exactly once across both', async () => {
    const runs: { job: number; worker: number }[] = [];
    for (const [worker, r] of runners.entries()) {
      r.define<{ n: number }>('test-once', async (job) => {
        runs.push({ job: job.id, worker });
        await new Promise((res) => setTimeout(res, 20));
        return { n: job.data.n };
      });
    }
    await Promise.all(runners.map((r) => r.startWorkers()));
    const ids: number[] = [];
    for (let n = 0; n < 20; n++) ids.push(await runners[n % 2].start('test-once', { n }, null));
    const deadline = Date.now() + 30_000;
    while (runs.length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500)); // a second run would show up here
    expect(runs.map((r) => r.job).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const statuses = await queryRows<{ status: string; n: number }>(
      second.db,
      sql`select status, count(*)::int as n from background_jobs group by status`,
    );
    expect(statuses).toEqual([{ status: 'done', n: 20 }]);
  });
});
