import type { FastifyPluginAsync } from 'fastify';
import { adminUsersApi } from '../../../shared/api/admin-users';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { adminUserTable, getAdminUser } from './queries';
import { saveAdminUser } from './service';

/**
 * Admin users (spec 2 §2 Admin users, §7 'Admin users, currency, backups, accounts'): the endpoints
 * of `adminUsersApi`, role 1 only — reads included. Answers never carry the password hash.
 */
export const adminUserRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['admin-users'];
  route(app, adminUsersApi.table, { tags }, async (req) => adminUserTable(db, req.query));
  route(app, adminUsersApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getAdminUser(db, req.params.id),
  }));
  route(app, adminUsersApi.save, { tags }, async (req) => {
    const id = await saveAdminUser(db, req.body, req.token);
    const message =
      req.body.flag === 'add' ? 'Admin user created successfully.' : 'Admin user updated successfully.';
    return { status: true as const, message, data: { id } };
  });
};
