import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  BACKUP_NAME_PATTERN,
  type Backup,
  type BackupFolder,
  type BackupType,
} from '../../../shared/api/backups';
import { londonText } from '../../../shared/dates';
import { notFound, validationError } from '../../http/errors';
import type { FileStore } from '../../storage/files';

/**
 * Where backups live and what a project backup may hold (spec 2 §2 Backups; issue #28). Backups
 * are files of their own store (`deps.backupFiles`: DATA_DIR/backups, the database's backup tables
 * or the bucket's backups/), apart from the files a project backup may hold, so a backup never
 * holds the backups before it; every process lists and serves the same ones. A backup's id is its
 * file name (the store's key); a store shows a file only once it is complete.
 */

/** The folders the screen always offers: areas of the file store ('files/<area>'), and the local mail outbox. */
const KNOWN_FOLDERS: { name: string; label: string }[] = [
  { name: 'files/booking-documents', label: 'Booking documents' },
  { name: 'files/group-documents', label: 'Group documents' },
  { name: 'files/booking-email', label: 'Booking email attachments' },
  { name: 'files/outbox', label: 'Email attachments' },
  { name: 'files/invoices', label: 'Uploaded invoices' },
  { name: 'files/airlines', label: 'Airline documents' },
  { name: 'files/tours', label: 'Tour documents' },
  { name: 'files/adverts', label: 'Advert artwork and invoices' },
  { name: 'outbox', label: 'Sent emails (outbox)' },
];

/** The folder of this process's DATA_DIR that is not in the file store: the .eml outbox (SMTP_URL unset). */
export const LOCAL_FOLDER = 'outbox';
const FILES_PREFIX = 'files/';

/** Every file under `dir`, recursively, with its size ([] when `dir` does not exist). */
export async function filesUnder(dir: string): Promise<{ full: string; size: number }[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const out: { full: string; size: number }[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    const s = await stat(full).catch(() => null);
    if (s) out.push({ full, size: s.size });
  }
  return out.sort((a, b) => a.full.localeCompare(b.full));
}

/**
 * The folders offered for a project backup: the known ones, then any other area of the file
 * store, each with the bytes it holds now.
 */
export async function offeredFolders(files: FileStore, dataDir: string): Promise<BackupFolder[]> {
  const areas = new Map((await files.areas()).map((a) => [`${FILES_PREFIX}${a.area}`, a.size]));
  const known = new Set(KNOWN_FOLDERS.map((f) => f.name));
  const others = [...areas.keys()]
    .filter((name) => name !== FILES_PREFIX && !known.has(name))
    .sort()
    .map((name) => {
      const area = name.slice(FILES_PREFIX.length);
      return { name, label: area.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase()) };
    });
  const localSize = (await filesUnder(path.join(dataDir, LOCAL_FOLDER))).reduce((n, f) => n + f.size, 0);
  return [...KNOWN_FOLDERS, ...others].map((f) => ({
    ...f,
    size: f.name === LOCAL_FOLDER ? localSize : (areas.get(f.name) ?? 0),
  }));
}

/** Checks the chosen folders against those offered; 422 naming any other. */
export async function checkFolders(files: FileStore, dataDir: string, chosen: string[]): Promise<string[]> {
  const offered = new Set((await offeredFolders(files, dataDir)).map((f) => f.name));
  const unknown = chosen.filter((c) => !offered.has(c));
  if (unknown.length)
    throw validationError({ backup_folders: [`Not a folder that can be backed up: ${unknown.join(', ')}.`] });
  return [...new Set(chosen)];
}

/** The store area of an offered folder ('files/airlines' → 'airlines'), or null for the local outbox. */
export function areaOfFolder(folder: string): string | null {
  return folder.startsWith(FILES_PREFIX) ? folder.slice(FILES_PREFIX.length) : null;
}

/** What a backup file is, from its name: a zip is a project backup, a dump or tarball a database one. */
export function backupTypeOf(name: string): BackupType {
  return name.endsWith('.zip') ? 'project' : 'database';
}

/** The backups, newest first, with the bytes they take together. */
export async function listBackups(backups: FileStore): Promise<{ backups: Backup[]; storageSize: number }> {
  const out: Backup[] = [];
  let storageSize = 0;
  for (const f of await backups.list()) {
    if (!BACKUP_NAME_PATTERN.test(f.key)) continue;
    storageSize += f.size;
    out.push({
      id: f.key,
      backup_name: f.key,
      backup_type: backupTypeOf(f.key),
      backup_size: f.size,
      backup_date: f.created_at.toISOString(),
    });
  }
  out.sort((a, b) => b.backup_date.localeCompare(a.backup_date) || b.id.localeCompare(a.id));
  return { backups: out, storageSize };
}

/** Bytes free on the disk holding the backups (DATA_DIR driver only), or null when it cannot be said. */
export async function diskFree(backups: FileStore, dataDir: string): Promise<number | null> {
  if (backups.kind !== 'disk') return null;
  try {
    const s = await statfs(dataDir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

/** Backup `name` opened for download; 404 'Backup not found.' when there is no such backup. */
export async function openBackup(
  backups: FileStore,
  name: string,
): Promise<{ stream: Readable; size: number }> {
  const opened = BACKUP_NAME_PATTERN.test(name) ? await backups.open(name).catch(() => null) : null;
  if (!opened) throw notFound('Backup not found.');
  return opened;
}

/** Deletes backup `name`; 404 when it is gone. */
export async function deleteBackup(backups: FileStore, name: string): Promise<void> {
  const found = BACKUP_NAME_PATTERN.test(name) ? await backups.stat(name).catch(() => null) : null;
  if (!found) throw notFound('Backup not found.');
  await backups.remove(name);
}

/** A timestamp for file names in London time: '20260501-143012'. */
export function fileStamp(now = new Date()): string {
  return londonText(now, 'YYYYMMDD-HHmmss');
}
