import type { FastifyPluginAsync } from 'fastify';
import { tourManagersApi } from '../../../shared/api/tour-managers';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { partyInvoiceBriefs } from '../invoices';
import {
  createTourManager,
  deleteTourManager,
  getTourManager,
  tourManagerTable,
  updateTourManager,
} from './queries';

/**
 * Tour managers (spec 2 §2 Tour managers, §7): the endpoints of `tourManagersApi`. Reads are open
 * to staff; create, update and delete are role 1 only (spec 2 §6).
 */
export const tourManagerRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['tour-managers'];
  route(app, tourManagersApi.table, { tags }, async (req) => tourManagerTable(db, req.query));
  route(app, tourManagersApi.get, { tags }, async (req) => ({
    success: true as const,
    data: {
      ...(await getTourManager(db, req.params.id)),
      payment_invoices: await partyInvoiceBriefs(db, 'tour_manager', req.params.id),
    },
  }));
  route(app, tourManagersApi.create, { tags }, async (req) =>
    ok('Tour manager created successfully.', { data: { id: await createTourManager(db, req.body) } }),
  );
  route(app, tourManagersApi.update, { tags }, async (req) => {
    await updateTourManager(db, req.params.id, req.body);
    return ok('Tour manager updated successfully.');
  });
  route(app, tourManagersApi.delete, { tags }, async (req) => {
    await deleteTourManager(db, req.params.id);
    return ok('Tour manager deleted successfully.');
  });
};
