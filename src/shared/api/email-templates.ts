import { z } from 'zod';
import { EMAIL_DOCUMENT_CODES, EMAIL_TEMPLATE_SLUG, unknownVariables } from '../email-templates';
import { requiredText } from './common';

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

/** One template as GET email-templates/{id}/template answers it (spec 3 §3). */
export interface EmailTemplate {
  template_id: number;
  template_name: string;
  template_type: number;
  template_subject: string;
  template_slug: string;
  template_status: number;
  template_body_content: string;
  selected_doc_types: string[];
}

/** A row of the templates table (spec 3 §2: Title, Type, Subject). */
export interface EmailTemplateRow {
  id: number;
  template_name: string;
  template_type: number;
  template_subject: string;
  template_slug: string;
  template_status: number;
}
