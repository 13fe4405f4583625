import { z } from 'zod';
import { endpoint, timestampAnswer } from './contract';
import { idParams } from './params';

/** The states of a background job: queued → running → done | failed. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * A background job as answered (issue #12: long work with progress on screen, e.g. emailing the
 * travel documents of a group's bookings). progress_done of progress_total units; `message` is the
 * job's latest word ('Emailing TB10023…'); `result` its summary once done (JSON shaped by the kind);
 * `error` a readable reason once failed.
 */
export const jobAnswer = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  progress_done: z.number().int(),
  progress_total: z.number().int(),
  message: z.string().nullable(),
  result: z.unknown(),
  error: z.string().nullable(),
  created_at: timestampAnswer,
  finished_at: timestampAnswer.nullable(),
});
export type JobAnswer = z.input<typeof jobAnswer>;

/** Background jobs (issue #12). Any signed-in staff member may follow a job; 404 'Job not found'. */
export const jobsApi = {
  get: endpoint({
    method: 'GET',
    path: '/jobs/:id',
    summary:
      "One background job: status, progress (done / total), message, result or error. 404 'Job not found'.",
    params: idParams,
    answer: jobAnswer,
  }),
};
