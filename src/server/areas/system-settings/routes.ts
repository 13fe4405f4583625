import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemSettingInput } from '../../../shared/api/system-settings';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import {
  createSystemSetting,
  deleteSystemSetting,
  getSystemSetting,
  systemSettingTable,
  updateSystemSetting,
} from './queries';

/**
 * System settings (spec 3 §2 'System settings', §3, §7 'settings/system'). The screens are not
 * role-gated (spec 3 §6), so every signed-in member of staff may change them.
 */
export const systemSettingRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['system-settings'];
  app.get(
    '/settings/system/table',
    {
      schema: {
        tags,
        summary: 'System settings, DataTables protocol: name, value.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => systemSettingTable(db, req.query),
  );
  app.get(
    '/settings/system/:id',
    { schema: { tags, summary: 'One system setting: data {id, name, value}.', params: idParams } },
    async (req) => ({ success: true, data: await getSystemSetting(db, req.params.id) }),
  );
  app.post(
    '/settings/system',
    {
      config: { permission: 'systemSettings.save' },
      schema: {
        tags,
        summary: "Add a setting {name, value}; answers data.id. 422 'The name has already been taken.'",
        body: systemSettingInput,
      },
    },
    async (req) =>
      ok('System setting created successfully.', { data: { id: await createSystemSetting(db, req.body) } }),
  );
  app.put(
    '/settings/system/:id',
    {
      config: { permission: 'systemSettings.save' },
      schema: {
        tags,
        summary: 'Change a setting {name, value}.',
        params: idParams,
        body: systemSettingInput,
      },
    },
    async (req) => {
      await updateSystemSetting(db, req.params.id, req.body);
      return ok('System setting updated successfully.');
    },
  );
  app.post(
    '/settings/system/:id/delete',
    {
      config: { permission: 'systemSettings.delete' },
      schema: { tags, summary: 'Delete a setting.', params: idParams },
    },
    async (req) => {
      await deleteSystemSetting(db, req.params.id);
      return ok('System setting deleted successfully.');
    },
  );
};
