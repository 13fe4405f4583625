import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currencyInput } from '../../../shared/api/currency';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import { currencyTable, currentRates, deleteCurrency, getCurrency, saveCurrency } from './queries';

/** Today's calendar date in London, YYYY-MM-DD: the business day the current rates belong to. */
export function londonToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

/**
 * Currency exchange rates (spec 2 §2, §7 'Admin users, currency, backups, accounts'). Reads are
 * open to staff; create, edit and delete are role 1 only (spec 2 §6).
 */
export const currencyRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['currency'];
  app.get(
    '/currency-exchange/get-table',
    {
      schema: {
        tags,
        summary: 'Exchange rates, DataTables protocol; quick search on name, short name, symbol.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => currencyTable(db, req.query),
  );
  app.get(
    '/currency-exchange/get-current-list',
    {
      schema: {
        tags,
        summary: 'Rates valid today: {status, data}, Sterling (GBP, rate 1) always first.',
      },
    },
    async () => ({ status: true, data: await currentRates(db, londonToday()) }),
  );
  app.get(
    '/currency-exchange/:id/get-currency',
    { schema: { tags, summary: 'One exchange rate: data.', params: idParams } },
    async (req) => ({ success: true, data: await getCurrency(db, req.params.id) }),
  );
  app.post(
    '/currency-exchange/handle',
    {
      config: { permission: 'currency.save' },
      schema: {
        tags,
        summary: "Add (flag 'add') or edit (flag 'edit', currency_id) a rate; answers data.currency_id.",
        body: currencyInput,
      },
    },
    async (req) => {
      const id = await saveCurrency(db, req.body);
      return ok(
        req.body.flag === 'add'
          ? 'Exchange rate created successfully.'
          : 'Exchange rate updated successfully.',
        { data: { currency_id: id } },
      );
    },
  );
  app.post(
    '/currency-exchange/:id/delete',
    {
      config: { permission: 'currency.delete' },
      schema: { tags, summary: 'Delete an exchange rate.', params: idParams },
    },
    async (req) => {
      await deleteCurrency(db, req.params.id);
      return ok('Exchange rate deleted successfully.');
    },
  );
};
