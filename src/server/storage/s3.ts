import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { areasOf, checkKey, type FileStore, type StoredFile, storeOf } from './files';
import type { S3Location } from './s3-url';

/**
 * An S3 client for `loc`. Checksums are computed only where S3 requires them: many S3-compatible
 * services refuse the SDK's newer default trailing checksums.
 */
export function s3ClientOf(loc: S3Location, extra: Partial<S3ClientConfig> = {}): S3Client {
  return new S3Client({
    region: loc.region,
    ...(loc.endpoint ? { endpoint: loc.endpoint } : {}),
    forcePathStyle: loc.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...extra,
  });
}

/** Multipart part size: lib-storage holds at most QUEUE × PART bytes of a stream in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;

const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};

/**
 * The S3 driver (issue #28, when S3_URL is set): a key is the object `PREFIX + volume + '/' + key`
 * ('office/files/invoices/1f3a….pdf'; the backups volume 'office/backups/…'). A stream is sent as
 * a multipart upload (lib-storage: parts of 8 MB, two at a time; a body shorter than a part is one
 * PUT), which S3 shows only once complete; `open` answers the object's body stream as S3 sends
 * it, with the SDK's back-pressure. The time stored is the object's LastModified.
 */
export function createS3FileStore(client: S3Client, loc: S3Location, volume: 'files' | 'backups'): FileStore {
  const base = `${loc.prefix}${volume}/`;
  const Bucket = loc.bucket;

  const stat = async (key: string): Promise<StoredFile | null> => {
    try {
      const h = await client.send(new HeadObjectCommand({ Bucket, Key: base + checkKey(key) }));
      return { key, size: h.ContentLength ?? 0, created_at: h.LastModified ?? new Date() };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  };

  const list = async (area?: string, opts: { createdBefore?: Date } = {}): Promise<StoredFile[]> => {
    const out: StoredFile[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: base + (area ? `${area}/` : ''), ContinuationToken }),
      );
      for (const o of page.Contents ?? []) {
        if (!o.Key) continue;
        const created = o.LastModified ?? new Date();
        if (opts.createdBefore && created >= opts.createdBefore) continue;
        out.push({ key: o.Key.slice(base.length), size: o.Size ?? 0, created_at: created });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out.sort((a, b) => a.key.localeCompare(b.key));
  };

  return storeOf({
    kind: 's3',
    async put(key, data: Buffer | Readable) {
      const Key = base + checkKey(key);
      await new Upload({
        client,
        params: { Bucket, Key, Body: data },
        partSize: PART_BYTES,
        queueSize: QUEUE,
      }).done();
      const stored = await stat(key);
      if (!stored) throw new Error(`S3 did not keep ${Key}.`);
      return stored;
    },
    async open(key) {
      try {
        const o = await client.send(new GetObjectCommand({ Bucket, Key: base + checkKey(key) }));
        if (!o.Body) return null;
        return { stream: o.Body as Readable, size: o.ContentLength ?? 0 };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    stat,
    list,
    async areas() {
      return areasOf(await list());
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: base + checkKey(key) }));
    },
  });
}
