import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { CHUNK_BYTES, createDatabaseFileStore } from '../../src/server/storage/database';
import type { FileStore } from '../../src/server/storage/files';
import { openFileStores } from '../../src/server/storage/stores';
import { testConfig } from '../helpers/app';
import { createTestDatabase, type DbKind, testDbKinds } from '../helpers/db';
import { readStored } from '../helpers/files';

// The database file store (issue #28): files as rows of stored_files and chunks of
// stored_file_chunks, written chunk by chunk in one transaction and read back a few chunks per
// query with back-pressure. On PostgreSQL it is the store `openFileStores` picks (its own pool); on
// PGlite (which keeps DATA_DIR in the app) it is made directly, to run the same calls.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** `n` bytes of a repeatable pattern made 64 KB at a time as they are read (never held whole). */
function patternStream(n: number, failAt?: number): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < n; at += 65536) {
        if (failAt !== undefined && at >= failAt) throw new Error('the source broke');
        const len = Math.min(65536, n - at);
        const b = Buffer.alloc(len);
        for (let i = 0; i < len; i += 1) b[i] = (at * 7 + i) % 253;
        yield b;
      }
    })(),
  );
}

async function sha256(stream: Readable): Promise<string> {
  const h = createHash('sha256');
  for await (const c of stream) h.update(c as Buffer);
  return h.digest('hex');
}

/**
 * Runs `work` while sampling live memory (after a full GC) every 20 ms; answers the largest growth
 * of heap + array buffers over the level before it started, in bytes.
 */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  gc();
  const live = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = live();
  let peak = base;
  const timer = setInterval(() => {
    gc();
    peak = Math.max(peak, live());
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return peak - base;
}

const MB = 1024 * 1024;

describe.each(testDbKinds)('database file store on %s', (kind: DbKind) => {
  let drop: () => Promise<void>;
  let files: FileStore;
  let closeStores = async () => {};
  let db: Awaited<ReturnType<typeof createTestDatabase>>['db'];
  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    db = database.db;
    if (kind === 'postgres') {
      const stores = await openFileStores(db, testConfig());
      files = stores.files;
      closeStores = stores.close;
    } else {
      files = createDatabaseFileStore(db);
    }
    expect(files.kind).toBe('database');
  });
  afterAll(async () => {
    await closeStores();
    await drop?.();
  });

  const chunkCount = async (key: string) =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(c.*)::int as n from stored_files f left join stored_file_chunks c on c.file_id = f.id
            where f.key = ${key}`,
      )
    )[0].n;

  it('saves a 60 MB stream and reads it back byte for byte, memory staying far below the file', async () => {
    const size = 60 * MB + 12345;
    let key = '';
    const saving = await peakGrowth(async () => {
      key = await files.save('backups-test', patternStream(size), 'bin');
    });
    expect(await chunkCount(key)).toBe(Math.ceil(size / CHUNK_BYTES));
    let hash = '';
    let opened: Awaited<ReturnType<FileStore['open']>> = null;
    const reading = await peakGrowth(async () => {
      opened = await files.open(key);
      hash = await sha256(opened?.stream as Readable);
    });
    expect(opened).not.toBeNull();
    expect((opened as unknown as { size: number }).size).toBe(size);
    expect(hash).toBe(await sha256(patternStream(size)));
    console.log(
      `[file-store ${kind}] 60 MB: live memory grew at most ${(saving / MB).toFixed(1)} MB saving, ${(reading / MB).toFixed(1)} MB reading`,
    );
    // PGlite runs inside this process and holds the database in memory; on PostgreSQL only the
    // chunks in flight are here.
    if (kind === 'postgres') {
      expect(saving).toBeLessThan(12 * MB);
      expect(reading).toBeLessThan(12 * MB);
    }
    await files.remove(key);
    expect(await chunkCount(key)).toBe(0);
  }, 240_000);

  it('reads only as fast as the reader asks (back-pressure)', async () => {
    const key = await files.save('backpressure', patternStream(8 * MB), 'bin');
    const opened = await files.open(key);
    const stream = opened?.stream as Readable;
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    await new Promise((r) => setTimeout(r, 200));
    expect(first.length).toBe(CHUNK_BYTES);
    // A paused reader leaves at most about one chunk waiting in the stream.
    expect(stream.readableLength).toBeLessThanOrEqual(2 * CHUNK_BYTES);
    stream.destroy();
    await files.remove(key);
  });

  it('answers null for a missing key; remove is quiet when it is gone; put replaces a key', async () => {
    expect(await files.open('invoices/0123456789abcdef0123456789abcdef.pdf')).toBeNull();
    expect(await files.stat('invoices/nothing.pdf')).toBeNull();
    await files.remove('invoices/nothing.pdf');

    const key = 'invoices/replaced.pdf';
    await files.put(key, Buffer.alloc(3 * CHUNK_BYTES, 1));
    expect(await chunkCount(key)).toBe(3);
    const again = await files.put(key, Buffer.from('%PDF-1.4 two'));
    expect(again).toMatchObject({ key, size: 12 });
    expect(await chunkCount(key)).toBe(1);
    expect((await readStored(files, key))?.toString()).toBe('%PDF-1.4 two');
    await files.remove(key);
    expect(await files.open(key)).toBeNull();
    expect(await files.put('', Buffer.from('x')).catch((e: Error) => e.message)).toMatch(/Bad file key/);
  });

  it('keeps nothing of a save whose source fails', async () => {
    const key = 'invoices/broken.pdf';
    await expect(files.put(key, patternStream(3 * MB, 2 * MB))).rejects.toThrow('the source broke');
    expect(await files.stat(key)).toBeNull();
    expect(await chunkCount(key)).toBe(0);
  });

  it('takes concurrent saves, each whole', async () => {
    const bodies = Array.from({ length: 12 }, (_, i) => Buffer.alloc(CHUNK_BYTES + 1000 * i, i + 1));
    const keys = await Promise.all(
      bodies.map((b, i) =>
        i % 2 ? files.save('concurrent', b, 'bin') : files.save('concurrent', Readable.from([b]), 'bin'),
      ),
    );
    expect(new Set(keys).size).toBe(12);
    for (const [i, key] of keys.entries())
      expect((await readStored(files, key))?.equals(bodies[i])).toBe(true);
    expect((await files.list('concurrent')).map((f) => f.key).sort()).toEqual([...keys].sort());
    expect((await files.areas()).find((a) => a.area === 'concurrent')).toEqual({
      area: 'concurrent',
      count: 12,
      size: bodies.reduce((n, b) => n + b.length, 0),
    });
    expect(await files.list('concurrent', { createdBefore: new Date(Date.now() - 3_600_000) })).toEqual([]);
    await Promise.all(keys.map((k) => files.remove(k)));
  });

  it.skipIf(kind !== 'postgres')('shows no file until its save commits', async () => {
    const key = 'invoices/slow.pdf';
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const source = Readable.from(
      (async function* () {
        yield Buffer.alloc(CHUNK_BYTES, 7);
        await gate;
        yield Buffer.from('end');
      })(),
    );
    const saving = files.put(key, source);
    await new Promise((r) => setTimeout(r, 300));
    expect(await files.stat(key)).toBeNull();
    expect(await files.open(key)).toBeNull();
    release();
    expect((await saving).size).toBe(CHUNK_BYTES + 3);
    expect(await files.stat(key)).toMatchObject({ size: CHUNK_BYTES + 3 });
  });
});
