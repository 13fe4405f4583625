import { z } from 'zod';
import { blankToUndefined, intSchema, plainString } from './common';
import { endpoint, fileAnswer, MEDIA, messageAnswer } from './contract';

/**
 * Backups (spec 2 §2 Backups, §5, §7 'Admin users, currency, backups, accounts', §9): project
 * backups (a zip of chosen folders: areas of the file store, the mail outbox) and database
 * backups (pg_dump custom format on PostgreSQL, a PGlite data-directory tarball on the embedded
 * database), made by background jobs, listed, downloaded and deleted. Role 1 only. A backup's id
 * is its file name. And how long generated files are kept (issue #28).
 */

/** Spec 2 §9: backup types. */
export const BACKUP_TYPES = ['project', 'database'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];

/** Spec 2 §5 / §8: a project backup with no folder chosen. */
export const SELECT_FOLDER_MESSAGE = 'Please select any one option';
/** Spec 2 §5: the delete confirmation, word for word. */
export const DELETE_BACKUP_CONFIRMATION = 'Are you sure you want to delete theis backup ?';
/** Spec 2 §8: the empty state. */
export const NO_BACKUPS_TEXT = 'No Backups Found';

/** A backup file name, its key in the backups' file store (no path, no leading dot). */
export const BACKUP_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const backupName = (label: string) =>
  plainString({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .regex(BACKUP_NAME_PATTERN, `${label} is not a backup file name.`);

/** A backup as listed (spec 2 §3 Backup). */
export const backupAnswer = z.object({
  /** The file name; what download-backup and delete-backup take. */
  id: z.string(),
  backup_name: z.string(),
  backup_type: z.enum(BACKUP_TYPES),
  /** Bytes. */
  backup_size: z.number(),
  /** ISO date-time the file was written. */
  backup_date: z.string(),
});
export type Backup = z.input<typeof backupAnswer>;

/** A folder offered for a project backup: its path below DATA_DIR ('files/airlines', 'outbox'). */
export const backupFolder = z.object({ name: z.string(), label: z.string(), size: z.number() });
export type BackupFolder = z.input<typeof backupFolder>;

/** POST create-backups (spec 2 §7). `filename` is an optional prefix of the file's name. */
export const createBackupInput = z
  .object({
    backup_type: z.enum(BACKUP_TYPES, { error: "backup_type must be 'project' or 'database'." }),
    selected_option: z.preprocess(blankToUndefined, plainString().max(100).optional()),
    filename: z.preprocess(
      blankToUndefined,
      plainString()
        .trim()
        .max(60)
        .regex(/^[A-Za-z0-9_-]+$/, 'A file name has letters, digits, - and _ only.')
        .optional(),
    ),
    backup_folders: z
      .array(plainString().max(200), { error: 'backup_folders must be a list of folder names.' })
      .max(100)
      .optional()
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.backup_type === 'project' && v.backup_folders.length === 0)
      ctx.addIssue({ code: 'custom', path: ['backup_folders'], message: SELECT_FOLDER_MESSAGE });
  });
export type CreateBackupInput = z.input<typeof createBackupInput>;

/**
 * How long generated files are kept (issue #28), in days; 0 keeps them for ever. A daily clean-up
 * removes what is older: print copies (document records made for Print — the record stays, marked
 * 'File no longer kept'), group documents printed from a tour group, and backups.
 */
export const RETENTION_DEFAULTS = {
  print_copies_days: 30,
  group_documents_days: 30,
  backups_days: 90,
} as const;

const retentionDays = (label: string) => intSchema(label, { min: 0, max: 3650 });

/** The retention periods as saved and answered. */
export const fileRetentionInput = z.object({
  print_copies_days: retentionDays('Print copies'),
  group_documents_days: retentionDays('Group documents'),
  backups_days: retentionDays('Backups'),
});
export type FileRetention = z.output<typeof fileRetentionInput>;
/** The periods as answered. */
export const fileRetentionAnswer = z.object({
  print_copies_days: z.number(),
  group_documents_days: z.number(),
  backups_days: z.number(),
});

export const backupsApi = {
  list: endpoint({
    method: 'POST',
    path: '/get-backups',
    summary:
      'Backups, newest first (data), the bytes they take (storage_size), bytes free on the disk, and the folders offered for a project backup.',
    permission: 'backups.manage',
    answer: z.object({
      success: z.literal(true),
      data: z.array(backupAnswer),
      storage_size: z.number(),
      disk_free: z.number().nullable(),
      folders: z.array(backupFolder),
    }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/create-backups',
    summary:
      "Start a backup job: backup_type project (backup_folders, at least one: 'Please select any one option') or database; answers job_id (GET jobs/{id}).",
    permission: 'backups.manage',
    body: createBackupInput,
    answer: z.object({ success: z.literal(true), message: z.string(), job_id: z.number().int() }),
  }),
  download: endpoint({
    method: 'POST',
    path: '/download-backup',
    summary: 'The backup file ?id= (its name). 404 when it is gone.',
    permission: 'backups.manage',
    query: z.strictObject({ id: backupName('The backup') }),
    answer: fileAnswer,
    files: [MEDIA.binary, MEDIA.gzip],
  }),
  retention: endpoint({
    method: 'GET',
    path: '/file-retention',
    summary: 'How many days print copies, group documents and backups are kept (0: for ever).',
    answer: z.object({ success: z.literal(true), data: fileRetentionAnswer }),
  }),
  saveRetention: endpoint({
    method: 'POST',
    path: '/file-retention',
    summary: 'Change how many days print copies, group documents and backups are kept (0: for ever). Role 1.',
    permission: 'backups.manage',
    body: fileRetentionInput,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/delete-backup',
    summary: 'Delete a backup: backup_id (its name; filename is accepted too).',
    permission: 'backups.manage',
    body: z
      .object({
        backup_id: z.preprocess(blankToUndefined, backupName('The backup').optional()),
        filename: z.preprocess(blankToUndefined, backupName('The backup').optional()),
      })
      .transform((v, ctx) => {
        const name = v.backup_id ?? v.filename;
        if (!name) {
          ctx.addIssue({ code: 'custom', path: ['backup_id'], message: 'The backup is required.' });
          return z.NEVER;
        }
        return { name };
      }),
    answer: messageAnswer,
  }),
};

/** Bytes as people read them: '96 B', '812 KB', '3.4 MB', '12 GB' (1024 steps); the screen and the jobs' summaries. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${v >= 10 ? v.toFixed(0) : v.toFixed(1)} ${units[i]}`;
}
