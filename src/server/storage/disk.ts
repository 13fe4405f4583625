import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { areasOf, checkKey, type FileStore, type StoredFile, storeOf } from './files';

/**
 * The DATA_DIR driver (the embedded database's; one process): a key is a path below `root`
 * (DATA_DIR/files for files, DATA_DIR/backups for backups). A file is written as
 * `<key>.<random>.partial` and renamed when complete, so a half-written file is never listed or
 * opened; the time stored is the file's mtime.
 */
export function createDiskFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    const full = path.resolve(base, checkKey(key));
    if (!full.startsWith(base + path.sep)) throw new Error('Bad file key');
    return full;
  };
  const statOf = async (key: string): Promise<StoredFile | null> => {
    const s = await stat(resolve(key)).catch(() => null);
    return s?.isFile() ? { key, size: s.size, created_at: s.mtime } : null;
  };

  const list = async (area?: string, opts: { createdBefore?: Date } = {}): Promise<StoredFile[]> => {
    if (area !== undefined && !/^[A-Za-z0-9_-]{1,60}$/.test(area)) return [];
    const dir = area ? path.join(base, area) : base;
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true, recursive: true });
    } catch {
      return [];
    }
    const out: StoredFile[] = [];
    for (const e of entries) {
      if (!e.isFile() || e.name.endsWith('.partial')) continue;
      const key = path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/');
      const s = await statOf(key).catch(() => null);
      if (s && (!opts.createdBefore || s.created_at < opts.createdBefore)) out.push(s);
    }
    return out.sort((a, b) => a.key.localeCompare(b.key));
  };

  return storeOf({
    kind: 'disk',
    async put(key, data: Buffer | Readable) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      const partial = `${full}.${randomBytes(4).toString('hex')}.partial`;
      try {
        if (Buffer.isBuffer(data)) await writeFile(partial, data);
        else await pipeline(data, createWriteStream(partial));
        await rename(partial, full);
      } catch (e) {
        await unlink(partial).catch(() => undefined);
        throw e;
      }
      const s = await stat(full);
      return { key, size: s.size, created_at: s.mtime };
    },
    async open(key) {
      try {
        const full = resolve(key);
        const s = await stat(full);
        if (!s.isFile()) return null;
        return { stream: createReadStream(full), size: s.size };
      } catch {
        return null;
      }
    },
    stat: (key) => statOf(key).catch(() => null),
    list,
    async areas() {
      return areasOf(await list());
    },
    async remove(key) {
      await unlink(resolve(key)).catch(() => undefined);
    },
  });
}
