import path from 'node:path';
import type { Config } from '../config';
import { type Db, databaseKindOf, openSidePool } from '../db/client';
import { Turns } from '../lib/turns';
import { createDatabaseFileStore } from './database';
import { createDiskFileStore } from './disk';
import type { FileStore } from './files';
import { parseS3Url } from './s3-url';

/** The file stores of a process: uploaded and generated files, and backups (kept apart). */
export interface FileStores {
  files: FileStore;
  backups: FileStore;
  /** Closes what the stores opened (the database driver's pool). */
  close(): Promise<void>;
}

/** Connections of the database driver's own pool (see `openSidePool`); saves take at most two fewer. */
const FILE_POOL_SIZE = 6;

/**
 * THE place the driver is chosen (issue #28; DESIGN.md §7):
 * - S3_URL set → the S3-compatible bucket (`s3.ts`; the SDK loads only then);
 * - else the database is a PostgreSQL server (DATABASE_URL) → the database (`database.ts`, on a
 *   pool of its own), so every process sees every file;
 * - else (the embedded PGlite, one process) → DATA_DIR: files in DATA_DIR/files, backups in
 *   DATA_DIR/backups (`disk.ts`).
 * Nothing touches the database or the bucket until a file is used.
 */
export async function openFileStores(
  db: Db,
  config: Pick<Config, 'S3_URL' | 'dataDir'>,
): Promise<FileStores> {
  if (config.S3_URL) {
    const loc = parseS3Url(config.S3_URL);
    const { createS3FileStore, s3ClientOf } = await import('./s3');
    const client = s3ClientOf(loc);
    return {
      files: createS3FileStore(client, loc, 'files'),
      backups: createS3FileStore(client, loc, 'backups'),
      close: async () => client.destroy(),
    };
  }
  if (databaseKindOf(db) === 'postgres') {
    const side = openSidePool(db, FILE_POOL_SIZE);
    if (side) {
      // One pool, so one limit on saves for both volumes.
      const opts = { saves: new Turns(FILE_POOL_SIZE - 2) };
      const files = createDatabaseFileStore(side.db, 'files', opts);
      return {
        files,
        backups: createDatabaseFileStore(side.db, 'backups', opts),
        close: side.close,
      };
    }
  }
  return {
    files: createDiskFileStore(path.join(config.dataDir, 'files')),
    backups: createDiskFileStore(path.join(config.dataDir, 'backups')),
    close: async () => {},
  };
}
