import type { FastifyPluginAsync } from 'fastify';
import { backupsApi } from '../../../shared/api/backups';
import { HttpError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { contentDisposition } from '../../http/uploads';
import { retentionPeriods, saveRetentionPeriods } from '../../storage/retention';
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
import { checkFolders, deleteBackup, diskFree, listBackups, offeredFolders, openBackup } from './storage';

const CONTENT_TYPES: Record<string, string> = {
  zip: 'application/zip',
  gz: 'application/gzip',
  dump: 'application/octet-stream',
};

/**
 * Backups (spec 2 §2 Backups, §7 get-backups, create-backups, download-backup, delete-backup):
 * role 1 only. Making a backup starts a job (`backup-project` or `backup-database`) and answers its
 * id; the screen follows it through GET jobs/{id}. Backups live in their own file store
 * (`backupFiles`), so every process lists and serves the same ones. Also the retention periods of
 * generated files (issue #28; storage/retention.ts), shown on the same screen.
 */
export const backupRoutes: FastifyPluginAsync<AreaDeps> = async (
  app,
  { db, config, jobs, files, backupFiles },
) => {
  const tags = ['backups'];
  const dataDir = config.dataDir;
  jobs.define<ProjectJobData>(PROJECT_JOB, (job) => runProjectBackup({ files, backupFiles, dataDir }, job));
  jobs.define<DatabaseJobData>(DATABASE_JOB, (job) => runDatabaseBackup(db, backupFiles, job));

  route(app, backupsApi.list, { tags }, async () => {
    const [{ backups, storageSize }, folders, free] = await Promise.all([
      listBackups(backupFiles),
      offeredFolders(files, dataDir),
      diskFree(backupFiles, dataDir),
    ]);
    return { success: true as const, data: backups, storage_size: storageSize, disk_free: free, folders };
  });

  route(app, backupsApi.create, { tags }, async (req) => {
    const b = req.body;
    if (b.backup_type === 'project') {
      const folders = await checkFolders(files, dataDir, b.backup_folders);
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
    const { stream, size } = await openBackup(backupFiles, name);
    const ext = name.split('.').pop() ?? '';
    return reply
      .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('content-length', size)
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'no-store')
      .send(stream);
  });

  route(app, backupsApi.delete, { tags }, async (req) => {
    await deleteBackup(backupFiles, req.body.name);
    return ok('Backup deleted successfully.');
  });

  route(app, backupsApi.retention, { tags }, async () => ({
    success: true as const,
    data: await retentionPeriods(db),
  }));

  route(app, backupsApi.saveRetention, { tags }, async (req) => {
    await saveRetentionPeriods(db, req.body, req.user.id);
    return ok('Retention periods saved.');
  });
};
