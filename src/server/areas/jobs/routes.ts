import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { type JobAnswer, jobsApi } from '../../../shared/api/jobs';
import { queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';

/** Background jobs (issue #12): GET jobs/{id}, the row the progress bar polls. */
export const jobRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['jobs'];
  route(app, jobsApi.get, { tags }, async (req) => {
    const [job] = await queryRows<JobAnswer>(
      db,
      sql`select id, kind, status, progress_done, progress_total, message, result, error, created_at, finished_at
          from background_jobs where id = ${req.params.id}`,
    );
    if (!job) throw notFound('Job not found');
    return job;
  });
};
