import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { FileStore } from '../storage/files';

/** What every area's routes receive from buildApp: the database and the shared services. */
export interface AreaDeps {
  db: Db;
  config: Config;
  files: FileStore;
  mailer: Mailer;
}
