import type { FastifyPluginAsync } from 'fastify';
import { authApi, loginFailure } from '../../../shared/api/auth';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { login, logout } from '../../users/service';
import type { AreaDeps } from '../deps';

/**
 * Sign-in, the current user and sign-out (spec 1 §7 login, details; logout beyond the spec): the
 * endpoints of `authApi`. The answers carry the token and the user's id, name, email and role only
 * (serialised through the contract), never the password hash or a token hash.
 */
export const authRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, config }) => {
  const tags = ['auth'];
  route(app, authApi.login, { tags, failures: { 401: loginFailure, 429: loginFailure } }, async (req) => {
    const { token, user } = await login(db, config, { ...req.body, ip: req.ip });
    return ok('Logged in successfully.', { Token: token, user_role: user.role });
  });
  route(app, authApi.details, { tags }, async (req) => ({ success: true as const, data: req.user }));
  route(app, authApi.logout, { tags }, async (req) => {
    await logout(db, req.token);
    return ok('Logged out.');
  });
};
