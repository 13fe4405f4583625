import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Permission, permissions } from '../../shared/permissions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { type AgentCaller, authenticateAgent } from '../users/agent';
import { authenticatePortal, type PortalCaller } from '../users/portal';
import { authenticate, type StaffUser, sessionEndedMessage } from '../users/service';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed (login, health, the web app's files). */
    public?: boolean;
    /** Key in the permission table; required on every route that is not a GET. */
    permission?: Permission;
    /** The customer's side (issue #23): a portal token, never a staff one (users/portal.ts). */
    portal?: boolean;
    /** The travel agent's side (issue #25): an agent token, never a staff or portal one (users/agent.ts). */
    agent?: boolean;
  }
  interface FastifyRequest {
    user: StaffUser;
    token: string;
    /** On a portal route: the session and its one booking. */
    portal: PortalCaller;
    /** On an agent route: the session and its agency. */
    agent: AgentCaller;
  }
}

/** The 401 of a portal route whose token is not a live portal session (PORTAL_MESSAGES.sessionEnded). */
export const PORTAL_SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** The bearer token of a request, or undefined. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/**
 * Installs the guard: every /api route needs a valid token (401 otherwise) unless marked public,
 * and a route's permission (from the one table) is checked against the user's role (403). It runs
 * in `onRequest`, before the body, query or upload is parsed or validated, so a caller without a
 * token or the role never learns anything about the route's fields (422s). The 401's message says
 * 'Unauthenticated.' without a token, else why the session ended (signed out, expired, or idle for
 * SESSION_IDLE_MINUTES), for the login screen to show.
 * Refuses at start-up any mutating route that declares neither `public` nor a `permission`.
 */
export function installAuth(app: FastifyInstance, db: Db, settings: Pick<Config, 'SESSION_IDLE_MINUTES'>) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const mutating = methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m));
    const config = route.config as
      | { public?: boolean; permission?: Permission; portal?: boolean; agent?: boolean }
      | undefined;
    if ((config?.portal || config?.agent) && (config.public || config.permission)) {
      throw new Error(`Realm route ${route.url} may be neither public nor carry a staff permission`);
    }
    if (config?.portal && config.agent) throw new Error(`Route ${route.url} is in two realms`);
    if (mutating && !config?.public && !config?.permission && !config?.portal && !config?.agent) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} needs a permission from src/shared/permissions.ts`,
      );
    }
    if (config?.permission && !(config.permission in permissions)) {
      throw new Error(`Route ${route.url}: unknown permission ${config.permission}`);
    }
  });

  app.decorateRequest('user', null as unknown as StaffUser);
  app.decorateRequest('token', '');
  app.decorateRequest('portal', null as unknown as PortalCaller);
  app.decorateRequest('agent', null as unknown as AgentCaller);

  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (config?.public || !req.url.startsWith('/api')) return;
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'Unauthenticated.');
    if (config?.portal) {
      // The customer's realm: only a live portal session; a staff token is not one.
      const caller = await authenticatePortal(db, token);
      if (!caller) throw new HttpError(401, PORTAL_SESSION_ENDED);
      req.portal = caller;
      req.token = token;
      return;
    }
    if (config?.agent) {
      // The travel agent's realm: only a live agent session, ended by the staff rules (idle, expiry).
      const session = await authenticateAgent(db, token, settings.SESSION_IDLE_MINUTES);
      if (!session.caller) throw new HttpError(401, sessionEndedMessage(session.ended, settings));
      req.agent = session.caller;
      req.token = token;
      return;
    }
    const session = await authenticate(db, token, settings.SESSION_IDLE_MINUTES);
    if (!session.user) throw new HttpError(401, sessionEndedMessage(session.ended, settings));
    const { user } = session;
    req.user = user;
    req.token = token;
    if (config?.permission && !can(user.role, config.permission)) {
      throw new HttpError(403, 'You do not have permission to do this.');
    }
  });
}
