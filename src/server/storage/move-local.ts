import { createReadStream } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, type FileStore } from './files';

/** What `moveLocalFiles` did. */
export interface MoveReport {
  /** Stored now. */
  moved: number;
  /** Bytes stored now. */
  bytes: number;
  /** Already in the store under the same key (an earlier run): left as they are. */
  skipped: number;
  /** Files whose names are not store keys (left on disk, named in the log). */
  ignored: number;
  /** Local copies removed (with `removeLocal`). */
  removed: number;
}

/**
 * `npm run files:migrate` (scripts/files-migrate.ts; issue #28): copies DATA_DIR/files/<area>/<name>
 * into `files` under the same key ('<area>/<name>', so rows that name keys keep working) and
 * DATA_DIR/backups/<name> into `backups`, each streamed. Idempotent: a key already stored is
 * skipped, so a second run (or one after a crash) stores nothing twice. `removeLocal` deletes each
 * local copy once its key is stored. Nothing to do when the stores are DATA_DIR itself (the
 * embedded database without S3_URL). `log` gets one line per file and a summary.
 */
export async function moveLocalFiles(
  a: { dataDir: string; files: FileStore; backups: FileStore },
  opts: { removeLocal?: boolean; log?: (line: string) => void } = {},
): Promise<MoveReport> {
  const log = opts.log ?? (() => {});
  const report: MoveReport = { moved: 0, bytes: 0, skipped: 0, ignored: 0, removed: 0 };
  const sources: { dir: string; store: FileStore; label: string }[] = [
    { dir: path.join(a.dataDir, 'files'), store: a.files, label: 'files' },
    { dir: path.join(a.dataDir, 'backups'), store: a.backups, label: 'backups' },
  ];
  for (const { dir, store, label } of sources) {
    if (store.kind === 'disk') {
      log(`${label}: the store is DATA_DIR itself (${dir}); nothing to move.`);
      continue;
    }
    const local = await localFiles(dir);
    log(`${label}: ${local.length} file${local.length === 1 ? '' : 's'} in ${dir} → the ${store.kind} store`);
    for (const { key, full, size } of local) {
      try {
        checkKey(key);
      } catch {
        report.ignored += 1;
        log(`  ignored ${key}: not a stored file name`);
        continue;
      }
      const existing = await store.stat(key);
      if (existing) {
        report.skipped += 1;
        log(`  skipped ${key}: already stored`);
      } else {
        const stored = await store.put(key, createReadStream(full));
        if (stored.size !== size) throw new Error(`${key}: stored ${stored.size} bytes of ${size}.`);
        report.moved += 1;
        report.bytes += size;
        log(`  stored ${key} (${size} bytes)`);
      }
      if (opts.removeLocal && (existing?.size ?? size) === size) {
        await unlink(full);
        report.removed += 1;
      }
    }
  }
  log(
    `done: ${report.moved} stored (${report.bytes} bytes), ${report.skipped} already there, ${report.ignored} ignored` +
      (opts.removeLocal ? `, ${report.removed} local copies removed` : ''),
  );
  return report;
}

/** Files below `dir` with their keys ('area/name', '/'-separated) and sizes, by key ([] when none). */
async function localFiles(dir: string): Promise<{ key: string; full: string; size: number }[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const out: { key: string; full: string; size: number }[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    const s = await stat(full);
    out.push({ key: path.relative(dir, full).split(path.sep).join('/'), full, size: s.size });
  }
  return out.sort((x, y) => x.key.localeCompare(y.key));
}
