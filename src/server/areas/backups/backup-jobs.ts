import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getTableName, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { sizeText } from '../../../shared/api/backups';
import { type Db, jobsBackendOf, queryRows } from '../../db/client';
import { backup_file_chunks, backup_files } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { JobContext } from '../../jobs/queue';
import type { FileStore } from '../../storage/files';
import { pgToolOutput, toolProblem } from './pg-tools';
import { areaOfFolder, fileStamp, filesUnder, LOCAL_FOLDER } from './storage';

/**
 * The two backup jobs (spec 2 §2 Backups, §9 backup types project and database), run by the job
 * queue so the screen follows their progress and other requests are not held up. Each streams its
 * file into the backups' store (`deps.backupFiles`), which shows it only once complete; a failure
 * leaves nothing.
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

/** One file of a project backup: its name in the zip, and how to read it when its turn comes. */
interface ZipEntry {
  name: string;
  open: () => Promise<Readable | null>;
}

/** The entries of the chosen folders: store areas as 'files/<key>', the local outbox as 'outbox/…'. */
async function entriesOf(files: FileStore, dataDir: string, folders: string[]): Promise<ZipEntry[]> {
  const out: ZipEntry[] = [];
  for (const folder of folders) {
    const area = areaOfFolder(folder);
    if (area === null) {
      for (const f of await filesUnder(path.join(dataDir, LOCAL_FOLDER)))
        out.push({
          name: path.relative(dataDir, f.full).split(path.sep).join('/'),
          open: async () => createReadStream(f.full),
        });
      continue;
    }
    for (const f of await files.list(area))
      out.push({ name: `files/${f.key}`, open: async () => (await files.open(f.key))?.stream ?? null });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A project backup: a zip of the chosen folders — areas of the file store (entries named
 * 'files/<key>', e.g. 'files/airlines/1f3a….pdf', as below DATA_DIR) and this process's mail
 * outbox ('outbox/…') — streamed into the backups' store; each file is opened only when the zip
 * reaches it. Progress is counted in files.
 */
export async function runProjectBackup(
  deps: { files: FileStore; backupFiles: FileStore; dataDir: string },
  job: JobContext<ProjectJobData>,
): Promise<BackupResult> {
  const entries = await entriesOf(deps.files, deps.dataDir, job.data.folders);
  const total = entries.length;
  const name = `${job.data.prefix ?? 'project'}-${fileStamp()}.zip`;
  await job.progress(0, total, `Zipping ${total} file${total === 1 ? '' : 's'}`);
  let done = 0;
  let reported = Date.now();
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const saved = deps.backupFiles.put(name, output);
  for (const e of entries) {
    zip.addReadStreamLazy(e.name, { mtime: new Date() }, (cb) => {
      const opened = e.open().then((stream) => {
        if (!stream) throw new Error(`${e.name} was removed while the backup was made; make it again.`);
        return stream;
      });
      opened.then(
        (stream) => {
          stream.on('end', () => {
            done += 1;
            // At most a few progress writes a second, and the last one.
            if (Date.now() - reported > 300 || done === total) {
              reported = Date.now();
              void job.progress(done, total, `Zipped ${e.name}`).catch(() => undefined);
            }
          });
          cb(null, stream);
        },
        (err: Error) => {
          // The save sees the error instead of an end, so nothing is kept.
          output.destroy(err);
          cb(err, undefined as unknown as Readable);
        },
      );
    });
  }
  zip.end();
  const written = await saved;
  await job.progress(total, total, 'Backup complete');
  return {
    summary: `Backup ${name} made: ${total} file${total === 1 ? '' : 's'}, ${sizeText(written.size)}.`,
    name,
    size: written.size,
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
 * A database backup, streamed into the backups' store. On PostgreSQL: `pg_dump -Fc` (custom
 * format, for pg_restore) to stdout, progress counted in tables as pg_dump reports them; the
 * backups' own tables are dumped without their rows (`--exclude-table-data`), so a backup never
 * holds the backups before it and a restored database lists none it cannot serve — the stored
 * files (invoices, documents) are in it. On the embedded database: PGlite's `dumpDataDir` (a
 * gzipped tarball of its data directory, for `PGlite.create({ loadDataDir })`), after a
 * CHECKPOINT so the files hold every committed change.
 */
export async function runDatabaseBackup(
  db: Db,
  backupFiles: FileStore,
  job: JobContext<DatabaseJobData>,
): Promise<BackupResult> {
  const backend = jobsBackendOf(db);
  const prefix = job.data.prefix ?? 'database';
  if ('pglite' in backend) {
    await job.progress(0, 1, 'Writing the embedded database');
    await backend.pglite.exec('checkpoint');
    const blob = await backend.pglite.dumpDataDir('gzip');
    const name = `${prefix}-${fileStamp()}.tar.gz`;
    const written = await backupFiles.put(name, Readable.fromWeb(blob.stream() as never));
    await job.progress(1, 1, 'Backup complete');
    return { summary: `Database backup ${name} made: ${sizeText(written.size)}.`, name, size: written.size };
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
  const name = `${prefix}-${fileStamp()}.dump`;
  const dump = pgToolOutput(
    'pg_dump',
    [
      '-Fc',
      '-v',
      '--no-owner',
      '--no-privileges',
      ...[backup_files, backup_file_chunks].map((t) => `--exclude-table-data=public.${getTableName(t)}`),
    ],
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
  );
  const written = await backupFiles.put(name, dump);
  await job.progress(n, n, 'Backup complete');
  return {
    summary: `Database backup ${name} made: ${n} tables, ${sizeText(written.size)}.`,
    name,
    size: written.size,
  };
}
