import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { gdprApi, RETENTION_JOB, SUBJECT_ACCESS_JOB, subjectAccessResult } from '../../../shared/api/gdpr';
import { londonToday } from '../../../shared/dates';
import { queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { sendStoredFile } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { eraseCustomer, gdprStatus, listRuns, loadRetentionYears, subjectAccessKey } from './service';
import { runSubjectAccess, type SubjectAccessData } from './subject-access';

/**
 * GDPR (issue #27; docs/gdpr.md): a customer's state, the subject access export (a job; its zip
 * downloaded once done), the erasure, the audited runs and 'Run retention now'. Role 1 only
 * ('gdpr.manage'). The daily retention run is defined in buildApp (retention.ts).
 */
export const gdprRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db, jobs, files } = deps;
  const tags = ['gdpr'];
  jobs.define<SubjectAccessData>(SUBJECT_ACCESS_JOB, (job) => runSubjectAccess(deps, job));

  route(app, gdprApi.status, { tags }, async (req) => ({
    success: true as const,
    data: await gdprStatus(db, req.params.id, londonToday(deps.clock())),
  }));

  route(app, gdprApi.subjectAccess, { tags }, async (req) => {
    const [c] = await queryRows(db, sql`select 1 from customers where id = ${req.params.id}`);
    if (!c) throw notFound('Customer not found');
    const jobId = await jobs.start<SubjectAccessData>(
      SUBJECT_ACCESS_JOB,
      { customerId: req.params.id },
      req.user.id,
    );
    return ok('Subject access export started.', { data: { job_id: jobId } });
  });

  route(app, gdprApi.subjectAccessDownload, { tags }, async (req, reply) => {
    const { id, job_id } = req.params;
    const [job] = await queryRows<{ result: unknown }>(
      db,
      sql`select result from background_jobs where id = ${job_id} and kind = ${SUBJECT_ACCESS_JOB} and status = 'done'`,
    );
    const result = subjectAccessResult.safeParse(job?.result);
    if (!result.success || result.data.customer_id !== id) throw notFound('Export not found');
    return sendStoredFile(reply, files, subjectAccessKey(id, job_id), result.data.filename);
  });

  route(app, gdprApi.erase, { tags }, async (req) => {
    const counts = await eraseCustomer(deps, req.params.id, req.user.id);
    return ok(
      `Personal data erased: ${counts.customers} customer, ${counts.bookings} bookings, ${counts.passengers} passengers, ${counts.fields} fields, ${counts.files} files.`,
      { data: counts },
    );
  });

  route(app, gdprApi.runs, { tags }, async () => ({
    success: true as const,
    retention_years: await loadRetentionYears(db),
    data: await listRuns(db),
  }));

  route(app, gdprApi.runRetention, { tags }, async (req) => {
    const jobId = await jobs.start(RETENTION_JOB, { today: londonToday(deps.clock()) }, req.user.id);
    return ok('Retention run started.', { data: { job_id: jobId } });
  });
};
