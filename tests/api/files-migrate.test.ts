import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseFileStore } from '../../src/server/storage/database';
import { createDiskFileStore } from '../../src/server/storage/disk';
import type { FileStore } from '../../src/server/storage/files';
import { moveLocalFiles } from '../../src/server/storage/move-local';
import { createTestDatabase, type DbKind, testDbKinds } from '../helpers/db';
import { readStored } from '../helpers/files';

// `npm run files:migrate` (issue #28): an existing DATA_DIR/files and DATA_DIR/backups go into the
// database store under the same keys; a second run stores nothing twice; with --remove-local the
// local copies go once stored; names that are not keys stay where they are.

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

describe.each(testDbKinds)('files:migrate on %s', (kind: DbKind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let files: FileStore;
  let backups: FileStore;
  const big = randomBytes(600_000);
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    files = createDatabaseFileStore(database.db, 'files');
    backups = createDatabaseFileStore(database.db, 'backups');
    dataDir = await mkdtemp(path.join(tmpdir(), 'files-migrate-'));
    await mkdir(path.join(dataDir, 'files/invoices'), { recursive: true });
    await mkdir(path.join(dataDir, 'files/airlines'), { recursive: true });
    await mkdir(path.join(dataDir, 'backups'), { recursive: true });
    await writeFile(path.join(dataDir, 'files/invoices/0123456789abcdef0123456789abcdef.pdf'), big);
    await writeFile(path.join(dataDir, 'files/airlines/fedcba9876543210fedcba9876543210.pdf'), '%PDF-1.4 a');
    await writeFile(path.join(dataDir, 'files/airlines/not a key.pdf'), 'x');
    await writeFile(path.join(dataDir, 'backups/project-20260101-010101.zip'), 'zip');
  });
  afterAll(async () => {
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('moves every file once, under the same key, and nothing twice', async () => {
    const lines: string[] = [];
    const first = await moveLocalFiles({ dataDir, files, backups }, { log: (l) => lines.push(l) });
    expect(first).toEqual({ moved: 3, bytes: big.length + 10 + 3, skipped: 0, ignored: 1, removed: 0 });
    expect(lines.at(-1)).toBe(`done: 3 stored (${big.length + 13} bytes), 0 already there, 1 ignored`);
    expect((await readStored(files, 'invoices/0123456789abcdef0123456789abcdef.pdf'))?.equals(big)).toBe(
      true,
    );
    expect((await readStored(files, 'airlines/fedcba9876543210fedcba9876543210.pdf'))?.toString()).toBe(
      '%PDF-1.4 a',
    );
    expect((await backups.list()).map((f) => f.key)).toEqual(['project-20260101-010101.zip']);

    const second = await moveLocalFiles({ dataDir, files, backups });
    expect(second).toEqual({ moved: 0, bytes: 0, skipped: 3, ignored: 1, removed: 0 });
    expect(await files.list()).toHaveLength(2);

    const third = await moveLocalFiles({ dataDir, files, backups }, { removeLocal: true });
    expect(third).toMatchObject({ moved: 0, skipped: 3, removed: 3 });
    expect(await readdir(path.join(dataDir, 'files/airlines'))).toEqual(['not a key.pdf']);
    expect(await readdir(path.join(dataDir, 'backups'))).toEqual([]);
    expect(await files.list()).toHaveLength(2);
  });

  it('has nothing to do when the store is DATA_DIR itself', async () => {
    const lines: string[] = [];
    const report = await moveLocalFiles(
      {
        dataDir,
        files: createDiskFileStore(path.join(dataDir, 'files')),
        backups: createDiskFileStore(path.join(dataDir, 'backups')),
      },
      { log: (l) => lines.push(l) },
    );
    expect(report.moved + report.skipped).toBe(0);
    expect(lines[0]).toMatch(/the store is DATA_DIR itself/);
  });

  it.skipIf(kind !== 'postgres')(
    'runs as npm run files:migrate against DATABASE_URL and says what it did',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'files-migrate-cli-'));
      try {
        await mkdir(path.join(dir, 'files/tours'), { recursive: true });
        await writeFile(path.join(dir, 'files/tours/00000000000000000000000000000001.pdf'), '%PDF-1.4 t');
        const run = () =>
          exec('npm', ['run', '--silent', 'files:migrate'], {
            cwd: ROOT,
            env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dir, S3_URL: '' },
          });
        expect((await run()).stdout).toContain(
          '[files:migrate]   stored tours/00000000000000000000000000000001.pdf',
        );
        const again = (await run()).stdout;
        expect(again).toContain('skipped tours/00000000000000000000000000000001.pdf: already stored');
        expect(again).toMatch(/done: 0 stored \(0 bytes\), 1 already there/);
        expect((await readStored(files, 'tours/00000000000000000000000000000001.pdf'))?.toString()).toBe(
          '%PDF-1.4 t',
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
