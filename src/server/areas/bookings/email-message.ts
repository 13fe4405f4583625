import { sql } from 'drizzle-orm';
import { SELECT_TEMPLATE } from '../../../shared/api/booking-email';
import type { EmailTemplateVariable } from '../../../shared/email-templates';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { escapeHtml } from '../../lib/html';
import type { Outbox } from '../../mail/outbox';
import { portalLinks } from '../../mail/portal-links';
import { emailDocument, renderSubject, renderTemplate, templateVariables } from '../../mail/templates';
import type { FileStore } from '../../storage/files';
import { NO_RECIPIENT } from './additional-documents';

/**
 * The message of a booking's email (email-service.ts sends it): the template (by id or slug), the
 * recipient's address (the booking's customer or agent, with the refusals of spec 1 §5), and the
 * subject and HTML rendered for them (mail/templates.ts), with the change notice when staff tell
 * the customer why.
 */

/** What sending needs: the file store, the outbox and the config (links start with `appUrl`). */
export interface EmailDeps {
  files: FileStore;
  outbox: Outbox;
  config: Pick<Config, 'appUrl'>;
}

export type Recipient = 'customer' | 'agent';

/** Template slugs the document buttons and accepted changes send with (demo seed; staff may edit them). */
export const TEMPLATE_SLUGS = {
  bookingConfirmation: 'booking-confirmation',
  agentConfirmation: 'agent-booking-confirmation',
  cancellation: 'cancellation-confirmation',
  travelDocuments: 'travel-documents',
  bookingChanges: 'booking-changes',
} as const;

export interface TemplateRow {
  id: number;
  template_slug: string;
  template_subject: string;
  template_body_content: string;
}

export async function templateById(db: Db, id: number | undefined): Promise<TemplateRow> {
  if (id === undefined) throw validationError({ template: [SELECT_TEMPLATE] }, SELECT_TEMPLATE);
  const [t] = await queryRows<TemplateRow>(
    db,
    sql`select id, template_slug, template_subject, template_body_content from email_templates where id = ${id}`,
  );
  if (!t) throw validationError({ template: ['This email template no longer exists.'] }, SELECT_TEMPLATE);
  return t;
}

/** The template with `slug`; 422 naming the slug when staff have deleted it. */
export async function templateBySlug(db: Db, slug: string): Promise<TemplateRow> {
  const [t] = await queryRows<TemplateRow>(
    db,
    sql`select id, template_slug, template_subject, template_body_content from email_templates
        where template_slug = ${slug}`,
  );
  if (!t) {
    const message = `There is no email template with the slug '${slug}'. Create one under Email templates.`;
    throw validationError({ template: [message] }, message);
  }
  return t;
}

/**
 * The address of the booking's agent or customer. 422 NO_RECIPIENT when the booking has neither
 * (spec 1 §5), 422 when the one asked for is not linked or has no email address; 404 for no booking.
 */
export async function recipientOf(
  db: Db,
  bookingId: number,
  to: Recipient,
): Promise<{ email: string; name: string }> {
  const [b] = await queryRows<{
    customer_id: number | null;
    agent_id: number | null;
    customer_email: string | null;
    customer_name: string | null;
    agent_email: string | null;
    agent_name: string | null;
  }>(
    db,
    sql`select b.customer_id, b.agent_id, nullif(trim(c.email), '') as customer_email, c.full_name as customer_name,
               nullif(trim(a.email), '') as agent_email, a.name as agent_name
        from bookings b left join customers c on c.id = b.customer_id left join agents a on a.id = b.agent_id
        where b.id = ${bookingId}`,
  );
  if (!b) throw notFound('Booking not found.');
  if (b.customer_id === null && b.agent_id === null)
    throw validationError({ email_to: [NO_RECIPIENT] }, NO_RECIPIENT);
  const fail = (message: string) => validationError({ email_to: [message] }, message);
  if (to === 'customer') {
    if (b.customer_id === null) throw fail('This booking has no customer to email. Choose the agent.');
    if (!b.customer_email) throw fail('The customer of this booking has no email address.');
    return { email: b.customer_email, name: b.customer_name ?? '' };
  }
  if (b.agent_id === null) throw fail('This booking has no agent to email. Choose the customer.');
  if (!b.agent_email) throw fail('The agent of this booking has no email address.');
  return { email: b.agent_email, name: b.agent_name ?? '' };
}

/** The booking's customer when it has one, else its agent (the spec's `type=email_customer`). */
export async function defaultRecipient(db: Db, bookingId: number, type?: 'email_customer' | 'email_agent') {
  if (type === 'email_agent') return 'agent' as const;
  const [b] = await queryRows<{ customer_id: number | null }>(
    db,
    sql`select customer_id from bookings where id = ${bookingId}`,
  );
  if (!b) throw notFound('Booking not found.');
  return b.customer_id !== null ? ('customer' as const) : ('agent' as const);
}

/**
 * The change notice (spec 1 §4 intimate_customer) put into a rendered body: after its first
 * paragraph when it opens with one (the greeting), else at the top.
 */
function withChangeNotice(body: string, reasons: readonly string[]): string {
  if (reasons.length === 0) return body;
  const notice =
    '<p>We have made the following changes to your booking:</p>' +
    `<ul>${reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`;
  const end = body.indexOf('</p>');
  if (!body.trimStart().startsWith('<p') || end < 0) return notice + body;
  return body.slice(0, end + 4) + notice + body.slice(end + 4);
}

/** The message a template gives for this booking and recipient: subject (plain text) and HTML. */
export async function renderMessage(
  db: Db,
  deps: Pick<EmailDeps, 'config'>,
  bookingId: number,
  to: Recipient,
  template: TemplateRow,
  reasons: readonly string[],
  sendTo?: string,
  values?: Partial<Record<EmailTemplateVariable, string>>,
) {
  // A message being sent carries personal links to the customer's side; a preview does not.
  const links = sendTo ? await portalLinks(db, bookingId, deps.config.appUrl, sendTo) : null;
  const vars = {
    ...(await templateVariables(db, bookingId, to, { baseUrl: deps.config.appUrl, links })),
    ...values,
  };
  const subject = renderSubject(template.template_subject, vars) || `Booking ${vars.booking_ref}`;
  const html = emailDocument(withChangeNotice(renderTemplate(template.template_body_content, vars), reasons));
  return { subject, html };
}
