import type { FastifyPluginAsync } from 'fastify';
import { systemSettingsApi } from '../../../shared/api/system-settings';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import {
  createSystemSetting,
  deleteSystemSetting,
  getSystemSetting,
  systemSettingTable,
  updateSystemSetting,
} from './queries';

/**
 * System settings (spec 3 §2 'System settings', §3, §7 'settings/system'): the endpoints of
 * `systemSettingsApi`. Not role-gated (spec 3 §6): every signed-in member of staff may change them.
 */
export const systemSettingRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['system-settings'];
  route(app, systemSettingsApi.table, { tags }, async (req) => systemSettingTable(db, req.query));
  route(app, systemSettingsApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getSystemSetting(db, req.params.id),
  }));
  route(app, systemSettingsApi.create, { tags }, async (req) =>
    ok('System setting created successfully.', { data: { id: await createSystemSetting(db, req.body) } }),
  );
  route(app, systemSettingsApi.update, { tags }, async (req) => {
    await updateSystemSetting(db, req.params.id, req.body);
    return ok('System setting updated successfully.');
  });
  route(app, systemSettingsApi.delete, { tags }, async (req) => {
    await deleteSystemSetting(db, req.params.id);
    return ok('System setting deleted successfully.');
  });
};
