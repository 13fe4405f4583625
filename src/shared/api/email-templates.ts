import { z } from 'zod';
import { EMAIL_DOCUMENT_CODES, EMAIL_TEMPLATE_SLUG, unknownVariables } from '../email-templates';
import { requiredText } from './common';
import { createdAnswer, endpoint, messageAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

const oneOf = (label: string, values: readonly number[], fallback?: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label} is required.` })
      .refine((n) => values.includes(n), `${label} must be one of ${values.join(', ')}.`),
  );

const noUnknownVariables = (text: string, ctx: z.RefinementCtx) => {
  for (const name of unknownVariables(text)) {
    ctx.addIssue({ code: 'custom', message: `Unknown variable {${name}}.` });
  }
};

/**
 * An email template as the form saves it (spec 3 §3 EmailTemplate: title, type, slug, subject,
 * body_content, selected_doc_types, status). `{variables}` must be the spec's content variables and
 * document types its attachable codes; status defaults to active (spec 3 §4).
 */
export const emailTemplateInput = z.object({
  title: requiredText('Title', 200),
  type: oneOf('Type', [1, 2]),
  slug: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
    z
      .string({ error: 'Slug is required.' })
      .min(1, { error: 'Slug is required.', abort: true })
      .max(100, 'Slug is too long.')
      .regex(EMAIL_TEMPLATE_SLUG, "Slug may contain only lower-case letters, digits, '-' or '_'."),
  ),
  subject: requiredText('Subject', 250).superRefine(noUnknownVariables),
  body_content: z
    .preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: 'Body must be text.' }))
    .pipe(z.string().max(500_000, 'The body is too long.'))
    .superRefine(noUnknownVariables),
  selected_doc_types: z
    .preprocess(
      (v) => (v === null || v === undefined || v === '' ? [] : typeof v === 'string' ? v.split(',') : v),
      z.array(z.string({ error: 'Document types must be codes.' })).max(20),
    )
    .superRefine((codes, ctx) => {
      for (const code of codes) {
        if (!EMAIL_DOCUMENT_CODES.includes(code)) {
          ctx.addIssue({ code: 'custom', message: `Unknown document type ${code}.` });
        }
      }
    })
    .transform((codes) => [...new Set(codes)]),
  status: oneOf('Status', [0, 1], 1),
});
export type EmailTemplateInput = z.input<typeof emailTemplateInput>;

/** A row of the templates table (spec 3 §2: Title, Type, Subject). */
export const emailTemplateRow = z.object({
  id: z.number().int(),
  template_name: z.string(),
  template_type: z.number().int(),
  template_subject: z.string(),
  template_slug: z.string(),
  template_status: z.number().int(),
});
export type EmailTemplateRow = z.infer<typeof emailTemplateRow>;

/** One template as GET email-templates/{id}/template answers it, in the spec's template_* fields (spec 3 §3). */
export const emailTemplateAnswer = z.object({
  template_id: z.number().int(),
  template_name: z.string(),
  template_type: z.number().int(),
  template_subject: z.string(),
  template_slug: z.string(),
  template_status: z.number().int(),
  template_body_content: z.string(),
  selected_doc_types: z.array(z.string()),
});
export type EmailTemplate = z.infer<typeof emailTemplateAnswer>;

/**
 * Email templates (spec 3 §2 'Email templates', §3 EmailTemplate, §7). Reads are open to every
 * role (role 2 sees the form read-only); create, update and delete are role 1 only (spec 3 §6).
 */
export const emailTemplatesApi = {
  table: endpoint({
    method: 'GET',
    path: '/email-templates/table',
    summary: 'Email templates, DataTables protocol: Title, Type, Subject.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(emailTemplateRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/email-templates/create',
    summary: 'Create a template: title, type, slug, subject, body_content, selected_doc_types, status.',
    permission: 'emailTemplates.create',
    body: emailTemplateInput,
    answer: createdAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: '/email-templates/:id/template',
    summary: "One template (data) in the spec's template_* fields.",
    params: idParams,
    answer: z.object({ success: z.literal(true), data: emailTemplateAnswer }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/email-templates/:id/update',
    summary: 'Update a template (same fields as create).',
    permission: 'emailTemplates.update',
    params: idParams,
    body: emailTemplateInput,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/email-templates/:id/delete',
    summary: 'Delete a template.',
    permission: 'emailTemplates.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
