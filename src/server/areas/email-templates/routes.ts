import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailTemplateInput } from '../../../shared/api/email-templates';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  emailTemplateTable,
  getEmailTemplate,
  updateEmailTemplate,
} from './queries';

/**
 * Email templates (spec 3 §2 'Email templates', §3 EmailTemplate, §7). Reads are open to every
 * role (role 2 sees the form read-only); create, update and delete are role 1 only (spec 3 §6).
 */
export const emailTemplateRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['email-templates'];
  app.get(
    '/email-templates/table',
    {
      schema: {
        tags,
        summary: 'Email templates, DataTables protocol: Title, Type, Subject.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => emailTemplateTable(db, req.query),
  );
  app.post(
    '/email-templates/create',
    {
      config: { permission: 'emailTemplates.create' },
      schema: {
        tags,
        summary: 'Create a template: title, type, slug, subject, body_content, selected_doc_types, status.',
        body: emailTemplateInput,
      },
    },
    async (req) =>
      ok('Email template created successfully.', { data: { id: await createEmailTemplate(db, req.body) } }),
  );
  app.get(
    '/email-templates/:id/template',
    { schema: { tags, summary: "One template (data) in the spec's template_* fields.", params: idParams } },
    async (req) => ({ success: true, data: await getEmailTemplate(db, req.params.id) }),
  );
  app.post(
    '/email-templates/:id/update',
    {
      config: { permission: 'emailTemplates.update' },
      schema: {
        tags,
        summary: 'Update a template (same fields as create).',
        params: idParams,
        body: emailTemplateInput,
      },
    },
    async (req) => {
      await updateEmailTemplate(db, req.params.id, req.body);
      return ok('Email template updated successfully.');
    },
  );
  app.post(
    '/email-templates/:id/delete',
    {
      config: { permission: 'emailTemplates.delete' },
      schema: { tags, summary: 'Delete a template.', params: idParams },
    },
    async (req) => {
      await deleteEmailTemplate(db, req.params.id);
      return ok('Email template deleted successfully.');
    },
  );
};
