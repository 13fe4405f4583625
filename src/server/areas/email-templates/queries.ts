import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  EmailTemplate,
  EmailTemplateRow,
  emailTemplateInput,
} from '../../../shared/api/email-templates';
import { type Db, queryRows } from '../../db/client';
import { email_templates } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse, uniqueAs } from '../../http/db-errors';
import { notFound } from '../../http/errors';
import { sanitizeRichText } from '../../lib/sanitize';

type TemplateValues = z.output<typeof emailTemplateInput>;

const SLUG_TAKEN = 'This slug is already used by another template.';

/** Email templates table (spec 3 §2): Title, Type, Subject; quick search on title, subject, slug. */
export function emailTemplateTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<EmailTemplateRow>(db, req, {
    from: sql`email_templates t`,
    select: sql`t.id, t.template_name, t.template_type, t.template_subject, t.template_slug, t.template_status`,
    sortable: {
      id: sql`t.id`,
      template_name: sql`t.template_name`,
      template_type: sql`t.template_type`,
      template_subject: sql`t.template_subject`,
    },
    defaultOrder: { column: 'template_name', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`t.id`,
    searchable: [sql`t.template_name`, sql`t.template_subject`, sql`t.template_slug`],
  });
}

/** One template in the spec's field names (spec 3 §3 EmailTemplate); 404 when there is none. */
export async function getEmailTemplate(db: Db, id: number): Promise<EmailTemplate> {
  const [row] = await queryRows<EmailTemplate>(
    db,
    sql`select id as template_id, template_name, template_type, template_subject, template_slug,
               template_status, template_body_content, selected_doc_types
        from email_templates where id = ${id}`,
  );
  if (!row) throw notFound('Email template not found.');
  return row;
}

/** The stored columns of a saved form; the body is sanitised (no scripts, handlers, javascript: links). */
const toColumns = (v: TemplateValues) => ({
  template_name: v.title,
  template_type: v.type,
  template_slug: v.slug,
  template_subject: v.subject,
  template_status: v.status,
  template_body_content: sanitizeRichText(v.body_content),
  selected_doc_types: v.selected_doc_types,
});

/** Creates a template; 422 on slug when another template has it. */
export async function createEmailTemplate(db: Db, values: TemplateValues): Promise<number> {
  const [row] = await uniqueAs(
    () => db.insert(email_templates).values(toColumns(values)).returning({ id: email_templates.id }),
    'slug',
    SLUG_TAKEN,
  );
  return row.id;
}

export async function updateEmailTemplate(db: Db, id: number, values: TemplateValues): Promise<void> {
  const rows = await uniqueAs(
    () =>
      db
        .update(email_templates)
        .set({ ...toColumns(values), updated_at: sql`now()` })
        .where(eq(email_templates.id, id))
        .returning({ id: email_templates.id }),
    'slug',
    SLUG_TAKEN,
  );
  if (rows.length === 0) throw notFound('Email template not found.');
}

export async function deleteEmailTemplate(db: Db, id: number): Promise<void> {
  // A payment reminder rule sends it (issue #26): refused until the rule sends another.
  const rows = await refuseIfInUse(
    () => db.delete(email_templates).where(eq(email_templates.id, id)).returning({ id: email_templates.id }),
    'This template is sent by a payment reminder rule: choose another template for the rule first.',
  );
  if (rows.length === 0) throw notFound('Email template not found.');
}
