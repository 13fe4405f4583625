import type { FastifyPluginAsync } from 'fastify';
import { agentSideApi } from '../../../shared/api/agent-side';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { agencyOf, forgotPassword, signIn, signOut } from './sign-in';

/**
 * The travel agent's side (issue #25): sign-in, the agency and its bookings — the endpoints of
 * `agentSideApi`. The sign-in calls are public and throttled per client address (`req.ip`); every
 * other call carries an agent token (the guard, http/auth.ts, sets `req.agent`) and reaches only
 * bookings of that agency.
 */
export const agentSideRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db, config } = deps;
  const tags = ['agent-side'];

  route(app, agentSideApi.signIn, { tags }, async (req) => signIn(db, config, req.body, req.ip));
  route(app, agentSideApi.forgotPassword, { tags }, async (req) =>
    forgotPassword(deps, req.body.email, req.ip),
  );
  route(app, agentSideApi.signOut, { tags }, async (req) => signOut(db, req.agent));
  route(app, agentSideApi.me, { tags }, async (req) => ({
    success: true as const,
    data: await agencyOf(db, req.agent),
  }));
};
