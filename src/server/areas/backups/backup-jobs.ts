import { createReadStream, createWriteStream } from 'node:fs';
import { rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import { sizeText } from '../../../shared/api/backups';
import { type Db, jobsBackendOf, queryRows } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { JobContext } from '../../jobs/queue';
import { runPgTool, toolProblem } from './pg-tools';
import { ensureBackupsDir, fileStamp, filesUnder, PARTIAL_SUFFIX } from './storage';

/**
 * The two backup jobs (spec 2 §2 Backups, §9 backup types project and database), run by the job
 * queue so the screen follows their progress and other requests are not held up. Each writes
 * `<name>.partial` in DATA_DIR/backups and renames it when complete, so the list never shows half a
 * backup; a failure removes the partial file.
 */

export const PROJECT_JOB = 'backup-project';
export const DATABASE_JOB = 'backup-database';

export interface ProjectJobData {
  folders: string[];
  prefix?: string;
}
export interface DatabaseJobData {
  prefix?: string;
}

/** What a finished backup job answers: the summary shown on screen, the file's name and size. */
export interface BackupResult {
  summary: string;
  name: string;
  size: number;
}

/** Writes to `<dir>/<name>.partial` through `write`, then renames it to `<name>`; the partial goes on failure. */
async function writeBackup(dataDir: string, name: string, write: (partial: string) => Promise<void>) {
  const dir = await ensureBackupsDir(dataDir);
  const full = path.join(dir, name);
  const partial = `${full}${PARTIAL_SUFFIX}`;
  try {
    await write(partial);
    await rename(partial, full);
  } catch (e) {
    await unlink(partial).catch(() => undefined);
    throw e;
  }
  return { name, size: (await stat(full)).size };
}

/**
 * A project backup: a zip of the chosen folders of DATA_DIR (entries named by their path below
 * it, e.g. 'files/airlines/1f3a….pdf'), progress counted in files as they are read into the zip.
 */
export async function runProjectBackup(
  dataDir: string,
  job: JobContext<ProjectJobData>,
): Promise<BackupResult> {
  const files = (await Promise.all(job.data.folders.map((f) => filesUnder(path.join(dataDir, f))))).flat();
  const total = files.length;
  const name = `${job.data.prefix ?? 'project'}-${fileStamp()}.zip`;
  await job.progress(0, total, `Zipping ${total} file${total === 1 ? '' : 's'}`);
  let done = 0;
  let reported = Date.now();
  const written = await writeBackup(dataDir, name, async (partial) => {
    const zip = new yazl.ZipFile();
    const out = pipeline(zip.outputStream, createWriteStream(partial));
    for (const f of files) {
      const stream = createReadStream(f.full);
      stream.on('end', () => {
        done += 1;
        // At most a few progress writes a second, and the last one.
        if (Date.now() - reported > 300 || done === total) {
          reported = Date.now();
          void job.progress(done, total, `Zipped ${path.relative(dataDir, f.full)}`).catch(() => undefined);
        }
      });
      zip.addReadStream(stream, path.relative(dataDir, f.full).split(path.sep).join('/'), {
        mtime: new Date(),
        size: f.size,
      });
    }
    zip.end();
    await out;
  });
  await job.progress(total, total, 'Backup complete');
  return {
    summary: `Backup ${written.name} made: ${total} file${total === 1 ? '' : 's'}, ${sizeText(written.size)}.`,
    ...written,
  };
}

/** Why a database backup cannot be made on this database, or null (PostgreSQL needs pg_dump). */
export async function databaseBackupProblem(db: Db): Promise<string | null> {
  const backend = jobsBackendOf(db);
  if ('pglite' in backend) return null;
  const [{ v }] = await queryRows<{ v: string }>(db, sql`select current_setting('server_version_num') as v`);
  return toolProblem('pg_dump', Math.floor(Number(v) / 10000));
}

/**
 * A database backup. On PostgreSQL: `pg_dump -Fc` (custom format, for pg_restore), progress
 * counted in tables as pg_dump reports them. On the embedded database: PGlite's `dumpDataDir`
 * (a gzipped tarball of its data directory, for `PGlite.create({ loadDataDir })`), after a
 * CHECKPOINT so the files hold every committed change.
 */
export async function runDatabaseBackup(
  db: Db,
  dataDir: string,
  job: JobContext<DatabaseJobData>,
): Promise<BackupResult> {
  const backend = jobsBackendOf(db);
  const prefix = job.data.prefix ?? 'database';
  if ('pglite' in backend) {
    await job.progress(0, 1, 'Writing the embedded database');
    await backend.pglite.exec('checkpoint');
    const written = await writeBackup(dataDir, `${prefix}-${fileStamp()}.tar.gz`, async (partial) => {
      const blob = await backend.pglite.dumpDataDir('gzip');
      await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
    });
    await job.progress(1, 1, 'Backup complete');
    return { summary: `Database backup ${written.name} made: ${sizeText(written.size)}.`, ...written };
  }
  const problem = await databaseBackupProblem(db);
  if (problem) throw new HttpError(422, problem);
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  let done = 0;
  await job.progress(0, n, 'Starting pg_dump');
  let reported = Date.now();
  const written = await writeBackup(dataDir, `${prefix}-${fileStamp()}.dump`, (partial) =>
    runPgTool(
      'pg_dump',
      ['-Fc', '-v', '--no-owner', '--no-privileges', '-f', partial],
      backend.connectionString,
      (line) => {
        const m = /dumping contents of table "?([^"]+)"?/.exec(line);
        if (!m) return;
        done = Math.min(n, done + 1);
        if (Date.now() - reported > 250 || done === n) {
          reported = Date.now();
          void job.progress(done, n, `Dumped ${m[1]}`).catch(() => undefined);
        }
      },
    ),
  );
  await job.progress(n, n, 'Backup complete');
  return {
    summary: `Database backup ${written.name} made: ${n} tables, ${sizeText(written.size)}.`,
    ...written,
  };
}
