import type { FastifyPluginAsync } from 'fastify';
import { discountsApi } from '../../../shared/api/discounts';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import {
  createDiscounts,
  deleteDiscount,
  discountTable,
  getDiscount,
  offeredDiscounts,
  updateDiscount,
} from './queries';

/**
 * Discounts (spec 3 §2 'Discounts and extras', §7 'discounts'; spec 1 §7 GET discounts): the
 * endpoints of `discountsApi`. Writes are role 1 only (spec 3 §6).
 */
export const discountRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['discounts'];
  route(app, discountsApi.table, { tags }, async (req) => {
    const { search_by_code, search_by_tour, ...table } = req.query;
    return discountTable(db, table, { code: search_by_code, tourId: search_by_tour });
  });
  route(app, discountsApi.offered, { tags }, async (req) => ({
    success: true as const,
    data: await offeredDiscounts(db, {
      tourIds: req.query.tour_ids,
      showSuppressed: req.query.show_suppressed ?? false,
      fromAdmin: req.query.fromAdmin ?? false,
    }),
  }));
  route(app, discountsApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getDiscount(db, req.params.id),
  }));
  route(app, discountsApi.create, { tags }, async (req) => {
    const ids = await createDiscounts(db, req.body);
    const message =
      ids.length === 1 ? 'Discount created successfully.' : `${ids.length} discounts created successfully.`;
    return ok(message, { data: { id: ids[0], ids } });
  });
  route(app, discountsApi.update, { tags }, async (req) => {
    await updateDiscount(db, req.params.id, req.body);
    return ok('Discount updated successfully.');
  });
  route(app, discountsApi.delete, { tags }, async (req) => {
    await deleteDiscount(db, req.params.id);
    return ok('Discount deleted successfully.');
  });
};
