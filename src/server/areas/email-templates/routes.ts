import type { FastifyPluginAsync } from 'fastify';
import { emailTemplatesApi } from '../../../shared/api/email-templates';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  emailTemplateTable,
  getEmailTemplate,
  updateEmailTemplate,
} from './queries';

/**
 * Email templates (spec 3 §2 'Email templates', §3 EmailTemplate, §7): the endpoints of
 * `emailTemplatesApi`. Reads are open to every role; writes are role 1 only (spec 3 §6).
 */
export const emailTemplateRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['email-templates'];
  route(app, emailTemplatesApi.table, { tags }, async (req) => emailTemplateTable(db, req.query));
  route(app, emailTemplatesApi.create, { tags }, async (req) =>
    ok('Email template created successfully.', { data: { id: await createEmailTemplate(db, req.body) } }),
  );
  route(app, emailTemplatesApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getEmailTemplate(db, req.params.id),
  }));
  route(app, emailTemplatesApi.update, { tags }, async (req) => {
    await updateEmailTemplate(db, req.params.id, req.body);
    return ok('Email template updated successfully.');
  });
  route(app, emailTemplatesApi.delete, { tags }, async (req) => {
    await deleteEmailTemplate(db, req.params.id);
    return ok('Email template deleted successfully.');
  });
};
