import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { buildApp } from '../../src/server/app';
import { type Db, openDatabase, queryRows } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo';
import { SELECT_FOLDER_MESSAGE } from '../../src/shared/api/backups';
import type { JobAnswer } from '../../src/shared/api/jobs';
import { bearer, createTestContext, signIn, type TestContext, testConfig } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Backups (issue #14; spec 2 §2 Backups, §5, §7, §8, §9): project backups (a zip of the chosen
// folders) and database backups made by jobs, listed, downloaded and deleted — role 1 only — and a
// database backup of the demo operator restored with `npm run restore` into an empty database,
// every table's row count and a checksum of its rows compared with the original.

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

function zipNames(buf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names.sort()));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Every table (public and pg-boss schemas): its row count and an md5 of its rows in text order. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
        where schemaname in ('public', 'pgboss', 'drizzle') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await queryRows<{ n: number; sum: string | null }>(
      db,
      sql.raw(
        `select count(*)::int as n, md5(string_agg(t::text, '' order by t::text)) as sum from ${name} t`,
      ),
    );
    out[name] = `${r.n}:${r.sum ?? ''}`;
  }
  return out;
}

describe.each(testDbKinds)('backups on %s', (kind) => {
  let t: TestContext;
  let scratch: string;
  beforeAll(async () => {
    t = await createTestContext(kind);
    scratch = await mkdtemp(path.join(tmpdir(), 'backup-restore-'));
  });
  afterAll(async () => {
    await t?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST', url: string, token = t.adminToken, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  async function finished(jobId: number): Promise<JobAnswer> {
    const seen: number[] = [];
    for (let i = 0; i < 600; i += 1) {
      const job = (await call('GET', `/jobs/${jobId}`)).json() as JobAnswer;
      seen.push(job.progress_done);
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${jobId} did not finish: ${seen.join(',')}`);
  }

  it('is role 1 only', async () => {
    for (const [url, payload] of [
      ['/get-backups', undefined],
      ['/create-backups', { backup_type: 'database' }],
      ['/download-backup?id=x.zip', undefined],
      ['/delete-backup', { backup_id: 'x.zip' }],
    ] as const) {
      const res = await call('POST', url, t.accountantToken, payload);
      expect(res.statusCode, url).toBe(403);
    }
  });

  it("makes a project backup of the chosen folders; 'Please select any one option' without one", async () => {
    const empty = await call('POST', '/get-backups');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ success: true, data: [], storage_size: 0 });
    expect(empty.json().folders.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['files/airlines', 'files/booking-documents', 'outbox']),
    );

    const none = await call('POST', '/create-backups', t.adminToken, {
      backup_type: 'project',
      backup_folders: [],
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ backup_folders: [SELECT_FOLDER_MESSAGE] });
    const unknown = await call('POST', '/create-backups', t.adminToken, {
      backup_type: 'project',
      backup_folders: ['../etc'],
    });
    expect(unknown.statusCode).toBe(422);

    // Files of the store (DATA_DIR/files on PGlite, the database on PostgreSQL) and of the local outbox.
    await t.app.files.put('airlines/a.pdf', Buffer.from('%PDF-1.4 airline'));
    await t.app.files.put('invoices/i.pdf', Buffer.from('%PDF-1.4 invoice'));
    await mkdir(path.join(t.dataDir, 'outbox'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'outbox/m1.eml'), 'Subject: one');
    await writeFile(path.join(t.dataDir, 'outbox/m2.eml'), randomBytes(50_000));

    const started = await call('POST', '/create-backups', t.adminToken, {
      backup_type: 'project',
      backup_folders: ['files/airlines', 'outbox'],
      selected_option: 'project',
    });
    expect(started.statusCode, started.body).toBe(200);
    const job = await finished(started.json().job_id);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job).toMatchObject({ progress_done: 3, progress_total: 3 });
    expect((job.result as { summary: string }).summary).toMatch(
      /^Backup project-\d{8}-\d{6}\.zip made: 3 files, /,
    );

    const list = (await call('POST', '/get-backups')).json();
    expect(list.data).toHaveLength(1);
    const backup = list.data[0];
    expect(backup).toMatchObject({ backup_type: 'project', backup_name: backup.id });
    expect(list.storage_size).toBe(backup.backup_size);

    const file = await call('POST', `/download-backup?id=${encodeURIComponent(backup.id)}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(backup.id);
    expect(await zipNames(file.rawPayload)).toEqual([
      'files/airlines/a.pdf',
      'outbox/m1.eml',
      'outbox/m2.eml',
    ]);

    expect((await call('POST', '/download-backup?id=..%2Fpglite')).statusCode).toBe(422);
    expect((await call('POST', '/download-backup?id=missing.zip')).statusCode).toBe(404);
    const deleted = await call('POST', '/delete-backup', t.adminToken, {
      backup_id: backup.id,
      filename: backup.id,
    });
    expect(deleted.json()).toMatchObject({ success: true, message: 'Backup deleted successfully.' });
    expect((await call('POST', '/get-backups')).json().data).toEqual([]);
    expect((await call('POST', '/delete-backup', t.adminToken, { filename: backup.id })).statusCode).toBe(
      404,
    );
  });

  it('backs up the demo database, and `npm run restore` brings back every row into an empty database', async () => {
    await seedDemo(t.db, { log: () => {} });
    // A stored file: on PostgreSQL it is in the database, so the backup holds it.
    await t.app.files.put('invoices/restore-check.pdf', randomBytes(600_000));
    const started = await call('POST', '/create-backups', t.adminToken, { backup_type: 'database' });
    expect(started.statusCode, started.body).toBe(200);
    const job = await finished(started.json().job_id);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.progress_done).toBe(job.progress_total);
    // Taken once the job is done: only that job's own row changed after the dump.
    const original = await fingerprint(t.db);

    const [backup] = (await call('POST', '/get-backups')).json().data;
    expect(backup.backup_type).toBe('database');
    expect(backup.id).toMatch(
      kind === 'pglite' ? /^database-\d{8}-\d{6}\.tar\.gz$/ : /^database-\d{8}-\d{6}\.dump$/,
    );
    const download = await call('POST', `/download-backup?id=${backup.id}`);
    expect(download.statusCode).toBe(200);
    const file = path.join(scratch, backup.id);
    await writeFile(file, download.rawPayload);
    expect(download.rawPayload.length).toBe(backup.backup_size);

    let target: { args: string[]; open: () => ReturnType<typeof openDatabase>; drop?: () => Promise<void> };
    if (kind === 'pglite') {
      const dir = path.join(scratch, 'restored');
      target = { args: ['--data-dir', dir], open: () => openDatabase({ dataDir: dir }) };
    } else {
      const admin = new URL(process.env.TEST_DATABASE_URL as string);
      const name = `restore_${process.pid}_${randomBytes(3).toString('hex')}`;
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      const url = new URL(admin.toString());
      url.pathname = `/${name}`;
      target = {
        args: ['--database-url', url.toString()],
        open: () => openDatabase({ url: url.toString(), poolSize: 2 }),
        drop: async () => {
          const d = new pg.Client({ connectionString: admin.toString() });
          await d.connect();
          await d.query(`drop database if exists ${name} with (force)`);
          await d.end();
        },
      };
    }
    try {
      const run = await exec('npm', ['run', '--silent', 'restore', '--', file, ...target.args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: '' },
      });
      expect(run.stdout).toContain('[restore] done');

      // Restoring again is refused: the target is no longer empty.
      const again = await exec('npm', ['run', '--silent', 'restore', '--', file, ...target.args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: '' },
      }).catch((e: { code: number; stderr: string }) => e);
      expect((again as { code: number }).code).toBe(1);
      expect((again as { stderr: string }).stderr).toMatch(/not empty/);

      const restored = await target.open();
      try {
        const copy = await fingerprint(restored.db);
        const jobTable = 'public.background_jobs';
        const tokenTable = 'public.user_tokens';
        // Rows that move on by themselves after the dump: the backup job's own (done, progress) and
        // the test's sign-in token (its last use, moved at most once a minute by the calls polling
        // the job — a slow run crosses that minute). Their row counts do not.
        for (const table of [jobTable, tokenTable])
          expect(copy[table].split(':')[0]).toBe(original[table].split(':')[0]);
        // Backups are dumped without their rows (pg_dump --exclude-table-data): none comes back.
        const backupTables = ['public.backup_files', 'public.backup_file_chunks'];
        for (const table of backupTables) expect(copy[table]).toBe('0:');
        if (kind === 'postgres') expect(original['public.backup_files']).toMatch(/^1:/);
        const strip = (f: Record<string, string>) => {
          const { [jobTable]: _jobs, [tokenTable]: _tokens, ...withJobs } = f;
          const rest = Object.fromEntries(
            Object.entries(withJobs).filter(([k]) => !backupTables.includes(k)),
          );
          return Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith('pgboss.')));
        };
        expect(Object.keys(copy).length).toBeGreaterThan(40);
        expect(strip(copy)).toEqual(strip(original));
        expect(Number(copy['public.bookings'].split(':')[0])).toBeGreaterThan(100);
        if (kind === 'postgres') expect(copy['public.stored_files']).not.toMatch(/^0:/);

        // The restored database starts: migrations have nothing to do and staff can sign in.
        await restored.migrate();
        const app = await buildApp({
          db: restored.db,
          config: testConfig({ DATA_DIR: path.join(scratch, 'restored-data') }),
          webDir: '/nonexistent',
        });
        try {
          const token = await signIn(app, 'admin@test.test', 'admin-pass-1');
          const bookings = await app.inject({
            method: 'GET',
            url: '/api/bookings/table?length=5',
            headers: bearer(token),
          });
          expect(bookings.statusCode).toBe(200);
          expect(bookings.json().recordsTotal).toBe(Number(copy['public.bookings'].split(':')[0]));
        } finally {
          await app.close();
        }
      } finally {
        await restored.close();
      }
    } finally {
      await target.drop?.();
    }
    // A PGlite backup cannot go into PostgreSQL, nor a pg_dump into PGlite: the restore says so.
    const wrong = await exec(
      'npm',
      [
        'run',
        '--silent',
        'restore',
        '--',
        file,
        ...(kind === 'pglite'
          ? ['--database-url', 'postgres://x@127.0.0.1:1/x']
          : ['--data-dir', path.join(scratch, 'other')]),
      ],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', DATA_DIR: '' } },
    ).catch((e: { code: number; stderr: string }) => e);
    expect((wrong as { code: number }).code).toBe(1);
    expect((wrong as { stderr: string }).stderr).toMatch(
      kind === 'pglite' ? /PGlite backup/ : /PostgreSQL \(pg_dump\) backup/,
    );
    // The same bytes as the file on disk.
    expect((await readFile(file)).length).toBe(backup.backup_size);
  }, 300_000);
});
