import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserInput } from '../../../shared/api/admin-users';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import type { AreaDeps } from '../deps';
import { adminUserTable, getAdminUser } from './queries';
import { saveAdminUser } from './service';

/**
 * Admin users (spec 2 §2 Admin users, §7 'Admin users, currency, backups, accounts'). The settings
 * box is shown only to role 1, and only role 1 may call these routes — reads included.
 */
export const adminUserRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['admin-users'];
  app.get(
    '/admin-users/table',
    {
      config: { permission: 'adminUsers.read' },
      schema: {
        tags,
        summary: 'Staff users (name, email, role), DataTables protocol; role 1 only.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => adminUserTable(db, req.query),
  );
  app.get(
    '/admin-users/:id',
    {
      config: { permission: 'adminUsers.read' },
      schema: {
        tags,
        summary: 'One staff user: data {id, name, email, role}; role 1 only.',
        params: idParams,
      },
    },
    async (req) => ({ success: true, data: await getAdminUser(db, req.params.id) }),
  );
  app.post(
    '/admin-users/handle-user',
    {
      config: { permission: 'adminUsers.save' },
      schema: {
        tags,
        summary:
          "Add (flag 'add') or edit (flag 'edit', admin_user_id) a staff user; answers {status, message, data.id}.",
        body: adminUserInput,
      },
    },
    async (req) => {
      const id = await saveAdminUser(db, req.body, req.token);
      const message =
        req.body.flag === 'add' ? 'Admin user created successfully.' : 'Admin user updated successfully.';
      return { status: true, message, data: { id } };
    },
  );
};
