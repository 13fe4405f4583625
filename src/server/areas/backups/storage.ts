import { mkdir, readdir, stat, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  BACKUP_NAME_PATTERN,
  type Backup,
  type BackupFolder,
  type BackupType,
} from '../../../shared/api/backups';
import { notFound, validationError } from '../../http/errors';

/**
 * Where backups live and what a project backup may hold (spec 2 §2 Backups). Backups are files in
 * DATA_DIR/backups — outside every folder offered for a project backup, so a backup never holds
 * the backups before it. A backup's id is its file name; a file being written carries the suffix
 * `.partial` and is not listed until it is complete.
 */

export const PARTIAL_SUFFIX = '.partial';

/** DATA_DIR/backups. */
export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** The folders the screen always offers (DATA_DIR/files/<area> of the file store, and the mail outbox). */
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

/** Bytes under `dir` (0 when it does not exist). */
export async function folderSize(dir: string): Promise<number> {
  let total = 0;
  for (const f of await filesUnder(dir)) total += f.size;
  return total;
}

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
 * The folders offered for a project backup: the known ones, then any other folder of the file
 * store, each with the bytes it holds now.
 */
export async function offeredFolders(dataDir: string): Promise<BackupFolder[]> {
  const known = new Set(KNOWN_FOLDERS.map((f) => f.name));
  const others: { name: string; label: string }[] = [];
  try {
    for (const e of await readdir(path.join(dataDir, 'files'), { withFileTypes: true })) {
      const name = `files/${e.name}`;
      if (e.isDirectory() && !known.has(name))
        others.push({ name, label: e.name.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase()) });
    }
  } catch {
    // No file store yet.
  }
  const all = [...KNOWN_FOLDERS, ...others.sort((a, b) => a.name.localeCompare(b.name))];
  return Promise.all(all.map(async (f) => ({ ...f, size: await folderSize(path.join(dataDir, f.name)) })));
}

/** Checks the chosen folders against those offered; 422 naming any other. */
export async function checkFolders(dataDir: string, chosen: string[]): Promise<string[]> {
  const offered = new Set((await offeredFolders(dataDir)).map((f) => f.name));
  const unknown = chosen.filter((c) => !offered.has(c));
  if (unknown.length)
    throw validationError({ backup_folders: [`Not a folder that can be backed up: ${unknown.join(', ')}.`] });
  return [...new Set(chosen)];
}

/** What a backup file is, from its name: a zip is a project backup, a dump or tarball a database one. */
export function backupTypeOf(name: string): BackupType {
  return name.endsWith('.zip') ? 'project' : 'database';
}

/** The backups, newest first, with the bytes they take together. */
export async function listBackups(dataDir: string): Promise<{ backups: Backup[]; storageSize: number }> {
  const dir = backupsDir(dataDir);
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch {
    names = [];
  }
  const backups: Backup[] = [];
  let storageSize = 0;
  for (const name of names) {
    if (!BACKUP_NAME_PATTERN.test(name) || name.endsWith(PARTIAL_SUFFIX)) continue;
    const s = await stat(path.join(dir, name)).catch(() => null);
    if (!s?.isFile()) continue;
    storageSize += s.size;
    backups.push({
      id: name,
      backup_name: name,
      backup_type: backupTypeOf(name),
      backup_size: s.size,
      backup_date: s.mtime.toISOString(),
    });
  }
  backups.sort((a, b) => b.backup_date.localeCompare(a.backup_date) || b.id.localeCompare(a.id));
  return { backups, storageSize };
}

/** Bytes free on the disk holding DATA_DIR, or null when the system cannot say. */
export async function diskFree(dataDir: string): Promise<number | null> {
  try {
    const s = await statfs(dataDir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

/** The full path of backup `name`; 404 'Backup not found.' when there is no such complete backup. */
export async function backupPath(dataDir: string, name: string): Promise<{ full: string; size: number }> {
  if (!BACKUP_NAME_PATTERN.test(name) || name.endsWith(PARTIAL_SUFFIX)) throw notFound('Backup not found.');
  const full = path.join(backupsDir(dataDir), name);
  const s = await stat(full).catch(() => null);
  if (!s?.isFile()) throw notFound('Backup not found.');
  return { full, size: s.size };
}

/** Deletes backup `name`; 404 when it is gone. */
export async function deleteBackup(dataDir: string, name: string): Promise<void> {
  const { full } = await backupPath(dataDir, name);
  await unlink(full).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') throw notFound('Backup not found.');
    throw e;
  });
}

/** Makes DATA_DIR/backups. */
export async function ensureBackupsDir(dataDir: string): Promise<string> {
  const dir = backupsDir(dataDir);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** A timestamp for file names in London time: '20260501-143012'. */
export function fileStamp(now = new Date()): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`;
}
