import type { FastifyPluginAsync } from 'fastify';
import { agentPasswordApi } from '../../../shared/api/agent-password';
import { agentsApi } from '../../../shared/api/agents';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { agentBookingsTable, agentTable, createAgent, deleteAgent, getAgent, updateAgent } from './queries';
import { checkAgentResetToken, resetAgentPassword, sendAgentResetLink } from './service';

/**
 * Agents (spec 2 §2 Agents, §7 'Agents'): the endpoints of `agentsApi` and `agentPasswordApi`. Create, update and delete
 * are role 1 only (spec 2 §6); any member of staff may send an agent a password-reset link.
 * Setting the password from the emailed link is public (the agent has no staff token).
 */
export const agentRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db } = deps;
  const tags = ['agents'];
  route(app, agentsApi.table, { tags }, async (req) => agentTable(db, req.query));
  route(app, agentsApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getAgent(db, req.params.id),
  }));
  route(app, agentsApi.bookings, { tags }, async (req) => agentBookingsTable(db, req.params.id, req.query));
  route(app, agentsApi.create, { tags }, async (req) =>
    ok('Agent created successfully.', { data: { id: await createAgent(db, req.body) } }),
  );
  route(app, agentsApi.update, { tags }, async (req) => {
    await updateAgent(db, req.params.id, req.body);
    return ok('Agent updated successfully.');
  });
  route(app, agentsApi.delete, { tags }, async (req) => {
    await deleteAgent(db, req.params.id);
    return ok('Agent deleted successfully.');
  });
  route(app, agentsApi.sendResetLink, { tags }, async (req) => {
    const to = await sendAgentResetLink(deps, req.body);
    return ok(`A password reset link has been sent to ${to}.`);
  });
  route(app, agentPasswordApi.checkResetToken, { tags }, async (req) => ({
    success: true as const,
    data: await checkAgentResetToken(db, req.params.token),
  }));
  route(app, agentPasswordApi.resetPassword, { tags }, async (req) => {
    await resetAgentPassword(db, req.body.token, req.body.password);
    return ok('Your password has been set.');
  });
};
