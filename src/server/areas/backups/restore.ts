import { existsSync, readdirSync } from 'node:fs';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { libpqEnv, runPgTool, toolProblem } from './pg-tools';

/**
 * Restores a database backup into an EMPTY database (`npm run restore -- FILE`, scripts/restore.ts):
 * a pg_dump custom-format file (magic 'PGDMP') into a PostgreSQL database with pg_restore, or a
 * PGlite data-directory tarball (gzip) into a new DATA_DIR (`PGlite.create({ loadDataDir })`, the
 * layout the server opens: DIR/pglite). A target that already holds tables or a database is
 * refused, so a restore never mixes two databases; the kinds cannot be crossed.
 */

export type BackupFormat = 'pg_dump' | 'pglite';

/** What kind of database backup `file` is, from its first bytes; throws for anything else. */
export async function backupFormatOf(file: string): Promise<BackupFormat> {
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await fh.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  } finally {
    await fh.close();
  }
  throw new Error(
    `${file} is not a database backup: expected a pg_dump custom-format file (.dump) or a PGlite tarball (.tar.gz).`,
  );
}

/** Tables in the database at `url` outside the system schemas. */
async function userTableCount(url: string): Promise<{ tables: number; serverMajor: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const v = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
    return { tables: t.rows[0].n, serverMajor: Math.floor(Number(v.rows[0].v) / 10000) };
  } finally {
    await client.end();
  }
}

/** pg_restore of a custom-format dump into the empty database at `url`, in one transaction. */
export async function restorePostgres(file: string, url: string): Promise<void> {
  if ((await backupFormatOf(file)) !== 'pg_dump')
    throw new Error('This is a PGlite backup: restore it with --data-dir into a new data directory.');
  const { tables, serverMajor } = await userTableCount(url);
  if (tables > 0)
    throw new Error(
      `The target database is not empty (${tables} tables). Restore into a new, empty database (createdb …).`,
    );
  const problem = await toolProblem('pg_restore', serverMajor);
  if (problem) throw new Error(problem);
  await runPgTool(
    'pg_restore',
    // The database is named here (pg_restore wants -d); host, user and password come through libpq's environment.
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${libpqEnv(url).PGDATABASE ?? ''}`,
      file,
    ],
    url,
  );
}

/** A PGlite tarball into `dataDir`/pglite, which must not hold a database yet. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if ((await backupFormatOf(file)) !== 'pglite')
    throw new Error(
      'This is a PostgreSQL (pg_dump) backup: restore it with --database-url into an empty PostgreSQL database.',
    );
  const target = path.join(path.resolve(dataDir), 'pglite');
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`${target} is not empty: restore into a new data directory.`);
  await mkdir(target, { recursive: true });
  const tarball = new Blob([await readFile(file)], { type: 'application/gzip' });
  const db = await PGlite.create(target, { loadDataDir: tarball, extensions: { pg_trgm } });
  try {
    // Reading a table proves the files are a working database.
    await db.query('select count(*) from pg_tables');
    await db.exec('checkpoint');
  } finally {
    await db.close();
  }
}
