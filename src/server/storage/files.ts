import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * The one storage interface for uploaded and generated files (DESIGN.md §2 files, §7; issue #28).
 * Three drivers implement it: DATA_DIR on disk (`disk.ts`, the embedded database), the database
 * itself (`database.ts`, on a PostgreSQL server: every process sees the same files, and a database
 * backup holds them) and an S3-compatible bucket (`s3.ts`, when S3_URL is set). `stores.ts` picks
 * one from the configuration. Keys are generated ('invoices/1f3a….pdf': area, 32 hex digits,
 * extension); the original name is kept by the caller (e.g. airlines.instruction_doc_name) for the
 * download's filename.
 */
export interface FileStore {
  /** Which driver holds the bytes. */
  readonly kind: 'disk' | 'database' | 's3';
  /**
   * Stores `data` (bytes, or a stream read once, chunk by chunk, never held whole) under a new key
   * in `area`; answers the key, e.g. 'airlines/1f3a…c2.pdf'. The file is seen only once complete.
   */
  save(area: string, data: Buffer | Readable, extension: string): Promise<string>;
  /**
   * Stores `data` under exactly `key` ('area/name' or 'name'; letters, digits, '.', '_', '-'),
   * replacing a file stored there before; answers what was stored. For keys that mean something:
   * backups' file names, and the files:migrate command, which keeps DATA_DIR's keys. Throws on a
   * key of another shape.
   */
  put(key: string, data: Buffer | Readable): Promise<StoredFile>;
  /** A read stream (with back-pressure) and the size in bytes of a stored key, or null when it is gone. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Size and time stored of a key, or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** The files of `area` (every file when none), by key; `createdBefore` keeps those stored before it. */
  list(area?: string, opts?: { createdBefore?: Date }): Promise<StoredFile[]>;
  /** Files and bytes per area ('' for keys without one). */
  areas(): Promise<{ area: string; count: number; size: number }[]>;
  /** Removes a key; nothing happens when it is gone already. */
  remove(key: string): Promise<void>;
}

/** A stored file: its key, size in bytes and when it was stored. */
export interface StoredFile {
  key: string;
  size: number;
  created_at: Date;
}

/** A key: an optional area folder, then a name that starts with a letter or digit. */
const KEY_PATTERN = /^(?:[A-Za-z0-9_-]{1,60}\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Throws unless `key` has the shape of a stored key (no path, no traversal, not a partial file). */
export function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.endsWith('.partial')) throw new Error(`Bad file key '${key}'`);
  return key;
}

/** The area of a key: its folder, or '' for a key without one. */
export function areaOf(key: string): string {
  const slash = key.indexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
}

/** A new key in `area`: 'invoices/' + 32 hex digits + '.pdf'. */
export function newKey(area: string, extension: string): string {
  const safeArea = area.replace(/[^a-z0-9-]/gi, '');
  const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase();
  return `${safeArea}/${randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`;
}

/** A driver (every call but `save`) made into a FileStore: `save` is `put` under a new key. */
export function storeOf(driver: Omit<FileStore, 'save'>): FileStore {
  return {
    ...driver,
    async save(area, data, extension) {
      const stored = await driver.put(newKey(area, extension), data);
      return stored.key;
    },
  };
}

/** Files and bytes per area of a listing (drivers without a cheaper way to count). */
export function areasOf(files: StoredFile[]): { area: string; count: number; size: number }[] {
  const by = new Map<string, { area: string; count: number; size: number }>();
  for (const f of files) {
    const area = areaOf(f.key);
    const a = by.get(area) ?? { area, count: 0, size: 0 };
    a.count += 1;
    a.size += f.size;
    by.set(area, a);
  }
  return [...by.values()].sort((a, b) => a.area.localeCompare(b.area));
}

/**
 * `data` cut into pieces of exactly `size` bytes (the last one shorter): a Buffer by slicing (no
 * copy), a stream as it arrives, holding at most one piece and one incoming chunk. Empty data
 * gives no piece.
 */
export async function* piecesOf(data: Buffer | Readable, size: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(data)) {
    for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
    return;
  }
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of data) {
    let b: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string);
    while (heldBytes + b.length >= size) {
      const take = size - heldBytes;
      held.push(b.subarray(0, take));
      yield Buffer.concat(held, size);
      held = [];
      heldBytes = 0;
      b = b.subarray(take);
    }
    if (b.length) {
      held.push(b);
      heldBytes += b.length;
    }
  }
  if (heldBytes) yield Buffer.concat(held, heldBytes);
}
