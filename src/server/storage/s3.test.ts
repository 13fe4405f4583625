import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from '@20minutes/s3rver';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from './files';
import { createS3FileStore, s3ClientOf } from './s3';
import { parseS3Url } from './s3-url';
import { openFileStores } from './stores';

// The S3 driver (issue #28) against an in-process fake S3 server (@20minutes/s3rver): the same
// calls as the other drivers, a stream sent as a multipart upload and read back as a stream.

/** `n` bytes of a repeatable pattern, made 64 KB at a time as they are read (never held whole). */
function patternStream(n: number): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < n; at += 65536) {
        const len = Math.min(65536, n - at);
        const b = Buffer.alloc(len);
        for (let i = 0; i < len; i += 1) b[i] = (at + i) % 251;
        yield b;
      }
    })(),
  );
}
const hashOf = async (stream: Readable) => {
  const h = createHash('sha256');
  let chunks = 0;
  for await (const c of stream) {
    h.update(c as Buffer);
    chunks += 1;
  }
  return { hash: h.digest('hex'), chunks };
};

describe('S3 file store (fake S3 server)', () => {
  let server: S3rver;
  let dir: string;
  let url: string;
  let client: S3Client;
  let store: FileStore;
  /** The commands the client sent, by name. */
  const sent: string[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'office' }],
    });
    const { port } = await server.run();
    url = `s3://office/tours?endpoint=http://127.0.0.1:${port}&region=eu-west-2`;
    const loc = parseS3Url(url);
    client = s3ClientOf(loc, { credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    // The fake signs a bucket-level request (a listing) for '/office', the SDK for '/office/'.
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (request.path) request.path = request.path.replace(/^(\/[^/]+)\/$/, '$1');
        return next(args);
      },
      { step: 'build' },
    );
    client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize' },
    );
    store = createS3FileStore(client, loc, 'files');
  });
  afterAll(async () => {
    client?.destroy();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads S3_URL: bucket, prefix, region, endpoint and path style', () => {
    expect(parseS3Url('s3://office/tours/?region=eu-west-2')).toEqual({
      bucket: 'office',
      prefix: 'tours/',
      region: 'eu-west-2',
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(parseS3Url('s3://office?endpoint=http://minio:9000')).toMatchObject({
      prefix: '',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
    expect(() => parseS3Url('https://office/x')).toThrow(/s3:\/\//);
    expect(() => parseS3Url('s3://office?endpoint=ftp://x')).toThrow(/http/);
  });

  it('saves, opens, lists and removes; a missing key is null', async () => {
    const key = await store.save('invoices', Buffer.from('%PDF-1.4 invoice'), 'pdf');
    expect(key).toMatch(/^invoices\/[0-9a-f]{32}\.pdf$/);
    const opened = await store.open(key);
    expect(opened?.size).toBe(16);
    expect((await hashOf(opened?.stream as Readable)).hash).toBe(
      createHash('sha256').update('%PDF-1.4 invoice').digest('hex'),
    );
    expect(await store.stat(key)).toMatchObject({ key, size: 16 });
    expect((await store.list('invoices')).map((f) => f.key)).toEqual([key]);
    expect(await store.list('invoices', { createdBefore: new Date(Date.now() - 3_600_000) })).toEqual([]);
    expect(await store.areas()).toEqual([{ area: 'invoices', count: 1, size: 16 }]);
    // Keys live under the URL's prefix and the volume.
    const head = await client.send(new HeadObjectCommand({ Bucket: 'office', Key: `tours/files/${key}` }));
    expect(head.ContentLength).toBe(16);

    await store.remove(key);
    expect(await store.open(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
    expect(await store.open('invoices/never-stored.pdf')).toBeNull();
    await expect(store.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/Bad file key/);
  });

  it('sends a stream as a multipart upload and reads it back as a stream', async () => {
    const size = 20 * 1024 * 1024 + 123;
    sent.length = 0;
    const stored = await store.put('backups-test/big.bin', patternStream(size));
    expect(stored.size).toBe(size);
    // Sent as a multipart upload of 8 MB parts, never as one body held whole.
    expect(sent.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(sent).toContain('CompleteMultipartUploadCommand');
    expect(sent).not.toContain('PutObjectCommand');
    const opened = await store.open('backups-test/big.bin');
    expect(opened?.size).toBe(size);
    const read = await hashOf(opened?.stream as Readable);
    expect(read.hash).toBe((await hashOf(patternStream(size))).hash);
    expect(read.chunks).toBeGreaterThan(10);
    await store.remove('backups-test/big.bin');
  });

  it('is the driver openFileStores picks when S3_URL is set, backups under their own prefix', async () => {
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    const stores = await openFileStores({} as never, { S3_URL: url, dataDir: dir });
    try {
      expect(stores.files.kind).toBe('s3');
      await stores.backups.put('project-20270101-000000.zip', Buffer.from('zip'));
      const head = await client.send(
        new HeadObjectCommand({ Bucket: 'office', Key: 'tours/backups/project-20270101-000000.zip' }),
      );
      expect(head.ContentLength).toBe(3);
      await stores.backups.remove('project-20270101-000000.zip');
    } finally {
      await stores.close();
      process.env.AWS_ACCESS_KEY_ID = saved.id;
      process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
      if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
    }
  });
});
