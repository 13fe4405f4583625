import type { FastifyPluginAsync } from 'fastify';
import { currencyApi } from '../../../shared/api/currency';
import { londonToday } from '../../../shared/dates';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { currencyTable, currentRates, deleteCurrency, getCurrency, saveCurrency } from './queries';

/**
 * Currency exchange rates (spec 2 §2, §7 'Admin users, currency, backups, accounts'): the endpoints
 * of `currencyApi`. Reads are open to staff; create, edit and delete are role 1 only (spec 2 §6).
 */
export const currencyRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['currency'];
  route(app, currencyApi.table, { tags }, async (req) => currencyTable(db, req.query));
  route(app, currencyApi.currentList, { tags }, async () => ({
    status: true as const,
    data: await currentRates(db, londonToday()),
  }));
  route(app, currencyApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getCurrency(db, req.params.id),
  }));
  route(app, currencyApi.save, { tags }, async (req) => {
    const id = await saveCurrency(db, req.body);
    return ok(
      req.body.flag === 'add' ? 'Exchange rate created successfully.' : 'Exchange rate updated successfully.',
      { data: { currency_id: id } },
    );
  });
  route(app, currencyApi.delete, { tags }, async (req) => {
    await deleteCurrency(db, req.params.id);
    return ok('Exchange rate deleted successfully.');
  });
};
