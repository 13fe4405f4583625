import { z } from 'zod';
import { EMAIL_DOCUMENT_CODES } from '../email-templates';
import { blankToUndefined, optionalId } from './common';
import { endpoint, okAnswer } from './contract';
import { idParams } from './params';

/**
 * Emailing a booking's documents (spec 1 §2 'documents with an email modal', §4 'Emailing the
 * customer', §5 'Documents and email', §7, §8): the email modal's send and live preview, and the
 * Documents section's 'Email Booking Docs' and 'Email Travel Docs'. Every send is written to the
 * email outbox with its PDFs and one history entry listing them, in one transaction.
 */

/** The spec's message when no template is chosen (spec 1 §5, §8; typo as in the product). */
export const SELECT_TEMPLATE = 'Plase select a template';
/** Confirmation before a send with no document ticked (spec 1 §5, §8; typos as in the product). */
export const NO_DOCUMENTS_CONFIRM = 'No Documents attached. Do you wish to conitnue ?';
/** Confirmation before 'Email Booking Docs' (spec 1 §8). */
export const EMAIL_DOCS_CONFIRM = 'Are you sure you want to send email to agent or customer?';
/** Confirmation before 'Email Travel Docs' when a balance is outstanding (spec 1 §8). */
export const OUTSTANDING_BALANCE_CONFIRM =
  'This booking has an outstanding balance to pay. Are you sure you want to send travel documents to the agent or customer ?';

/** Who an email goes to: the booking's agent or its customer. */
export const emailToSchema = z.enum(['agent', 'customer'], { error: 'Choose agent or customer.' });

/** Document codes: an array, or comma-separated text; each one of the template document codes. */
const documentCodes = z
  .preprocess(
    (v) =>
      v === null || v === undefined || v === ''
        ? []
        : typeof v === 'string'
          ? v.split(',').map((s) => s.trim())
          : v,
    z.array(z.string({ error: 'Document types must be codes.' })).max(20),
  )
  .superRefine((codes, ctx) => {
    for (const code of codes) {
      if (!EMAIL_DOCUMENT_CODES.includes(code))
        ctx.addIssue({ code: 'custom', message: `Unknown document type ${code}.` });
    }
  })
  .transform((codes) => [...new Set(codes)]);

/**
 * POST bookings/{id}/send-email-customer (spec 1 §7): to the agent or the customer, with template
 * `template`, the documents `email_documents` (codes of spec 3 §3, 'additional-documents' for the
 * booking's uploaded ones) and optionally the change notice (`intimate_customer` 'yes' with the
 * `intimate_customer_reasons`, as POST bookings/{id} takes them).
 */
export const sendEmailSchema = z.object({
  /** Missing or blank: 422 'Plase select a template' (the service's, so it is also the message). */
  template: optionalId,
  email_to: emailToSchema,
  email_documents: documentCodes,
  intimate_customer: z.preprocess(blankToUndefined, z.enum(['yes', 'no']).optional()),
  intimate_customer_reasons: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
});
export type SendEmailInput = z.input<typeof sendEmailSchema>;

/** POST bookings/{id}/email-preview: the message as `sendEmailSchema` would send it (without documents). */
export const emailPreviewSchema = z.object({
  email_to: emailToSchema,
  template: optionalId,
  intimate_customer: z.preprocess(blankToUndefined, z.enum(['yes', 'no']).optional()),
  intimate_customer_reasons: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
});

/** `?type=` of the two document emails: email_customer (the spec's) → the customer, else the agent; email_agent → the agent. */
export const documentEmailQuery = z.object({
  type: z.preprocess(blankToUndefined, z.enum(['email_customer', 'email_agent']).optional()),
});

/**
 * A group of templates the email modal offers (spec 1 §3 'Email template group': slug, label, data
 * of template_id, template_name, template_subject, template_body_content, selected_doc_types): the
 * active templates of one template type ('admin-email' Admin Email, 'system-generated' System
 * generated), as GET bookings/{id} answers them in data.emailTemplates.
 */
export const emailTemplateGroupAnswer = z.object({
  slug: z.string(),
  label: z.string(),
  data: z.array(
    z.object({
      template_id: z.number(),
      template_name: z.string(),
      template_subject: z.string(),
      template_body_content: z.string(),
      selected_doc_types: z.array(z.string()),
    }),
  ),
});
export type EmailTemplateGroup = z.infer<typeof emailTemplateGroupAnswer>;

/** What a send answers: where it went, what was attached, and the documents left out (a warning). */
export const sentEmailAnswer = okAnswer({
  status: z.literal(true),
  data: z.object({
    to: z.string(),
    subject: z.string(),
    attached: z.array(z.string()),
    /** Documents refused (e.g. no passengers → confirmation and itinerary), each 'Label: reason'. */
    left_out: z.array(z.string()),
  }),
});
export type SentEmailAnswer = z.infer<typeof sentEmailAnswer>;

export const bookingEmailApi = {
  send: endpoint({
    method: 'POST',
    path: '/bookings/:id/send-email-customer',
    summary:
      "Email the agent or customer with a template and documents (spec 1 §7). 422 'Plase select a template', " +
      'no recipient or address; documents refused are left out and listed in the message and data.left_out.',
    permission: 'bookings.email',
    params: idParams,
    body: sendEmailSchema,
    answer: sentEmailAnswer,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/bookings/:id/email-preview',
    summary:
      'The email modal preview: {to, subject, html} of a template rendered for the agent or customer exactly as it would be sent.',
    permission: 'bookings.emailPreview',
    params: idParams,
    body: emailPreviewSchema,
    answer: z.object({
      success: z.literal(true),
      data: z.object({ to: z.string().nullable(), subject: z.string(), html: z.string() }),
    }),
  }),
  invoicingDocs: endpoint({
    method: 'POST',
    path: '/bookings/:id/documents/send-email/invoicing-docs',
    summary:
      'Email Booking Docs (spec 1 §7): the Confirmation (ATOL Certificate when flight-inclusive) with the booking-confirmation ' +
      'template; the agent invoice with agent-booking-confirmation when it goes to the agent; the cancellation invoice when cancelled.',
    permission: 'bookings.email',
    params: idParams,
    query: documentEmailQuery,
    answer: sentEmailAnswer,
  }),
  travelDocs: endpoint({
    method: 'POST',
    path: '/bookings/:id/documents/email-travel-document',
    summary:
      'Email Travel Docs (spec 1 §7): Travel Itinerary, Airline Check-In Instructions when there are flights and the ATOL ' +
      'Certificate when flight-inclusive, with the travel-documents template. 422 when the booking is cancelled.',
    permission: 'bookings.email',
    params: idParams,
    query: documentEmailQuery,
    answer: sentEmailAnswer,
  }),
};
