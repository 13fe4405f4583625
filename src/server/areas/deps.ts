import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { Mailer } from '../mail/mailer';
import type { Outbox } from '../mail/outbox';
import type { FileStore } from '../storage/files';

/** What every area's routes receive from buildApp: the database and the shared services. */
export interface AreaDeps {
  db: Db;
  config: Config;
  /** Uploaded and generated files (storage/files.ts; the driver chosen by storage/stores.ts). */
  files: FileStore;
  /** Backups' own store (kept out of database backups); only the backups area uses it. */
  backupFiles: FileStore;
  mailer: Mailer;
  /** The email outbox: write with `enqueueEmail(tx, files, m)` in the change's transaction, then `outbox.kick()` after commit. */
  outbox: Outbox;
  /** The one job queue (pg-boss): `jobs.define(kind, handler)` at registration, `jobs.start(kind, data, userId)` from a route. */
  jobs: JobQueue;
  /** Now, for work that asks what day it is (payment reminders' 'today'); tests inject a simulated one. */
  clock: () => Date;
}

/** An area's route plugins, as its `index.ts` exports them (`routes`), registered in order. */
export type AreaRoutes = readonly FastifyPluginAsync<AreaDeps>[];
