import type { FastifyPluginAsync } from 'fastify';
import { monthlyAccountsApi } from '../../../shared/api/monthly-accounts';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { monthlyAccounts, replaceMonthlyAccounts } from './queries';

/**
 * Monthly account numbers (spec 2 §2 Monthly accounts, §7 'settings/monthly-accounts'): the
 * endpoints of `monthlyAccountsApi`; any signed-in member of staff may use them (spec 2 §6).
 */
export const monthlyAccountRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['monthly-accounts'];
  route(app, monthlyAccountsApi.get, { tags }, async () => ({
    success: true as const,
    data: { setting_meta_data: await monthlyAccounts(db) },
  }));
  route(app, monthlyAccountsApi.update, { tags }, async (req) => {
    await replaceMonthlyAccounts(db, req.body);
    return ok('Monthly accounts updated successfully.', {
      data: { setting_meta_data: await monthlyAccounts(db) },
    });
  });
};
