import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The one storage interface for uploaded and generated files (DESIGN.md §2: files). Files live
 * under DATA_DIR/files/{area}/ with generated names; the original name is kept by the caller
 * (e.g. airlines.instruction_doc_name) for the download's filename. An S3-compatible driver can
 * implement the same three calls later.
 */
export interface FileStore {
  /** Stores `data`; answers the stored key, e.g. 'airlines/1f3a…c2.pdf'. */
  save(area: string, data: Buffer, extension: string): Promise<string>;
  /** A read stream and size of a stored key, or null when it is gone. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

export function createFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('Bad file key');
    return full;
  };
  return {
    async save(area, data, extension) {
      const safeArea = area.replace(/[^a-z0-9-]/gi, '');
      const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase();
      const key = `${safeArea}/${randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`;
      await mkdir(path.join(root, safeArea), { recursive: true });
      await writeFile(resolve(key), data);
      return key;
    },
    async open(key) {
      try {
        const full = resolve(key);
        const s = await stat(full);
        return { stream: createReadStream(full), size: s.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await unlink(resolve(key)).catch(() => undefined);
    },
  };
}
