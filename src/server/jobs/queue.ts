import { sql } from 'drizzle-orm';
import { fromPglite, PgBoss } from 'pg-boss';
import { type Db, jobsBackendOf, queryRows } from '../db/client';
import { HttpError } from '../http/errors';

/**
 * The one job queue (DESIGN.md §2 'long work'): pg-boss 12 on either database — the embedded
 * PGlite through pg-boss's `fromPglite` adapter (same instance, one connection), PostgreSQL through
 * its connection string (pg-boss's own small pool). One pg-boss job per unit of work, so with two
 * server processes on one PostgreSQL each job runs once (pg-boss claims with SKIP LOCKED).
 *
 * Two kinds of queue:
 * - **background jobs** (`define` / `start`): long work shown on screen. `start` writes a
 *   `background_jobs` row (queued) and sends a pg-boss job carrying its id; the worker marks it
 *   running, the handler reports `progress(done, total, message)`, and its answer becomes `result`
 *   (done) — a throwing handler marks it failed with a readable `error` (the HttpError's message, or
 *   the error's). pg-boss retries only when the process died mid-job or the bookkeeping itself
 *   failed, never a handler's own failure.
 * - **system queues** (`defineSystem` / `kick`): plain pg-boss queues with no row, e.g. the email
 *   outbox's 'email-outbox' (kicked after a commit, swept on start and by a cron schedule).
 *
 * pg-boss starts lazily — on the first `start`, `kick` or an explicit `startWorkers()` (main.ts does
 * that at boot) — so a test context that queues nothing pays nothing; `stop()` (the app's onClose
 * hook) stops it so processes exit.
 */

/** What a job handler receives: the background_jobs id, its data, who started it, and a progress reporter. */
export interface JobContext<T> {
  id: number;
  data: T;
  userId: number | null;
  /** Records progress (done of total, an optional message) on the job's row; the screen polls it. */
  progress(done: number, total: number, message?: string): Promise<void>;
}

/** Defines kinds of job and starts them. */
export interface JobQueue {
  /**
   * Registers the handler of a kind (at route registration, before the queue starts). Its resolved
   * value is the job's result JSON shown on screen; what it throws becomes the job's error.
   * `kind`: letters, digits, '-', '_' and '.'.
   */
  define<T>(kind: string, handler: (job: JobContext<T>) => Promise<unknown>): void;
  /**
   * Queues a job: inserts the background_jobs row (queued) and sends it to pg-boss; answers
   * background_jobs.id. Call it OUTSIDE a transaction (on PGlite, the queue shares the one
   * connection, which an open transaction holds). Throws when the kind is not defined.
   */
  start<T>(kind: string, data: T, userId: number | null): Promise<number>;
  /**
   * Work that runs in the request itself (a streamed report) but shows its progress like a job: a
   * background_jobs row written 'running' at once, moved by `progress`, closed by `finish` or
   * `fail`. No pg-boss job — nothing to retry when the request is gone. Call it outside a transaction.
   */
  track(kind: string, userId: number | null, message?: string): Promise<TrackedJob>;
}

/** The handle of a tracked job (see `JobQueue.track`). */
export interface TrackedJob {
  id: number;
  progress(done: number, total: number, message?: string): Promise<void>;
  finish(result: unknown): Promise<void>;
  fail(error: unknown): Promise<void>;
}

/** Options of a system queue. */
export interface SystemQueueOptions {
  /** A cron schedule (pg-boss `schedule`, once per tick across all processes), e.g. '* * * * *'. */
  cron?: string;
  /** The time zone the cron reads its hours in (pg-boss `tz`, e.g. `LONDON_TZ` of shared/dates.ts); default UTC. */
  tz?: string;
  /** Send one job when the workers start (a sweep after a restart). */
  onStart?: boolean;
}

/** The queue as the app holds it: the JobQueue areas see, plus system queues and the lifecycle. */
export interface JobRunner extends JobQueue {
  /**
   * A plain pg-boss queue with no background_jobs row. Jobs coalesce (pg-boss 'stately' policy: at
   * most one waiting and one running), so a burst of kicks runs the handler once or twice, not per kick.
   */
  defineSystem(name: string, handler: () => Promise<void>, opts?: SystemQueueOptions): void;
  /** Sends a job to a system queue, starting the queue if needed; never throws (errors are logged). */
  kick(name: string): void;
  /** Starts pg-boss and the workers now (main.ts); otherwise the first `start` or `kick` does. */
  startWorkers(): Promise<void>;
  /** Stops the workers (waiting up to a few seconds for running handlers) and pg-boss's pool. Idempotent. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /**
   * Workers start this many ms after pg-boss starts (jobs are still accepted meanwhile). Only the
   * crash test sets it (JOBS_WORKER_DELAY_SECONDS): it commits work the worker must not take yet.
   */
  workerDelayMs?: number;
  /** Where pg-boss errors and failed handlers are reported (default console.error). */
  log?: (message: string, err?: unknown) => void;
}

