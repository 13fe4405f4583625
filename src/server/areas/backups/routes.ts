import { createReadStream } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { backupsApi } from '../../../shared/api/backups';
import { HttpError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { contentDisposition } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import {
  DATABASE_JOB,
  type DatabaseJobData,
  databaseBackupProblem,
  PROJECT_JOB,
  type ProjectJobData,
  runDatabaseBackup,
  runProjectBackup,
} from './backup-jobs';
import { backupPath, checkFolders, deleteBackup, diskFree, listBackups, offeredFolders } from './storage';

const CONTENT_TYPES: Record<string, string> = {
  zip: 'application/zip',
  gz: 'application/gzip',
  dump: 'application/octet-stream',
};

/**
 * Backups (spec 2 §2 Backups, §7 get-backups, create-backups, download-backup, delete-backup):
 * role 1 only. Making a backup starts a job (`backup-project` or `backup-database`) and answers its
 * id; the screen follows it through GET jobs/{id}.
 */
export const backupRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, config, jobs }) => {
  const tags = ['backups'];
  const dataDir = config.dataDir;
  jobs.define<ProjectJobData>(PROJECT_JOB, (job) => runProjectBackup(dataDir, job));
  jobs.define<DatabaseJobData>(DATABASE_JOB, (job) => runDatabaseBackup(db, dataDir, job));

  route(app, backupsApi.list, { tags }, async () => {
    const [{ backups, storageSize }, folders, free] = await Promise.all([
      listBackups(dataDir),
      offeredFolders(dataDir),
      diskFree(dataDir),
    ]);
    return { success: true as const, data: backups, storage_size: storageSize, disk_free: free, folders };
  });

  route(app, backupsApi.create, { tags }, async (req) => {
    const b = req.body;
    if (b.backup_type === 'project') {
      const folders = await checkFolders(dataDir, b.backup_folders);
      const jobId = await jobs.start<ProjectJobData>(
        PROJECT_JOB,
        { folders, prefix: b.filename },
        req.user.id,
      );
      return ok('Project backup started.', { job_id: jobId });
    }
    // Refuse at once what the job could only fail on (pg_dump missing or older than the server).
    const problem = await databaseBackupProblem(db);
    if (problem) throw new HttpError(422, problem);
    const jobId = await jobs.start<DatabaseJobData>(DATABASE_JOB, { prefix: b.filename }, req.user.id);
    return ok('Database backup started.', { job_id: jobId });
  });

  route(app, backupsApi.download, { tags }, async (req, reply) => {
    const name = req.query.id;
    const { full, size } = await backupPath(dataDir, name);
    const ext = name.split('.').pop() ?? '';
    return reply
      .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('content-length', size)
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'no-store')
      .send(createReadStream(full));
  });

  route(app, backupsApi.delete, { tags }, async (req) => {
    await deleteBackup(dataDir, req.body.name);
    return ok('Backup deleted successfully.');
  });
};
