import type { FastifyPluginAsync } from 'fastify';
import { affiliatesApi } from '../../../shared/api/affiliates';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { partyInvoiceBriefs } from '../invoices';
import {
  advertiseSizes,
  affiliateBookingsTable,
  affiliateList,
  affiliateTable,
  createAffiliate,
  deleteAffiliate,
  getAffiliate,
  setAffiliateActive,
  updateAffiliate,
} from './queries';

/**
 * Affiliates (spec 2 §2 Affiliates, §7 'Affiliates'): the endpoints of `affiliatesApi`. Create,
 * update (the active switch too) and delete are role 1 only (spec 2 §6).
 */
export const affiliateRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['affiliates'];
  route(app, affiliatesApi.table, { tags }, async (req) => affiliateTable(db, req.query));
  route(app, affiliatesApi.list, { tags }, async (req) => ({
    success: true as const,
    data: await affiliateList(db, req.query.type === 'active'),
  }));
  route(app, affiliatesApi.get, { tags }, async (req) => {
    const [affiliate, sizes] = await Promise.all([getAffiliate(db, req.params.id), advertiseSizes(db)]);
    const payment_invoices = await partyInvoiceBriefs(db, 'affiliate', req.params.id);
    return {
      success: true as const,
      data: { affiliate: { ...affiliate, payment_invoices }, advertiseSizes: sizes },
    };
  });
  route(app, affiliatesApi.bookings, { tags }, async (req) =>
    affiliateBookingsTable(db, req.params.id, req.query),
  );
  route(app, affiliatesApi.create, { tags }, async (req) =>
    ok('Affiliate created successfully.', { data: { id: await createAffiliate(db, req.body) } }),
  );
  route(app, affiliatesApi.update, { tags }, async (req) => {
    const { form, active } = req.body;
    if (!form) {
      await setAffiliateActive(db, req.params.id, active);
      return ok(active ? 'The affiliate is now active.' : 'The affiliate is now inactive.');
    }
    await updateAffiliate(db, req.params.id, form);
    return ok('Affiliate updated successfully.');
  });
  route(app, affiliatesApi.delete, { tags }, async (req) => {
    await deleteAffiliate(db, req.params.id);
    return ok('Affiliate deleted successfully.');
  });
};
