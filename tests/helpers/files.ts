import type { FileStore } from '../../src/server/storage/files';

/** The bytes of a stored key, read through the store (null when it is gone). */
export async function readStored(files: FileStore, key: string): Promise<Buffer | null> {
  const opened = await files.open(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const c of opened.stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}

/** The file names stored in `area` (the key without its area), sorted. */
export async function storedNames(files: FileStore, area: string): Promise<string[]> {
  return (await files.list(area)).map((f) => f.key.slice(area.length + 1)).sort();
}