const KIND_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

type Handler = (job: JobContext<unknown>) => Promise<unknown>;
/** What the pg-boss job carries: the background_jobs id and the data given to `start`. */
interface JobPayload {
  jobId: number;
  data: unknown;
}

/** A readable message for a job's failure: the HttpError's message (meant for people), else the error's. */
export function jobErrorText(err: unknown): string {
  if (err instanceof HttpError) return err.message;
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/**
 * The job queue of the database behind `db` (pg-boss in schema 'pgboss'). Nothing touches the
 * database until the first `start`, `kick` or `startWorkers()`.
 */
export function createJobQueue(db: Db, opts: JobQueueOptions = {}): JobRunner {
  const log = opts.log ?? ((m: string, e?: unknown) => console.error(`[jobs] ${m}`, e ?? ''));
  const handlers = new Map<string, Handler>();
  const systems = new Map<string, { handler: () => Promise<void>; opts: SystemQueueOptions }>();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let workersStarted = false;
  let workersTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  // A new job wakes a worker at once (LISTEN/NOTIFY); polling is the floor that picks up the rest
  // of a backlog (pg-boss waits the interval after a fetch) and anything sent by another process.
  const jobWorkOptions = {
    pollingIntervalSeconds: 1,
    notifyPollingIntervalSeconds: 2,
    localConcurrency: 2,
  } as const;
  const systemWorkOptions = { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 10 } as const;

  async function runBackgroundJob(kind: string, jobId: number, data: unknown) {
    const handler = handlers.get(kind);
    const [row] = await queryRows<{ created_by: number | null }>(
      db,
      sql`update background_jobs set status = 'running', started_at = coalesce(started_at, now()), updated_at = now()
          where id = ${jobId} and status in ('queued', 'running')
          returning created_by`,
    );
    if (!row) return; // already finished (a retry after the bookkeeping of a finished job failed)
    if (!handler) {
      await finish(jobId, 'failed', null, `No handler for job kind '${kind}'.`);
      return;
    }
    const ctx: JobContext<unknown> = {
      id: jobId,
      data,
      userId: row.created_by,
      progress: (done, total, message) => progress(jobId, done, total, message),
    };
    let result: unknown;
    try {
      result = await handler(ctx);
    } catch (err) {
      if (!(err instanceof HttpError)) log(`job ${jobId} (${kind}) failed`, err);
      await finish(jobId, 'failed', null, jobErrorText(err));
      return;
    }
    await finish(jobId, 'done', result ?? null, null);
  }

  async function progress(jobId: number, done: number, total: number, message?: string) {
    await db.execute(
      sql`update background_jobs set progress_done = ${Math.max(0, Math.trunc(done))},
             progress_total = ${Math.max(0, Math.trunc(total))},
             message = coalesce(${message ?? null}, message), updated_at = now()
          where id = ${jobId}`,
    );
  }

  async function finish(jobId: number, status: 'done' | 'failed', result: unknown, error: string | null) {
    await db.execute(
      sql`update background_jobs set status = ${status}, finished_at = now(), updated_at = now(),
             result = ${result === null ? null : JSON.stringify(result)}::jsonb, error = ${error}
          where id = ${jobId}`,
    );
  }

  async function registerWorker(b: PgBoss, kind: string) {
    await b.work<JobPayload>(kind, jobWorkOptions, async ([job]) => {
      if (job) await runBackgroundJob(kind, job.data.jobId, job.data.data);
    });
  }

  async function registerSystemWorker(b: PgBoss, name: string) {
    const sys = systems.get(name);
    if (!sys) return;
    await b.work(name, systemWorkOptions, async () => {
      try {
        await sys.handler();
      } catch (err) {
        log(`${name} failed`, err);
        throw err;
      }
    });
  }

  async function createQueues(b: PgBoss) {
    for (const kind of handlers.keys()) await createBackgroundQueue(b, kind);
    for (const name of systems.keys()) await createSystemQueue(b, name);
  }
  const createBackgroundQueue = (b: PgBoss, kind: string) =>
    b.createQueue(kind, { retryLimit: 2, retryDelay: 5, expireInSeconds: 3600, notify: true });
  async function createSystemQueue(b: PgBoss, name: string) {
    const sys = systems.get(name);
    await b.createQueue(name, { policy: 'stately', retryLimit: 1, retryDelay: 10, notify: true });
    if (sys?.opts.cron)
      await b.schedule(name, sys.opts.cron, null, sys.opts.tz ? { tz: sys.opts.tz } : undefined);
  }

  async function startWorkersNow(b: PgBoss) {
    if (workersStarted || stopped) return;
    workersStarted = true;
    for (const kind of handlers.keys()) await registerWorker(b, kind);
    for (const [name, sys] of systems) {
      await registerSystemWorker(b, name);
      if (sys.opts.onStart) await b.send(name, {});
    }
  }

  function ensureStarted(): Promise<PgBoss> {
    if (stopped) return Promise.reject(new Error('The job queue is stopped.'));
    if (!starting) {
      starting = (async () => {
        const backend = jobsBackendOf(db);
        const b =
          'pglite' in backend
            ? new PgBoss({ db: fromPglite(backend.pglite), backend: 'pglite', useListenNotify: true })
            : new PgBoss({
                connectionString: backend.connectionString,
                max: 3,
                application_name: 'tour-jobs',
                useListenNotify: true,
              });
        b.on('error', (err) => log('pg-boss error', err));
        await b.start();
        await createQueues(b);
        boss = b;
        const delay = opts.workerDelayMs ?? 0;
        if (delay > 0) {
          workersTimer = setTimeout(() => {
            workersTimer = null;
            startWorkersNow(b).catch((err) => log('workers did not start', err));
          }, delay);
          workersTimer.unref();
        } else {
          await startWorkersNow(b);
        }
        return b;
      })();
      starting.catch(() => {
        // A failed start may be retried by the next call.
        starting = null;
      });
    }
    return starting;
  }

  return {
    define(kind, handler) {
      if (!KIND_PATTERN.test(kind)) throw new Error(`Bad job kind '${kind}'.`);
      if (handlers.has(kind) || systems.has(kind)) throw new Error(`Job kind '${kind}' is defined twice.`);
      handlers.set(kind, handler as Handler);
      if (boss) {
        const b = boss;
        void createBackgroundQueue(b, kind)
          .then(() => (workersStarted ? registerWorker(b, kind) : undefined))
          .catch((err) => log(`queue ${kind} did not start`, err));
      }
    },

    defineSystem(name, handler, sysOpts = {}) {
      if (!KIND_PATTERN.test(name)) throw new Error(`Bad queue name '${name}'.`);
      if (handlers.has(name) || systems.has(name)) throw new Error(`Queue '${name}' is defined twice.`);
      systems.set(name, { handler, opts: sysOpts });
      if (boss) {
        const b = boss;
        void createSystemQueue(b, name)
          .then(() => (workersStarted ? registerSystemWorker(b, name) : undefined))
          .catch((err) => log(`queue ${name} did not start`, err));
      }
    },

    async start(kind, data, userId) {
      if (!handlers.has(kind)) throw new Error(`Job kind '${kind}' is not defined.`);
      const b = await ensureStarted();
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into background_jobs (kind, status, created_by) values (${kind}, 'queued', ${userId}) returning id`,
      );
      try {
        await b.send(kind, { jobId: row.id, data: data ?? null });
      } catch (err) {
        await finish(row.id, 'failed', null, 'The job could not be queued.');
        throw err;
      }
      return row.id;
    },

    async track(kind, userId, message) {
      if (!KIND_PATTERN.test(kind)) throw new Error(`Bad job kind '${kind}'.`);
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into background_jobs (kind, status, created_by, started_at, message)
            values (${kind}, 'running', ${userId}, now(), ${message ?? null}) returning id`,
      );
      const id = row.id;
      return {
        id,
        progress: (done, total, msg) => progress(id, done, total, msg),
        finish: (result) => finish(id, 'done', result ?? null, null),
        fail: (err) => finish(id, 'failed', null, jobErrorText(err)),
      };
    },

    kick(name) {
      if (stopped) return;
      ensureStarted()
        .then((b) => b.send(name, {}))
        .catch((err) => {
          if (!stopped) log(`kick ${name} failed`, err);
        });
    },

    async startWorkers() {
      await ensureStarted();
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      if (workersTimer) clearTimeout(workersTimer);
      const pending = starting;
      if (!pending) return;
      const b = await pending.catch(() => null);
      if (b) await b.stop({ graceful: true, timeout: 5000 }).catch((err) => log('pg-boss stop failed', err));
    },
  };
}
