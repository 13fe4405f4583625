import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentInput, agentPasswordResetInput, agentResetLinkInput } from '../../../shared/api/agents';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import { agentBookingsTable, agentTable, createAgent, deleteAgent, getAgent, updateAgent } from './queries';
import { checkAgentResetToken, resetAgentPassword, sendAgentResetLink } from './service';

/**
 * The form sends the agent's fields flat (`{agent: {...}}` is accepted too); the spec's
 * `company_name` is taken as `name` when `name` is not given.
 */
const agentBody = z.preprocess((b) => {
  const body = b && typeof b === 'object' && 'agent' in b && typeof b.agent === 'object' ? b.agent : b;
  if (body && typeof body === 'object' && !('name' in body) && 'company_name' in body) {
    return { ...body, name: (body as { company_name: unknown }).company_name };
  }
  return body;
}, agentInput);

/**
 * Agents (spec 2 §2 Agents, §7 'Agents'). Create, update and delete are role 1 only (spec 2 §6);
 * any member of staff may send an agent a password-reset link. Setting the password from the
 * emailed link is public (the agent has no staff token).
 */
export const agentRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, deps) => {
  const { db } = deps;
  const tags = ['agents'];
  app.get(
    '/agents/table',
    {
      schema: {
        summary: 'Agents, DataTables protocol; quick search on name, ABTA number, postcode, email.',
        tags,
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => agentTable(db, req.query),
  );
  app.get(
    '/agents/:id',
    { schema: { tags, summary: 'One agent: data (no password).', params: idParams } },
    async (req) => ({ success: true, data: await getAgent(db, req.params.id) }),
  );
  app.get(
    '/agents/:id/bookings',
    {
      schema: {
        tags,
        summary: "The agent's bookings, current plus old (spec 2 §2 agent edit), DataTables protocol.",
        params: idParams,
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => agentBookingsTable(db, req.params.id, req.query),
  );
  app.post(
    '/agents',
    {
      config: { permission: 'agents.create' },
      schema: { tags, summary: 'Create an agent; answers data.id.', body: agentBody },
    },
    async (req) => ok('Agent created successfully.', { data: { id: await createAgent(db, req.body) } }),
  );
  app.post(
    '/agents/:id',
    {
      config: { permission: 'agents.update' },
      schema: { tags, summary: 'Update an agent.', params: idParams, body: agentBody },
    },
    async (req) => {
      await updateAgent(db, req.params.id, req.body);
      return ok('Agent updated successfully.');
    },
  );
  app.post(
    '/agents/:id/delete',
    {
      config: { permission: 'agents.delete' },
      schema: { tags, summary: 'Delete an agent (refused while bookings point at it).', params: idParams },
    },
    async (req) => {
      await deleteAgent(db, req.params.id);
      return ok('Agent deleted successfully.');
    },
  );
  app.post(
    '/agents/password/reset-link',
    {
      config: { permission: 'agents.sendResetLink' },
      schema: {
        tags,
        summary: 'Email the agent a single-use link (24 h) to set the password of the agent login.',
        body: agentResetLinkInput,
      },
    },
    async (req) => {
      const origin = `${req.protocol}://${req.host}`;
      const to = await sendAgentResetLink(deps, req.body, origin);
      return ok(`A password reset link has been sent to ${to}.`);
    },
  );
  app.get(
    '/agents/password/reset/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Public: whether a reset link can be used, and the agent it is for (name, email).',
        params: z.object({ token: z.string().min(1).max(200) }),
      },
    },
    async (req) => ({ success: true, data: await checkAgentResetToken(db, req.params.token) }),
  );
  app.post(
    '/agents/password/reset',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Public: set the agent password from an emailed link (token, password, password_confirmation).',
        body: agentPasswordResetInput,
      },
    },
    async (req) => {
      await resetAgentPassword(db, req.body.token, req.body.password);
      return ok('Your password has been set.');
    },
  );
};
