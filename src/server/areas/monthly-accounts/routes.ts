import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyAccountsInput } from '../../../shared/api/monthly-accounts';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import { monthlyAccounts, replaceMonthlyAccounts } from './queries';

/**
 * Monthly account numbers (spec 2 §2 Monthly accounts, §7 'settings/monthly-accounts'). Both calls
 * are POSTs in the spec; any signed-in member of staff may use them (spec 2 §6 gates nothing here).
 */
export const monthlyAccountRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['monthly-accounts'];
  app.post(
    '/settings/monthly-accounts',
    {
      config: { permission: 'monthlyAccounts.read' },
      schema: {
        tags,
        summary:
          'The account numbers: {success, data: {setting_meta_data: [{year, accounts: [{id, month, accountNumber}]}]}}.',
      },
    },
    async () => ({ success: true, data: { setting_meta_data: await monthlyAccounts(db) } }),
  );
  app.post(
    '/settings/monthly-accounts/update',
    {
      config: { permission: 'monthlyAccounts.update' },
      schema: {
        tags,
        summary: 'Replace every year and month with setting_meta_data (one transaction).',
        body: monthlyAccountsInput,
      },
    },
    async (req) => {
      await replaceMonthlyAccounts(db, req.body);
      return ok('Monthly accounts updated successfully.', {
        data: { setting_meta_data: await monthlyAccounts(db) },
      });
    },
  );
};
