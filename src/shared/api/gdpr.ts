import { z } from 'zod';
import { idSchema } from './common';
import { endpoint, fileAnswer, MEDIA, okAnswer, timestampAnswer } from './contract';
import { idParams } from './params';

/**
 * GDPR (issue #27, docs/gdpr.md): a customer's subject access export (UK GDPR art. 15) as a job
 * making a zip, the erasure of their personal data (art. 17) and the retention run (erasing every
 * customer whose last departure is older than the retention setting), each audited in gdpr_runs.
 * Role 1 only.
 */

/** The background job kinds (jobs/queue.ts). */
export const SUBJECT_ACCESS_JOB = 'gdpr-subject-access';
export const RETENTION_JOB = 'gdpr-retention';

/** What the subject access job answers as its result (GET jobs/{id}). */
export const subjectAccessResult = z.object({
  summary: z.string(),
  customer_id: z.number().int(),
  /** The download's file name, e.g. 'subject-access-customer-12.zip'. */
  filename: z.string(),
  /** Entries in the zip (JSON files, stored files, index.html). */
  entries: z.number().int(),
  /** Bytes. */
  size: z.number().int(),
});
export type SubjectAccessResult = z.infer<typeof subjectAccessResult>;

/** A customer's GDPR state on their screen. */
export const gdprStatusAnswer = z.object({
  /** When their personal data was erased (ISO), or null. */
  erased_at: timestampAnswer.nullable(),
  /** Why 'Erase personal data' is refused today, or null when it may be done. */
  erase_refusal: z.string().nullable(),
  /** The bookings (and passengers) an erasure would anonymise. */
  bookings: z.number().int(),
  passengers: z.number().int(),
  retention_years: z.number().int(),
});
export type GdprStatus = z.input<typeof gdprStatusAnswer>;

/** One audited run (gdpr_runs). */
export const gdprRunRow = z.object({
  id: z.number().int(),
  kind: z.enum(['erasure', 'retention']),
  customer_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  customers: z.number().int(),
  bookings: z.number().int(),
  passengers: z.number().int(),
  fields: z.number().int(),
  files: z.number().int(),
  money_before: z.string().nullable(),
  money_after: z.string().nullable(),
  error: z.string().nullable(),
  started_at: timestampAnswer,
  finished_at: timestampAnswer.nullable(),
});
export type GdprRun = z.input<typeof gdprRunRow>;

/** What an erasure changed, counted. */
export const erasureCounts = z.object({
  run_id: z.number().int(),
  customers: z.number().int(),
  bookings: z.number().int(),
  passengers: z.number().int(),
  fields: z.number().int(),
  files: z.number().int(),
});

/** Spec of the erase confirmation (the dialog's words, shown before anything changes). */
export const ERASE_CONSEQUENCES = [
  "The customer's name, address, email, phone numbers and notes are replaced by 'Erased'.",
  'Every passenger on their bookings loses their name, date of birth, passport and insurance details.',
  'Portal messages, emails sent to them and brochure requests lose their text; their stored documents and uploads are deleted.',
  'Bookings, payments, totals and ATOL certificates stay (kept 6 years for HMRC and Companies House).',
  'This cannot be undone.',
] as const;

export const gdprApi = {
  status: endpoint({
    method: 'GET',
    path: '/customers/:id/gdpr',
    summary:
      "A customer's GDPR state: erased or not, why an erasure is refused today (null when allowed), bookings and passengers it would touch. 404 for no customer.",
    permission: 'gdpr.manage',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: gdprStatusAnswer }),
  }),
  subjectAccess: endpoint({
    method: 'POST',
    path: '/customers/:id/subject-access',
    summary:
      'Starts the subject access export (UK GDPR art. 15): a job making a zip of everything held about the customer; answers its job id. 404 for no customer.',
    permission: 'gdpr.manage',
    params: idParams,
    answer: okAnswer({ data: z.object({ job_id: z.number().int() }) }),
  }),
  subjectAccessDownload: endpoint({
    method: 'GET',
    path: '/customers/:id/subject-access/:job_id',
    summary:
      "The zip a finished subject access job made for customer `id`. 404 when the job is not this customer's finished export or its file is gone.",
    permission: 'gdpr.manage',
    params: z.object({ id: idSchema, job_id: idSchema }),
    answer: fileAnswer,
    files: [MEDIA.zip],
  }),
  erase: endpoint({
    method: 'POST',
    path: '/customers/:id/erase',
    summary:
      "Erases the customer's personal data (UK GDPR art. 17) in one transaction, audited in gdpr_runs; money rows stay. 422 with the reason when a booking has not departed, money is owed either way, or they are already erased; 404 for no customer.",
    permission: 'gdpr.manage',
    params: idParams,
    answer: okAnswer({ data: erasureCounts }),
  }),
  runs: endpoint({
    method: 'GET',
    path: '/gdpr/runs',
    summary:
      'The newest 20 GDPR runs (erasures and retention runs) with their counts, and the retention period.',
    permission: 'gdpr.manage',
    answer: z.object({
      success: z.literal(true),
      retention_years: z.number().int(),
      data: z.array(gdprRunRow),
    }),
  }),
  runRetention: endpoint({
    method: 'POST',
    path: '/gdpr/retention',
    summary:
      'Runs the retention now (as the daily schedule does): a job erasing every customer whose last departure is older than the retention period; answers its job id.',
    permission: 'gdpr.manage',
    answer: okAnswer({ data: z.object({ job_id: z.number().int() }) }),
  }),
};
